import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Pod } from '../../../../../libs/domain/src/types';
import { drainPlan } from '../../../../../libs/domain/src/scheduling/simulation/drain-plan';
import { sweepDrainPlans } from '../../../../../libs/domain/src/scheduling/simulation/removal-sweep';
import { placementOptions as options } from '../../support/placement-clusters';
import { interPodIncoming, interPodRunning } from '../../support/inter-pod-clusters';
import { placementNodeNames } from '../../support/placement-clusters';
import { withImages, workloadReplicas } from '../../support/workload-replicas';

/**
 * A removal sweep keeps one simulation for every node (the node cordoned, its pods taken off, their
 * replacements placed, then all of it undone) and each kind of pod's ranking from node to node. The
 * reference is drainPlan of each node alone, over a cluster made for it: the same plan for every
 * node, in any order. Random clusters with zone and hostname labels, running pods of workloads with
 * anti-affinity of their own, and more bound pods with spread constraints and pod affinity of every
 * kind (some bare, which block their node's drain).
 */

const now = Date.parse('2026-11-29T12:00:00Z');

/** Pods bound to nodes drawn for each, named with `prefix`. */
const boundAs = (pods: fc.Arbitrary<Pod[]>, prefix: string) =>
  fc.tuple(pods, fc.array(fc.constantFrom(...placementNodeNames), { minLength: 12, maxLength: 12 })).map(([list, nodes]) =>
    list.map((pod, i): Pod => ({
      ...pod,
      metadata: { ...pod.metadata, name: `${prefix}${i}` },
      spec: { ...pod.spec, nodeName: nodes[i % nodes.length] },
      status: { phase: 'Running' },
    })),
  );
// Replicas of a few workloads across the nodes (the sweep meets a workload on node after node, its
// ranking kept), and single pods of every kind of spread and affinity.
const bound = fc.tuple(boundAs(workloadReplicas, 'w'), boundAs(fc.array(interPodIncoming, { maxLength: 6 }), 'b')).map(([a, b]) => [...a, ...b]);

describe('sweepDrainPlans', () => {
  it("answers each node's drain plan as drainPlan of that node alone does", () => {
    fc.assert(
      fc.property(withImages, interPodRunning, bound, options, fc.boolean(), (nodes, running, more, o, reversed) => {
        const pods = [...running, ...more];
        const names = nodes.map((n) => n.metadata.name);
        const order = reversed ? [...names].reverse() : names;
        const swept = sweepDrainPlans({ nodes, pods }, order, now, o);
        order.forEach((name, k) => {
          const alone = drainPlan({ nodes, pods }, { nodes: [name], force: false, mode: 'together', now }, o);
          expect(swept[k], name).toEqual(alone);
        });
      }),
      { numRuns: 300 },
    );
  }, 120_000);
});
