import { describe, expect, it } from 'vitest';
import type { Node } from '@taintgate/domain';
import { snapshotOf } from '../../../../../libs/domain/src/scheduling/framework/scheduling-snapshot';
import { defaultSpreadSelector } from '../../../../../libs/domain/src/scheduling/topology-spread/default-selector';
import { spreadConstraintsOf } from '../../../../../libs/domain/src/scheduling/topology-spread/spread-constraints';
import { topologySpreadScores } from '../../../../../libs/domain/src/scheduling/topology-spread/spread-score';
import { describeSpreadSelector, isEmptySelector, spreadSelectorMatches } from '../../../../../libs/domain/src/scheduling/topology-spread/spread-selector';
import { hostname, makeNode, makePod, zoneLabel } from './spread-fixtures';

const rs = (name: string, uid?: string) => ({ apiVersion: 'apps/v1', kind: 'ReplicaSet', name, ...(uid ? { uid } : {}) });

describe("defaultSpreadSelector with Services (Kubernetes' TestGetPodServices)", () => {
  // Three Services in namespace test selecting app=test-0..2; pods test-pod-0..4 labelled app=test-i.
  const services = (namespace: string) => (namespace === 'test' ? [0, 1, 2].map((i) => ({ app: `test-${String(i)}` })) : []);
  const podN = (i: number) => makePod(`test-pod-${String(i)}`, { namespace: 'test', labels: { app: `test-${String(i)}`, label: `label-${String(i)}` } });

  it.each([0, 1, 2])('GetPodServices for pod-%i: the Service selecting it', (i) => {
    expect(describeSpreadSelector(defaultSpreadSelector(podN(i), { services }))).toBe(`app=test-${String(i)}`);
  });

  it.each([3, 4])('GetPodServices for pod-%i: no Service, an empty selector', (i) => {
    expect(isEmptySelector(defaultSpreadSelector(podN(i), { services }))).toBe(true);
  });

  it('a Service without a selector selects nothing, not everything; one in another namespace is not read', () => {
    const pod = makePod('p', { namespace: 'test', labels: { app: 'web' } });
    expect(isEmptySelector(defaultSpreadSelector(pod, { services: (ns) => (ns === 'test' ? [undefined] : [{ app: 'web' }]) }))).toBe(true);
  });
});

describe('defaultSpreadSelector with the controllers (helper.DefaultSelector)', () => {
  const pod = makePod('p', { labels: { app: 'web', 'pod-template-hash': 'abc' }, owner: rs('web-abc') });

  it("a ReplicaSet's selector requirements are ANDed with the Services' labels", () => {
    const selector = defaultSpreadSelector(pod, {
      services: () => [{ app: 'web' }],
      replicaSetSelector: (_ns, name) => (name === 'web-abc' ? { matchLabels: { 'pod-template-hash': 'abc' } } : undefined),
    });
    expect(describeSpreadSelector(selector)).toBe('app=web,pod-template-hash=abc');
  });

  it('a ReplicaSet the lister does not hold adds nothing', () => {
    expect(isEmptySelector(defaultSpreadSelector(pod, { replicaSetSelector: () => undefined }))).toBe(true);
  });

  it("a ReplicationController's selector is merged into the Services' labels", () => {
    const rcPod = makePod('p', { labels: { app: 'web', v: '1' }, owner: { apiVersion: 'v1', kind: 'ReplicationController', name: 'rc' } });
    const selector = defaultSpreadSelector(rcPod, { services: () => [{ app: 'web' }], replicationControllerSelector: () => ({ v: '1' }) });
    expect(describeSpreadSelector(selector)).toBe('app=web,v=1');
  });

  it("a StatefulSet's selector is read from its lister", () => {
    const ssPod = makePod('db-0', { labels: { app: 'db' }, owner: { apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'db' } });
    expect(describeSpreadSelector(defaultSpreadSelector(ssPod, { statefulSetSelector: () => ({ matchLabels: { app: 'db' } }) }))).toBe('app=db');
  });

  it('only apps/v1 ReplicaSets, apps/v1 StatefulSets and v1 ReplicationControllers count (rsKind, ssKind, rcKind)', () => {
    for (const owner of [
      { apiVersion: 'extensions/v1beta1', kind: 'ReplicaSet', name: 'old' },
      { apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'ds' },
      { apiVersion: 'batch/v1', kind: 'Job', name: 'job' },
    ]) {
      expect(isEmptySelector(defaultSpreadSelector(makePod('p', { labels: { app: 'web' }, owner })))).toBe(true);
    }
  });
});

describe("defaultSpreadSelector in the twin: no lister, the controller's own pods stand in for its selector", () => {
  const pod = makePod('p', { namespace: 'shop', labels: { app: 'web' }, owner: rs('web-abc', 'u1') });
  const selector = defaultSpreadSelector(pod);

  it('selects the pods the same ReplicaSet controls, itself included', () => {
    expect(selector.kind).toBe('controller');
    expect(describeSpreadSelector(selector)).toBe('controlled by ReplicaSet/web-abc');
    expect(spreadSelectorMatches(selector, pod)).toBe(true);
    expect(spreadSelectorMatches(selector, makePod('s', { labels: { app: 'web' }, owner: rs('web-abc', 'u1') }))).toBe(true);
    expect(spreadSelectorMatches(selector, makePod('s', { labels: { app: 'web' }, owner: rs('web-abc') }))).toBe(true);
  });

  it("does not select another ReplicaSet's pods (an older revision), a recreated one's (other uid) or bare pods", () => {
    expect(spreadSelectorMatches(selector, makePod('s', { labels: { app: 'web' }, owner: rs('web-old', 'u0') }))).toBe(false);
    expect(spreadSelectorMatches(selector, makePod('s', { labels: { app: 'web' }, owner: rs('web-abc', 'u2') }))).toBe(false);
    expect(spreadSelectorMatches(selector, makePod('s', { labels: { app: 'web' } }))).toBe(false);
  });

  it('a bare pod gets no default constraint: Services are not held, so nothing selects it', () => {
    expect(spreadConstraintsOf(makePod('p', { labels: { app: 'web' } }), 'ScheduleAnyway')).toEqual({ ok: true, value: [] });
  });

  it('the system defaults spread a ReplicaSet by hostname (maxSkew 3) and zone (maxSkew 5), counting its own pods', () => {
    const nodes: Node[] = [
      makeNode('n1', { [hostname]: 'n1', [zoneLabel]: 'a' }),
      makeNode('n2', { [hostname]: 'n2', [zoneLabel]: 'a' }),
      makeNode('n3', { [hostname]: 'n3', [zoneLabel]: 'b' }),
    ];
    const sibling = (name: string, node: string) => makePod(name, { namespace: 'shop', node, labels: { app: 'web' }, owner: rs('web-abc', 'u1') });
    const stranger = (name: string, node: string) => makePod(name, { namespace: 'shop', node, labels: { app: 'web' }, owner: rs('web-old', 'u0') });
    const existing = [sibling('s1', 'n1'), sibling('s2', 'n1'), sibling('s3', 'n2'), stranger('o1', 'n3'), stranger('o2', 'n3'), stranger('o3', 'n3')];
    const twin = topologySpreadScores(pod, nodes, snapshotOf(nodes, existing));
    // The same question with the ReplicaSet's real selector (a pod-template-hash only its pods carry).
    const labelled = (p: ReturnType<typeof sibling>, hash: string) => ({ ...p, metadata: { ...p.metadata, labels: { app: 'web', hash } } });
    const withLister = topologySpreadScores(
      labelled(pod, 'abc'),
      nodes,
      snapshotOf(nodes, [...existing.slice(0, 3).map((p) => labelled(p, 'abc')), ...existing.slice(3).map((p) => labelled(p, 'old'))]),
      { selectorSources: { replicaSetSelector: () => ({ matchLabels: { app: 'web', hash: 'abc' } }) } },
    );
    expect(twin).toEqual(withLister);
    expect(twin[2]).toBe(100);
    expect(twin[0]).toBeLessThan(twin[1] as number);
  });
});
