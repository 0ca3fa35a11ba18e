import type { Node, Pod, PodRef, Taint } from '../types';
import { TaintKeys } from '../well-known';
import { setUnschedulable } from '../nodes/condition-taints';
import { sameTaint } from '../taints/taint';
import type { MatchOptions } from '../tolerations/match';
import { type PlacementOptions, podRef } from '../scheduling/placement';
import { placeEvicted } from '../scheduling/simulation/evicted-placement';
import type { DrainPlan } from '../scheduling/simulation/drain-plan';
import type { SimulatedCluster } from '../scheduling/simulation/simulated-cluster-state';
import type { ScheduledEviction } from './no-execute-plan';
import type { NodeChangeImpact } from './node-change-impact';
import { type ReschedulingQuery, impactOfNewTaints, withTaint } from './taint-impact';

/**
 * A kubectl command over many nodes, judged as one. kubectl sends a write per node (`kubectl taint
 * nodes -l pool=general maintenance=true:NoExecute` lists the pool, then patches each node in turn),
 * and a write judged alone sees the other nodes as they are: its evicted pods would go to the very
 * nodes the next writes taint. The API face knows the writes of one command by the session kubectl
 * names in every request (its Kubectl-Session header) and the nodes the command read (the list, or
 * each node by name); the command is judged as if each of those nodes took the same change as the
 * node being written, the evicted pods' replacements placed together (placeEvicted).
 */

/** What a write adds to a node: its new taints (key, value and effect), and whether it cordons it. */
export interface NodeChange {
  readonly taints: readonly Taint[];
  readonly cordon: boolean;
}

/** The command as the service saw it: kubectl's name for it (`kubectl taint`), and the nodes it read. */
export interface KubectlCommand {
  readonly name: string;
  /** In the order kubectl read them. */
  readonly nodes: readonly string[];
  /** Whether kubectl listed them (a selector, --all): then they are every node of the command; else it read them one by one, and these are the nodes so far. */
  readonly listed: boolean;
}

/** The command's nodes with the change on each, judged together. */
export interface CommandImpact {
  readonly command: KubectlCommand;
  readonly addsNoExecute: boolean;
  readonly cordons: boolean;
  readonly evictedNow: number;
  /** After their tolerationSeconds (those scheduled earlier included). */
  readonly evictedLater: number;
  /** Whether the evicted pods were placed together: not when more than the options' `maxTogether`. */
  readonly placedTogether: boolean;
  /** Evicted pods whose replacement found a node, placed together. */
  readonly placed: number;
  /** Evicted pods whose replacement, placed together, fits on no node: by the node they leave. */
  readonly stranded: ReadonlyMap<string, readonly PodRef[]>;
  /** Pending pods that had a feasible node and have none once every node of the command is changed. */
  readonly pendingStranded: readonly PodRef[];
  /** Pods bound to the command's nodes that stay. */
  readonly staying: number;
}

/** The cluster a command is judged over: its nodes as stored, and what the placement forks. */
export interface CommandCluster {
  readonly nodes: readonly Node[];
  /** The pods bound to the command's nodes, and the pending ones: the only pods a change to those nodes can move. */
  readonly pods: readonly Pod[];
  readonly simulated: Omit<SimulatedCluster, 'nodes'>;
}

const sameTaintValue = (a: Taint, b: Taint) => a.key === b.key && (a.value ?? '') === (b.value ?? '') && a.effect === b.effect;

/** What storing `after` over `before` adds: the taints it had none equal to, and a cordon. */
export function nodeChangeOf(before: Node | undefined, after: Node): NodeChange {
  const had = before?.spec?.taints ?? [];
  return {
    taints: (after.spec?.taints ?? []).filter((t) => !had.some((h) => sameTaintValue(h, t))).map(({ key, value, effect }) => ({ key, value, effect })),
    cordon: after.spec?.unschedulable === true && before?.spec?.unschedulable !== true,
  };
}

/** A key that is equal for equal changes (a command's cached judgement is for one change). */
export const nodeChangeKey = ({ taints, cordon }: NodeChange): string => JSON.stringify([cordon, taints.map((t) => [t.key, t.value ?? '', t.effect]).sort()]);

/** The node with the change: its taints added (replacing one of the same key and effect), cordoned with the unschedulable taint. */
export function withNodeChange(node: Node, { taints, cordon }: NodeChange, now: number): Node {
  const tainted = taints.reduce(withTaint, node);
  return cordon ? setUnschedulable(tainted, true, now) : tainted;
}

/** The taints the change adds, the unschedulable taint for a cordon among them (what blocks pending pods). */
function addedBy({ taints, cordon }: NodeChange): Taint[] {
  const unschedulable: Taint = { key: TaintKeys.unschedulable, effect: 'NoSchedule' };
  return cordon && !taints.some((t) => sameTaint(t, unschedulable)) ? [...taints, unschedulable] : [...taints];
}

const keyOf = (ref: PodRef) => `${ref.namespace}/${ref.name}`;

/**
 * Every node of the command with the change, over the cluster as stored (`now`): who is evicted
 * and when (as taintImpact decides), where the evicted pods' replacements go placed together, and
 * the pending pods that lose their last node. `rescheduling` holds the room the pods take and the
 * node classes, for the pending pods. More evicted pods than `maxTogether` are not placed (a turn of
 * the scheduler each): the answer says so.
 */
export function commandImpact(
  command: KubectlCommand,
  change: NodeChange,
  cluster: CommandCluster,
  now: number,
  options: { readonly match: MatchOptions; readonly placement: PlacementOptions; readonly maxTogether: number },
  scheduledOf: (pod: Pod) => ScheduledEviction | undefined,
  rescheduling: ReschedulingQuery,
): CommandImpact {
  const names = new Set(command.nodes);
  const after = new Map<string, Node>();
  for (const node of cluster.nodes) if (names.has(node.metadata.name)) after.set(node.metadata.name, withNodeChange(node, change, now));
  const added = addedBy(change);
  // Where each evicted pod goes is the placement's to say: no search of its own, alone.
  const result = impactOfNewTaints(after, added, cluster.nodes, cluster.pods, now, options.match, scheduledOf, { ...rescheduling, alone: false });
  const podOf = new Map(cluster.pods.map((pod) => [keyOf(podRef(pod)), pod]));
  const evicted = result.evictions.flatMap((e) => {
    const pod = podOf.get(keyOf(e.pod));
    return pod ? [{ pod, at: e.at }] : [];
  });
  const nodes = cluster.nodes.map((node) => after.get(node.metadata.name) ?? node);
  const placedTogether = evicted.filter((e) => e.at !== null).length <= options.maxTogether;
  const placement = placedTogether ? placeEvicted({ ...cluster.simulated, nodes }, evicted, 'together', options.placement) : undefined;
  const stranded = new Map<string, PodRef[]>();
  let placed = 0;
  for (const eviction of result.evictions) {
    const to = placement?.to.get(keyOf(eviction.pod));
    if (!to) continue;
    if (to.node !== null) placed++;
    else {
      const left = stranded.get(eviction.node);
      if (left) left.push(eviction.pod);
      else stranded.set(eviction.node, [eviction.pod]);
    }
  }
  return {
    command,
    addsNoExecute: added.some((t) => t.effect === 'NoExecute'),
    cordons: change.cordon,
    placedTogether,
    evictedNow: result.evictions.filter((e) => e.when === 'Immediately').length,
    evictedLater: result.evictions.filter((e) => e.when === 'AfterTolerationSeconds').length,
    placed,
    stranded,
    pendingStranded: result.unschedulable.map((u) => u.pod),
    staying: result.unaffected.filter((u) => u.reason !== 'Terminating').length,
  };
}

/**
 * One node's write as part of the command: its evicted pods stranded as the command's placement
 * leaves them, not as the other nodes are now; the pending pods are the command's to tell
 * (commandWarnings), not a node's; a drain's cordon tells nothing of the pods that stay.
 */
export function nodeImpactInCommand(impact: NodeChangeImpact, command: CommandImpact): NodeChangeImpact {
  // A drain's cordon leaves no pod there: its evictions follow, and are told with them.
  const cordoned = impact.cordoned && command.command.name !== 'kubectl drain';
  // Not placed together (too many): the node's own judgement of its pods stands.
  const stranded = command.placedTogether ? [...(command.stranded.get(impact.node) ?? [])] : impact.stranded;
  return { ...impact, cordoned, stranded, pendingStranded: [] };
}

/** How many pods a warning names before it says how many more there are. */
const NAMED = 5;

function named(items: readonly string[]): string {
  const shown = items.slice(0, NAMED);
  const more = items.length - shown.length;
  return `(${shown.join(', ')}${more > 0 ? `, and ${more} more` : ''})`;
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
const podNames = (refs: readonly PodRef[]) => named(refs.map(keyOf));

/** `kubectl taint over 3 nodes (a, b, c)`, or, read one by one, the nodes so far. */
function commandHead({ name, nodes, listed }: KubectlCommand): string {
  const over = listed ? `over ${count(nodes.length, 'node')}` : `over the ${count(nodes.length, 'node')} it has named so far`;
  return `${name} ${over} ${named(nodes)}`;
}

type Would = (verb: string, present: string) => string;

const wouldOf =
  (dryRun: boolean): Would =>
  (verb, present) =>
    dryRun ? `would ${verb}` : present;

/** Where the evicted pods' replacements go, placed together: `placed` find a node, `stranded` none. */
function placedPart(placed: number, stranded: readonly PodRef[], would: Would): string {
  if (stranded.length === 0) return `placed together, every replacement ${would('find', 'finds')} a node`;
  const none = `${would('find', stranded.length === 1 ? 'finds' : 'find')} none ${podNames(stranded)}`;
  if (placed === 0) return `placed together, no replacement ${would('find', 'finds')} a node ${podNames(stranded)}`;
  return `placed together, ${placed} of their replacements ${would('find', 'find')} a node and ${stranded.length} ${none}`;
}

/**
 * The command judged as one, as a warning kubectl prints (told once per judgement: on the write
 * that made it), worded for what happens, or with `dryRun` for what would. The cordon of a drain
 * tells only the pending pods it strands: the drain's evictions are told with them (drainWarnings).
 */
export function commandWarnings(impact: CommandImpact, dryRun: boolean): string[] {
  const would = wouldOf(dryRun);
  const parts: string[] = [];
  const draining = impact.command.name === 'kubectl drain';
  if (impact.addsNoExecute) {
    const evicted = impact.evictedNow + impact.evictedLater;
    const stranded = [...impact.stranded.values()].flat();
    if (evicted === 0) parts.push(`no pod ${would('be', 'is')} evicted`);
    else {
      const when = `${impact.evictedNow} at once, ${impact.evictedLater} after their tolerationSeconds`;
      parts.push(`${count(evicted, 'pod')} ${would('be', evicted === 1 ? 'is' : 'are')} evicted (${when})`);
      if (!impact.placedTogether) parts.push(`too many to place together (PLACE_TOGETHER_MAX_PODS): each node's lines judge its pods alone`);
      else if (impact.placed + stranded.length > 0) parts.push(placedPart(impact.placed, stranded, would));
    }
  } else if (impact.cordons && !draining)
    parts.push(`${count(impact.staying, 'pod')} running there ${would('stay', impact.staying === 1 ? 'stays' : 'stay')}, new pods go elsewhere`);
  if (impact.pendingStranded.length > 0) {
    const n = impact.pendingStranded.length;
    parts.push(
      `${count(n, 'pending pod')} ${would('lose', n === 1 ? 'loses' : 'lose')} the last node ${n === 1 ? 'it' : 'they'} could be scheduled on ${podNames(impact.pendingStranded)}`,
    );
  } else if (!impact.addsNoExecute) parts.push(`no pending pod ${would('lose', 'loses')} the last node it could be scheduled on`);
  if (draining && impact.pendingStranded.length === 0) return [];
  return [`${commandHead(impact.command)}, judged together: ${parts.join('; ')}`];
}

/**
 * `kubectl drain` over the nodes it read, as its first eviction tells it (the plan placed
 * together, drainPlan): what it evicts, where the replacements go, what blocks it.
 */
export function drainWarnings(plan: DrainPlan, command: KubectlCommand, dryRun: boolean): string[] {
  const would = wouldOf(dryRun);
  const { evicted, placed, stranded, deleted, blocked } = plan.counts;
  const parts = [`${count(evicted, 'pod')} ${would('be', evicted === 1 ? 'is' : 'are')} evicted`];
  if (placed + stranded > 0)
    parts.push(
      placedPart(
        placed,
        plan.stranded.map((e) => e.pod),
        would,
      ),
    );
  if (deleted > 0) parts.push(`${count(deleted, 'pod')} without a controller ${would('be', deleted === 1 ? 'is' : 'are')} gone for good`);
  if (blocked > 0) parts.push(`${count(blocked, 'pod')} ${would('block', blocked === 1 ? 'blocks' : 'block')} it ${podNames(plan.blocked.map((b) => b.pod))}`);
  return [`${commandHead(command)}, judged together: ${parts.join('; ')}`];
}

/** The command could not be judged as one (its plan refused, or failed): said once, with why; its writes are judged alone. */
export const unjudgedWarnings = (command: KubectlCommand, why: string): string[] => [`${commandHead(command)}, not judged together: ${why}`];

/** An eviction of the drain: told only when, placed with the drain's other pods, no node takes its replacement. */
export function drainEvictionWarnings(plan: DrainPlan, pod: PodRef, dryRun: boolean): string[] | undefined {
  const evicted = plan.evicted.find((e) => e.pod.namespace === pod.namespace && e.pod.name === pod.name);
  if (!evicted) return undefined;
  if (!evicted.replaced || evicted.to !== null) return [];
  const others = plan.counts.evicted - 1;
  const together = others > 0 ? `, placed together with the drain's ${count(others, 'other evicted pod')}` : '';
  return [`pod ${keyOf(pod)}: no node ${dryRun ? 'would take' : 'takes'} its replacement${together} (${evicted.summary ?? 'no node fits'})`];
}
