import { describe, expect, it } from 'vitest';
import type { Node, Pod } from '@taintgate/domain';
import { snapshotOf } from '../../../../../libs/domain/src/scheduling/framework/scheduling-snapshot';
import { PlacementReasonCodes } from '../../../../../libs/domain/src/scheduling/placement-reasons';
import { TopologySpreadReasons, topologySpreadFilter, topologySpreadPreFilter } from '../../../../../libs/domain/src/scheduling/topology-spread/spread-filter';
import { barSelector, fooSelector, fourNodes, labels, makeNode, makePod, podsOn, spread, unschedulableTaints } from './spread-fixtures';

/**
 * Kubernetes' TestSingleConstraint and TestMultipleConstraints (podtopologyspread/filtering_test.go):
 * PreFilter then Filter on every node, the status code per node. As upstream notes, only this
 * plugin runs: a node NodeAffinity or TaintToleration would reject still passes here.
 */

type Code = 'Success' | 'Unschedulable' | 'UnschedulableAndUnresolvable';

interface Case {
  name: string;
  pod: Pod;
  nodes: Node[];
  existingPods?: Pod[];
  want: Record<string, Code>;
}

function codes(pod: Pod, nodes: Node[], existingPods: Pod[]): Record<string, Code> {
  const snapshot = snapshotOf(nodes, existingPods);
  const outcome = topologySpreadPreFilter(pod, snapshot);
  if (outcome.kind !== 'run') throw new Error(`expected PreFilter to run, got ${outcome.kind}`);
  return Object.fromEntries(nodes.map((n) => [n.metadata.name, topologySpreadFilter(outcome.state, pod, n, snapshot)?.code ?? 'Success']));
}

const S = 'Success';
const U = 'Unschedulable';
const UU = 'UnschedulableAndUnresolvable';

const fooZone = (maxSkew = 1) => spread(maxSkew, 'zone', 'DoNotSchedule', fooSelector);
const fooNode = (maxSkew = 1) => spread(maxSkew, 'node', 'DoNotSchedule', fooSelector);
const fooNodesAbxy = [
  makeNode('node-a', { node: 'node-a', foo: '' }),
  makeNode('node-b', { node: 'node-b', foo: '' }),
  makeNode('node-x', { node: 'node-x', foo: '' }),
  makeNode('node-y', { node: 'node-y' }),
];
const threeNodes = [makeNode('node-a', { node: 'node-a' }), makeNode('node-b', { node: 'node-b' }), makeNode('node-c', { node: 'node-c' })];

const singleConstraint: Case[] = [
  {
    name: 'no existing pods',
    pod: makePod('p', { labels: labels('foo'), constraints: [fooZone()] }),
    nodes: fourNodes(),
    want: { 'node-a': S, 'node-b': S, 'node-x': S, 'node-y': S },
  },
  {
    name: "no existing pods, incoming pod doesn't match itself",
    pod: makePod('p', { labels: labels('foo'), constraints: [spread(1, 'zone', 'DoNotSchedule', barSelector)] }),
    nodes: fourNodes(),
    want: { 'node-a': S, 'node-b': S, 'node-x': S, 'node-y': S },
  },
  {
    name: 'existing pods in a different namespace do not count',
    pod: makePod('p', { labels: labels('foo'), constraints: [fooZone()] }),
    nodes: fourNodes(),
    existingPods: [
      makePod('p-a1', { namespace: 'ns1', node: 'node-a', labels: labels('foo') }),
      makePod('p-b1', { namespace: 'ns2', node: 'node-a', labels: labels('foo') }),
      makePod('p-x1', { node: 'node-x', labels: labels('foo') }),
      makePod('p-y1', { node: 'node-y', labels: labels('foo') }),
    ],
    want: { 'node-a': S, 'node-b': S, 'node-x': U, 'node-y': U },
  },
  {
    name: 'existing pods do not match null selector',
    pod: makePod('p', { labels: labels('foo'), constraints: [spread(1, 'zone', 'DoNotSchedule', null)] }),
    nodes: fourNodes(),
    existingPods: podsOn({ 'node-x': 1, 'node-y': 1 }),
    want: { 'node-a': S, 'node-b': S, 'node-x': S, 'node-y': S },
  },
  {
    name: 'pods spread across zones as 3/3, all nodes fit',
    pod: makePod('p', { labels: labels('foo'), constraints: [fooZone()] }),
    nodes: fourNodes(),
    existingPods: podsOn({ 'node-a': 2, 'node-b': 1, 'node-y': 3 }),
    want: { 'node-a': S, 'node-b': S, 'node-x': S, 'node-y': S },
  },
  {
    name: "pods spread across zones as 1/2 due to absence of label 'zone' on node-b",
    pod: makePod('p', { labels: labels('foo'), constraints: [fooZone()] }),
    nodes: [
      makeNode('node-a', { zone: 'zone1', node: 'node-a' }),
      makeNode('node-b', { zon: 'zone1', node: 'node-b' }),
      makeNode('node-x', { zone: 'zone2', node: 'node-x' }),
      makeNode('node-y', { zone: 'zone2', node: 'node-y' }),
    ],
    existingPods: podsOn({ 'node-a': 1, 'node-b': 1, 'node-x': 1, 'node-y': 1 }),
    want: { 'node-a': S, 'node-b': UU, 'node-x': U, 'node-y': U },
  },
  {
    name: "pod cannot be scheduled as all nodes don't have label 'rack'",
    pod: makePod('p', { labels: labels('foo'), constraints: [spread(1, 'rack', 'DoNotSchedule', fooSelector)] }),
    nodes: [makeNode('node-a', { zone: 'zone1', node: 'node-a' }), makeNode('node-x', { zone: 'zone2', node: 'node-x' })],
    want: { 'node-a': UU, 'node-x': UU },
  },
  {
    name: 'pods spread across nodes as 2/1/0/3, only node-x fits',
    pod: makePod('p', { labels: labels('foo'), constraints: [fooNode()] }),
    nodes: fourNodes(),
    existingPods: podsOn({ 'node-a': 2, 'node-b': 1, 'node-y': 3 }),
    want: { 'node-a': U, 'node-b': U, 'node-x': S, 'node-y': U },
  },
  {
    name: 'pods spread across nodes as 2/1/0/3, maxSkew is 2, node-b and node-x fit',
    pod: makePod('p', { labels: labels('foo'), constraints: [fooNode(2)] }),
    nodes: fourNodes(),
    existingPods: podsOn({ 'node-a': 2, 'node-b': 1, 'node-y': 3 }),
    want: { 'node-a': U, 'node-b': S, 'node-x': S, 'node-y': U },
  },
  {
    // Not a desired case, but it can happen: the pod does not match its own selector.
    name: "pods spread across nodes as 2/1/0/3, but pod doesn't match itself",
    pod: makePod('p', { labels: labels('bar'), constraints: [fooNode()] }),
    nodes: fourNodes(),
    existingPods: podsOn({ 'node-a': 2, 'node-b': 1, 'node-y': 3 }),
    want: { 'node-a': U, 'node-b': S, 'node-x': S, 'node-y': U },
  },
  {
    // Only node-a and node-y are counted (2/~1~/~0~/3); node-b and node-x would fail NodeAffinity.
    name: 'incoming pod has nodeAffinity, pods spread as 2/~1~/~0~/3, hence node-a fits',
    pod: makePod('p', { labels: labels('foo'), nodeAffinity: { key: 'node', operator: 'In', values: ['node-a', 'node-y'] }, constraints: [fooNode()] }),
    nodes: fourNodes(),
    existingPods: podsOn({ 'node-a': 2, 'node-b': 1, 'node-y': 3 }),
    want: { 'node-a': S, 'node-b': S, 'node-x': S, 'node-y': U },
  },
  {
    name: 'terminating Pods should be excluded',
    pod: makePod('p', { labels: labels('foo'), constraints: [fooNode()] }),
    nodes: [makeNode('node-a', { node: 'node-a' }), makeNode('node-b', { node: 'node-b' })],
    existingPods: [makePod('p-a', { node: 'node-a', labels: labels('foo'), terminating: true }), makePod('p-b', { node: 'node-b', labels: labels('foo') })],
    want: { 'node-a': S, 'node-b': U },
  },
  {
    name: 'incoming pod has nodeAffinity, pods spread as 0/~2~/0/1, hence node-a fits',
    pod: makePod('p', { labels: labels('foo'), nodeAffinity: { key: 'node', operator: 'NotIn', values: ['node-b'] }, constraints: [fooZone()] }),
    nodes: fourNodes(),
    existingPods: podsOn({ 'node-b': 2, 'node-y': 1 }),
    want: { 'node-a': S, 'node-b': S, 'node-x': U, 'node-y': U },
  },
  {
    name: 'pods spread across nodes as 2/2/1, maxSkew is 2, and the number of domains < minDomains, then the third node fits',
    pod: makePod('p', { labels: labels('foo'), constraints: [spread(2, 'node', 'DoNotSchedule', fooSelector, 4)] }),
    nodes: threeNodes,
    existingPods: podsOn({ 'node-a': 2, 'node-b': 2, 'node-c': 1 }),
    want: { 'node-a': U, 'node-b': U, 'node-c': S },
  },
  {
    name: 'pods spread across nodes as 2/2/1, maxSkew is 2, and the number of domains > minDomains, then the all nodes fit',
    pod: makePod('p', { labels: labels('foo'), constraints: [spread(2, 'node', 'DoNotSchedule', fooSelector, 2)] }),
    nodes: threeNodes,
    existingPods: podsOn({ 'node-a': 2, 'node-b': 2, 'node-c': 1 }),
    want: { 'node-a': S, 'node-b': S, 'node-c': S },
  },
  {
    name: 'pods spread across zone as 2/1, maxSkew is 2 and the number of domains < minDomains, then the third and fourth nodes fit',
    pod: makePod('p', { labels: labels('foo'), constraints: [spread(2, 'zone', 'DoNotSchedule', fooSelector, 3)] }),
    nodes: fourNodes(),
    existingPods: podsOn({ 'node-a': 1, 'node-b': 1, 'node-y': 1 }),
    want: { 'node-a': U, 'node-b': U, 'node-x': S, 'node-y': S },
  },
  {
    name: 'pods spread across zone as 2/1, maxSkew is 2 and the number of domains > minDomains, then the all nodes fit',
    pod: makePod('p', { labels: labels('foo'), constraints: [spread(2, 'zone', 'DoNotSchedule', fooSelector, 1)] }),
    nodes: fourNodes(),
    existingPods: podsOn({ 'node-a': 1, 'node-b': 1, 'node-y': 1 }),
    want: { 'node-a': S, 'node-b': S, 'node-x': S, 'node-y': S },
  },
  {
    // Pods spread across nodes as 1/1/0/~0~; node-y would fail NodeAffinity.
    name: 'NodeAffinityPolicy honored with labelSelectors',
    pod: makePod('p', { labels: labels('foo'), nodeSelector: { foo: '' }, constraints: [fooNode()] }),
    nodes: fooNodesAbxy,
    existingPods: podsOn({ 'node-a': 1, 'node-b': 1, 'node-y': 1 }),
    want: { 'node-a': U, 'node-b': U, 'node-x': S, 'node-y': S },
  },
  {
    // Pods spread across nodes as 1/1/0/~1~.
    name: 'NodeAffinityPolicy ignored with labelSelectors',
    pod: makePod('p', {
      labels: labels('foo'),
      nodeSelector: { foo: '' },
      constraints: [spread(1, 'node', 'DoNotSchedule', fooSelector, undefined, 'Ignore')],
    }),
    nodes: fooNodesAbxy,
    existingPods: podsOn({ 'node-a': 1, 'node-b': 1, 'node-y': 1 }),
    want: { 'node-a': U, 'node-b': U, 'node-x': S, 'node-y': U },
  },
  {
    name: 'NodeAffinityPolicy honored with nodeAffinity',
    pod: makePod('p', { labels: labels('foo'), nodeAffinity: { key: 'foo', operator: 'In', values: [''] }, constraints: [fooNode()] }),
    nodes: fooNodesAbxy,
    existingPods: podsOn({ 'node-a': 1, 'node-b': 1, 'node-y': 1 }),
    want: { 'node-a': U, 'node-b': U, 'node-x': S, 'node-y': S },
  },
  {
    // Upstream names this one "NodeAffinityPolicy ignored with labelSelectors" too; it uses nodeAffinity.
    name: 'NodeAffinityPolicy ignored with labelSelectors (nodeAffinity)',
    pod: makePod('p', {
      labels: labels('foo'),
      nodeAffinity: { key: 'foo', operator: 'In', values: [''] },
      constraints: [spread(1, 'node', 'DoNotSchedule', fooSelector, undefined, 'Ignore')],
    }),
    nodes: fooNodesAbxy,
    existingPods: podsOn({ 'node-a': 1, 'node-b': 1, 'node-y': 1 }),
    want: { 'node-a': U, 'node-b': U, 'node-x': S, 'node-y': U },
  },
  {
    // Pods spread across nodes as 1/1/0/~0~; node-y would fail TaintToleration.
    name: 'NodeTaintsPolicy honored',
    pod: makePod('p', { labels: labels('foo'), constraints: [spread(1, 'node', 'DoNotSchedule', fooSelector, undefined, undefined, 'Honor')] }),
    nodes: [...fooNodesAbxy.slice(0, 3), makeNode('node-y', { node: 'node-y' }, unschedulableTaints)],
    existingPods: podsOn({ 'node-a': 1, 'node-b': 1, 'node-y': 1 }),
    want: { 'node-a': U, 'node-b': U, 'node-x': S, 'node-y': S },
  },
  {
    name: 'NodeTaintsPolicy ignored',
    pod: makePod('p', { labels: labels('foo'), constraints: [fooNode()] }),
    nodes: [...fooNodesAbxy.slice(0, 3), makeNode('node-y', { node: 'node-y' }, unschedulableTaints)],
    existingPods: podsOn({ 'node-a': 1, 'node-b': 1, 'node-y': 1 }),
    want: { 'node-a': U, 'node-b': U, 'node-x': S, 'node-y': U },
  },
];

const zoneNodeFoo = [fooZone(), fooNode()];
const zoneFooNodeBar = [fooZone(), spread(1, 'node', 'DoNotSchedule', barSelector)];
const fooZoneNodes = (taintY: boolean, fooOnB: boolean): Node[] => [
  makeNode('node-a', { zone: 'zone1', node: 'node-a', foo: '' }),
  makeNode('node-b', { zone: 'zone1', node: 'node-b', ...(fooOnB ? { foo: '' } : {}) }),
  makeNode('node-x', { zone: 'zone2', node: 'node-x', foo: '' }),
  makeNode('node-y', { zone: 'zone2', node: 'node-y', ...(taintY ? { foo: '' } : {}) }, taintY ? unschedulableTaints : undefined),
];

const multipleConstraints: Case[] = [
  {
    // zone: any zone; node: node-x; together: node-x.
    name: 'two Constraints on zone and node, spreads = [3/3, 2/1/0/3]',
    pod: makePod('p', { labels: labels('foo'), constraints: zoneNodeFoo }),
    nodes: fourNodes(),
    existingPods: podsOn({ 'node-a': 2, 'node-b': 1, 'node-y': 3 }),
    want: { 'node-a': U, 'node-b': U, 'node-x': S, 'node-y': U },
  },
  {
    // zone: zone1; node: node-x; together: no node.
    name: 'two Constraints on zone and node, spreads = [3/4, 2/1/0/4]',
    pod: makePod('p', { labels: labels('foo'), constraints: zoneNodeFoo }),
    nodes: fourNodes(),
    existingPods: podsOn({ 'node-a': 2, 'node-b': 1, 'node-y': 4 }),
    want: { 'node-a': U, 'node-b': U, 'node-x': U, 'node-y': U },
  },
  {
    name: 'Constraints hold different labelSelectors, spreads = [1/0, 1/0/0/1]',
    pod: makePod('p', { labels: labels('foo', 'bar'), constraints: zoneFooNodeBar }),
    nodes: fourNodes(),
    existingPods: [makePod('p-a1', { node: 'node-a', labels: labels('foo') }), makePod('p-y1', { node: 'node-y', labels: labels('bar') })],
    want: { 'node-a': U, 'node-b': U, 'node-x': S, 'node-y': U },
  },
  {
    name: 'Constraints hold different labelSelectors, spreads = [1/0, 0/0/1/1]',
    pod: makePod('p', { labels: labels('foo', 'bar'), constraints: zoneFooNodeBar }),
    nodes: fourNodes(),
    existingPods: [
      makePod('p-a1', { node: 'node-a', labels: labels('foo') }),
      makePod('p-x1', { node: 'node-x', labels: labels('bar') }),
      makePod('p-y1', { node: 'node-y', labels: labels('bar') }),
    ],
    want: { 'node-a': U, 'node-b': U, 'node-x': U, 'node-y': U },
  },
  {
    name: 'Constraints hold different labelSelectors, spreads = [2/3, 1/0/0/1]',
    pod: makePod('p', { labels: labels('foo', 'bar'), constraints: zoneFooNodeBar }),
    nodes: fourNodes(),
    existingPods: [
      makePod('p-a1', { node: 'node-a', labels: labels('foo') }),
      makePod('p-a2', { node: 'node-a', labels: labels('foo', 'bar') }),
      makePod('p-y1', { node: 'node-y', labels: labels('foo') }),
      makePod('p-y2', { node: 'node-y', labels: labels('foo', 'bar') }),
      makePod('p-y3', { node: 'node-y', labels: labels('foo') }),
    ],
    want: { 'node-a': U, 'node-b': S, 'node-x': U, 'node-y': U },
  },
  {
    name: "Constraints hold different labelSelectors but pod doesn't match itself on 'zone' constraint",
    pod: makePod('p', { labels: labels('bar'), constraints: zoneFooNodeBar }),
    nodes: fourNodes(),
    existingPods: [
      makePod('p-a1', { node: 'node-a', labels: labels('foo') }),
      makePod('p-x1', { node: 'node-x', labels: labels('bar') }),
      makePod('p-y1', { node: 'node-y', labels: labels('bar') }),
    ],
    want: { 'node-a': S, 'node-b': S, 'node-x': U, 'node-y': U },
  },
  {
    name: "two Constraints on zone and node, absence of label 'node' on node-x, spreads = [1/1, 1/0/0/1]",
    pod: makePod('p', { labels: labels('foo'), constraints: zoneNodeFoo }),
    nodes: [
      makeNode('node-a', { zone: 'zone1', node: 'node-a' }),
      makeNode('node-b', { zone: 'zone1', node: 'node-b' }),
      makeNode('node-x', { zone: 'zone2' }),
      makeNode('node-y', { zone: 'zone2', node: 'node-y' }),
    ],
    existingPods: [makePod('p-a1', { node: 'node-a', labels: labels('foo') }), makePod('p-y3', { node: 'node-y', labels: labels('foo') })],
    want: { 'node-a': U, 'node-b': S, 'node-x': UU, 'node-y': U },
  },
  {
    // zone: 2/~0~; node: 1/1/0/~1~; together: node-x.
    name: 'two node inclusion Constraints, zone: honor/ignore, node: ignore/ignore',
    pod: makePod('p', {
      labels: labels('foo'),
      nodeSelector: { foo: '' },
      constraints: [fooZone(), spread(1, 'node', 'DoNotSchedule', fooSelector, undefined, 'Ignore')],
    }),
    nodes: [
      makeNode('node-a', { zone: 'zone1', node: 'node-a', foo: '' }),
      makeNode('node-b', { zone: 'zone1', node: 'node-b', foo: '' }),
      makeNode('node-x', { zone: 'zone2', node: 'node-x', foo: '' }),
      makeNode('node-y', { zone: 'zone2', node: 'node-y' }),
    ],
    existingPods: podsOn({ 'node-a': 1, 'node-b': 1, 'node-y': 1 }),
    want: { 'node-a': U, 'node-b': U, 'node-x': S, 'node-y': U },
  },
  {
    // zone: 2/0; node: 1/1/0/~1~; together: node-x.
    name: 'two node inclusion Constraints, zone: honor/honor, node: honor/ignore',
    pod: makePod('p', { labels: labels('foo'), constraints: [spread(1, 'zone', 'DoNotSchedule', fooSelector, undefined, undefined, 'Honor'), fooNode()] }),
    nodes: [
      makeNode('node-a', { zone: 'zone1', node: 'node-a', foo: '' }),
      makeNode('node-b', { zone: 'zone1', node: 'node-b', foo: '' }),
      makeNode('node-x', { zone: 'zone2', node: 'node-x', foo: '' }),
      makeNode('node-y', { zone: 'zone2', node: 'node-y' }, unschedulableTaints),
    ],
    existingPods: podsOn({ 'node-a': 1, 'node-b': 1, 'node-y': 1 }),
    want: { 'node-a': U, 'node-b': U, 'node-x': S, 'node-y': U },
  },
  {
    // zone: 1/~1~; node: 1/0/0/~1~; together: node-b and node-x.
    name: 'two node inclusion Constraints, zone: honor/ignore, node: honor/ignore',
    pod: makePod('p', { labels: labels('foo'), nodeSelector: { foo: '' }, constraints: zoneNodeFoo }),
    nodes: fooZoneNodes(true, false),
    existingPods: podsOn({ 'node-a': 1, 'node-b': 1, 'node-y': 1 }),
    want: { 'node-a': U, 'node-b': S, 'node-x': S, 'node-y': U },
  },
  {
    // zone: 1/0; node: 1/~1~/0/~1~; together: node-x.
    name: 'two node inclusion Constraints, zone: honor/honor, node: ignore/ignore',
    pod: makePod('p', {
      labels: labels('foo'),
      nodeSelector: { foo: '' },
      constraints: [
        spread(1, 'zone', 'DoNotSchedule', fooSelector, undefined, undefined, 'Honor'),
        spread(1, 'node', 'DoNotSchedule', fooSelector, undefined, 'Ignore'),
      ],
    }),
    nodes: fooZoneNodes(true, false),
    existingPods: podsOn({ 'node-a': 1, 'node-b': 1, 'node-y': 1 }),
    want: { 'node-a': U, 'node-b': U, 'node-x': S, 'node-y': U },
  },
  {
    // First zone constraint: zone2; second: any zone; together: node-x and node-y.
    name: 'two Constraints on zone, spreads = [3/3, 2/1]',
    pod: makePod('p', { labels: labels('foo', 'bar'), constraints: [spread(1, 'zone', 'DoNotSchedule', barSelector), fooZone()] }),
    nodes: fourNodes(),
    existingPods: [
      makePod('p-a1', { node: 'node-a', labels: labels('foo', 'bar') }),
      makePod('p-a2', { node: 'node-a', labels: labels('foo') }),
      makePod('p-b1', { node: 'node-b', labels: labels('foo', 'bar') }),
      makePod('p-y1', { node: 'node-y', labels: labels('foo') }),
      makePod('p-y2', { node: 'node-y', labels: labels('foo', 'bar') }),
      makePod('p-y3', { node: 'node-y', labels: labels('foo') }),
    ],
    want: { 'node-a': U, 'node-b': U, 'node-x': S, 'node-y': S },
  },
  {
    // First zone constraint: zone2; second: zone1; together: no node.
    name: 'two Constraints on zone, spreads = [3/4, 2/1]',
    pod: makePod('p', { labels: labels('foo', 'bar'), constraints: [spread(1, 'zone', 'DoNotSchedule', barSelector), fooZone()] }),
    nodes: fourNodes(),
    existingPods: [
      makePod('p-a1', { node: 'node-a', labels: labels('foo', 'bar') }),
      makePod('p-a2', { node: 'node-a', labels: labels('foo') }),
      makePod('p-b1', { node: 'node-b', labels: labels('foo', 'bar') }),
      makePod('p-y1', { node: 'node-y', labels: labels('foo') }),
      makePod('p-y2', { node: 'node-y', labels: labels('foo', 'bar') }),
      makePod('p-y3', { node: 'node-y', labels: labels('foo') }),
      makePod('p-y4', { node: 'node-y', labels: labels('foo') }),
    ],
    want: { 'node-a': U, 'node-b': U, 'node-x': U, 'node-y': U },
  },
];

describe("topologySpreadFilter: Kubernetes' TestSingleConstraint", () => {
  it.each(singleConstraint)('$name', ({ pod, nodes, existingPods = [], want }) => {
    expect(codes(pod, nodes, existingPods)).toEqual(want);
  });
});

describe("topologySpreadFilter: Kubernetes' TestMultipleConstraints", () => {
  it.each(multipleConstraints)('$name', ({ pod, nodes, existingPods = [], want }) => {
    expect(codes(pod, nodes, existingPods)).toEqual(want);
  });
});

describe("topologySpreadFilter: kube-scheduler's reasons, and details that name the constraint and the domain", () => {
  it('a skew past maxSkew: Unschedulable, ErrReasonConstraintsNotMatch, the counts in the detail', () => {
    const pod = makePod('p', { labels: labels('foo'), constraints: [fooZone(), fooNode()] });
    const nodes = fourNodes();
    const snapshot = snapshotOf(nodes, podsOn({ 'node-a': 2, 'node-b': 1, 'node-y': 3 }));
    const outcome = topologySpreadPreFilter(pod, snapshot);
    if (outcome.kind !== 'run') throw new Error('expected run');
    expect(topologySpreadFilter(outcome.state, pod, nodes[0] as Node, snapshot)).toEqual({
      code: 'Unschedulable',
      plugin: 'PodTopologySpread',
      reasons: ["node(s) didn't match pod topology spread constraints"],
      details: [
        {
          code: PlacementReasonCodes.topologySpreadMismatch,
          field: 'spec.topologySpreadConstraints[1]',
          message:
            'spec.topologySpreadConstraints[1] (topologyKey node, maxSkew 1, selector foo): node=node-a would hold 3 matching pod(s) ' +
            '(the pod itself included) against a global minimum of 0: skew 3 > maxSkew 1',
        },
      ],
    });
  });

  it('a missing topology key: UnschedulableAndUnresolvable, ErrReasonNodeLabelNotMatch', () => {
    const pod = makePod('p', { labels: labels('foo'), constraints: [spread(1, 'rack', 'DoNotSchedule', fooSelector)] });
    const nodes = fourNodes();
    const snapshot = snapshotOf(nodes, []);
    const outcome = topologySpreadPreFilter(pod, snapshot);
    if (outcome.kind !== 'run') throw new Error('expected run');
    const status = topologySpreadFilter(outcome.state, pod, nodes[0] as Node, snapshot);
    expect(status?.code).toBe('UnschedulableAndUnresolvable');
    expect(status?.reasons).toEqual([TopologySpreadReasons.nodeLabelNotMatch]);
    expect(TopologySpreadReasons.nodeLabelNotMatch).toBe("node(s) didn't match pod topology spread constraints (missing required label)");
    expect(status?.details).toEqual([
      {
        code: PlacementReasonCodes.topologyLabelMissing,
        field: 'spec.topologySpreadConstraints[0]',
        message: 'node has no label rack, the topology key of spec.topologySpreadConstraints[0] (topologyKey rack, maxSkew 1, selector foo)',
      },
    ]);
  });

  it('fewer domains than minDomains: the detail says the global minimum was taken as 0', () => {
    const pod = makePod('p', { labels: labels('foo'), constraints: [spread(2, 'node', 'DoNotSchedule', fooSelector, 4)] });
    const snapshot = snapshotOf(threeNodes, podsOn({ 'node-a': 2, 'node-b': 2, 'node-c': 1 }));
    const outcome = topologySpreadPreFilter(pod, snapshot);
    if (outcome.kind !== 'run') throw new Error('expected run');
    expect(topologySpreadFilter(outcome.state, pod, threeNodes[0] as Node, snapshot)?.details[0]?.message).toBe(
      'spec.topologySpreadConstraints[0] (topologyKey node, maxSkew 2, selector foo): node=node-a would hold 3 matching pod(s) ' +
        '(the pod itself included) against a global minimum of 0 (3 eligible domain(s), fewer than minDomains 4): skew 3 > maxSkew 2',
    );
  });
});
