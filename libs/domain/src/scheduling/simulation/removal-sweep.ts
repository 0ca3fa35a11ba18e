import { type SweepCluster, listedCluster } from './listed-cluster';
import { type PlacementOptions, defaultPlacementOptions } from '../placement';
import { type DrainPlan, type DrainRequest, drainDecisions, drainPlan, planOf, replacementsOf } from './drain-plan';
import { TogetherPlacer } from './place-together';
import { simulatedClusterState } from './simulated-cluster-state';

export type { SweepCluster } from './listed-cluster';

/**
 * "Which nodes can I remove?" for every node asked: each node's removal as `GET
 * /v1/nodes/{name}/removal` answers it (its drain plan alone: no --force, its pods' replacements
 * placed together on the cluster without it), then the nodes ranked, the easiest to remove first.
 * Each node is judged against the cluster as it is, not after the ones before it were removed: the
 * sweep ranks candidates, and removing two of them is a drain plan of both.
 */

/** One node's removal, as the sweep keeps it. */
export interface NodeRemovalRank {
  readonly node: string;
  /** Every replacement fits elsewhere and nothing blocks the drain. */
  readonly removable: boolean;
  readonly verdict: DrainPlan['verdict'];
  readonly counts: DrainPlan['counts'];
  /** Why it is not removable, in kubectl's and kube-scheduler's words: the drain's error, each blocked pod's, each stranded replacement's line (the first few). */
  readonly reasons: readonly string[];
}

/** Reasons a rank keeps at most: enough to say why, not every stranded pod of a full node. */
const REASONS_KEPT = 5;

/** The node's rank from its drain plan. */
function removalRankOf(node: string, plan: DrainPlan): NodeRemovalRank {
  const reasons = [
    ...plan.undrained.map((u) => u.message),
    ...plan.blocked.map((b) => `${b.pod.namespace}/${b.pod.name}: ${b.message}`),
    ...plan.stranded.map((s) => `${s.pod.namespace}/${s.pod.name}: ${s.summary ?? 'not placed'}`),
  ];
  return { node, removable: plan.verdict === 'AllFit', verdict: plan.verdict, counts: plan.counts, reasons: reasons.slice(0, REASONS_KEPT) };
}

const verdictOrder: Record<DrainPlan['verdict'], number> = { AllFit: 0, SomeStranded: 1, Blocked: 2 };

/**
 * The easiest to remove first: removable nodes before the others, then by verdict (stranded
 * replacements before a blocked drain), then the fewest pods to block, strand and move, then by name.
 */
export function rankRemovals(ranks: readonly NodeRemovalRank[]): NodeRemovalRank[] {
  return [...ranks].sort(
    (a, b) =>
      verdictOrder[a.verdict] - verdictOrder[b.verdict] ||
      a.counts.blocked - b.counts.blocked ||
      a.counts.stranded - b.counts.stranded ||
      a.counts.evicted - b.counts.evicted ||
      (a.node < b.node ? -1 : a.node > b.node ? 1 : 0),
  );
}

/**
 * Every node of `nodes` judged for removal over the cluster, in the order given, each as its own
 * drain plan (drainPlan of that node alone answers the same; the property tests hold the two equal);
 * `progress` is told after each node how many are done. Unranked: rankRemovals ranks the whole
 * sweep's. One simulation serves every node: the node is cordoned and its evicted pods taken off,
 * their replacements placed together, then all of it undone before the next node; each kind of pod
 * keeps its ranking of the nodes from node to node (kept-scores.ts), so a node costs its own pods'
 * turns, not a simulation made again.
 */
export function sweepRemovals(
  cluster: SweepCluster,
  nodes: readonly string[],
  now: number,
  options: PlacementOptions = defaultPlacementOptions,
  progress?: (done: number) => void,
): NodeRemovalRank[] {
  return sweepDrainPlans(cluster, nodes, now, options, progress).map((plan, k) => removalRankOf(nodes[k] as string, plan));
}

/** Each node's drain plan (no --force, placed together), as sweepRemovals judges it. */
export function sweepDrainPlans(
  cluster: SweepCluster,
  nodes: readonly string[],
  now: number,
  options: PlacementOptions = defaultPlacementOptions,
  progress?: (done: number) => void,
): DrainPlan[] {
  const { boundTo, simulated } = listedCluster(cluster);
  const budgets = cluster.podDisruptionBudgets ?? [];
  const state = simulatedClusterState({ ...simulated, nodes: cluster.nodes, podDisruptionBudgets: budgets });
  const placer = new TogetherPlacer(state, options);
  const nodeNamed = new Map(cluster.nodes.map((node) => [node.metadata.name, node]));
  return nodes.map((name, done) => {
    const request = { nodes: [name], force: false, mode: 'together' as const, now };
    const decisions = drainDecisions((node) => boundTo.get(node) ?? [], budgets, request);
    const node = nodeNamed.get(name);
    if (!node) throw new Error(`sweepRemovals: the cluster holds no node ${name}`);
    // kubectl cordons the node, then evicts: the pods that hold room on it leave it.
    state.setNode({ ...node, spec: { ...node.spec, unschedulable: true } });
    const held = new Set(state.context.snapshot.podsOn(name));
    const taken = decisions.leaving.filter(({ pod }) => held.has(pod)).map(({ pod }) => ({ pod, ordinal: state.unbind(pod, name) }));
    const { simulation, bound } = placer.place(replacementsOf(decisions, now), true);
    // Undone, the last first: the replacements taken off, the pods back where they were, the node uncordoned.
    for (const { pod, node: on } of bound.reverse()) state.unbind(pod, on);
    for (const { pod, ordinal } of taken) state.rebind(pod, name, ordinal);
    state.setNode(node);
    progress?.(done + 1);
    return planOf(request, decisions, simulation);
  });
}

/**
 * drainPlan over a cluster given as lists (SweepCluster: what a worker thread is handed), made
 * into what a holder keeps first; the same plan as drainPlan over the same nodes and pods.
 */
export function drainPlanOfLists(cluster: SweepCluster, request: DrainRequest, options: PlacementOptions = defaultPlacementOptions): DrainPlan {
  const { boundTo, simulated } = listedCluster(cluster);
  return drainPlan(
    { ...simulated, nodes: cluster.nodes, podsBoundTo: (name) => boundTo.get(name) ?? [], podDisruptionBudgets: cluster.podDisruptionBudgets ?? [] },
    request,
    options,
  );
}
