import { k8sTime } from '../foundation/k8s-time';
import type { Node, Pod, PodRef, Taint } from '../types';
import type { MatchOptions } from '../tolerations/match';
import { defaultMatchOptions } from '../tolerations/match';
import type { ScheduledEviction } from './no-execute-plan';
import { type ReschedulingQuery, impactOfNewTaints } from './taint-impact';

/**
 * What one write to a node does to the pods of its cluster when it adds taints or cordons it
 * (`kubectl taint`, `cordon`, `edit`, `apply`): the impact the Kubernetes API face tells as
 * `Warning` headers, which kubectl prints, so that a user sees what a taint did (or, with
 * `--dry-run=server`, would do) without leaving kubectl.
 */
export interface NodeChangeImpact {
  node: string;
  /** Whether the write adds a NoExecute taint (the only change that evicts). */
  addsNoExecute: boolean;
  /** spec.unschedulable turned true. */
  cordoned: boolean;
  evictedNow: PodRef[];
  /** New deadlines, soonest first; `at` null: after tolerationSeconds that end past year 9999. */
  evictedLater: { pod: PodRef; at: number | null }[];
  /** Pods whose eviction scheduled earlier stands (the controller keeps the earlier deadline). */
  alreadyScheduled: PodRef[];
  /** Evicted pods whose replacement fits on no other node. */
  stranded: PodRef[];
  /** Pending pods that had a feasible node and have none once the write is stored. */
  pendingStranded: PodRef[];
  /** Pods bound to the node that stay (tolerating its taints for good, or none evicts). */
  staying: number;
}

/**
 * The impact of storing `after` over `before` (none: a new node), over the cluster as stored
 * (`nodes`, `pods`). Undefined when the write adds no taint and does not cordon: nothing to tell.
 * A taint counts as added when the node had none equal to it (key, value and effect).
 */
export function nodeChangeImpact(
  before: Node | undefined,
  after: Node,
  nodes: readonly Node[],
  pods: readonly Pod[],
  now: number,
  options: MatchOptions = defaultMatchOptions,
  scheduledOf: (pod: Pod) => ScheduledEviction | undefined = () => undefined,
  rescheduling: ReschedulingQuery = {},
): NodeChangeImpact | undefined {
  if (!addsTaintsOrCordons(before, after)) return undefined;
  const added = addedTaints(before, after);
  const cordoned = cordons(before, after);
  const name = after.metadata.name;
  const result = impactOfNewTaints(new Map([[name, after]]), added, nodes, pods, now, options, scheduledOf, rescheduling);
  const evictions = result.evictions;
  return {
    node: name,
    addsNoExecute: added.some((t) => t.effect === 'NoExecute'),
    cordoned,
    evictedNow: evictions.filter((e) => e.when === 'Immediately').map((e) => e.pod),
    evictedLater: evictions.filter((e) => e.when === 'AfterTolerationSeconds' && !e.alreadyScheduled).map((e) => ({ pod: e.pod, at: e.at })),
    alreadyScheduled: evictions.filter((e) => e.alreadyScheduled).map((e) => e.pod),
    stranded: evictions.filter((e) => e.elsewhere === null).map((e) => e.pod),
    pendingStranded: result.unschedulable.map((u) => u.pod),
    staying: result.unaffected.filter((u) => u.reason !== 'Terminating').length,
  };
}

const sameTaintValue = (a: Taint, b: Taint) => a.key === b.key && (a.value ?? '') === (b.value ?? '') && a.effect === b.effect;

const addedTaints = (before: Node | undefined, after: Node): Taint[] =>
  (after.spec?.taints ?? []).filter((t) => !(before?.spec?.taints ?? []).some((h) => sameTaintValue(h, t)));

const cordons = (before: Node | undefined, after: Node): boolean => after.spec?.unschedulable === true && before?.spec?.unschedulable !== true;

/** Whether the write adds a taint or cordons: the only writes with an impact to tell (checked before the cluster is read). */
export const addsTaintsOrCordons = (before: Node | undefined, after: Node): boolean => addedTaints(before, after).length > 0 || cordons(before, after);

/** How many pods a warning names before it says how many more there are: warnings are headers, and kubectl prints each on a line. */
const NAMED = 5;

/**
 * The impact as the warnings kubectl prints (`Warning: node/n1: 3 pods evicted at once
 * (web/a, web/b, web/c)`), worded for what happened, or with `dryRun` for what would.
 */
export function nodeChangeWarnings(impact: NodeChangeImpact, dryRun: boolean): string[] {
  const node = `node/${impact.node}`;
  const are = (n: number) => (dryRun ? 'would be' : n === 1 ? 'is' : 'are');
  const warnings: string[] = [];
  if (impact.addsNoExecute) {
    const evicted = impact.evictedNow.length + impact.evictedLater.length + impact.alreadyScheduled.length;
    if (evicted === 0) warnings.push(`${node}: no pod ${dryRun ? 'would be' : 'is'} evicted (${pods(impact.staying)} stay${impact.staying === 1 ? 's' : ''})`);
    if (impact.evictedNow.length > 0)
      warnings.push(`${node}: ${pods(impact.evictedNow.length)} ${are(impact.evictedNow.length)} evicted at once ${named(impact.evictedNow)}`);
    if (impact.evictedLater.length > 0)
      warnings.push(
        `${node}: ${pods(impact.evictedLater.length)} ${are(impact.evictedLater.length)} evicted after ${impact.evictedLater.length === 1 ? 'its' : 'their'} tolerationSeconds, ${window(impact.evictedLater)} ${named(impact.evictedLater.map((e) => e.pod))}`,
      );
    if (impact.alreadyScheduled.length > 0)
      warnings.push(
        `${node}: ${pods(impact.alreadyScheduled.length)} ${impact.alreadyScheduled.length === 1 ? 'keeps' : 'keep'} the eviction scheduled earlier ${named(impact.alreadyScheduled)}`,
      );
    if (impact.stranded.length > 0)
      warnings.push(
        `${node}: ${pods(impact.stranded.length, 'evicted pod')} ${dryRun ? 'would have' : impact.stranded.length === 1 ? 'has' : 'have'} no other node to go to ${named(impact.stranded)}`,
      );
  }
  if (impact.cordoned)
    warnings.push(`${node}: cordoned; ${pods(impact.staying)} running there ${impact.staying === 1 ? 'stays' : 'stay'}, new pods go elsewhere`);
  if (impact.pendingStranded.length > 0) {
    const lose = dryRun ? 'would lose' : impact.pendingStranded.length === 1 ? 'loses' : 'lose';
    warnings.push(
      `${node}: ${pods(impact.pendingStranded.length, 'pending pod')} ${lose} the last node ${impact.pendingStranded.length === 1 ? 'it' : 'they'} could be scheduled on ${named(impact.pendingStranded)}`,
    );
  }
  return warnings;
}

const pods = (n: number, noun = 'pod') => `${n} ${noun}${n === 1 ? '' : 's'}`;

function named(refs: readonly PodRef[]): string {
  const shown = refs.slice(0, NAMED).map((p) => `${p.namespace}/${p.name}`);
  const more = refs.length - shown.length;
  return `(${shown.join(', ')}${more > 0 ? `, and ${more} more` : ''})`;
}

/** The first and the last deadline (RFC 3339, as Kubernetes writes times); one past year 9999 is never in practice. */
function window(later: readonly { at: number | null }[]): string {
  const first = later[0]?.at ?? null;
  const last = later[later.length - 1]?.at ?? null;
  if (later.length === 1) return time(first);
  return `the first ${time(first)}, the last ${time(last)}`;
}

const time = (at: number | null) => (at === null ? 'never in practice (past year 9999)' : `at ${k8sTime(at)}`);

/**
 * An eviction's warning (`kubectl drain` prints it for the pod): told only when no node would take
 * the pod's replacement (replacementHome), with `dryRun` for what would happen.
 */
export function evictionWarnings(pod: PodRef, home: string | null, dryRun: boolean): string[] {
  if (home !== null) return [];
  return [`pod ${pod.namespace}/${pod.name}: no node ${dryRun ? 'would take' : 'takes'} its replacement (taints, selectors, affinity and room as stored)`];
}
