import type { JsonObject } from './json';
import type { NodePlan } from './node-layout';
import { labelsOf, taintsOf } from './node-object';
import type { PodTemplate } from './pod-template';
import { requestsOf, type Requests } from './requests';
import { allocatableMemoryKi, allocatableMillicores } from './gke';

/**
 * The PodScheduled message of a pod no node takes, as kube-scheduler 1.32 writes it: each node's
 * first failing filter (NodeUnschedulable, TaintToleration, NodeAffinity, NodeResourcesFit, in
 * that order), counted and sorted as strings (FitError.Error), then DefaultPreemption's verdict,
 * itself a FitError, which is why the message ends in two periods.
 */

function tolerates(tolerations: readonly JsonObject[], taint: JsonObject): boolean {
  return tolerations.some((t) => {
    const key = (t.key as string | undefined) ?? '';
    if (key !== '' && key !== taint.key) return false;
    if (key === '' && t.operator !== 'Exists') return false;
    const effect = (t.effect as string | undefined) ?? '';
    if (effect !== '' && effect !== taint.effect) return false;
    return t.operator === 'Exists' || ((t.value as string | undefined) ?? '') === ((taint.value as string | undefined) ?? '');
  });
}

/** Why the node fails the pod, and whether evicting lower-priority pods could change that. */
function filter(pod: PodTemplate, node: NodePlan, used: Requests): { reasons: string[]; resolvable: boolean } {
  if (node.role === 'cordoned') return { reasons: ['node(s) were unschedulable'], resolvable: false };
  const untolerated = taintsOf(node).find((taint) => (taint.effect === 'NoSchedule' || taint.effect === 'NoExecute') && !tolerates(pod.tolerations, taint));
  if (untolerated !== undefined) {
    return { reasons: [`node(s) had untolerated taint {${untolerated.key as string}: ${(untolerated.value as string | undefined) ?? ''}}`], resolvable: false };
  }
  const { labels } = labelsOf(node);
  if (Object.entries(pod.nodeSelector ?? {}).some(([k, v]) => labels[k] !== v))
    return { reasons: ["node(s) didn't match Pod's node affinity/selector"], resolvable: false };
  const wants = requestsOf(pod);
  const reasons: string[] = [];
  if (wants.cpu > allocatableMillicores(node.machine.cpus) - used.cpu) reasons.push('Insufficient cpu');
  if (wants.memory > allocatableMemoryKi(node.machine.memoryKi) * 1024 - used.memory) reasons.push('Insufficient memory');
  if (wants.gpu > node.machine.gpus - used.gpu) reasons.push('Insufficient nvidia.com/gpu');
  return { reasons, resolvable: true };
}

function histogram(reasons: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const r of reasons) counts.set(r, (counts.get(r) ?? 0) + 1);
  // Go's sort.Strings: byte order.
  return [...counts]
    .map(([reason, n]) => `${n} ${reason}`)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .join(', ');
}

/**
 * The message for a pod that fits no node. `usedOn` gives what the pods bound to a node request.
 * Preemption: the pods in the way have the pending pod's priority (0) or more, so no node offers victims.
 */
export function unschedulableMessage(pod: PodTemplate, nodes: readonly NodePlan[], usedOn: (node: NodePlan) => Requests): string {
  const filterReasons: string[] = [];
  const preemption: string[] = [];
  for (const node of nodes) {
    const { reasons, resolvable } = filter(pod, node, usedOn(node));
    if (reasons.length === 0) throw new Error(`${node.name} fits the pod: it would not be pending`);
    filterReasons.push(...reasons);
    preemption.push(resolvable ? 'No preemption victims found for incoming pod' : 'Preemption is not helpful for scheduling');
  }
  const total = nodes.length;
  return `0/${total} nodes are available: ${histogram(filterReasons)}. preemption: 0/${total} nodes are available: ${histogram(preemption)}..`;
}
