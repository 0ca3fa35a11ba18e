import { describe, expect, it } from 'vitest';
import type { Node, Pod } from '../../../../../libs/domain/src/types';
import { listedCluster } from '../../../../../libs/domain/src/scheduling/simulation/listed-cluster';
import { drainPlanOfLists } from '../../../../../libs/domain/src/scheduling/simulation/removal-sweep';
import { usageByNode } from '../../../../../libs/domain/src/scheduling/node-usage';

/** listedCluster: a cluster handed over as lists made into what a holder keeps; the holder's per-node usage read when given. */

const node = (name: string, cpu: string): Node => ({
  metadata: { name, labels: { 'kubernetes.io/hostname': name } },
  status: { allocatable: { cpu, memory: '8Gi', pods: '110' } },
});
const pod = (name: string, on: string, cpu: string): Pod => ({
  metadata: { name, namespace: 'default', ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid: 'u', controller: true }] },
  spec: { nodeName: on, containers: [{ name: 'c', image: 'x', resources: { requests: { cpu } } }] },
  status: { phase: 'Running' },
});

describe('listedCluster', () => {
  const nodes = [node('a', '2'), node('b', '2'), node('c', '2')];
  const pods = [pod('p0', 'a', '1'), pod('p1', 'b', '1500m'), pod('p2', 'c', '500m')];
  const request = { nodes: ['a'], force: false, mode: 'together' as const, now: 0 };

  it("with the holder's usage given, the same as summing it from the pods: each node's pods and usage, and the drain plan", () => {
    const usage = [...usageByNode(pods)];
    const given = listedCluster({ nodes, pods, usage });
    const summed = listedCluster({ nodes, pods });
    for (const { metadata } of nodes) {
      expect(given.usage.get(metadata.name)).toEqual(summed.usage.get(metadata.name));
      expect(given.boundTo.get(metadata.name)).toEqual(summed.boundTo.get(metadata.name));
    }
    expect(drainPlanOfLists({ nodes, pods, usage }, request)).toEqual(drainPlanOfLists({ nodes, pods }, request));
    // p0 (1 cpu) leaves a for c, the only node with a whole cpu free.
    expect(drainPlanOfLists({ nodes, pods, usage }, request).evicted.map((e) => e.to)).toEqual(['c']);
  });

  it('reads the usage given rather than summing it: c said full strands the pod', () => {
    const full = [...usageByNode([...pods, pod('filler', 'c', '1500m')])];
    expect(drainPlanOfLists({ nodes, pods, usage: full }, request).counts.stranded).toBe(1);
  });
});
