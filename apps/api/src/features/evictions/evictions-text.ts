import type { evictionView } from '../../store/evictions/eviction-records';
import type { ListPage } from '../../http/edge/list-answers';
import { chatLines, clockTime, code, counted, taintText } from '../../http/answer-format/markdown';

type EvictionView = ReturnType<typeof evictionView>;

/**
 * A page of evictions as a chat answer, a line each, newest first:
 *
 *     `default/web-1` on `n1`: executed at 14:02 UTC (`dedicated=gpu:NoExecute`).
 */
export function evictionsText(page: Pick<ListPage<EvictionView>, 'items'>, now: number): string {
  if (page.items.length === 0) return 'No evictions.\n';
  const lines = page.items.map((e) => `${code(`${e.pod.namespace}/${e.pod.name}`)} on ${code(e.node)}: ${statusWords(e, now)} (${taintText(e.taint)}).`);
  return chatLines([`${counted(page.items.length, 'eviction')}, newest first:`, ...lines], 'ask with ?limit= or without format=markdown for the rest');
}

function statusWords(e: EvictionView, now: number): string {
  if (e.status === 'Executed' && e.reason === 'DeletedAtSource')
    return `evicted by its cluster, as predicted, seen at ${clockTime(e.firedAt ?? e.scheduledFor, now)}`;
  if (e.status === 'Executed') return `evicted at ${clockTime(e.firedAt ?? e.scheduledFor, now)}`;
  if (e.status === 'Predicted') return `predicted to be evicted by its cluster at ${clockTime(e.scheduledFor, now)}`;
  if (e.status === 'Cancelled') return `cancelled at ${clockTime(e.cancelledAt ?? e.scheduledFor, now)}${e.reason ? ` (${e.reason})` : ''}`;
  return `to be evicted at ${clockTime(e.scheduledFor, now)}`;
}
