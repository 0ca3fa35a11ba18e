import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Node, type Pod, type PlacementOptions, indexedContext, placePod, snapshotOf, usageByNode } from '@taintgate/domain';
import { simulatePlacement } from '../../../../../libs/domain/src/scheduling/simulation/place-together';
import { placementOptions as options } from '../../support/placement-clusters';
import { interPodCluster, interPodIncoming, interPodRunning } from '../../support/inter-pod-clusters';
import { alikeWorkloadReplicas, withImages, workloadReplicas } from '../../support/workload-replicas';

/**
 * The simulator keeps its cluster as pods are bound (rooms, the indexes of pods by labels and by
 * pod affinity, the spread counts, each made on first asking and then added to) and places each pod
 * by buckets of nodes. The reference makes everything again at every turn from plain lists and
 * places each pod node by node (placePod over a new snapshot and usage): the same nodes, in the same
 * order, with the same lines. Random clusters with zone and hostname labels, running pods of two
 * workloads with anti-affinity of their own, and up to 6 pending pods with spread constraints and
 * pod affinity of every kind (several of one workload, so that each turn reads what the ones before
 * it were bound to).
 */

/** simulatePlacement's `together` as it was first written: every turn over a cluster made again. */
function placedByRebuilding(nodes: readonly Node[], running: readonly Pod[], pending: readonly Pod[], o: PlacementOptions): (string | null)[][] {
  const bound = [...running];
  const held = [...nodes].sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1));
  return pending.map((pod) => {
    const usage = usageByNode(bound);
    const placement = placePod(pod, held, o, { usageOf: (name) => usage.get(name) }, { snapshot: snapshotOf(held, bound) });
    const best = placement.nodes[0];
    const node = best?.feasible ? best.name : null;
    if (node) bound.push({ ...pod, spec: { ...pod.spec, nodeName: node } });
    return [pod.metadata.name, node, placement.summary, String(node && placement.bestTied ? placement.bestTied : '')];
  });
}

/** The pods queued in the order given. */
const queuedInTurn = (pods: readonly Pod[]) => pods.map((pod, i) => ({ pod, queuedAt: i }));

/** What a simulation says of each pod, as the references say it: its name, node, line and ties. */
const lines = (simulation: ReturnType<typeof simulatePlacement>) => simulation.placements.map((p) => [p.pod.name, p.node, p.summary, String(p.bestTied ?? '')]);

/** Each pod as placePod answers it over the cluster as it is, none bound. */
function placedAlone(nodes: readonly Node[], running: readonly Pod[], pending: readonly Pod[], o: PlacementOptions): (string | null)[][] {
  const held = [...nodes].sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1));
  const usage = usageByNode(running);
  return pending.map((pod) => {
    const placement = placePod(pod, held, o, { usageOf: (name) => usage.get(name) }, { snapshot: snapshotOf(held, running) });
    const best = placement.nodes[0];
    const node = best?.feasible ? best.name : null;
    return [pod.metadata.name, node, placement.summary, String(node && placement.bestTied ? placement.bestTied : '')];
  });
}

/** Replicas of up to two pods (a drain moves a workload's replicas one after another), named in queue order, none bound. */
const pending = fc
  .tuple(fc.array(interPodIncoming, { minLength: 1, maxLength: 2 }), fc.array(fc.nat(1), { minLength: 1, maxLength: 6 }))
  .map(([templates, picks]) =>
    picks.map((pick, i): Pod => {
      const p = templates[pick % templates.length] as Pod;
      return { ...p, metadata: { ...p.metadata, name: `p${i}` }, spec: { ...p.spec, nodeName: undefined, priority: 0 } };
    }),
  );

describe('simulatePlacement, together: the kept cluster answers as one made again at every turn', () => {
  it('the same node, line and ties for every pod, in turn', () => {
    fc.assert(
      fc.property(interPodCluster, interPodRunning, pending, options, (nodes, running, pods, o) => {
        const queued = queuedInTurn(pods);
        const simulation = simulatePlacement({ nodes, pods: running }, queued, 'together', o);
        expect(lines(simulation)).toEqual(placedByRebuilding(nodes, running, pods, o));
        // The same with the holder's usage given rather than summed again.
        const held = usageByNode(running);
        const usageOf = (name: string) => held.get(name);
        const withHeld = simulatePlacement({ nodes, pods: running, usageOf }, queued, 'together', o);
        expect(withHeld.placements).toEqual(simulation.placements);
        // And from the holder's lists and indexes (made for the revision, then forked), with some of its pods taken off first.
        const taken = running.filter((_, i) => i % 3 === 1);
        const kept = running.filter((_, i) => i % 3 !== 1);
        const context = indexedContext(snapshotOf(nodes, running));
        const holder = { podsOn: context.snapshot.podsOn, podLabels: () => context.indexes?.podLabels, affinityPods: () => context.indexes?.affinityPods };
        const forked = simulatePlacement({ nodes, pods: [], usageOf, held: holder, removed: taken }, queued, 'together', o);
        expect(forked.placements).toEqual(simulatePlacement({ nodes, pods: kept }, queued, 'together', o).placements);
        // The holder's indexes are as they were: a second fork answers alike.
        expect(simulatePlacement({ nodes, pods: [], usageOf, held: holder, removed: taken }, queued, 'together', o).placements).toEqual(forked.placements);
      }),
      { numRuns: 400 },
    );
  }, 120_000);

  it('alone: every pod as placePod answers it over the cluster as it is, replicas alike answered once', () => {
    fc.assert(
      fc.property(interPodCluster, interPodRunning, pending, options, (nodes, running, pods, o) => {
        expect(lines(simulatePlacement({ nodes, pods: running }, queuedInTurn(pods), 'alone', o))).toEqual(placedAlone(nodes, running, pods, o));
      }),
      { numRuns: 200 },
    );
  }, 120_000);

  it('alone, replicas of workloads ranked from kept groups, alike but their names or not: as placePod answers each', () => {
    fc.assert(
      fc.property(withImages, interPodRunning, fc.oneof(workloadReplicas, alikeWorkloadReplicas), options, (nodes, running, pods, o) => {
        expect(lines(simulatePlacement({ nodes, pods: running }, queuedInTurn(pods), 'alone', o))).toEqual(placedAlone(nodes, running, pods, o));
      }),
      { numRuns: 300 },
    );
  }, 120_000);

  it('together, replicas of a few workloads ranked from kept groups (by class, or one replica a node), the others placed the usual way: as a cluster made again at every turn', () => {
    fc.assert(
      fc.property(withImages, interPodRunning, workloadReplicas, options, (nodes, running, pods, o) => {
        expect(lines(simulatePlacement({ nodes, pods: running }, queuedInTurn(pods), 'together', o))).toEqual(placedByRebuilding(nodes, running, pods, o));
      }),
      { numRuns: 400 },
    );
  }, 120_000);

  it('together, replicas of workloads alike but their names (one ranking shared, each reading its own matching pods): as a cluster made again at every turn', () => {
    fc.assert(
      fc.property(withImages, interPodRunning, alikeWorkloadReplicas, options, (nodes, running, pods, o) => {
        expect(lines(simulatePlacement({ nodes, pods: running }, queuedInTurn(pods), 'together', o))).toEqual(placedByRebuilding(nodes, running, pods, o));
      }),
      { numRuns: 400 },
    );
  }, 120_000);
});
