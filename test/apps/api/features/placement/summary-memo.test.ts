import { describe, expect, it } from 'vitest';
import type { PlacementSummary, Pod } from '@taintgate/domain';
import { SummaryMemo } from '../../../../../apps/api/src/features/placement/summary-memo';

const pod = (name: string, app = 'web'): Pod => ({ metadata: { name, namespace: 'default', labels: { app } }, spec: { containers: [{ name: 'c' }] } });
const made = (p: Pod) => ({ pod: { namespace: 'default', name: p.metadata.name }, summary: `for ${p.metadata.labels?.app}` }) as unknown as PlacementSummary;

describe('SummaryMemo', () => {
  it('makes a summary once per cluster, revision, top and kind of pod, and names the pod asked', () => {
    const memo = new SummaryMemo();
    let makes = 0;
    const ask = (cluster: string, revision: bigint, p: Pod, top = 10) =>
      memo.summary(cluster, revision, top, p, () => {
        makes++;
        return made(p);
      });
    expect(ask('a', 1n, pod('web-1')).pod.name).toBe('web-1');
    expect(ask('a', 1n, pod('web-2'))).toEqual({ pod: { namespace: 'default', name: 'web-2' }, summary: 'for web' });
    expect(makes).toBe(1);
    ask('a', 2n, pod('web-3'));
    ask('b', 1n, pod('web-4'));
    ask('a', 1n, pod('web-5'), 5);
    ask('a', 1n, pod('db-1', 'db'));
    expect(makes).toBe(5);
  });

  it('forgets the least recently asked past 256 kinds', () => {
    const memo = new SummaryMemo();
    let makes = 0;
    const ask = (app: string) =>
      memo.summary('a', 1n, 10, pod(`${app}-x`, app), () => {
        makes++;
        return made(pod('x', app));
      });
    for (let i = 0; i < 257; i++) ask(`app-${i}`);
    ask('app-256');
    expect(makes).toBe(257);
    ask('app-0');
    expect(makes).toBe(258);
  });
});
