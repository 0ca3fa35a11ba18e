import { podLabelIndexOf } from '../../../../../libs/domain/src/scheduling/framework/pod-label-index';
import { cachedPodCounter } from '../../../../../libs/domain/src/scheduling/topology-spread/spread-counting';
import { describe, expect, it } from 'vitest';
import type { Node, Pod } from '@taintgate/domain';
import type { ObjectLabelSelector } from '../../../../../libs/domain/src/types';
import { snapshotOf } from '../../../../../libs/domain/src/scheduling/framework/scheduling-snapshot';
import type { SpreadConstraint, TopologySpreadOptions } from '../../../../../libs/domain/src/scheduling/topology-spread/spread-constraints';
import { type TopologySpreadState, topologySpreadPreFilter } from '../../../../../libs/domain/src/scheduling/topology-spread/spread-filter';
import { type SpreadSelector, spreadSelectorOf } from '../../../../../libs/domain/src/scheduling/topology-spread/spread-selector';
import { barSelector, fooSelector, fourNodes, labels, makeNode, makePod, podsOn, spread, unschedulableTaints } from './spread-fixtures';

/**
 * Kubernetes' TestPreFilterState (podtopologyspread/filtering_test.go): the constraints PreFilter
 * keeps, the matching pods per domain and the critical paths. The upstream table runs most cases
 * with the NodeInclusionPolicyInPodTopologySpread and MatchLabelKeysInPodTopologySpread gates off;
 * both are on in 1.33/1.34 (the first GA), which is what this port models. A "feature gate disabled"
 * case is kept where the gate-on answer is the same, and left out (said so below) where it is not.
 */

const listDefaulting: TopologySpreadOptions = { defaulting: { type: 'List', constraints: [] } };
const maxInt32 = 2147483647;

interface Expected {
  maxSkew: number;
  topologyKey: string;
  selector: ObjectLabelSelector | null;
  minDomains?: number;
  nodeAffinityPolicy?: 'Honor' | 'Ignore';
  nodeTaintsPolicy?: 'Honor' | 'Ignore';
}

interface Want {
  constraints: Expected[];
  /** Per constraint, the two critical paths as [topologyValue, matchNum]. */
  criticalPaths: [string, number][][];
  matchNum: Record<string, number>[];
}

interface Case {
  name: string;
  pod: Pod;
  nodes?: Node[];
  existingPods?: Pod[];
  options?: TopologySpreadOptions;
  want: Want | 'skip';
}

const c = (maxSkew: number, topologyKey: string, selector: ObjectLabelSelector | null, extra: Partial<Expected> = {}): Expected => ({
  maxSkew,
  topologyKey,
  selector,
  ...extra,
});

/** Requirements sorted by key, as labels.internalSelector keeps them, so that merged selectors compare. */
function normalized(selector: SpreadSelector): unknown {
  if (selector.kind === 'nothing') return selector;
  return { ...selector, requirements: [...selector.requirements].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)) };
}

function selectorOf(selector: ObjectLabelSelector | null): SpreadSelector {
  const parsed = spreadSelectorOf(selector);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

/** Upstream's criticalPaths comparer: equal match numbers compare with their topology values sorted. */
function sortedPaths(paths: readonly [string, number][]): [string, number][] {
  const [first, second] = paths;
  if (first && second && first[1] === second[1] && first[0] > second[0]) return [second, first];
  return [...paths];
}

function summary(state: TopologySpreadState): Want {
  return {
    constraints: state.constraints.map((k: SpreadConstraint) => ({
      maxSkew: k.maxSkew,
      topologyKey: k.topologyKey,
      selector: normalized(k.selector) as ObjectLabelSelector,
      minDomains: k.minDomains,
      nodeAffinityPolicy: k.nodeAffinityPolicy,
      nodeTaintsPolicy: k.nodeTaintsPolicy,
    })),
    criticalPaths: state.criticalPaths.map((p) => sortedPaths(p.map((d): [string, number] => [d.topologyValue, d.matchNum]))),
    matchNum: state.matchNumByDomain.map((m) => Object.fromEntries(m)),
  };
}

function expected(want: Want): Want {
  return {
    constraints: want.constraints.map((k) => ({
      maxSkew: k.maxSkew,
      topologyKey: k.topologyKey,
      selector: normalized(selectorOf(k.selector)) as ObjectLabelSelector,
      minDomains: k.minDomains ?? 1,
      nodeAffinityPolicy: k.nodeAffinityPolicy ?? 'Honor',
      nodeTaintsPolicy: k.nodeTaintsPolicy ?? 'Ignore',
    })),
    criticalPaths: want.criticalPaths.map(sortedPaths),
    matchNum: want.matchNum,
  };
}

const inclusionNodes = (third: Node): Node[] => [makeNode('node-a', { node: 'node-a', foo: '' }), makeNode('node-b', { node: 'node-b', foo: '' }), third];
const inclusionPods = [
  makePod('p-a', { node: 'node-a', labels: labels('bar') }),
  makePod('p-b', { node: 'node-b', labels: labels('bar') }),
  makePod('p-c', { node: 'node-b', labels: labels('bar') }),
  makePod('p-d', { node: 'node-c' }),
];
const taintNodes = [
  makeNode('node-a', { node: 'node-a' }),
  makeNode('node-b', { node: 'node-b' }),
  makeNode('node-c', { node: 'node-c', bar: '' }, unschedulableTaints),
];
const matchLabelKeysPods = podsOn({ 'node-a': 2, 'node-b': 1, 'node-y': 2 }, { foo: 'a' });

const cases: Case[] = [
  {
    name: 'clean cluster with one spreadConstraint',
    pod: makePod('p', { labels: labels('foo'), constraints: [spread(5, 'zone', 'DoNotSchedule', { matchLabels: { foo: 'bar' } })] }),
    nodes: fourNodes(),
    want: {
      constraints: [c(5, 'zone', { matchLabels: { foo: 'bar' } })],
      criticalPaths: [
        [
          ['zone1', 0],
          ['zone2', 0],
        ],
      ],
      matchNum: [{ zone1: 0, zone2: 0 }],
    },
  },
  {
    name: 'normal case with one spreadConstraint',
    pod: makePod('p', { labels: labels('foo'), constraints: [spread(1, 'zone', 'DoNotSchedule', fooSelector)] }),
    nodes: fourNodes(),
    existingPods: podsOn({ 'node-a': 2, 'node-b': 1, 'node-y': 2 }),
    want: {
      constraints: [c(1, 'zone', fooSelector)],
      criticalPaths: [
        [
          ['zone2', 2],
          ['zone1', 3],
        ],
      ],
      matchNum: [{ zone1: 3, zone2: 2 }],
    },
  },
  {
    name: 'normal case with null label selector',
    pod: makePod('p', { labels: labels('foo'), constraints: [spread(1, 'zone', 'DoNotSchedule', null)] }),
    nodes: fourNodes(),
    existingPods: podsOn({ 'node-a': 2, 'node-b': 1, 'node-y': 2 }),
    want: {
      constraints: [c(1, 'zone', null)],
      criticalPaths: [
        [
          ['zone2', 0],
          ['zone1', 0],
        ],
      ],
      matchNum: [{ zone1: 0, zone2: 0 }],
    },
  },
  {
    name: 'normal case with one spreadConstraint, on a 3-zone cluster',
    pod: makePod('p', { labels: labels('foo'), constraints: [spread(1, 'zone', 'DoNotSchedule', fooSelector)] }),
    nodes: [...fourNodes(), makeNode('node-o', { zone: 'zone3', node: 'node-o' }), makeNode('node-p', { zone: 'zone3', node: 'node-p' })],
    existingPods: podsOn({ 'node-a': 2, 'node-b': 1, 'node-y': 2 }),
    want: {
      constraints: [c(1, 'zone', fooSelector)],
      criticalPaths: [
        [
          ['zone3', 0],
          ['zone2', 2],
        ],
      ],
      matchNum: [{ zone1: 3, zone2: 2, zone3: 0 }],
    },
  },
  {
    name: "namespace mismatch doesn't count",
    pod: makePod('p', { labels: labels('foo'), constraints: [spread(1, 'zone', 'DoNotSchedule', fooSelector)] }),
    nodes: fourNodes(),
    existingPods: [
      makePod('p-a1', { node: 'node-a', labels: labels('foo') }),
      makePod('p-a2', { node: 'node-a', labels: labels('foo'), namespace: 'ns1' }),
      makePod('p-b1', { node: 'node-b', labels: labels('foo') }),
      makePod('p-y1', { node: 'node-y', labels: labels('foo'), namespace: 'ns2' }),
      makePod('p-y2', { node: 'node-y', labels: labels('foo') }),
    ],
    want: {
      constraints: [c(1, 'zone', fooSelector)],
      criticalPaths: [
        [
          ['zone2', 1],
          ['zone1', 2],
        ],
      ],
      matchNum: [{ zone1: 2, zone2: 1 }],
    },
  },
  {
    name: 'normal case with two spreadConstraints',
    pod: makePod('p', {
      labels: labels('foo'),
      constraints: [spread(1, 'zone', 'DoNotSchedule', fooSelector), spread(1, 'node', 'DoNotSchedule', fooSelector)],
    }),
    nodes: fourNodes(),
    existingPods: podsOn({ 'node-a': 2, 'node-b': 1, 'node-y': 4 }),
    want: {
      constraints: [c(1, 'zone', fooSelector), c(1, 'node', fooSelector)],
      criticalPaths: [
        [
          ['zone1', 3],
          ['zone2', 4],
        ],
        [
          ['node-x', 0],
          ['node-b', 1],
        ],
      ],
      matchNum: [
        { zone1: 3, zone2: 4 },
        { 'node-a': 2, 'node-b': 1, 'node-x': 0, 'node-y': 4 },
      ],
    },
  },
  {
    name: 'soft spreadConstraints should be bypassed',
    pod: makePod('p', {
      labels: labels('foo'),
      constraints: [
        spread(1, 'zone', 'ScheduleAnyway', fooSelector),
        spread(1, 'zone', 'DoNotSchedule', fooSelector),
        spread(1, 'node', 'ScheduleAnyway', fooSelector),
        spread(1, 'node', 'DoNotSchedule', fooSelector),
      ],
    }),
    nodes: [
      makeNode('node-a', { zone: 'zone1', node: 'node-a' }),
      makeNode('node-b', { zone: 'zone1', node: 'node-b' }),
      makeNode('node-y', { zone: 'zone2', node: 'node-y' }),
    ],
    existingPods: podsOn({ 'node-a': 2, 'node-b': 1, 'node-y': 4 }),
    want: {
      constraints: [c(1, 'zone', fooSelector), c(1, 'node', fooSelector)],
      criticalPaths: [
        [
          ['zone1', 3],
          ['zone2', 4],
        ],
        [
          ['node-b', 1],
          ['node-a', 2],
        ],
      ],
      matchNum: [
        { zone1: 3, zone2: 4 },
        { 'node-a': 2, 'node-b': 1, 'node-y': 4 },
      ],
    },
  },
  {
    name: 'different labelSelectors - simple version',
    pod: makePod('p', {
      labels: labels('foo', 'bar'),
      constraints: [spread(1, 'zone', 'DoNotSchedule', fooSelector), spread(1, 'node', 'DoNotSchedule', barSelector)],
    }),
    nodes: [
      makeNode('node-a', { zone: 'zone1', node: 'node-a' }),
      makeNode('node-b', { zone: 'zone1', node: 'node-b' }),
      makeNode('node-y', { zone: 'zone2', node: 'node-y' }),
    ],
    existingPods: [makePod('p-a', { node: 'node-a', labels: labels('foo') }), makePod('p-b', { node: 'node-b', labels: labels('bar') })],
    want: {
      constraints: [c(1, 'zone', fooSelector), c(1, 'node', barSelector)],
      criticalPaths: [
        [
          ['zone2', 0],
          ['zone1', 1],
        ],
        [
          ['node-a', 0],
          ['node-y', 0],
        ],
      ],
      matchNum: [
        { zone1: 1, zone2: 0 },
        { 'node-a': 0, 'node-b': 1, 'node-y': 0 },
      ],
    },
  },
  {
    name: 'different labelSelectors - complex pods',
    pod: makePod('p', {
      labels: labels('foo', 'bar'),
      constraints: [spread(1, 'zone', 'DoNotSchedule', fooSelector), spread(1, 'node', 'DoNotSchedule', barSelector)],
    }),
    nodes: [
      makeNode('node-a', { zone: 'zone1', node: 'node-a' }),
      makeNode('node-b', { zone: 'zone1', node: 'node-b' }),
      makeNode('node-y', { zone: 'zone2', node: 'node-y' }),
    ],
    existingPods: [
      makePod('p-a1', { node: 'node-a', labels: labels('foo') }),
      makePod('p-a2', { node: 'node-a', labels: labels('foo', 'bar') }),
      makePod('p-b1', { node: 'node-b', labels: labels('foo') }),
      makePod('p-y1', { node: 'node-y', labels: labels('foo') }),
      makePod('p-y2', { node: 'node-y', labels: labels('foo', 'bar') }),
      makePod('p-y3', { node: 'node-y', labels: labels('foo') }),
      makePod('p-y4', { node: 'node-y', labels: labels('foo', 'bar') }),
    ],
    want: {
      constraints: [c(1, 'zone', fooSelector), c(1, 'node', barSelector)],
      criticalPaths: [
        [
          ['zone1', 3],
          ['zone2', 4],
        ],
        [
          ['node-b', 0],
          ['node-a', 1],
        ],
      ],
      matchNum: [
        { zone1: 3, zone2: 4 },
        { 'node-a': 1, 'node-b': 0, 'node-y': 2 },
      ],
    },
  },
  {
    name: 'two spreadConstraints, and with podAffinity',
    pod: makePod('p', {
      labels: labels('foo'),
      nodeAffinity: { key: 'node', operator: 'NotIn', values: ['node-x'] },
      constraints: [spread(1, 'zone', 'DoNotSchedule', fooSelector), spread(1, 'node', 'DoNotSchedule', fooSelector)],
    }),
    nodes: fourNodes(),
    existingPods: podsOn({ 'node-a': 2, 'node-b': 1, 'node-y': 4 }),
    want: {
      constraints: [c(1, 'zone', fooSelector), c(1, 'node', fooSelector)],
      criticalPaths: [
        [
          ['zone1', 3],
          ['zone2', 4],
        ],
        [
          ['node-b', 1],
          ['node-a', 2],
        ],
      ],
      matchNum: [
        { zone1: 3, zone2: 4 },
        { 'node-a': 2, 'node-b': 1, 'node-y': 4 },
      ],
    },
  },
  {
    name: 'default constraints and a service',
    pod: makePod('p', { labels: { foo: 'bar', baz: 'kar' } }),
    options: {
      defaulting: {
        type: 'List',
        constraints: [
          { maxSkew: 3, topologyKey: 'node', whenUnsatisfiable: 'DoNotSchedule' },
          { maxSkew: 2, topologyKey: 'node', whenUnsatisfiable: 'ScheduleAnyway' },
          { maxSkew: 5, topologyKey: 'rack', whenUnsatisfiable: 'DoNotSchedule' },
        ],
      },
      selectorSources: { services: () => [{ foo: 'bar' }] },
    },
    want: {
      constraints: [c(3, 'node', { matchLabels: { foo: 'bar' } }), c(5, 'rack', { matchLabels: { foo: 'bar' } })],
      criticalPaths: [
        [
          ['', maxInt32],
          ['', maxInt32],
        ],
        [
          ['', maxInt32],
          ['', maxInt32],
        ],
      ],
      matchNum: [{}, {}],
    },
  },
  {
    name: "default constraints and a service that doesn't match",
    pod: makePod('p', { labels: { foo: 'bar' } }),
    options: {
      defaulting: { type: 'List', constraints: [{ maxSkew: 3, topologyKey: 'node', whenUnsatisfiable: 'DoNotSchedule' }] },
      selectorSources: { services: () => [{ baz: 'kep' }] },
    },
    want: 'skip',
  },
  {
    name: 'default constraints and a service, but pod has constraints',
    pod: makePod('p', {
      labels: { foo: 'bar', baz: 'tar' },
      constraints: [
        spread(1, 'zone', 'DoNotSchedule', { matchLabels: { baz: 'tar' } }),
        spread(2, 'planet', 'ScheduleAnyway', { matchLabels: { fot: 'rok' } }),
      ],
    }),
    options: {
      defaulting: { type: 'List', constraints: [{ maxSkew: 2, topologyKey: 'node', whenUnsatisfiable: 'DoNotSchedule' }] },
      selectorSources: { services: () => [{ foo: 'bar' }] },
    },
    want: {
      constraints: [c(1, 'zone', { matchLabels: { baz: 'tar' } })],
      criticalPaths: [
        [
          ['', maxInt32],
          ['', maxInt32],
        ],
      ],
      matchNum: [{}],
    },
  },
  {
    name: 'default soft constraints and a service',
    pod: makePod('p', { labels: { foo: 'bar' } }),
    options: {
      defaulting: { type: 'List', constraints: [{ maxSkew: 2, topologyKey: 'node', whenUnsatisfiable: 'ScheduleAnyway' }] },
      selectorSources: { services: () => [{ foo: 'bar' }] },
    },
    want: 'skip',
  },
  {
    name: 'TpKeyToDomainsNum is calculated when MinDomains is enabled',
    pod: makePod('p', {
      labels: labels('foo'),
      constraints: [spread(1, 'zone', 'DoNotSchedule', fooSelector), spread(1, 'node', 'DoNotSchedule', fooSelector)],
    }),
    nodes: fourNodes(),
    existingPods: podsOn({ 'node-a': 2, 'node-b': 1, 'node-y': 4 }),
    want: {
      constraints: [c(1, 'zone', fooSelector), c(1, 'node', fooSelector)],
      criticalPaths: [
        [
          ['zone1', 3],
          ['zone2', 4],
        ],
        [
          ['node-x', 0],
          ['node-b', 1],
        ],
      ],
      matchNum: [
        { zone1: 3, zone2: 4 },
        { 'node-a': 2, 'node-b': 1, 'node-x': 0, 'node-y': 4 },
      ],
    },
  },
  {
    // Upstream runs this with NodeInclusionPolicy off, where the nodes the pod's affinity rejects are
    // left out for every constraint; with the gate on (GA), the default Honor leaves them out the same.
    name: 'feature gate disabled with NodeAffinityPolicy',
    pod: makePod('p', { labels: labels('foo'), nodeSelector: { foo: '' }, constraints: [spread(1, 'node', 'DoNotSchedule', barSelector)] }),
    nodes: inclusionNodes(makeNode('node-c', { node: 'node-c', bar: '' })),
    existingPods: inclusionPods,
    want: {
      constraints: [c(1, 'node', barSelector)],
      criticalPaths: [
        [
          ['node-a', 1],
          ['node-b', 2],
        ],
      ],
      matchNum: [{ 'node-a': 1, 'node-b': 2 }],
    },
  },
  {
    name: 'NodeAffinityPolicy honored with labelSelectors',
    pod: makePod('p', { labels: labels('foo'), nodeSelector: { foo: '' }, constraints: [spread(1, 'node', 'DoNotSchedule', barSelector)] }),
    nodes: inclusionNodes(makeNode('node-c', { node: 'node-c', bar: '' })),
    existingPods: inclusionPods,
    want: {
      constraints: [c(1, 'node', barSelector)],
      criticalPaths: [
        [
          ['node-a', 1],
          ['node-b', 2],
        ],
      ],
      matchNum: [{ 'node-a': 1, 'node-b': 2 }],
    },
  },
  {
    name: 'NodeAffinityPolicy ignored with labelSelectors',
    pod: makePod('p', {
      labels: labels('foo'),
      nodeSelector: { foo: '' },
      constraints: [spread(1, 'node', 'DoNotSchedule', barSelector, undefined, 'Ignore')],
    }),
    nodes: inclusionNodes(makeNode('node-c', { node: 'node-c', bar: '' })),
    existingPods: inclusionPods,
    want: {
      constraints: [c(1, 'node', barSelector, { nodeAffinityPolicy: 'Ignore' })],
      criticalPaths: [
        [
          ['node-c', 0],
          ['node-a', 1],
        ],
      ],
      matchNum: [{ 'node-a': 1, 'node-b': 2, 'node-c': 0 }],
    },
  },
  {
    name: 'NodeAffinityPolicy honored with nodeAffinity',
    pod: makePod('p', {
      labels: labels('foo'),
      nodeAffinity: { key: 'foo', operator: 'In', values: [''] },
      constraints: [spread(1, 'node', 'DoNotSchedule', barSelector)],
    }),
    nodes: inclusionNodes(makeNode('node-c', { node: 'node-c', bar: '' })),
    existingPods: [
      makePod('p-a', { node: 'node-a', labels: labels('bar') }),
      makePod('p-c', { node: 'node-b', labels: labels('bar') }),
      makePod('p-d', { node: 'node-b', labels: labels('bar') }),
      makePod('p-e', { node: 'node-c' }),
    ],
    want: {
      constraints: [c(1, 'node', barSelector)],
      criticalPaths: [
        [
          ['node-a', 1],
          ['node-b', 2],
        ],
      ],
      matchNum: [{ 'node-a': 1, 'node-b': 2 }],
    },
  },
  {
    name: 'NodeAffinityPolicy ignored with nodeAffinity',
    pod: makePod('p', {
      labels: labels('foo'),
      nodeAffinity: { key: 'foo', operator: 'In', values: [''] },
      constraints: [spread(1, 'node', 'DoNotSchedule', barSelector, undefined, 'Ignore')],
    }),
    nodes: inclusionNodes(makeNode('node-c', { node: 'node-c', bar: '' })),
    existingPods: inclusionPods,
    want: {
      constraints: [c(1, 'node', barSelector, { nodeAffinityPolicy: 'Ignore' })],
      criticalPaths: [
        [
          ['node-c', 0],
          ['node-a', 1],
        ],
      ],
      matchNum: [{ 'node-a': 1, 'node-b': 2, 'node-c': 0 }],
    },
  },
  {
    // Upstream runs this with NodeInclusionPolicy off, where taints never matter; the default Ignore is the same.
    name: 'feature gate disabled with NodeTaintsPolicy',
    pod: makePod('p', { labels: labels('foo'), constraints: [spread(1, 'node', 'DoNotSchedule', barSelector)] }),
    nodes: taintNodes,
    existingPods: inclusionPods,
    want: {
      constraints: [c(1, 'node', barSelector)],
      criticalPaths: [
        [
          ['node-c', 0],
          ['node-a', 1],
        ],
      ],
      matchNum: [{ 'node-a': 1, 'node-b': 2, 'node-c': 0 }],
    },
  },
  {
    name: 'NodeTaintsPolicy ignored',
    pod: makePod('p', { labels: labels('foo'), constraints: [spread(1, 'node', 'DoNotSchedule', barSelector)] }),
    nodes: taintNodes,
    existingPods: inclusionPods,
    want: {
      constraints: [c(1, 'node', barSelector)],
      criticalPaths: [
        [
          ['node-c', 0],
          ['node-a', 1],
        ],
      ],
      matchNum: [{ 'node-a': 1, 'node-b': 2, 'node-c': 0 }],
    },
  },
  {
    name: 'NodeTaintsPolicy honored',
    pod: makePod('p', { labels: labels('foo'), constraints: [spread(1, 'node', 'DoNotSchedule', barSelector, undefined, undefined, 'Honor')] }),
    nodes: taintNodes,
    existingPods: inclusionPods,
    want: {
      constraints: [c(1, 'node', barSelector, { nodeTaintsPolicy: 'Honor' })],
      criticalPaths: [
        [
          ['node-a', 1],
          ['node-b', 2],
        ],
      ],
      matchNum: [{ 'node-a': 1, 'node-b': 2 }],
    },
  },
  {
    name: 'NodeTaintsPolicy honored with tolerated taints',
    pod: makePod('p', {
      labels: labels('foo'),
      tolerationKeys: ['node.kubernetes.io/unschedulable'],
      constraints: [spread(1, 'node', 'DoNotSchedule', barSelector, undefined, undefined, 'Honor')],
    }),
    nodes: taintNodes,
    existingPods: inclusionPods,
    want: {
      constraints: [c(1, 'node', barSelector, { nodeTaintsPolicy: 'Honor' })],
      criticalPaths: [
        [
          ['node-c', 0],
          ['node-a', 1],
        ],
      ],
      matchNum: [{ 'node-a': 1, 'node-b': 2, 'node-c': 0 }],
    },
  },
  {
    name: 'two node inclusion Constraints, zone: honor/ignore, node: ignore/ignore',
    pod: makePod('p', {
      labels: labels('foo'),
      nodeSelector: { foo: '' },
      constraints: [spread(1, 'zone', 'DoNotSchedule', fooSelector), spread(1, 'node', 'DoNotSchedule', fooSelector, undefined, 'Ignore')],
    }),
    nodes: [
      makeNode('node-a', { zone: 'zone1', node: 'node-a', foo: '' }),
      makeNode('node-b', { zone: 'zone1', node: 'node-b' }),
      makeNode('node-x', { zone: 'zone2', node: 'node-x', foo: '' }),
    ],
    existingPods: podsOn({ 'node-b': 2, 'node-x': 1 }),
    want: {
      constraints: [c(1, 'zone', fooSelector), c(1, 'node', fooSelector, { nodeAffinityPolicy: 'Ignore' })],
      criticalPaths: [
        [
          ['zone1', 0],
          ['zone2', 1],
        ],
        [
          ['node-a', 0],
          ['node-x', 1],
        ],
      ],
      matchNum: [
        { zone1: 0, zone2: 1 },
        { 'node-a': 0, 'node-b': 2, 'node-x': 1 },
      ],
    },
  },
  {
    name: 'two node inclusion Constraints, zone: honor/honor, node: honor/ignore',
    pod: makePod('p', {
      labels: labels('foo'),
      constraints: [spread(1, 'zone', 'DoNotSchedule', fooSelector, undefined, undefined, 'Honor'), spread(1, 'node', 'DoNotSchedule', fooSelector)],
    }),
    nodes: [
      makeNode('node-a', { zone: 'zone1', node: 'node-a', foo: '' }),
      makeNode('node-b', { zone: 'zone1', node: 'node-b' }, unschedulableTaints),
      makeNode('node-x', { zone: 'zone2', node: 'node-x', foo: '' }),
    ],
    existingPods: podsOn({ 'node-b': 2, 'node-x': 1 }),
    want: {
      constraints: [c(1, 'zone', fooSelector, { nodeTaintsPolicy: 'Honor' }), c(1, 'node', fooSelector)],
      criticalPaths: [
        [
          ['zone1', 0],
          ['zone2', 1],
        ],
        [
          ['node-a', 0],
          ['node-x', 1],
        ],
      ],
      matchNum: [
        { zone1: 0, zone2: 1 },
        { 'node-a': 0, 'node-b': 2, 'node-x': 1 },
      ],
    },
  },
  {
    name: 'two node inclusion Constraints, zone: honor/ignore, node: honor/ignore',
    pod: makePod('p', {
      labels: labels('foo'),
      nodeSelector: { foo: '' },
      constraints: [spread(1, 'zone', 'DoNotSchedule', fooSelector), spread(1, 'node', 'DoNotSchedule', fooSelector)],
    }),
    nodes: [
      makeNode('node-a', { zone: 'zone1', node: 'node-a' }),
      makeNode('node-b', { zone: 'zone1', node: 'node-b', foo: '' }, unschedulableTaints),
      makeNode('node-x', { zone: 'zone2', node: 'node-x', foo: '' }),
      makeNode('node-y', { zone: 'zone2', node: 'node-y' }),
    ],
    existingPods: podsOn({ 'node-a': 2, 'node-x': 1, 'node-y': 1 }),
    want: {
      constraints: [c(1, 'zone', fooSelector), c(1, 'node', fooSelector)],
      criticalPaths: [
        [
          ['zone1', 0],
          ['zone2', 1],
        ],
        [
          ['node-b', 0],
          ['node-x', 1],
        ],
      ],
      matchNum: [
        { zone1: 0, zone2: 1 },
        { 'node-b': 0, 'node-x': 1 },
      ],
    },
  },
  {
    name: 'two node inclusion Constraints, zone: ignore/ignore, node: honor/honor',
    pod: makePod('p', {
      labels: labels('foo'),
      nodeSelector: { foo: '' },
      constraints: [
        spread(1, 'zone', 'DoNotSchedule', fooSelector, undefined, 'Ignore'),
        spread(1, 'node', 'DoNotSchedule', fooSelector, undefined, undefined, 'Honor'),
      ],
    }),
    nodes: [
      makeNode('node-a', { zone: 'zone1', node: 'node-a' }),
      makeNode('node-b', { zone: 'zone1', node: 'node-b', foo: '' }, unschedulableTaints),
      makeNode('node-x', { zone: 'zone2', node: 'node-x', foo: '' }),
      makeNode('node-y', { zone: 'zone2', node: 'node-y', foo: '' }),
    ],
    existingPods: podsOn({ 'node-a': 2, 'node-x': 2, 'node-y': 1 }),
    want: {
      constraints: [c(1, 'zone', fooSelector, { nodeAffinityPolicy: 'Ignore' }), c(1, 'node', fooSelector, { nodeTaintsPolicy: 'Honor' })],
      criticalPaths: [
        [
          ['zone1', 2],
          ['zone2', 3],
        ],
        [
          ['node-y', 1],
          ['node-x', 2],
        ],
      ],
      matchNum: [
        { zone1: 2, zone2: 3 },
        { 'node-x': 2, 'node-y': 1 },
      ],
    },
  },
  // 'matchLabelKeys ignored when feature gate disabled' is left out: MatchLabelKeysInPodTopologySpread
  // is on (beta, default true since 1.27), and with it the merged selector `foo, bar=""` counts other pods.
  {
    name: "matchLabelKeys ANDed with LabelSelector when LabelSelector isn't empty",
    pod: makePod('p', {
      labels: { foo: '', bar: 'a' },
      constraints: [spread(1, 'zone', 'DoNotSchedule', fooSelector, undefined, undefined, undefined, ['bar'])],
    }),
    nodes: fourNodes(),
    existingPods: [
      makePod('p-a1', { node: 'node-a', labels: labels('foo') }),
      makePod('p-a2', { node: 'node-a', labels: { foo: '', bar: 'a' } }),
      makePod('p-b1', { node: 'node-b', labels: labels('foo') }),
      makePod('p-y1', { node: 'node-y', labels: { foo: '', bar: 'a' } }),
      makePod('p-y2', { node: 'node-y', labels: labels('bar') }),
    ],
    want: {
      constraints: [c(1, 'zone', { matchLabels: { bar: 'a' }, matchExpressions: [{ key: 'foo', operator: 'Exists' }] })],
      criticalPaths: [
        [
          ['zone2', 1],
          ['zone1', 1],
        ],
      ],
      matchNum: [{ zone1: 1, zone2: 1 }],
    },
  },
  {
    name: 'matchLabelKeys ANDed with LabelSelector when LabelSelector is empty',
    pod: makePod('p', { labels: { foo: 'a' }, constraints: [spread(1, 'zone', 'DoNotSchedule', {}, undefined, undefined, undefined, ['foo'])] }),
    nodes: fourNodes(),
    existingPods: matchLabelKeysPods,
    want: {
      constraints: [c(1, 'zone', { matchLabels: { foo: 'a' } })],
      criticalPaths: [
        [
          ['zone2', 2],
          ['zone1', 3],
        ],
      ],
      matchNum: [{ zone1: 3, zone2: 2 }],
    },
  },
  {
    name: 'key in matchLabelKeys is ignored when LabelSelector is nil when feature gate enabled',
    pod: makePod('p', { labels: labels('foo'), constraints: [spread(1, 'zone', 'DoNotSchedule', null, undefined, undefined, undefined, ['bar'])] }),
    nodes: fourNodes(),
    existingPods: matchLabelKeysPods,
    want: {
      constraints: [c(1, 'zone', null)],
      criticalPaths: [
        [
          ['zone2', 0],
          ['zone1', 0],
        ],
      ],
      matchNum: [{ zone1: 0, zone2: 0 }],
    },
  },
  {
    // Upstream runs this with MatchLabelKeys off; on, the pod has no `bar` label to merge, so the same.
    name: 'no pod is matched when LabelSelector is nil when feature gate disabled',
    pod: makePod('p', { labels: labels('foo'), constraints: [spread(1, 'zone', 'DoNotSchedule', null, undefined, undefined, undefined, ['bar'])] }),
    nodes: fourNodes(),
    existingPods: matchLabelKeysPods,
    want: {
      constraints: [c(1, 'zone', null)],
      criticalPaths: [
        [
          ['zone2', 0],
          ['zone1', 0],
        ],
      ],
      matchNum: [{ zone1: 0, zone2: 0 }],
    },
  },
  {
    name: "key in matchLabelKeys is ignored when it isn't exist in pod.labels",
    pod: makePod('p', { labels: labels('foo'), constraints: [spread(1, 'zone', 'DoNotSchedule', fooSelector, undefined, undefined, undefined, ['bar'])] }),
    nodes: fourNodes(),
    existingPods: matchLabelKeysPods,
    want: {
      constraints: [c(1, 'zone', fooSelector)],
      criticalPaths: [
        [
          ['zone2', 2],
          ['zone1', 3],
        ],
      ],
      matchNum: [{ zone1: 3, zone2: 2 }],
    },
  },
  {
    name: 'two spreadConstraints with the same topologyKey',
    pod: makePod('p', {
      labels: labels('foo', 'bar'),
      constraints: [spread(1, 'zone', 'DoNotSchedule', fooSelector), spread(1, 'zone', 'DoNotSchedule', barSelector)],
    }),
    nodes: fourNodes(),
    existingPods: [
      makePod('p-a1', { node: 'node-a', labels: labels('foo', 'bar') }),
      makePod('p-b1', { node: 'node-b', labels: labels('foo') }),
      makePod('p-x1', { node: 'node-x', labels: labels('bar') }),
      makePod('p-y1', { node: 'node-y', labels: labels('foo', 'bar') }),
      makePod('p-y2', { node: 'node-y', labels: labels('bar') }),
    ],
    want: {
      constraints: [c(1, 'zone', fooSelector), c(1, 'zone', barSelector)],
      criticalPaths: [
        [
          ['zone2', 1],
          ['zone1', 2],
        ],
        [
          ['zone1', 1],
          ['zone2', 3],
        ],
      ],
      matchNum: [
        { zone1: 2, zone2: 1 },
        { zone1: 1, zone2: 3 },
      ],
    },
  },
  {
    name: 'skip if not specified',
    pod: makePod('p', { labels: labels('foo') }),
    nodes: [makeNode('node-a', { zone: 'zone1', node: 'node-a' })],
    want: 'skip',
  },
];

describe("topologySpreadPreFilter: Kubernetes' TestPreFilterState", () => {
  it.each(cases)('$name', ({ pod, nodes = [], existingPods = [], options = listDefaulting, want }) => {
    const snapshot = snapshotOf(nodes, existingPods);
    const outcome = topologySpreadPreFilter(pod, snapshot, options);
    // The same state from a holder's counts, made from the sets of pods alike and kept per domain.
    const index = podLabelIndexOf(snapshot);
    expect(
      topologySpreadPreFilter(
        pod,
        snapshot,
        options,
        cachedPodCounter(snapshot, () => index),
      ),
    ).toEqual(outcome);
    if (want === 'skip') {
      expect(outcome.kind).toBe('skip');
      return;
    }
    if (outcome.kind !== 'run') throw new Error(`expected run, got ${outcome.kind}`);
    expect(summary(outcome.state)).toEqual(expected(want));
  });
});

describe('topologySpreadPreFilter: what upstream leaves to validation', () => {
  it('rejects a pod whose DoNotSchedule selector does not parse, with the error as the reason', () => {
    const pod = makePod('p', { constraints: [spread(1, 'zone', 'DoNotSchedule', { matchExpressions: [{ key: 'foo', operator: 'Like', values: ['a'] }] })] });
    const outcome = topologySpreadPreFilter(pod, snapshotOf(fourNodes(), []));
    expect(outcome.kind).toBe('reject');
    if (outcome.kind !== 'reject') return;
    expect(outcome.status.reasons).toEqual([
      `get constraints from pod: obtaining pod's hard topology spread constraints: "Like" is not a valid label selector operator`,
    ]);
  });

  it('names each constraint by its place in the pod, skipped ScheduleAnyway ones included', () => {
    const pod = makePod('p', { constraints: [spread(1, 'zone', 'ScheduleAnyway', fooSelector), spread(1, 'node', 'DoNotSchedule', fooSelector)] });
    const outcome = topologySpreadPreFilter(pod, snapshotOf(fourNodes(), []));
    if (outcome.kind !== 'run') throw new Error('expected run');
    expect(outcome.state.constraints.map((k) => k.field)).toEqual(['spec.topologySpreadConstraints[1]']);
  });

  it('the default profile (system defaults) has no DoNotSchedule constraint: a pod without its own skips', () => {
    const pod = makePod('p', { labels: labels('foo'), owner: { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs1' } });
    expect(topologySpreadPreFilter(pod, snapshotOf(fourNodes(), [])).kind).toBe('skip');
  });

  it('counts through the counter it is given instead of the pods', () => {
    const pod = makePod('p', { labels: labels('foo'), constraints: [spread(1, 'zone', 'DoNotSchedule', fooSelector)] });
    const outcome = topologySpreadPreFilter(pod, snapshotOf(fourNodes(), []), {}, (node) => (node.metadata.name === 'node-a' ? 4 : 1));
    if (outcome.kind !== 'run') throw new Error('expected run');
    expect(Object.fromEntries(outcome.state.matchNumByDomain[0] ?? [])).toEqual({ zone1: 5, zone2: 2 });
  });
});
