import { chatLines, code, counted, warningLines } from '../../http/answer-format/markdown';
import type { HeadroomAnswer } from './headroom-answers';

/**
 * Headroom as a chat answer: how many more fit, per pool, the nodes that take the most, and why the
 * next one fits nowhere:
 *
 *     12 more `ml/trainer` fit: 8 in pool `gpu-a`, 4 in pool `gpu-b`.
 *     Most on `gpu-a-1` (4, then nvidia.com/gpu runs out), `gpu-b-3` (2, then cpu runs out).
 *     The 13th: `0/40 nodes are available: 28 node(s) had untolerated taint(s), 12 Insufficient nvidia.com/gpu.`
 */
export function headroomText(answer: HeadroomAnswer): string {
  const lines = warningLines(answer.warnings);
  const pod = code(`${answer.pod.namespace}/${answer.pod.name}`);
  const atLeast = answer.complete ? '' : 'at least ';
  const pools = answer.poolLabel
    ? `: ${answer.groups
        .slice(0, 4)
        .map((g) => (g.pool === null ? `${g.count} on nodes of no pool` : `${g.count} in pool ${code(g.pool)}`))
        .join(', ')}${answer.groups.length > 4 ? ` and ${answer.groups.length - 4} more pools` : ''}`
    : '';
  lines.push(`${atLeast}${answer.total} more ${pod} fit${pools}.`);
  const busiest = [...answer.nodes].sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : 1)).slice(0, 5);
  if (busiest.length) {
    const shown = busiest.map((n) => `${code(n.name)} (${n.count}${n.bindingResource ? `, then ${n.bindingResource} runs out` : ''})`);
    lines.push(`Most on ${shown.join(', ')}${answer.nodes.length > 5 ? ` and ${counted(answer.nodes.length - 5, 'node')} more` : ''}.`);
  }
  if (answer.failReason) lines.push(`The next one: ${code(answer.failReason)}`);
  else lines.push(`Stopped at ${answer.max} (max): more may fit.`);
  return chatLines(lines, 'ask without format=markdown for every node');
}
