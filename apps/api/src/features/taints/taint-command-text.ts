import type { TaintCommandResult } from './taint-plan';
import { chatLines, clockTime, code, counted } from '../../http/answer-format/markdown';

/** Nodes named one per line before the rest are counted. */
const NODES_SHOWN = 10;

/**
 * A taint command as a chat answer: kubectl's line for each node (`node/n1 tainted`), then what
 * its NoExecute taints did to the pods on them, which kubectl's lines alone never say:
 *
 *     node/n1 tainted
 *     NoExecute on 1 node: 6 pods evicted now, 3 scheduled (the first at 14:02 UTC), 5 unaffected.
 */
export function taintCommandText(result: TaintCommandResult, now: number): string {
  const lines = result.results.slice(0, NODES_SHOWN).map((r) => code(r.message));
  const more = result.results.length - NODES_SHOWN;
  if (more > 0) lines.push(`…and ${counted(more, 'more node')} ${result.dryRun ? 'would be changed' : 'changed'} alike.`);
  const report = result.noExecute;
  if (report) {
    const parts = [`${counted(report.evictedNow, 'pod')} evicted now`];
    parts.push(`${report.scheduled} scheduled${report.firstScheduledFor ? ` (the first at ${clockTime(report.firstScheduledFor, now)})` : ''}`);
    if (report.cancelled) parts.push(`${counted(report.cancelled, 'scheduled eviction')} cancelled`);
    parts.push(`${report.unaffected} unaffected`);
    lines.push(`NoExecute on ${counted(report.nodes, 'node')}: ${parts.join(', ')}.`);
    if (report.queuedNodes) lines.push(`The pods of ${counted(report.queuedNodes, 'node')} are being decided now: GET /v1/evictions tells.`);
  }
  return chatLines(lines, 'ask without format=markdown for every node');
}
