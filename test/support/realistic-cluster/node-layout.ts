import { day, hour, minute } from './clock';
import { cluster, machineTypes, type MachineType } from './gke';
import { between, hex, instanceSuffix, nameSuffix, randomStream, type Random } from './random';

/** The node pools: GKE's own, and one Karpenter NodePool whose nodes Karpenter's GCP provider launches. */
export type PoolKind = 'system' | 'general' | 'gpuA100' | 'gpuL4' | 'spot' | 'sandbox' | 'karpenter';

/**
 * What is special about a node. notReady: the kubelet stopped posting status 140 s ago (both
 * unreachable taints). cordoned: `kubectl cordon`. disrupted: Karpenter is consolidating it away
 * (disrupted taint, deletionTimestamp, draining). unregistered: launched 25 s ago, Karpenter has
 * not yet removed its startup taint.
 */
type NodeRole = 'ready' | 'notReady' | 'cordoned' | 'disrupted' | 'unregistered';

interface PoolSpec {
  readonly kind: PoolKind;
  /** cloud.google.com/gke-nodepool, or the Karpenter NodePool's name. */
  readonly name: string;
  /** Share of the nodes (out of 20: the default cluster has exactly these counts). */
  readonly weight: number;
  /** Fewest nodes: enough for the special nodes the pool carries. */
  readonly minimum: number;
}

const pools: readonly PoolSpec[] = [
  // Two at least: the Karpenter controller's replicas repel each other.
  { kind: 'system', name: 'system-pool', weight: 3, minimum: 2 },
  // Its 2nd node is NotReady and its 3rd cordoned, so one healthy node remains at least.
  { kind: 'general', name: 'general-pool', weight: 6, minimum: 3 },
  { kind: 'gpuA100', name: 'gpu-a100-pool', weight: 1, minimum: 1 },
  { kind: 'gpuL4', name: 'gpu-l4-pool', weight: 1, minimum: 1 },
  { kind: 'spot', name: 'spot-pool', weight: 3, minimum: 1 },
  { kind: 'sandbox', name: 'sandbox-pool', weight: 1, minimum: 1 },
  // Its 1st node is being disrupted, its last unregistered.
  { kind: 'karpenter', name: 'default', weight: 5, minimum: 3 },
];

const minimumNodes = pools.reduce((sum, p) => sum + p.minimum, 0);
/** Each node gets a /24 of 10.64.0.0/10 (GKE's pod range for large clusters). */
const maximumNodes = 16_384;

export interface NodePlan {
  /** Position in the plan: the node's number for its uid, its IPs and its randomness. */
  readonly index: number;
  readonly name: string;
  readonly pool: PoolKind;
  readonly poolName: string;
  readonly machine: MachineType;
  readonly zone: string;
  readonly role: NodeRole;
  readonly capacityType: 'on-demand' | 'spot';
  readonly internalIP: string;
  /** The node's pod range; pods on it get .2, .3, ... */
  readonly podCIDR: string;
  readonly createdAgo: number;
  /** Karpenter only: the NodeClaim that owns the node. */
  readonly nodeClaim?: string;
}

/** Nodes per pool: the weights' shares of `total`, largest remainders first, each pool at least its minimum. */
function poolCounts(total: number): number[] {
  const weights = pools.reduce((sum, p) => sum + p.weight, 0);
  const exact = pools.map((p) => (total * p.weight) / weights);
  const counts = exact.map((x, i) => Math.max(pools[i]!.minimum, Math.floor(x)));
  const byRemainder = exact.map((x, i) => ({ i, remainder: x - Math.floor(x) })).sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  let sum = counts.reduce((a, b) => a + b, 0);
  for (let k = 0; sum < total; k++, sum++) counts[byRemainder[k % byRemainder.length]!.i]! += 1;
  while (sum > total) {
    // Minimums pushed the sum over: take from the largest pool that can spare a node.
    const largest = counts.reduce((best, c, i) => (c - pools[i]!.minimum > counts[best]! - pools[best]!.minimum ? i : best), 0);
    counts[largest]! -= 1;
    sum--;
  }
  return counts;
}

function roleOf(pool: PoolKind, ordinal: number, count: number): NodeRole {
  if (pool === 'general' && ordinal === 1) return 'notReady';
  if (pool === 'general' && ordinal === 2) return 'cordoned';
  if (pool === 'karpenter' && ordinal === 0) return 'disrupted';
  if (pool === 'karpenter' && ordinal === count - 1) return 'unregistered';
  return 'ready';
}

function machineOf(pool: PoolKind, ordinal: number): MachineType {
  switch (pool) {
    case 'system':
      return machineTypes.e2Standard4;
    case 'general':
      return machineTypes.n2Standard8;
    case 'gpuA100':
      return machineTypes.a2Highgpu2g;
    case 'gpuL4':
      return machineTypes.g2Standard12;
    case 'spot':
      return machineTypes.e2Standard8;
    case 'sandbox':
      return machineTypes.n2Standard4;
    case 'karpenter':
      // Karpenter picks the cheapest type that fits; two families take turns.
      return ordinal % 2 === 0 ? machineTypes.c3Standard8 : machineTypes.n2Standard8;
  }
}

function createdAgo(random: Random, pool: PoolKind, role: NodeRole): number {
  if (role === 'unregistered') return 25;
  if (role === 'disrupted') return between(random, 3 * day, 6 * day);
  if (pool === 'karpenter') return between(random, hour, 5 * day);
  // Spot VMs are preempted within a day.
  if (pool === 'spot') return between(random, 10 * minute, 20 * hour);
  // Pool nodes were last recreated by an upgrade or an auto-repair.
  return between(random, 2 * day, 30 * day);
}

export function planNodes(total: number, seed: number): NodePlan[] {
  if (!Number.isInteger(total) || total < minimumNodes || total > maximumNodes) {
    throw new RangeError(`a realistic cluster has ${minimumNodes} to ${maximumNodes} nodes (one of each special node, a /24 each), not ${total}`);
  }
  const counts = poolCounts(total);
  const plans: NodePlan[] = [];
  pools.forEach((pool, poolIndex) => {
    const count = counts[poolIndex]!;
    // Each zone's managed instance group has its own hash in the node names.
    const groupHashes = cluster.zones.map((_, zoneIndex) => hex(randomStream(seed, 0x100 + poolIndex * 4 + zoneIndex), 8));
    for (let ordinal = 0; ordinal < count; ordinal++) {
      const index = plans.length;
      const random = randomStream(seed, 0x1000000 + index);
      const zoneIndex = ordinal % cluster.zones.length;
      const role = roleOf(pool.kind, ordinal, count);
      const karpenter = pool.kind === 'karpenter';
      const nodeClaim = karpenter ? `${pool.name}-${nameSuffix(ordinal, seed ^ 0x4b41)}` : undefined;
      const name =
        nodeClaim !== undefined
          ? `karpenter-${nodeClaim}`
          : `gke-${cluster.name}-${pool.name}-${groupHashes[zoneIndex]!}-${instanceSuffix(ordinal, seed + poolIndex * 7919)}`;
      const address = index + 2;
      plans.push({
        index,
        name,
        pool: pool.kind,
        poolName: pool.name,
        machine: machineOf(pool.kind, ordinal),
        zone: cluster.zones[zoneIndex]!,
        role,
        // Karpenter's NodePool allows both; it picks spot for every third node.
        capacityType: pool.kind === 'spot' || (karpenter && ordinal % 3 === 2) ? 'spot' : 'on-demand',
        internalIP: `10.164.${address >> 8}.${address & 255}`,
        podCIDR: `10.${64 + (index >> 8)}.${index & 255}.0/24`,
        createdAgo: createdAgo(random, pool.kind, role),
        ...(nodeClaim !== undefined ? { nodeClaim } : {}),
      });
    }
  });
  return plans;
}
