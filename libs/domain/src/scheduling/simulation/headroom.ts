import { podResourceRequest, type PodResourceRequest } from '../../resources/pod-requests';
import type { Node, NodeSelectorTerm, Pod } from '../../types';
import { podHasPodAffinity } from '../inter-pod-affinity/affinity-term';
import { bucketsFor, placementSummaryGrouped } from '../grouped-summary';
import { groupedContext } from '../grouped-placement';
import { nodeCapacity } from '../node-resources-fit';
import { emptyNodeUsage } from '../node-usage';
import { type PlacementOptions, defaultPlacementOptions } from '../placement';
import { type SimulatedCluster, type SimulatedClusterState, simulatedClusterState } from './simulated-cluster-state';
import { replacementOf } from './evicted-placement';

/**
 * How many more copies of a pod fit, placed one after another as kube-scheduler would place them
 * (cluster-capacity's question: it clones the pod and schedules the clones until one fits nowhere
 * or a limit is reached): the total, per pool, per node with what stops the next copy there, and
 * kube-scheduler's line for the copy that fits nowhere.
 *
 * Two ways to the same answer. When what decides whether a copy fits a node is that node alone (its
 * taints, labels, size and the pods on it, as for a pod with no pod affinity of its own, no spread
 * constraint that filters, no host ports and no volumes), which nodes take the copies does not
 * depend on the order they come in: each node takes copies until it is full, and the count per
 * node is worked out from its room (`filled`), whatever `max` is. Then the copies' room is taken, and
 * the line for the next one must say that no node takes it: if it does not, the answer is placed one
 * by one instead. Any other pod is placed one copy after another (`placed`), at most `max` of them.
 */

export interface HeadroomRequest {
  /** The pod copied: not bound (its nodeName is cleared), admitted as on create by the caller. */
  readonly pod: Pod;
  /** Only these nodes take copies (every node when absent): as if each copy's node affinity named them. */
  readonly nodes?: readonly string[];
  /**
   * At most this many copies are placed one by one. A pod whose copies are counted node by node
   * (`filled`) is counted whole whatever this is: that count costs the same for any number of copies.
   */
  readonly max: number;
}

interface NodeHeadroom {
  readonly name: string;
  readonly count: number;
  /** What stops one more copy on the node (`cpu`, `pods`, `nvidia.com/gpu`, ...); null when it would still take one (the count stopped at `max`). */
  readonly bindingResource: string | null;
}

export interface Headroom {
  /** How many copies fit. */
  readonly total: number;
  /** False when `max` copies were placed one by one and more might fit. */
  readonly complete: boolean;
  /** `filled` (each node's count from its room) or `placed` (one copy after another). */
  readonly method: 'filled' | 'placed';
  /** The label the pools are told apart by (GKE's, Karpenter's, EKS's, AKS's node pool, else the instance type); null when no node has one. */
  readonly poolLabel: string | null;
  /** Per pool (the label's value; null for nodes without it), the copies it takes, largest first. */
  readonly groups: readonly { readonly pool: string | null; readonly count: number }[];
  /** The nodes that take copies, by name. */
  readonly nodes: readonly NodeHeadroom[];
  /** kube-scheduler's line for the copy that fits nowhere; null when `max` was reached first. */
  readonly failReason: string | null;
}

/** The node pool labels of the managed offerings, in the order looked for, then the instance type. */
const POOL_LABELS = [
  'cloud.google.com/gke-nodepool',
  'karpenter.sh/nodepool',
  'eks.amazonaws.com/nodegroup',
  'kubernetes.azure.com/agentpool',
  'agentpool',
  'node.kubernetes.io/instance-type',
] as const;

const hasOwn = (labels: Record<string, string> | undefined, key: string) => labels !== undefined && Object.prototype.hasOwnProperty.call(labels, key);

/** The first pool label some node carries. */
function poolLabelOf(nodes: readonly Node[]): string | null {
  return POOL_LABELS.find((key) => nodes.some((node) => hasOwn(node.metadata.labels, key))) ?? null;
}

/** The copy as the pod's template: a replacement (replacementOf) with a name of its own (cluster-capacity numbers its clones) and no uid, kept to the nodes asked. */
function copyOf(pod: Pod, i: number, nodes: readonly string[] | undefined): Pod {
  const replacement = replacementOf(pod);
  const { uid: _uid, ...metadata } = replacement.metadata;
  return {
    ...replacement,
    metadata: { ...metadata, name: `${pod.metadata.name}-copy-${i}` },
    spec: nodes ? keptTo(replacement.spec ?? {}, nodes) : replacement.spec,
  };
}

/**
 * The spec with every required node affinity term also requiring one of `names`: copies go to those
 * nodes only. A field requirement on metadata.name holds one value (ValidateNodeFieldSelectorRequirement),
 * so each term becomes one term per name (terms are ORed); a pod with none gets one per name.
 */
function keptTo(spec: NonNullable<Pod['spec']>, names: readonly string[]): NonNullable<Pod['spec']> {
  const required = spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  // Inline pods come from raw JSON: the terms may be missing, as node-affinity.ts reads them.
  const sent = required?.nodeSelectorTerms;
  const given: NodeSelectorTerm[] = sent?.length ? sent : [{}];
  const terms = given.flatMap((term) =>
    names.map((name) => ({ ...term, matchFields: [...(term.matchFields ?? []), { key: 'metadata.name', operator: 'In', values: [name] }] })),
  );
  const nodeAffinity = { ...spec.affinity?.nodeAffinity, requiredDuringSchedulingIgnoredDuringExecution: { ...required, nodeSelectorTerms: terms } };
  return { ...spec, affinity: { ...spec.affinity, nodeAffinity } };
}

/**
 * Whether a copy's fit on a node depends on that node alone: no pod affinity of its own (its terms
 * would read the copies placed elsewhere in the domain), no spread constraint that filters
 * (DoNotSchedule), no host ports (NodePorts reads the node's pods, but then at most one a node) and
 * no volumes (the volume filters read claims the copies share).
 */
function fitsNodeByNode(pod: Pod): boolean {
  const spec = pod.spec ?? {};
  if (podHasPodAffinity(pod)) return false;
  if ((spec.topologySpreadConstraints ?? []).some((c) => c.whenUnsatisfiable !== 'ScheduleAnyway')) return false;
  if ((spec.volumes ?? []).length > 0) return false;
  const containers = [...(spec.containers ?? []), ...(spec.initContainers ?? [])];
  return !containers.some((c) => (c.ports ?? []).some((port) => port.hostPort !== undefined && port.hostPort !== 0));
}

/** How many copies of `request` the node's room takes (NodeResourcesFit's fitsRequest, k times over); Infinity for a node of unknown size. */
function copiesFitting(node: Node, request: PodResourceRequest, state: SimulatedClusterState): number {
  const capacity = nodeCapacity(node);
  if (!capacity.limited) return Infinity;
  const { allocatable } = capacity;
  const usage = state.capacity.usageOf(node.metadata.name) ?? emptyNodeUsage;
  let most = allocatable.pods - BigInt(usage.pods);
  const within = (asked: bigint, free: bigint) => {
    if (asked > 0n) most = [most, free < 0n ? 0n : free / asked].reduce((a, b) => (b < a ? b : a));
  };
  within(request.milliCPU, allocatable.milliCPU - usage.requested.milliCPU);
  within(request.memory, allocatable.memory - usage.requested.memory);
  within(request.ephemeralStorage, allocatable.ephemeralStorage - usage.requested.ephemeralStorage);
  for (const [name, asked] of request.scalar) within(asked, (allocatable.scalar.get(name) ?? 0n) - (usage.requested.scalar.get(name) ?? 0n));
  return most < 0n ? 0 : Number(most);
}

/** What stops one more copy on the node: the first resource fitsRequest finds short (pods first), or null. */
function bindingResourceOf(node: Node, request: PodResourceRequest, state: SimulatedClusterState): string | null {
  const capacity = nodeCapacity(node);
  if (!capacity.limited) return null;
  const { allocatable } = capacity;
  const usage = state.capacity.usageOf(node.metadata.name) ?? emptyNodeUsage;
  if (BigInt(usage.pods) + 1n > allocatable.pods) return 'pods';
  const short = (asked: bigint, total: bigint, used: bigint) => asked > 0n && asked > total - used;
  if (short(request.milliCPU, allocatable.milliCPU, usage.requested.milliCPU)) return 'cpu';
  if (short(request.memory, allocatable.memory, usage.requested.memory)) return 'memory';
  if (short(request.ephemeralStorage, allocatable.ephemeralStorage, usage.requested.ephemeralStorage)) return 'ephemeral-storage';
  for (const [name, asked] of request.scalar) {
    if (short(asked, allocatable.scalar.get(name) ?? 0n, usage.requested.scalar.get(name) ?? 0n)) return name;
  }
  return null;
}

export function headroom(cluster: SimulatedCluster, request: HeadroomRequest, options: PlacementOptions = defaultPlacementOptions): Headroom {
  const template = copyOf(request.pod, 0, request.nodes);
  const filled = fitsNodeByNode(template) ? fill(cluster, request, options) : undefined;
  return filled ?? placeOneByOne(cluster, request, options);
}

type Counts = Map<string, number>;

/** Each node filled to its room, then checked: undefined when the answer must be placed one by one (a node of unknown size, or the check fails). */
function fill(cluster: SimulatedCluster, request: HeadroomRequest, options: PlacementOptions): Headroom | undefined {
  const state = simulatedClusterState(cluster);
  const first = copyOf(request.pod, 0, request.nodes);
  // Where the first copy fits, the others fit until the node is full.
  const feasible = feasibleNodes(first, state, options);
  if (!feasible) return undefined;
  const copyRequest = podResourceRequest(first);
  const counts: Counts = new Map();
  let total = 0;
  for (const node of feasible) {
    const count = copiesFitting(node, copyRequest, state);
    if (count === Infinity) return undefined;
    if (count > 0) counts.set(node.metadata.name, count);
    total += count;
  }
  // The copies' room taken on each node (their labels and ports read by no filter of such a pod).
  for (const [name, count] of counts) state.occupy(name, copyRequest, count);
  const next = placementSummaryGrouped(copyOf(request.pod, total, request.nodes), state.classes, options, state.capacity, 0, state.context);
  // The check: a copy more fits nowhere (else the counts were not each node's alone).
  if (next.feasibleCount > 0) return undefined;
  return answer(cluster, state, first, counts, next.summary, 'filled');
}

/** The nodes the copy fits now, in name order, from the buckets of its placement; undefined when it is placed node by node. */
function feasibleNodes(copy: Pod, state: SimulatedClusterState, options: PlacementOptions): Node[] | undefined {
  const grouped = groupedContext(copy, state.classes, state.context);
  const placed = bucketsFor(copy, state.classes, grouped, options, state.capacity, 0, true);
  const bucketAt = placed?.bucketAt;
  if (!placed || !bucketAt) return undefined;
  const feasible = placed.buckets.map(placed.feasible);
  const nodes = state.context.snapshot.nodes;
  const fitting: Node[] = [];
  for (let i = 0; i < bucketAt.length; i++) if (feasible[bucketAt[i] as number]) fitting.push(nodes[i] as Node);
  return fitting;
}

const boundTo = (pod: Pod, node: string): Pod => ({ ...pod, spec: { ...pod.spec, nodeName: node }, status: { phase: 'Running' } });

/** One copy after another on the node kube-scheduler would choose, until one fits nowhere or `max` are placed: the reference `filled` is held to. */
export function placeOneByOne(cluster: SimulatedCluster, request: HeadroomRequest, options: PlacementOptions): Headroom {
  const state = simulatedClusterState(cluster);
  const counts: Counts = new Map();
  let failReason: string | null = null;
  for (let i = 0; i < request.max; i++) {
    const copy = copyOf(request.pod, i, request.nodes);
    const placed = placementSummaryGrouped(copy, state.classes, options, state.capacity, 1, state.context);
    const node = placed.feasibleNodes[0]?.name;
    if (!node) {
      failReason = placed.summary;
      break;
    }
    state.bind(boundTo(copy, node), node);
    counts.set(node, (counts.get(node) ?? 0) + 1);
  }
  return answer(cluster, state, copyOf(request.pod, 0, request.nodes), counts, failReason, 'placed');
}

function answer(
  cluster: SimulatedCluster,
  state: SimulatedClusterState,
  copy: Pod,
  counts: Counts,
  failReason: string | null,
  method: Headroom['method'],
): Headroom {
  const request = podResourceRequest(copy);
  const nodeOf = new Map(state.context.snapshot.nodes.map((node) => [node.metadata.name, node]));
  const nodes = [...counts]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, count]) => ({ name, count, bindingResource: bindingResourceOf(nodeOf.get(name) as Node, request, state) }));
  const poolLabel = poolLabelOf(cluster.nodes);
  const byPool = new Map<string | null, number>();
  for (const { name, count } of nodes) {
    const labels = nodeOf.get(name)?.metadata.labels;
    const pool = poolLabel !== null && hasOwn(labels, poolLabel) ? (labels?.[poolLabel] as string) : null;
    byPool.set(pool, (byPool.get(pool) ?? 0) + count);
  }
  const byName = (a: string | null, b: string | null) => ((a ?? '') < (b ?? '') ? -1 : (a ?? '') > (b ?? '') ? 1 : 0);
  const groups = [...byPool].map(([pool, count]) => ({ pool, count })).sort((a, b) => b.count - a.count || byName(a.pool, b.pool));
  const total = nodes.reduce((sum, n) => sum + n.count, 0);
  return { total, complete: failReason !== null, method, poolLabel, groups, nodes, failReason };
}
