import type { NodeRemovalRank } from '@taintgate/domain';
import { chatLines, code, counted } from '../../http/answer-format/markdown';
import type { Sweep } from './removal-sweep.service';

const verdicts = {
  AllFit: ':white_check_mark: removable',
  SomeStranded: ':x: replacements fit nowhere',
  Blocked: ':no_entry: the drain cannot finish',
} as const;

/** A node's line: its rank, verdict, what moves, and the first reason it cannot go. */
function rankLine(rank: NodeRemovalRank, at: number): string {
  const moves = `${counted(rank.counts.evicted, 'pod')} to move`;
  const reason = rank.reasons[0];
  return `${at + 1}. ${code(rank.node)}: ${verdicts[rank.verdict]} (${moves})${reason ? `: ${reason.replace(/\.$/, '')}` : ''}.`;
}

/**
 * A removal sweep as a chat answer: how far it is, and once done the nodes ranked, the easiest to
 * remove first:
 *
 *     Removal sweep of 5 nodes: done, 3 can go (revision 12).
 *     1. `spare-1`: :white_check_mark: removable (0 pods to move).
 *     2. `general-1`: :no_entry: the drain cannot finish (1 pod to move): shop/checkout-1: Cannot evict ...
 */
export function removalSweepText(sweep: Sweep): string {
  const of = `Removal sweep of ${counted(sweep.nodes.length, 'node')}`;
  if (sweep.phase === 'Pending') return chatLines([`${of}: waiting for a worker.`], '');
  if (sweep.phase === 'Running') return chatLines([`${of}: running, ${sweep.done} judged.`], '');
  if (sweep.phase === 'Failed') return chatLines([`${of}: :x: failed: ${sweep.error ?? 'no reason recorded'}.`], '');
  const ranks = (sweep.results as unknown as NodeRemovalRank[] | null) ?? [];
  const removable = ranks.filter((r) => r.removable).length;
  const revision = sweep.revision !== null ? ` (revision ${String(sweep.revision)})` : '';
  return chatLines([`${of}: done, ${removable} can go${revision}.`, ...ranks.map(rankLine)], `GET /v1/removal-sweeps/${sweep.id} has every node`);
}
