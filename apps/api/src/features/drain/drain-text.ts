import type { PodRef } from '@taintgate/domain';
import { chatLines, code, counted, namesList, warningLines } from '../../http/answer-format/markdown';
import type { DrainPlanAnswer, NodeRemovalAnswer } from './drain-answers';

const podName = (pod: PodRef) => `${pod.namespace}/${pod.name}`;

const verdicts = {
  AllFit: ':white_check_mark: every replacement fits',
  SomeStranded: ':x: some replacements fit nowhere',
  Blocked: ':no_entry: the drain cannot finish',
} as const;

/**
 * A drain plan as a chat answer: the verdict and the counts in one line, then what blocks it, the
 * pods left with no node (with the scheduler's line of the first), and where the rest go, busiest
 * destinations first:
 *
 *     Drain of 3 nodes (`n1`, `n2` and `n3`), together: :x: some replacements fit nowhere.
 *     12 pods evicted: 10 placed, 2 stranded; 1 blocked, 4 skipped.
 *     Blocked: `default/db-0` by PodDisruptionBudget `db-pdb`.
 *     Stranded: `default/web-7` and `default/web-8` (`0/20 nodes are available: ...`).
 *     To `n7`: 4 pods; `n9`: 3 pods; ...
 */
export function drainText(plan: DrainPlanAnswer): string {
  const lines = warningLines(plan.warnings);
  if (plan.nodes.length === 0) {
    lines.push('The drain would take no node: nothing is evicted.');
    return chatLines(lines, '');
  }
  lines.push(`Drain of ${counted(plan.nodes.length, 'node')} (${namesList(plan.nodes)}), ${plan.mode}: ${verdicts[plan.verdict]}.`);
  const { evicted, placed, stranded, deleted, blocked, skipped } = plan.counts;
  const gone = deleted ? `, ${deleted} gone (no controller)` : '';
  lines.push(`${counted(evicted, 'pod')} evicted: ${placed} placed, ${stranded} stranded${gone}; ${blocked} blocked, ${skipped} skipped.`);
  for (const undrained of plan.undrained) lines.push(`Not drained: ${code(undrained.node)}: ${undrained.message}.`);
  for (const block of plan.blocked.filter((b) => b.reason === 'DisruptionBudget')) {
    lines.push(`Blocked: ${code(podName(block.pod))} by PodDisruptionBudget ${code(block.disruptionBudget ?? '?')}: ${block.message}`);
  }
  if (plan.stranded.length) {
    const first = plan.stranded[0]?.summary;
    lines.push(`Stranded: ${namesList(plan.stranded.map((s) => podName(s.pod)))}${first ? ` (${code(first)})` : ''}.`);
  }
  const destinations = new Map<string, number>();
  for (const e of plan.evicted) if (e.to) destinations.set(e.to, (destinations.get(e.to) ?? 0) + 1);
  const busiest = [...destinations].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  if (busiest.length) {
    const shown = busiest.slice(0, 5).map(([node, n]) => `${code(node)}: ${counted(n, 'pod')}`);
    lines.push(`To ${shown.join('; ')}${busiest.length > 5 ? `; and ${busiest.length - 5} more nodes` : ''}.`);
  }
  return chatLines(lines, 'ask without format=markdown for every pod');
}

/** A node's removal as a chat answer: whether it can go, then its drain plan's lines. */
export function removalText(removal: NodeRemovalAnswer): string {
  const verdict = removal.removable
    ? `${code(removal.node)} can be removed: its pods find room elsewhere.`
    : `${code(removal.node)} cannot be removed as it stands.`;
  return `${verdict}\n${drainText(removal)}`;
}
