import { type PlacementReason, PlacementReasonCodes, type PlacementSummary, TaintKeys } from '@taintgate/domain';
import { chatLines, code, namesList, taintText } from '../../http/answer-format/markdown';

/**
 * Placement's summary as a chat answer: where the pod can go (the best first), then why not
 * elsewhere, a line per group of nodes alike, and kube-scheduler's own line when it can go nowhere:
 *
 *     `web-1` can go to 3/5 nodes: `n1` (best), `n2` and `n4`.
 *     `n3`: untolerated taint `dedicated=gpu:NoSchedule`.
 *     `n5`: cordoned.
 */
export function placementText(summary: PlacementSummary): string {
  const pod = summary.pod.namespace === 'default' ? summary.pod.name : `${summary.pod.namespace}/${summary.pod.name}`;
  const lines: string[] = [];
  if (summary.feasibleCount === 0) {
    lines.push(`${code(pod)} can go to none of ${summary.nodeCount} ${summary.nodeCount === 1 ? 'node' : 'nodes'}.`);
  } else {
    const [best, ...others] = summary.feasibleNodes.map((n) => n.name);
    const named = [`${code(best ?? '')} (best)`, ...others.map(code)];
    const more = summary.feasibleCount - named.length;
    const list = more > 0 ? `${named.join(', ')} and ${more} more` : joinedWithAnd(named);
    lines.push(`${code(pod)} can go to ${summary.feasibleCount}/${summary.nodeCount} nodes: ${list}.`);
  }
  for (const group of summary.infeasibleGroups) lines.push(`${namesList(group.nodes, group.count)}: ${blockingWords(group.reasons).join('; ')}.`);
  if (summary.feasibleCount === 0) lines.push(`kube-scheduler: ${code(summary.summary)}`);
  return chatLines(lines, 'ask with ?view=nodes for every node');
}

/** Soft reasons lower a score and never keep a pod off: a chat line about why not leaves them out. */
const softReasons: ReadonlySet<string> = new Set([PlacementReasonCodes.untoleratedPreferNoSchedule, PlacementReasonCodes.allocatableUnknown]);

/**
 * The reasons that keep the pod off a group's nodes, each in a few words. A cordoned node also
 * has the taint cordoning adds (node.kubernetes.io/unschedulable, TaintNodesByCondition): `cordoned` says both.
 */
function blockingWords(reasons: readonly Pick<PlacementReason, 'code' | 'message' | 'taint'>[]): string[] {
  const cordoned = reasons.some((r) => r.code === PlacementReasonCodes.unschedulable);
  return reasons.filter((r) => !softReasons.has(r.code) && !(cordoned && r.taint?.key === TaintKeys.unschedulable)).map(reasonWords);
}

/** What keeps the pod off a node, in a few words: the taint in kubectl's syntax, `cordoned`, or the scheduler's message. */
function reasonWords(reason: Pick<PlacementReason, 'code' | 'message' | 'taint'>): string {
  if (reason.code === PlacementReasonCodes.untoleratedTaint && reason.taint) return `untolerated taint ${taintText(reason.taint)}`;
  if (reason.code === PlacementReasonCodes.unschedulable) return 'cordoned';
  return reason.message;
}

function joinedWithAnd(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;
}
