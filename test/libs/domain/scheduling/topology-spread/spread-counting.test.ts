import { describe, expect, it } from 'vitest';
import { snapshotOf } from '../../../../../libs/domain/src/scheduling/framework/scheduling-snapshot';
import { spreadConstraintsOf } from '../../../../../libs/domain/src/scheduling/topology-spread/spread-constraints';
import { contextWithout } from '../../../../../libs/domain/src/scheduling/indexed-context';
import { podLabelIndexOf } from '../../../../../libs/domain/src/scheduling/framework/pod-label-index';
import {
  cachedPodCounter,
  countPodsMatchingSelector,
  matchingPodsPerDomain,
  snapshotPodCounter,
} from '../../../../../libs/domain/src/scheduling/topology-spread/spread-counting';
import { topologySpreadFilter, topologySpreadPreFilter } from '../../../../../libs/domain/src/scheduling/topology-spread/spread-filter';
import { everythingSelector, spreadSelectorOf } from '../../../../../libs/domain/src/scheduling/topology-spread/spread-selector';
import { fooSelector, fourNodes, labels, makePod, podsOn, spread } from './spread-fixtures';

const foo = (() => {
  const parsed = spreadSelectorOf(fooSelector);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
})();

describe('countPodsMatchingSelector (countPodsMatchSelector)', () => {
  it('counts the matching pods of the namespace, not terminating ones', () => {
    const pods = [
      makePod('a', { labels: labels('foo') }),
      makePod('b', { labels: labels('foo'), namespace: 'other' }),
      makePod('c', { labels: labels('foo'), terminating: true }),
      makePod('d', { labels: labels('bar') }),
      makePod('e', { labels: labels('foo'), namespace: 'default' }),
    ];
    expect(countPodsMatchingSelector(pods, foo, 'default')).toBe(2);
  });

  it('an empty selector (a `{}` labelSelector) counts no pod at all', () => {
    expect(countPodsMatchingSelector([makePod('a', { labels: labels('foo') })], everythingSelector, 'default')).toBe(0);
  });

  it('so a DoNotSchedule constraint with `{}` sees every domain at 0, and only the pod itself (it matches everything) adds to the skew', () => {
    const pod = makePod('p', { labels: labels('foo'), constraints: [spread(1, 'node', 'DoNotSchedule', {})] });
    const nodes = fourNodes();
    const snapshot = snapshotOf(nodes, podsOn({ 'node-a': 5 }));
    const outcome = topologySpreadPreFilter(pod, snapshot);
    if (outcome.kind !== 'run') throw new Error('expected run');
    expect(Object.fromEntries(outcome.state.matchNumByDomain[0] ?? [])).toEqual({ 'node-a': 0, 'node-b': 0, 'node-x': 0, 'node-y': 0 });
    expect(nodes.map((n) => topologySpreadFilter(outcome.state, pod, n, snapshot))).toEqual([undefined, undefined, undefined, undefined]);
  });
});

describe('matchingPodsPerDomain (calPreFilterState)', () => {
  it('leaves out nodes lacking any constraint key, keeps the domains of counted nodes even at 0', () => {
    const pod = makePod('p', {
      labels: labels('foo'),
      constraints: [spread(1, 'zone', 'DoNotSchedule', fooSelector), spread(1, 'rack', 'DoNotSchedule', fooSelector)],
    });
    const constraints = spreadConstraintsOf(pod, 'DoNotSchedule');
    if (!constraints.ok) throw new Error(constraints.error);
    const nodes = fourNodes().map((n, i) => (i < 2 ? { ...n, metadata: { ...n.metadata, labels: { ...n.metadata.labels, rack: `r${String(i)}` } } } : n));
    const snapshot = snapshotOf(nodes, podsOn({ 'node-a': 1, 'node-x': 2 }));
    const counts = matchingPodsPerDomain(pod, constraints.value, nodes, snapshotPodCounter(snapshot));
    expect(counts.map((m) => Object.fromEntries(m))).toEqual([{ zone1: 1 }, { r0: 1, r1: 0 }]);
  });
});

describe('cachedPodCounter: the counts of a revision, made once per selector and node', () => {
  const nodes = fourNodes();
  const pods = podsOn({ 'node-a': 3, 'node-x': 1 });
  const snapshot = snapshotOf(nodes, pods);

  it('counts as snapshotPodCounter does, and reads a node pods once per selector', () => {
    let reads = 0;
    const counting = { ...snapshot, podsOn: (name: string) => (reads++, snapshot.podsOn(name)) };
    const cached = cachedPodCounter(counting);
    const plain = snapshotPodCounter(snapshot);
    for (let round = 0; round < 3; round++) {
      for (const node of nodes) expect(cached(node, foo, 'default')).toBe(plain(node, foo, 'default'));
    }
    expect(reads).toBe(nodes.length);
    // Another namespace is another count.
    expect(cached(nodes[0] as never, foo, 'other')).toBe(0);
    expect(reads).toBe(nodes.length + 1);
  });

  it('with the index of pods by labels, counts every node of a selector at once, as node by node', () => {
    const mixed = snapshotOf(nodes, [
      ...pods,
      makePod('other-ns', { labels: labels('foo'), namespace: 'other', node: 'node-b' }),
      makePod('leaving', { labels: labels('foo'), terminating: true, node: 'node-b' }),
      makePod('bar', { labels: labels('bar'), node: 'node-y' }),
    ]);
    let indexed = 0;
    const cached = cachedPodCounter(mixed, () => (indexed++, podLabelIndexOf(mixed)));
    const plain = snapshotPodCounter(mixed);
    for (const namespace of ['default', 'other']) {
      for (const node of nodes) expect([node.metadata.name, cached(node, foo, namespace)]).toEqual([node.metadata.name, plain(node, foo, namespace)]);
    }
    // The index asked for once per selector and namespace counted, none for the empty selector (which counts nothing).
    expect(cached(nodes[0] as never, everythingSelector, 'default')).toBe(0);
    expect(indexed).toBe(2);
  });

  it('a stored pod asked about is counted off its node (contextWithout), by the holder counter too', () => {
    const cached = cachedPodCounter(snapshot);
    const stored = pods[0] as (typeof pods)[number];
    const without = contextWithout({ snapshot, indexes: { spreadCounter: cached } }, stored);
    const counter = without.indexes?.spreadCounter;
    if (!counter) throw new Error('the counter is kept');
    expect(counter(nodes[0] as never, foo, 'default')).toBe(2);
    expect(counter(nodes[2] as never, foo, 'default')).toBe(1);
    expect(cached(nodes[0] as never, foo, 'default')).toBe(3);
    // Per domain too: the holder's counts with the pod's node's domain moved, the holder's kept as they were.
    expect(Object.fromEntries(counter.perDomain?.('zone', ['zone'], foo, 'default') ?? [])).toEqual({ zone1: 2, zone2: 1 });
    expect(Object.fromEntries(cached.perDomain?.('zone', ['zone'], foo, 'default') ?? [])).toEqual({ zone1: 3, zone2: 1 });
    // A node lacking a required key is not counted: the domains are the holder's, unmoved.
    expect(Object.fromEntries(counter.perDomain?.('zone', ['zone', 'rack'], foo, 'default') ?? [])).toEqual({});
  });
});
