import { k8sTime } from '../foundation/k8s-time';
import { sameTaint } from '../taints/taint';
import type { Node, NodeCondition, Taint } from '../types';
import { ConditionStatus, NodeConditionTypes, TaintKeys } from '../well-known';

/**
 * The node lifecycle controller's taints (TaintNodesByCondition and taint-based evictions):
 * conditions become NoSchedule taints at once, spec.unschedulable is the unschedulable NoSchedule
 * taint, and a Ready condition that is False or Unknown calls for the not-ready or unreachable
 * NoExecute taint, which waits its turn in the zone's queue (zone-pacing.ts) unless the node
 * already carries the other one. Taints the controller adds carry timeAdded = now; ones it keeps
 * keep their time.
 */

/** nodeConditionToTaintKeyStatusMap */
const conditionTaintKeys: Record<string, Partial<Record<string, string>>> = {
  [NodeConditionTypes.ready]: { [ConditionStatus.false]: TaintKeys.notReady, [ConditionStatus.unknown]: TaintKeys.unreachable },
  [NodeConditionTypes.memoryPressure]: { [ConditionStatus.true]: TaintKeys.memoryPressure },
  [NodeConditionTypes.diskPressure]: { [ConditionStatus.true]: TaintKeys.diskPressure },
  [NodeConditionTypes.networkUnavailable]: { [ConditionStatus.true]: TaintKeys.networkUnavailable },
  [NodeConditionTypes.pidPressure]: { [ConditionStatus.true]: TaintKeys.pidPressure },
};

/** Keys the controller owns as NoSchedule taints (taintKeyToNodeConditionMap plus unschedulable). */
const controllerNoScheduleKeys = new Set<string>([
  TaintKeys.notReady,
  TaintKeys.unreachable,
  TaintKeys.memoryPressure,
  TaintKeys.diskPressure,
  TaintKeys.networkUnavailable,
  TaintKeys.pidPressure,
  TaintKeys.unschedulable,
]);

/** The NoSchedule taints the conditions and spec.unschedulable call for (doNoScheduleTaintingPass). */
function noScheduleTaintsFor(conditions: readonly NodeCondition[], unschedulable: boolean): Taint[] {
  const taints: Taint[] = [];
  for (const condition of conditions) {
    const key = conditionTaintKeys[condition.type]?.[condition.status];
    if (key) taints.push({ key, effect: 'NoSchedule' });
  }
  if (unschedulable) taints.push({ key: TaintKeys.unschedulable, effect: 'NoSchedule' });
  return taints;
}

/** The NoExecute taint the Ready condition calls for, if any (doNoExecuteTaintingPass). */
function noExecuteTaintFor(conditions: readonly NodeCondition[]): Taint | undefined | null {
  const ready = conditions.find((c) => c.type === NodeConditionTypes.ready);
  if (!ready) return null; // no Ready condition: the controller leaves NoExecute taints alone
  if (ready.status === ConditionStatus.false) return { key: TaintKeys.notReady, effect: 'NoExecute' };
  if (ready.status === ConditionStatus.unknown) return { key: TaintKeys.unreachable, effect: 'NoExecute' };
  return undefined;
}

const isControllerNoSchedule = (t: Taint) => t.effect === 'NoSchedule' && controllerNoScheduleKeys.has(t.key);
const isControllerNoExecute = (t: Taint) => t.effect === 'NoExecute' && (t.key === TaintKeys.notReady || t.key === TaintKeys.unreachable);

/**
 * The node's taints once the controller has reconciled them with its conditions and
 * spec.unschedulable. Other taints are untouched and keep their order; added ones go last.
 *
 * The NoExecute taint is never added here (doNoExecuteTaintingPass adds it at the zone's pace),
 * with one exception from processTaintBaseEviction: a node that carries the unreachable taint and
 * turns not ready (or the reverse) has it swapped at once. Ready=True takes it off at once
 * (markNodeAsReachable).
 */
export function reconcileConditionTaints(node: Node, now: number): Taint[] {
  const conditions = node.status?.conditions ?? [];
  const current = node.spec?.taints ?? [];
  const wanted = noScheduleTaintsFor(conditions, node.spec?.unschedulable === true);
  const noExecute = noExecuteTaintFor(conditions);
  const manageNoExecute = noExecute !== null;
  if (noExecute && current.some(isControllerNoExecute)) wanted.push(noExecute);

  const owned = (t: Taint) => isControllerNoSchedule(t) || (manageNoExecute && isControllerNoExecute(t));
  const kept = current.filter((t) => !owned(t) || wanted.some((w) => sameTaint(w, t)));
  // A condition listed twice asks for its taint twice; AddOrUpdateTaint puts it on the node once.
  const added = wanted
    .filter((w, i) => !kept.some((t) => sameTaint(w, t)) && wanted.findIndex((x) => sameTaint(x, w)) === i)
    .map((w) => ({ ...w, timeAdded: k8sTime(now) }));
  return [...kept, ...added];
}

/**
 * The NoExecute taint the node waits for in its zone's queue: the one its Ready condition calls
 * for, when it carries neither the not-ready nor the unreachable NoExecute taint (markNodeForTainting).
 */
export function awaitedNoExecuteTaint(node: Node): Taint | undefined {
  const wanted = noExecuteTaintFor(node.status?.conditions ?? []);
  if (!wanted || (node.spec?.taints ?? []).some(isControllerNoExecute)) return undefined;
  return wanted;
}

/**
 * The taints once the zone's turn has come (doNoExecuteTaintingPass, SwapNodeControllerTaint): the
 * NoExecute taint the Ready condition calls for now is added and the other one removed; a node
 * that is no longer not ready or unreachable keeps its taints ("ready now, ignoring taint request").
 */
export function withAwaitedNoExecuteTaint(node: Node, now: number): Taint[] {
  const taints = node.spec?.taints ?? [];
  const wanted = noExecuteTaintFor(node.status?.conditions ?? []);
  if (!wanted) return [...taints];
  const kept = taints.filter((t) => !isControllerNoExecute(t) || sameTaint(t, wanted));
  return kept.some((t) => sameTaint(t, wanted)) ? kept : [...kept, { ...wanted, timeAdded: k8sTime(now) }];
}

/** The taints without the not-ready and unreachable NoExecute taints (markNodeAsReachable). */
export const withoutNoExecuteConditionTaints = (taints: readonly Taint[]): Taint[] => taints.filter((t) => !isControllerNoExecute(t));

/**
 * `kubectl cordon` (true) and `uncordon` (false): spec.unschedulable, and the unschedulable
 * NoSchedule taint the controller keeps in step with it. Other taints are left alone.
 */
export function setUnschedulable(node: Node, unschedulable: boolean, now: number): Node {
  const current = node.spec?.taints ?? [];
  const has = current.some((t) => sameTaint(t, unschedulableTaint));
  let taints: Taint[];
  if (!unschedulable) taints = current.filter((t) => !sameTaint(t, unschedulableTaint));
  else taints = has ? [...current] : [...current, { ...unschedulableTaint, timeAdded: k8sTime(now) }];
  return { ...node, spec: { ...node.spec, unschedulable, taints } };
}

const unschedulableTaint: Taint = { key: TaintKeys.unschedulable, effect: 'NoSchedule' };

/**
 * The unschedulable taint in step with spec.unschedulable, whatever write set it (a PUT as much as
 * cordon): doNoScheduleTaintingPass reconciles it on every node update, adding the taint (now) when
 * the node is unschedulable and removing it when it is not.
 */
export const reconcileUnschedulableTaint = (node: Node, now: number): Node => setUnschedulable(node, node.spec?.unschedulable === true, now);
