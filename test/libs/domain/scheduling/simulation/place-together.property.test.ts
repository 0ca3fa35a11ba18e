import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Pod } from '../../../../../libs/domain/src/types';
import { podResourceRequest } from '../../../../../libs/domain/src/resources/pod-requests';
import { nodeCapacity } from '../../../../../libs/domain/src/scheduling/node-resources-fit';
import { simulatePlacement } from '../../../../../libs/domain/src/scheduling/simulation/place-together';
import { requestingPod } from '../../support/arbitraries';
import { placementOptions as options, runningPods, sizedCluster } from '../../support/placement-clusters';

/**
 * Pods placed together never take more than a node holds; one pod placed together is placed as
 * alone: random clusters of up to 12 nodes (some without a size: unlimited), pods running on them,
 * and up to 8 pending pods of random requests, tolerations and selectors.
 */

const pending = fc
  .array(requestingPod, { maxLength: 8 })
  .map((pods) => pods.map((p, i): Pod => ({ ...p, metadata: { ...p.metadata, name: `p${i}` }, spec: { ...p.spec, nodeName: undefined } })));

describe('simulatePlacement, together', () => {
  it('never places more on a node than its allocatable holds (cpu, memory, pods), the running pods counted', () => {
    fc.assert(
      fc.property(sizedCluster, runningPods, pending, options, (nodes, running, pods, o) => {
        const simulation = simulatePlacement(
          { nodes, pods: running },
          pods.map((pod, i) => ({ pod, queuedAt: i })),
          'together',
          o,
        );
        const byName = new Map(pods.map((p) => [p.metadata.name, p]));
        for (const node of nodes) {
          const capacity = nodeCapacity(node);
          if (!capacity.limited) continue;
          const name = node.metadata.name;
          const added = simulation.placements.filter((p) => p.node === name).map((p) => byName.get(p.pod.name) as Pod);
          const already = running.filter((p) => p.spec?.nodeName === name);
          // Only what the placements added must fit; pods already running may exceed it (they were
          // imported so). NodeResourcesFit checks a resource for a pod that requests it, so the total
          // of a resource some added pod requests fits (usage only grows after that pod's turn).
          if (added.length === 0) continue;
          const all = [...already, ...added].map(podResourceRequest);
          const asked = added.map(podResourceRequest);
          const total = (of: (r: (typeof all)[number]) => bigint) => all.reduce((sum, r) => sum + of(r), 0n);
          if (asked.some((r) => r.milliCPU > 0n)) expect(total((r) => r.milliCPU) <= capacity.allocatable.milliCPU).toBe(true);
          if (asked.some((r) => r.memory > 0n)) expect(total((r) => r.memory) <= capacity.allocatable.memory).toBe(true);
          expect(BigInt(all.length) <= capacity.allocatable.pods).toBe(true);
        }
        expect(simulation.placed + simulation.stranded).toBe(pods.length);
      }),
      { numRuns: 500 },
    );
  });

  it('places one pod as alone does', () => {
    fc.assert(
      fc.property(sizedCluster, runningPods, pending, options, (nodes, running, pods, o) => {
        for (const pod of pods.slice(0, 1)) {
          const one = [{ pod, queuedAt: 0 }];
          expect(simulatePlacement({ nodes, pods: running }, one, 'together', o).placements).toEqual(
            simulatePlacement({ nodes, pods: running }, one, 'alone', o).placements,
          );
        }
      }),
      { numRuns: 300 },
    );
  });
});
