import { beforeAll, describe, expect, it } from 'vitest';
import { detailFields, expectNothingStored } from '../../../../support/api-client';
import { useApiFixture } from '../../../../support/api-test-app';

const drain = { key: 'drain', effect: 'NoExecute' };
const tolerating = (seconds?: number) => ({
  key: 'drain',
  operator: 'Exists',
  effect: 'NoExecute',
  ...(seconds === undefined ? {} : { tolerationSeconds: seconds }),
});
const k8sTime = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

/**
 * Taint impact's views over REST: counts and a timeline by default, whatever the number of pods;
 * every pod's fate on request, a page at a time, which pages back to the whole.
 */
describe('taint impact views', () => {
  const { api, db } = useApiFixture();

  beforeAll(async () => {
    for (const name of ['d1', 'd2']) expect((await api.putNode(name, { metadata: { labels: { pool: 'drain' } } })).statusCode).toBe(201);
    expect((await api.putNode('keep', { metadata: { labels: { pool: 'keep' } } })).statusCode).toBe(201);
    const pods: [string, string | undefined, unknown[], Record<string, string>?][] = [
      ['now-1', 'd1', []],
      ['now-2', 'd2', []],
      ['minute', 'd1', [tolerating(45)]],
      ['hour', 'd2', [tolerating(3000)]],
      ['forever', 'd1', [tolerating()]],
      ['elsewhere', 'keep', []],
      ['pending', undefined, [], { pool: 'drain' }],
    ];
    for (const [name, nodeName, tolerations, nodeSelector] of pods) {
      const spec = { tolerations, ...(nodeName ? { nodeName } : {}), ...(nodeSelector ? { nodeSelector } : {}) };
      expect((await api.put(`/v1/namespaces/ops/pods/${name}`, { spec })).statusCode).toBe(201);
    }
  });

  it('answers counts and a timeline by default', async () => {
    const reply = await expectNothingStored(api, db, () => api.post('/v1/taint-impact', { taint: drain, selector: 'pool=drain' }));
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = reply.json();
    expect(body).toEqual({
      view: 'summary',
      taint: drain,
      taints: [drain],
      at: expect.stringMatching(k8sTime),
      nodeCount: 2,
      counts: { evictedNow: 2, evictedLater: 2, neverInPractice: 0, alreadyScheduled: 0, unaffected: 1, unschedulable: 1 },
      timeline: [
        { withinSeconds: 0, count: 2, first: expect.stringMatching(k8sTime), last: expect.stringMatching(k8sTime) },
        { withinSeconds: 60, count: 1, first: expect.stringMatching(k8sTime), last: expect.stringMatching(k8sTime) },
        { withinSeconds: 3600, count: 1, first: expect.stringMatching(k8sTime), last: expect.stringMatching(k8sTime) },
      ],
      rescheduling: { capacityConsidered: true, stranded: 0, mode: 'together' },
    });
    expect(Date.parse(body.timeline[1].first) - Date.parse(body.timeline[0].first)).toBe(45_000);
    expect(Date.parse(body.timeline[2].last) - Date.parse(body.timeline[0].first)).toBe(3_000_000);
  });

  it('answers every pod on request, a page at a time: the pages, followed through continue, are the whole', async () => {
    const whole = (await api.post('/v1/taint-impact?view=pods', { taint: drain, selector: 'pool=drain' })).json();
    expect(whole.metadata.continue).toBeUndefined();
    expect(whole.nodes).toEqual(['d1', 'd2']);
    const names = (list: { pod: { name: string } }[]) => list.map((e) => e.pod.name);
    expect([names(whole.evictions), names(whole.unaffected), names(whole.unschedulable)]).toEqual([
      ['now-1', 'now-2', 'minute', 'hour'],
      ['forever'],
      ['pending'],
    ]);

    const seen = { evictions: [] as unknown[], unaffected: [] as unknown[], unschedulable: [] as unknown[] };
    const remaining: (number | undefined)[] = [];
    let token: string | undefined;
    do {
      const reply = await api.post(`/v1/taint-impact?view=pods&limit=4${token ? `&continue=${token}` : ''}`, { taint: drain, selector: 'pool=drain' });
      expect(reply.statusCode, reply.body).toBe(200);
      const page = reply.json();
      seen.evictions.push(...page.evictions);
      seen.unaffected.push(...page.unaffected);
      seen.unschedulable.push(...page.unschedulable);
      remaining.push(page.metadata.remainingItemCount);
      token = page.metadata.continue;
    } while (token);
    expect(remaining).toEqual([2, undefined]);
    // The times are each page's own: the pods and their order are the whole's.
    const withoutTimes = (list: unknown[]) => list.map((e) => ({ ...(e as object), at: undefined }));
    expect(withoutTimes(seen.evictions)).toEqual(withoutTimes(whole.evictions));
    expect(seen.unaffected).toEqual(whole.unaffected);
    expect(seen.unschedulable).toEqual(whole.unschedulable);
  });

  it('answers the same views over an inline cluster', async () => {
    const inline = { nodes: [{ metadata: { name: 'h1' } }], pods: [{ metadata: { name: 'p' }, spec: { nodeName: 'h1' } }] };
    const summary = (await api.post('/v1/taint-impact', { taint: drain, all: true, inline })).json();
    // Admission gave the inline pod its 300 s toleration of not-ready and unreachable, not of drain: evicted at once.
    expect(summary.counts).toMatchObject({ evictedNow: 1, evictedLater: 0 });
    const pods = (await api.post('/v1/taint-impact?view=pods&limit=1', { taint: drain, all: true, inline })).json();
    expect(pods.metadata).toEqual({});
    expect(pods.evictions).toMatchObject([{ pod: { name: 'p' }, node: 'h1', when: 'Immediately' }]);
  });

  it.each<[string, string, string, string]>([
    ['a view that does not exist', 'view=nodes', 'view', 'Unsupported value: "nodes": supported values: "summary", "pods"'],
    ['limit with the summary view', 'limit=3', 'limit', 'Forbidden: only with view=pods'],
    ['continue with the summary view', 'view=summary&continue=abc', 'continue', 'Forbidden: only with view=pods'],
    ['a negative limit', 'view=pods&limit=-2', 'limit', 'Invalid value: "-2": must be greater than or equal to 0'],
    ['a continue token that is not one', 'view=pods&continue=e30', 'continue', 'continue key is not valid: server does not recognize this encoded version'],
  ])('%s: 400 naming the field, nothing stored', async (_, query, field, reason) => {
    const reply = await expectNothingStored(api, db, () => api.post(`/v1/taint-impact?${query}`, { taint: drain, all: true }));
    expect(reply.statusCode, reply.body).toBe(400);
    expect(detailFields(reply)).toEqual([field]);
    expect(reply.json().message).toContain(reason);
  });
});
