import { describe, expect, it } from 'vitest';
import {
  type Node,
  type PlacementCapacity,
  type Pod,
  impactSummary,
  nodeClassesOf,
  nodeRoomsOf,
  placePodGrouped,
  placementNodesGrouped,
  taintImpact,
  usageByNode,
  usageLookup,
} from '@taintgate/domain';
import { makeNodes, makePods, random } from '../../../../../bench/cluster-fixture';
import { impactJson, impactSummaryAnswer } from '../../../../../apps/api/src/features/impact/impact-answers';
import {
  placementAnswer,
  placementJson,
  placementNodesAnswer,
  placementNodesJsonBySchema,
} from '../../../../../apps/api/src/features/placement/placement-answers';

/**
 * The default answers stay small at 10,000 nodes, whatever the pod: the summary's text, serialized
 * as the routes send it, is at most 100 KB (docs/contract.md, "The two answers"). Not timed.
 */

const LIMIT = 100 * 1024;
const NODES = 10_000;

/** Nodes of a few sizes, each with a share of the pods, so that shortages differ from node to node. */
function sizedCluster(): { nodes: Node[]; capacity: PlacementCapacity; pods: Pod[] } {
  const rand = random(7);
  const nodes = makeNodes(NODES).map((node, i) => ({
    ...node,
    status: { allocatable: { cpu: ['4', '8', '16'][i % 3] as string, memory: ['16Gi', '32Gi'][i % 2] as string, pods: '110' } },
  }));
  const pods = makePods(3 * NODES, nodes, 0.01).map((pod) => ({
    ...pod,
    spec: { ...pod.spec, containers: [{ name: 'c', resources: { requests: { cpu: `${1 + Math.floor(rand() * 4)}`, memory: '4Gi' } } }] },
  }));
  const usage = usageByNode(pods);
  return { nodes, pods, capacity: { usageOf: (name) => usage.get(name) } };
}

const asking = (spec: Pod['spec']): Pod => ({ metadata: { name: 'asked', namespace: 'default' }, spec });

describe('the summary view of a 10,000-node cluster', () => {
  const { nodes, pods, capacity } = sizedCluster();
  const classes = nodeClassesOf(nodes);

  it.each<[string, Pod]>([
    ['a pod tolerating nothing', asking({ containers: [{ name: 'c', resources: { requests: { cpu: '6' } } }] })],
    [
      'a pod no node takes (every node infeasible, by many reasons)',
      asking({ nodeSelector: { zone: 'none' }, containers: [{ name: 'c', resources: { requests: { cpu: '12', memory: '30Gi' } } }] }),
    ],
    ['a pod tolerating everything', asking({ tolerations: [{ operator: 'Exists' }] })],
    [
      "a DaemonSet's pod, naming its node (every other node misses it by name)",
      asking({
        affinity: {
          nodeAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: {
              nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node-42'] }] }],
            },
          },
        },
      }),
    ],
  ])('%s: at most 100 KB, under a twentieth of the every-node answer', (_, pod) => {
    const placement = placePodGrouped(pod, classes, undefined, capacity);
    const text = placementJson(placementAnswer(placement, { name: 'summary', top: 10 }, {}, 1n));
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(LIMIT);
    const answer = JSON.parse(text.toString()) as { nodeCount: number; feasibleCount: number; infeasibleGroups: { count: number }[] };
    expect(answer.nodeCount).toBe(NODES);
    expect(answer.feasibleCount + answer.infeasibleGroups.reduce((sum, g) => sum + g.count, 0)).toBe(NODES);
    // Every node with its reasons, for comparison: megabytes.
    const everyNode = placementJson(placementAnswer(placement, { name: 'nodes', chunking: { limit: NODES, start: '' } }, {}, 1n));
    expect(Buffer.byteLength(everyNode)).toBeGreaterThan(20 * Buffer.byteLength(text));
  });

  it.each<[string, Pod]>([
    ['short nodes of their own amounts', asking({ containers: [{ name: 'c', resources: { requests: { cpu: '6' } } }] })],
    ['many reasons', asking({ nodeSelector: { zone: 'none' }, containers: [{ name: 'c', resources: { requests: { cpu: '12', memory: '30Gi' } } }] })],
    ['feasible nodes ranked', asking({ tolerations: [{ operator: 'Exists' }] })],
  ])('the nodes view written from shared fragments is the text its schema writes: %s', (_, pod) => {
    const rooms = nodeRoomsOf(nodes, capacity.usageOf);
    const page = placementNodesGrouped(pod, classes, undefined, { ...capacity, rooms }, { limit: 2_500, start: '' }, 9n);
    const answer = placementNodesAnswer(page, { rescheduled: true }, 9n);
    expect(JSON.parse(placementJson(answer).toString())).toEqual(JSON.parse(placementNodesJsonBySchema(answer)));
  });

  it('the nodes view written as bytes keeps names that need escaping or are not ASCII, and any score or rank', () => {
    const rooms = nodeRoomsOf(nodes, capacity.usageOf);
    const page = placementNodesGrouped(
      asking({ tolerations: [{ operator: 'Exists' }] }),
      classes,
      undefined,
      { ...capacity, rooms },
      { limit: 6, start: '' },
      9n,
    );
    const odd = ['quo"te', 'back\\slash', 'tab\there', 'zoné', '節点-1', 'emoji-\u{1F680}'];
    const scores = [0, null, 100, 7, 1e21, -3];
    const answer = placementNodesAnswer(
      {
        ...page,
        page: {
          ...page.page,
          items: page.page.items.map((node, i) => ({
            ...node,
            name: odd[i] as string,
            score: scores[i] as number | null,
            rank: scores[5 - i] as number | null,
          })),
        },
      },
      {},
      9n,
    );
    expect(JSON.parse(placementJson(answer).toString())).toEqual(JSON.parse(placementNodesJsonBySchema(answer)));
  });

  it('taint impact over every node: counts and a timeline, far under 100 KB', () => {
    const names = new Set(nodes.map((n) => n.metadata.name));
    const now = Date.parse('2026-11-23T12:00:00Z');
    const impact = taintImpact({ key: 'drain', effect: 'NoExecute' }, nodes, pods, names, now, undefined, undefined, { usageOf: usageLookup(pods) });
    const text = impactJson(impactSummaryAnswer(impactSummary(impact, now), new Date(now).toISOString()));
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(LIMIT);
    expect(JSON.parse(text)).toMatchObject({ nodeCount: NODES, counts: { unaffected: expect.any(Number) } });
  });
});
