import { podLabelIndexOf } from '../../../../../libs/domain/src/scheduling/framework/pod-label-index';
import { cachedPodCounter } from '../../../../../libs/domain/src/scheduling/topology-spread/spread-counting';
import { describe, expect, it } from 'vitest';
import type { Node, Pod } from '@taintgate/domain';
import type { ObjectLabelSelector } from '../../../../../libs/domain/src/types';
import { snapshotOf } from '../../../../../libs/domain/src/scheduling/framework/scheduling-snapshot';
import type { TopologySpreadOptions } from '../../../../../libs/domain/src/scheduling/topology-spread/spread-constraints';
import {
  topologyNormalizingWeight,
  topologySpreadDefaultWeight,
  topologySpreadPreScore,
  topologySpreadScores,
} from '../../../../../libs/domain/src/scheduling/topology-spread/spread-score';
import { type SpreadSelector, spreadSelectorOf } from '../../../../../libs/domain/src/scheduling/topology-spread/spread-selector';
import { barSelector, fooSelector, hostname, labels, makeNode, makePod, podsOn, spread, unschedulableTaints, zoneLabel } from './spread-fixtures';

/** Kubernetes' podtopologyspread/scoring_test.go: TestPreScoreSkip, TestPreScoreStateEmptyNodes, TestPodTopologySpreadScore. */

const listDefaulting: TopologySpreadOptions = { defaulting: { type: 'List', constraints: [] } };
const rsOwner = (name: string) => ({ apiVersion: 'apps/v1', kind: 'ReplicaSet', name });
/** The tests' ReplicaSet rs1 in namespace default, with the given selector. */
const replicaSetRs1 = (selector: ObjectLabelSelector) => ({
  replicaSetSelector: (namespace: string, name: string) => (namespace === 'default' && name === 'rs1' ? selector : undefined),
});

function selectorOf(selector: ObjectLabelSelector | null): SpreadSelector {
  const parsed = spreadSelectorOf(selector);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

describe("topologySpreadPreScore: Kubernetes' TestPreScoreSkip", () => {
  it("the pod doesn't have soft topology spread Constraints", () => {
    const nodes = [makeNode('node-a', { [hostname]: 'node-a' }), makeNode('node-b', { [hostname]: 'node-b' })];
    const pod = makePod('p', { namespace: 'default' });
    expect(topologySpreadPreScore(pod, nodes, snapshotOf(nodes, []), listDefaulting).kind).toBe('skip');
  });

  it("default constraints and a replicaset that doesn't match", () => {
    const nodes = [makeNode('node-a', { planet: 'mars' })];
    const pod = makePod('p', { namespace: 'default', labels: { foo: 'bar', baz: 'sup' }, owner: rsOwner('rs2') });
    const options: TopologySpreadOptions = {
      defaulting: { type: 'List', constraints: [{ maxSkew: 2, topologyKey: 'planet', whenUnsatisfiable: 'ScheduleAnyway' }] },
      selectorSources: replicaSetRs1({ matchExpressions: [{ key: 'tar', operator: 'Exists' }] }),
    };
    expect(topologySpreadPreScore(pod, nodes, snapshotOf(nodes, []), options).kind).toBe('skip');
  });
});

interface StateCase {
  name: string;
  pod: Pod;
  nodes: Node[];
  options?: TopologySpreadOptions;
  want: {
    constraints: { maxSkew: number; topologyKey: string; selector: ObjectLabelSelector | null; nodeAffinityPolicy?: 'Ignore'; nodeTaintsPolicy?: 'Honor' }[];
    ignoredNodes: string[];
    podCounts: Record<string, number>[];
    weights: number[];
  };
}

const zoneHostNodes = [
  makeNode('node-a', { zone: 'zone1', [hostname]: 'node-a' }),
  makeNode('node-b', { zone: 'zone1', [hostname]: 'node-b' }),
  makeNode('node-x', { zone: 'zone2', [hostname]: 'node-x' }),
];
const inclusionNodes = [
  makeNode('node-a', { zone: 'zone1', foo: '', [hostname]: 'node-a' }),
  makeNode('node-b', { zone: 'zone1', foo: '', [hostname]: 'node-b' }),
  makeNode('node-x', { zone: 'zone2', [hostname]: 'node-x' }),
];
const zoneBarState = (extra: { nodeAffinityPolicy?: 'Ignore'; nodeTaintsPolicy?: 'Honor' } = {}): StateCase['want'] => ({
  constraints: [{ maxSkew: 1, topologyKey: 'zone', selector: barSelector, ...extra }],
  ignoredNodes: [],
  podCounts: [{ zone1: 0, zone2: 0 }],
  weights: [topologyNormalizingWeight(2)],
});

const stateCases: StateCase[] = [
  {
    name: 'normal case',
    pod: makePod('p', {
      labels: labels('foo'),
      constraints: [spread(1, 'zone', 'ScheduleAnyway', fooSelector), spread(1, hostname, 'ScheduleAnyway', fooSelector)],
    }),
    nodes: zoneHostNodes,
    want: {
      constraints: [
        { maxSkew: 1, topologyKey: 'zone', selector: fooSelector },
        { maxSkew: 1, topologyKey: hostname, selector: fooSelector },
      ],
      ignoredNodes: [],
      podCounts: [{ zone1: 0, zone2: 0 }, {}],
      weights: [topologyNormalizingWeight(2), topologyNormalizingWeight(3)],
    },
  },
  {
    name: 'null selector',
    pod: makePod('p', { labels: labels('foo'), constraints: [spread(1, 'zone', 'ScheduleAnyway', null)] }),
    nodes: zoneHostNodes,
    want: {
      constraints: [{ maxSkew: 1, topologyKey: 'zone', selector: null }],
      ignoredNodes: [],
      podCounts: [{ zone1: 0, zone2: 0 }],
      weights: [topologyNormalizingWeight(2)],
    },
  },
  {
    name: "node-x doesn't have label zone",
    pod: makePod('p', {
      labels: labels('foo'),
      constraints: [spread(1, 'zone', 'ScheduleAnyway', fooSelector), spread(1, hostname, 'ScheduleAnyway', barSelector)],
    }),
    nodes: [
      makeNode('node-a', { zone: 'zone1', [hostname]: 'node-a' }),
      makeNode('node-b', { zone: 'zone1', [hostname]: 'node-b' }),
      makeNode('node-x', { [hostname]: 'node-x' }),
    ],
    want: {
      constraints: [
        { maxSkew: 1, topologyKey: 'zone', selector: fooSelector },
        { maxSkew: 1, topologyKey: hostname, selector: barSelector },
      ],
      ignoredNodes: ['node-x'],
      podCounts: [{ zone1: 0 }, {}],
      weights: [topologyNormalizingWeight(1), topologyNormalizingWeight(2)],
    },
  },
  {
    name: 'system default constraints and a replicaset',
    pod: makePod('p', { namespace: 'default', labels: { foo: 'tar', baz: 'sup' }, owner: rsOwner('rs1') }),
    options: { defaulting: { type: 'System' }, selectorSources: replicaSetRs1(fooSelector) },
    nodes: [
      makeNode('node-a', { [hostname]: 'node-a', [zoneLabel]: 'mars' }),
      makeNode('node-b', { [hostname]: 'node-b', [zoneLabel]: 'mars' }),
      // Nodes with no zone are not excluded. They are considered a separate zone.
      makeNode('node-c', { [hostname]: 'node-c' }),
      makeNode('node-d', { [hostname]: 'node-d' }),
    ],
    want: {
      constraints: [
        { maxSkew: 3, topologyKey: hostname, selector: fooSelector },
        { maxSkew: 5, topologyKey: zoneLabel, selector: fooSelector },
      ],
      ignoredNodes: [],
      podCounts: [{}, { mars: 0, '': 0 }],
      weights: [topologyNormalizingWeight(4), topologyNormalizingWeight(2)],
    },
  },
  {
    name: 'default constraints and a replicaset',
    pod: makePod('p', { namespace: 'default', labels: { foo: 'tar', baz: 'sup' }, owner: rsOwner('rs1') }),
    options: {
      defaulting: {
        type: 'List',
        constraints: [
          { maxSkew: 1, topologyKey: hostname, whenUnsatisfiable: 'ScheduleAnyway' },
          { maxSkew: 2, topologyKey: 'rack', whenUnsatisfiable: 'DoNotSchedule' },
          { maxSkew: 2, topologyKey: 'planet', whenUnsatisfiable: 'ScheduleAnyway' },
        ],
      },
      selectorSources: replicaSetRs1(fooSelector),
    },
    nodes: [makeNode('node-a', { rack: 'rack1', [hostname]: 'node-a', planet: 'mars' })],
    want: {
      constraints: [
        { maxSkew: 1, topologyKey: hostname, selector: fooSelector },
        { maxSkew: 2, topologyKey: 'planet', selector: fooSelector },
      ],
      ignoredNodes: [],
      podCounts: [{}, { mars: 0 }],
      weights: [topologyNormalizingWeight(1), topologyNormalizingWeight(1)],
    },
  },
  {
    name: 'default constraints and a replicaset, but pod has constraints',
    pod: makePod('p', {
      namespace: 'default',
      labels: { foo: 'bar', baz: 'sup' },
      owner: rsOwner('rs1'),
      constraints: [spread(1, 'zone', 'DoNotSchedule', barSelector), spread(2, 'planet', 'ScheduleAnyway', { matchLabels: { baz: 'sup' } })],
    }),
    options: {
      defaulting: { type: 'List', constraints: [{ maxSkew: 2, topologyKey: 'galaxy', whenUnsatisfiable: 'ScheduleAnyway' }] },
      selectorSources: replicaSetRs1(fooSelector),
    },
    nodes: [makeNode('node-a', { planet: 'mars', galaxy: 'andromeda' })],
    want: {
      constraints: [{ maxSkew: 2, topologyKey: 'planet', selector: { matchLabels: { baz: 'sup' } } }],
      ignoredNodes: [],
      podCounts: [{ mars: 0 }],
      weights: [topologyNormalizingWeight(1)],
    },
  },
  {
    name: 'NodeAffinityPolicy honored with labelSelectors',
    pod: makePod('p', { labels: labels('foo'), nodeSelector: { foo: '' }, constraints: [spread(1, 'zone', 'ScheduleAnyway', barSelector)] }),
    nodes: inclusionNodes,
    want: zoneBarState(),
  },
  {
    name: 'NodeAffinityPolicy ignored with labelSelectors',
    pod: makePod('p', {
      labels: labels('foo'),
      nodeSelector: { foo: '' },
      constraints: [spread(1, 'zone', 'ScheduleAnyway', barSelector, undefined, 'Ignore')],
    }),
    nodes: inclusionNodes,
    want: zoneBarState({ nodeAffinityPolicy: 'Ignore' }),
  },
  {
    name: 'NodeAffinityPolicy honored with nodeAffinity',
    pod: makePod('p', {
      labels: labels('foo'),
      nodeAffinity: { key: 'foo', operator: 'In', values: [''] },
      constraints: [spread(1, 'zone', 'ScheduleAnyway', barSelector)],
    }),
    nodes: inclusionNodes,
    want: zoneBarState(),
  },
  {
    name: 'NodeAffinityPolicy ignored with nodeAffinity',
    pod: makePod('p', {
      labels: labels('foo'),
      nodeAffinity: { key: 'foo', operator: 'In', values: [''] },
      constraints: [spread(1, 'zone', 'ScheduleAnyway', barSelector, undefined, 'Ignore')],
    }),
    nodes: inclusionNodes,
    want: zoneBarState({ nodeAffinityPolicy: 'Ignore' }),
  },
  {
    name: 'NodeTaintsPolicy honored',
    pod: makePod('p', { labels: labels('foo'), constraints: [spread(1, 'zone', 'ScheduleAnyway', barSelector, undefined, undefined, 'Honor')] }),
    nodes: [...inclusionNodes.slice(0, 2), makeNode('node-x', { zone: 'zone2', [hostname]: 'node-x' }, unschedulableTaints)],
    want: zoneBarState({ nodeTaintsPolicy: 'Honor' }),
  },
  {
    name: 'NodeTaintsPolicy ignored',
    pod: makePod('p', { labels: labels('foo'), constraints: [spread(1, 'zone', 'ScheduleAnyway', barSelector)] }),
    nodes: [...inclusionNodes.slice(0, 2), makeNode('node-x', { zone: 'zone2', [hostname]: 'node-x' }, unschedulableTaints)],
    want: zoneBarState(),
  },
];

describe("topologySpreadPreScore: Kubernetes' TestPreScoreStateEmptyNodes", () => {
  it.each(stateCases)('$name', ({ pod, nodes, options = listDefaulting, want }) => {
    const snapshot = snapshotOf(nodes, []);
    const pre = topologySpreadPreScore(pod, nodes, snapshot, options);
    if (pre.kind !== 'run') throw new Error(`expected run, got ${pre.kind}`);
    expect(
      topologySpreadPreScore(
        pod,
        nodes,
        snapshot,
        options,
        cachedPodCounter(snapshot, () => podLabelIndexOf(snapshot)),
      ),
    ).toEqual(pre);
    const { state } = pre;
    expect(
      state.constraints.map((c) => ({
        maxSkew: c.maxSkew,
        topologyKey: c.topologyKey,
        selector: c.selector,
        minDomains: c.minDomains,
        nodeAffinityPolicy: c.nodeAffinityPolicy,
        nodeTaintsPolicy: c.nodeTaintsPolicy,
      })),
    ).toEqual(
      want.constraints.map((c) => ({
        maxSkew: c.maxSkew,
        topologyKey: c.topologyKey,
        selector: selectorOf(c.selector),
        minDomains: 1,
        nodeAffinityPolicy: c.nodeAffinityPolicy ?? 'Honor',
        nodeTaintsPolicy: c.nodeTaintsPolicy ?? 'Ignore',
      })),
    );
    expect([...state.ignoredNodes]).toEqual(want.ignoredNodes);
    expect(state.podCountsByDomain.map((m) => Object.fromEntries(m))).toEqual(want.podCounts);
    expect(state.normalizingWeights).toEqual(want.weights);
  });

  it('no node in the cluster: skipped', () => {
    const pod = makePod('p', { labels: labels('foo'), constraints: [spread(1, 'zone', 'ScheduleAnyway', fooSelector)] });
    expect(topologySpreadPreScore(pod, [], snapshotOf([], [])).kind).toBe('skip');
  });
});

interface ScoreCase {
  name: string;
  pod: Pod;
  existingPods?: Pod[];
  nodes: Node[];
  failedNodes?: Node[];
  options?: TopologySpreadOptions;
  want: Record<string, number>;
}

const hostNodes = (...names: string[]): Node[] => names.map((n) => makeNode(n, { [hostname]: n }));
const fooHost = (maxSkew = 1) => spread(maxSkew, hostname, 'ScheduleAnyway', fooSelector);
const zoneHost = (name: string, zone: string) => makeNode(name, { zone, [hostname]: name });
const inclusionScoreNodes = [
  makeNode('node-a', { node: 'node-a', foo: '' }),
  makeNode('node-b', { node: 'node-b', foo: '' }),
  makeNode('node-c', { node: 'node-c' }),
];
const taintScoreNodes = [
  makeNode('node-a', { node: 'node-a' }),
  makeNode('node-b', { node: 'node-b' }),
  makeNode('node-c', { node: 'node-c' }, unschedulableTaints),
];
const pods2110 = podsOn({ 'node-a': 2, 'node-b': 1, 'node-c': 1 });
const pods4321 = podsOn({ 'node-a': 4, 'node-b': 3, 'node-c': 2, 'node-d': 1 });
const pods42x1y3 = podsOn({ 'node-a': 4, 'node-b': 2, 'node-x': 1, 'node-y': 3 });
const fourZoneHostNodes = [zoneHost('node-a', 'zone1'), zoneHost('node-b', 'zone1'), zoneHost('node-c', 'zone2'), zoneHost('node-d', 'zone2')];

const scoreCases: ScoreCase[] = [
  {
    name: 'one constraint on node, no existing pods',
    pod: makePod('p', { labels: labels('foo'), constraints: [fooHost()] }),
    nodes: hostNodes('node-a', 'node-b'),
    want: { 'node-a': 100, 'node-b': 100 },
  },
  {
    // If there is only one candidate node, it should be scored to 100.
    name: 'one constraint on node, only one node is candidate',
    pod: makePod('p', { labels: labels('foo'), constraints: [fooHost()] }),
    existingPods: podsOn({ 'node-a': 2, 'node-b': 1 }),
    nodes: hostNodes('node-a'),
    failedNodes: hostNodes('node-b'),
    want: { 'node-a': 100 },
  },
  {
    name: 'one constraint on node, all nodes have the same number of matching pods',
    pod: makePod('p', { labels: labels('foo'), constraints: [fooHost()] }),
    existingPods: podsOn({ 'node-a': 1, 'node-b': 1 }),
    nodes: hostNodes('node-a', 'node-b'),
    want: { 'node-a': 100, 'node-b': 100 },
  },
  {
    // Matching pods spread as 2/1/0/3.
    name: 'one constraint on node, all 4 nodes are candidates',
    pod: makePod('p', { labels: labels('foo'), constraints: [fooHost()] }),
    existingPods: podsOn({ 'node-a': 2, 'node-b': 1, 'node-d': 3 }),
    nodes: hostNodes('node-a', 'node-b', 'node-c', 'node-d'),
    want: { 'node-a': 20, 'node-b': 60, 'node-c': 100, 'node-d': 0 },
  },
  {
    name: 'one constraint on node, null selector',
    pod: makePod('p', { labels: labels('foo'), constraints: [spread(1, hostname, 'ScheduleAnyway', null)] }),
    existingPods: podsOn({ 'node-a': 2, 'node-b': 1, 'node-d': 3 }),
    nodes: hostNodes('node-a', 'node-b', 'node-c', 'node-d'),
    want: { 'node-a': 100, 'node-b': 100, 'node-c': 100, 'node-d': 100 },
  },
  {
    name: 'one constraint on node, all 4 nodes are candidates, maxSkew=2',
    pod: makePod('p', { labels: labels('foo'), constraints: [fooHost(2)] }),
    existingPods: podsOn({ 'node-a': 2, 'node-b': 1, 'node-d': 3 }),
    nodes: hostNodes('node-a', 'node-b', 'node-c', 'node-d'),
    want: { 'node-a': 33, 'node-b': 66, 'node-c': 100, 'node-d': 16 },
  },
  {
    // Matching pods spread as 4/3/2/1.
    name: 'one constraint on node, all 4 nodes are candidates, maxSkew=3',
    pod: makePod('p', { labels: labels('foo'), constraints: [fooHost(3)] }),
    existingPods: pods4321,
    nodes: hostNodes('node-a', 'node-b', 'node-c', 'node-d'),
    want: { 'node-a': 44, 'node-b': 66, 'node-c': 77, 'node-d': 100 },
  },
  {
    // The system default constraints with a Service selecting foo: the same scores as one hostname constraint with maxSkew 3.
    name: "system defaulting, nodes don't have zone, pods match service",
    pod: makePod('p', { labels: labels('foo') }),
    existingPods: pods4321,
    nodes: hostNodes('node-a', 'node-b', 'node-c', 'node-d'),
    options: { defaulting: { type: 'System' }, selectorSources: { services: () => [{ foo: '' }] } },
    want: { 'node-a': 44, 'node-b': 66, 'node-c': 77, 'node-d': 100 },
  },
  {
    // Matching pods spread as 4/2/1/~3~ (node-y is not a candidate).
    name: 'one constraint on node, 3 out of 4 nodes are candidates',
    pod: makePod('p', { labels: labels('foo'), constraints: [fooHost()] }),
    existingPods: pods42x1y3,
    nodes: hostNodes('node-a', 'node-b', 'node-x'),
    failedNodes: hostNodes('node-y'),
    want: { 'node-a': 33, 'node-b': 83, 'node-x': 100 },
  },
  {
    // Matching pods spread as 4/?2?/1/~3~: node-b lacks the topology key.
    name: "one constraint on node, 3 out of 4 nodes are candidates, one node doesn't match topology key",
    pod: makePod('p', { labels: labels('foo'), constraints: [fooHost()] }),
    existingPods: pods42x1y3,
    nodes: [makeNode('node-a', { [hostname]: 'node-a' }), makeNode('node-b', { n: 'node-b' }), makeNode('node-x', { [hostname]: 'node-x' })],
    failedNodes: hostNodes('node-y'),
    want: { 'node-a': 16, 'node-b': 0, 'node-x': 100 },
  },
  {
    // Matching pods spread as 4/2/1/~3~.
    name: 'one constraint on zone, 3 out of 4 nodes are candidates',
    pod: makePod('p', { labels: labels('foo'), constraints: [spread(1, 'zone', 'ScheduleAnyway', fooSelector)] }),
    existingPods: pods42x1y3,
    nodes: [zoneHost('node-a', 'zone1'), zoneHost('node-b', 'zone1'), zoneHost('node-x', 'zone2')],
    failedNodes: [zoneHost('node-y', 'zone2')],
    want: { 'node-a': 75, 'node-b': 75, 'node-x': 100 },
  },
  {
    // Matching pods spread as 2/~1~/2/~4~.
    name: 'two Constraints on zone and node, 2 out of 4 nodes are candidates',
    pod: makePod('p', { labels: labels('foo'), constraints: [spread(1, 'zone', 'ScheduleAnyway', fooSelector), fooHost()] }),
    existingPods: podsOn({ 'node-a': 2, 'node-b': 1, 'node-x': 2, 'node-y': 4 }),
    nodes: [zoneHost('node-a', 'zone1'), zoneHost('node-x', 'zone2')],
    failedNodes: [zoneHost('node-b', 'zone1'), zoneHost('node-y', 'zone2')],
    want: { 'node-a': 100, 'node-x': 63 },
  },
  {
    name: 'two Constraints on zone, 2 out of 4 nodes are candidates',
    pod: makePod('p', {
      labels: labels('foo', 'bar'),
      constraints: [spread(1, 'zone', 'ScheduleAnyway', fooSelector), spread(1, 'zone', 'ScheduleAnyway', barSelector)],
    }),
    existingPods: [
      makePod('p-a1', { node: 'node-a', labels: labels('foo', 'bar') }),
      makePod('p-a2', { node: 'node-a', labels: labels('foo') }),
      makePod('p-b1', { node: 'node-b', labels: labels('foo', 'bar') }),
      makePod('p-y1', { node: 'node-y', labels: labels('foo') }),
      makePod('p-y2', { node: 'node-y', labels: labels('foo', 'bar') }),
      makePod('p-y3', { node: 'node-y', labels: labels('foo') }),
    ],
    nodes: [makeNode('node-a', { zone: 'zone1' }), makeNode('node-x', { zone: 'zone2' })],
    failedNodes: [makeNode('node-b', { zone: 'zone1' }), makeNode('node-y', { zone: 'zone2' })],
    want: { 'node-a': 85, 'node-x': 100 },
  },
  {
    // zone constraint: matching pods 2/2/1/1 per node's zone; hostname constraint: 0/1/0/1.
    name: 'two Constraints on zone and node, with different labelSelectors',
    pod: makePod('p', {
      labels: labels('foo', 'bar'),
      constraints: [spread(1, 'zone', 'ScheduleAnyway', fooSelector), spread(1, hostname, 'ScheduleAnyway', barSelector)],
    }),
    existingPods: [
      makePod('p-a1', { node: 'node-a', labels: labels('foo') }),
      makePod('p-b1', { node: 'node-b', labels: labels('foo', 'bar') }),
      makePod('p-y1', { node: 'node-y', labels: labels('foo') }),
      makePod('p-y2', { node: 'node-y', labels: labels('bar') }),
    ],
    nodes: [zoneHost('node-a', 'zone1'), zoneHost('node-b', 'zone1'), zoneHost('node-x', 'zone2'), zoneHost('node-y', 'zone2')],
    want: { 'node-a': 60, 'node-b': 20, 'node-x': 100, 'node-y': 60 },
  },
  {
    // zone constraint: 0/0/2/2; hostname constraint: 0/1/0/1.
    name: 'two Constraints on zone and node, with different labelSelectors, some nodes have 0 pods',
    pod: makePod('p', {
      labels: labels('foo', 'bar'),
      constraints: [spread(1, 'zone', 'ScheduleAnyway', fooSelector), spread(1, hostname, 'ScheduleAnyway', barSelector)],
    }),
    existingPods: [
      makePod('p-b1', { node: 'node-b', labels: labels('bar') }),
      makePod('p-x1', { node: 'node-x', labels: labels('foo') }),
      makePod('p-y1', { node: 'node-y', labels: labels('foo', 'bar') }),
    ],
    nodes: [zoneHost('node-a', 'zone1'), zoneHost('node-b', 'zone1'), zoneHost('node-x', 'zone2'), zoneHost('node-y', 'zone2')],
    want: { 'node-a': 100, 'node-b': 60, 'node-x': 40, 'node-y': 0 },
  },
  {
    // zone constraint: 2/2/1/~1~; hostname constraint: 0/1/0/~1~.
    name: 'two Constraints on zone and node, with different labelSelectors, 3 out of 4 nodes are candidates',
    pod: makePod('p', {
      labels: labels('foo', 'bar'),
      constraints: [spread(1, 'zone', 'ScheduleAnyway', fooSelector), spread(1, hostname, 'ScheduleAnyway', barSelector)],
    }),
    existingPods: [
      makePod('p-a1', { node: 'node-a', labels: labels('foo') }),
      makePod('p-b1', { node: 'node-b', labels: labels('foo', 'bar') }),
      makePod('p-y1', { node: 'node-y', labels: labels('foo') }),
      makePod('p-y2', { node: 'node-y', labels: labels('bar') }),
    ],
    nodes: [zoneHost('node-a', 'zone1'), zoneHost('node-b', 'zone1'), zoneHost('node-x', 'zone2')],
    failedNodes: [zoneHost('node-y', 'zone2')],
    want: { 'node-a': 50, 'node-b': 25, 'node-x': 100 },
  },
  {
    name: 'existing pods in a different namespace do not count',
    pod: makePod('p', { labels: labels('foo'), constraints: [fooHost()] }),
    existingPods: [
      makePod('p-a1', { namespace: 'ns1', node: 'node-a', labels: labels('foo') }),
      makePod('p-a2', { node: 'node-a', labels: labels('foo') }),
      makePod('p-b1', { node: 'node-b', labels: labels('foo') }),
      makePod('p-b2', { node: 'node-b', labels: labels('foo') }),
    ],
    nodes: hostNodes('node-a', 'node-b'),
    want: { 'node-a': 100, 'node-b': 33 },
  },
  {
    name: 'terminating Pods should be excluded',
    pod: makePod('p', { labels: labels('foo'), constraints: [fooHost()] }),
    existingPods: [makePod('p-a', { node: 'node-a', labels: labels('foo'), terminating: true }), makePod('p-b', { node: 'node-b', labels: labels('foo') })],
    nodes: hostNodes('node-a', 'node-b'),
    want: { 'node-a': 100, 'node-b': 0 },
  },
  {
    // Artificial: the API server rejects a non-default minDomains with ScheduleAnyway.
    name: 'minDomains has no effect when ScheduleAnyway',
    pod: makePod('p', { labels: labels('foo'), constraints: [spread(2, 'node', 'ScheduleAnyway', fooSelector, 10)] }),
    existingPods: podsOn({ 'node-a': 2, 'node-b': 2, 'node-c': 1 }),
    nodes: [makeNode('node-a', { node: 'node-a' }), makeNode('node-b', { node: 'node-b' }), makeNode('node-c', { node: 'node-c' })],
    want: { 'node-a': 75, 'node-b': 75, 'node-c': 100 },
  },
  {
    name: 'NodeAffinityPolicy honoed with labelSelectors',
    pod: makePod('p', { labels: labels('foo'), nodeSelector: { foo: '' }, constraints: [spread(1, 'node', 'ScheduleAnyway', fooSelector)] }),
    existingPods: pods2110,
    nodes: inclusionScoreNodes,
    want: { 'node-a': 0, 'node-b': 33, 'node-c': 100 },
  },
  {
    name: 'NodeAffinityPolicy ignored with labelSelectors',
    pod: makePod('p', {
      labels: labels('foo'),
      nodeSelector: { foo: '' },
      constraints: [spread(1, 'node', 'ScheduleAnyway', fooSelector, undefined, 'Ignore')],
    }),
    existingPods: pods2110,
    nodes: inclusionScoreNodes,
    want: { 'node-a': 66, 'node-b': 100, 'node-c': 100 },
  },
  {
    name: 'NodeAffinityPolicy honoed with nodeAffinity',
    pod: makePod('p', {
      labels: labels('foo'),
      nodeAffinity: { key: 'foo', operator: 'In', values: [''] },
      constraints: [spread(1, 'node', 'ScheduleAnyway', fooSelector)],
    }),
    existingPods: pods2110,
    nodes: inclusionScoreNodes,
    want: { 'node-a': 0, 'node-b': 33, 'node-c': 100 },
  },
  {
    name: 'NodeAffinityPolicy ignored with nodeAffinity',
    pod: makePod('p', {
      labels: labels('foo'),
      nodeAffinity: { key: 'foo', operator: 'In', values: [''] },
      constraints: [spread(1, 'node', 'ScheduleAnyway', fooSelector, undefined, 'Ignore')],
    }),
    existingPods: pods2110,
    nodes: inclusionScoreNodes,
    want: { 'node-a': 66, 'node-b': 100, 'node-c': 100 },
  },
  {
    name: 'NodeTaintsPolicy honored',
    pod: makePod('p', { labels: labels('foo'), constraints: [spread(1, 'node', 'ScheduleAnyway', fooSelector, undefined, undefined, 'Honor')] }),
    existingPods: pods2110,
    nodes: taintScoreNodes,
    want: { 'node-a': 0, 'node-b': 33, 'node-c': 100 },
  },
  {
    name: 'NodeTaintsPolicy ignored',
    pod: makePod('p', { labels: labels('foo'), constraints: [spread(1, 'node', 'ScheduleAnyway', fooSelector)] }),
    existingPods: pods2110,
    nodes: taintScoreNodes,
    want: { 'node-a': 66, 'node-b': 100, 'node-c': 100 },
  },
  // 'matchLabelKeys ignored when feature gate disabled' is left out: MatchLabelKeysInPodTopologySpread is
  // on (beta, default true), and with it the pod's `baz` is merged into both selectors, which then match no pod.
  {
    name: 'matchLabelKeys ANDed with LabelSelector when LabelSelector is empty',
    pod: makePod('p', {
      labels: labels('foo', 'bar'),
      constraints: [
        spread(1, 'zone', 'ScheduleAnyway', {}, undefined, undefined, undefined, ['foo']),
        spread(1, hostname, 'ScheduleAnyway', {}, undefined, undefined, undefined, ['bar']),
      ],
    }),
    existingPods: [
      makePod('p-a1', { node: 'node-a', labels: labels('foo') }),
      makePod('p-b1', { node: 'node-b', labels: labels('foo', 'bar') }),
      makePod('p-y1', { node: 'node-c', labels: labels('foo') }),
      makePod('p-y2', { node: 'node-c', labels: labels('bar') }),
    ],
    nodes: fourZoneHostNodes,
    want: { 'node-a': 60, 'node-b': 20, 'node-c': 60, 'node-d': 100 },
  },
  {
    name: "matchLabelKeys ANDed with LabelSelector when LabelSelector isn't empty",
    pod: makePod('p', {
      labels: labels('foo', 'bar', 'baz'),
      constraints: [
        spread(1, 'zone', 'ScheduleAnyway', fooSelector),
        spread(1, hostname, 'ScheduleAnyway', barSelector, undefined, undefined, undefined, ['baz']),
      ],
    }),
    existingPods: [
      makePod('p-a1', { node: 'node-a', labels: labels('foo') }),
      makePod('p-b1', { node: 'node-b', labels: labels('foo', 'bar', 'baz') }),
      makePod('p-c1', { node: 'node-c', labels: labels('foo') }),
      makePod('p-c2', { node: 'node-c', labels: labels('bar') }),
      makePod('p-d3', { node: 'node-c', labels: labels('bar', 'baz') }),
    ],
    nodes: fourZoneHostNodes,
    want: { 'node-a': 60, 'node-b': 20, 'node-c': 60, 'node-d': 100 },
  },
];

describe("topologySpreadScores: Kubernetes' TestPodTopologySpreadScore (system defaulting)", () => {
  it.each(scoreCases)('$name', ({ pod, existingPods = [], nodes, failedNodes = [], options = { defaulting: { type: 'System' } }, want }) => {
    const snapshot = snapshotOf([...nodes, ...failedNodes], existingPods);
    const scores = topologySpreadScores(pod, nodes, snapshot, options);
    // The same scores from a holder's counts, made from the sets of pods alike and kept per domain.
    const index = podLabelIndexOf(snapshot);
    expect(
      topologySpreadScores(
        pod,
        nodes,
        snapshot,
        options,
        cachedPodCounter(snapshot, () => index),
      ),
    ).toEqual(scores);
    expect(Object.fromEntries(nodes.map((n, i) => [n.metadata.name, scores[i]]))).toEqual(want);
  });

  it("PodTopologySpread's weight in the default profile is 2", () => {
    expect(topologySpreadDefaultWeight).toBe(2);
  });
});
