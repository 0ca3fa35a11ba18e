import type { ImpactEviction, ImpactSummary, TaintImpact } from '@taintgate/domain';
import { chatLines, clockTime, counted, namesList, seconds, taintText, warningLines } from '../../http/answer-format/markdown';

/** What taint impact's chat answer is made from: every pod's fate, its counts, when it was asked, and the warnings. */
export interface ImpactForChat {
  impact: TaintImpact;
  summary: ImpactSummary;
  now: number;
  warnings: readonly string[];
}

/**
 * Taint impact as a chat answer: what the taints are put on, then the news in one line (how many
 * pods go now, how many later and when, how many have nowhere else to go), then who:
 *
 *     `maintenance=true:NoExecute` on 4 nodes (`n1`, `n2` and 2 more):
 *     6 pods evicted now, 3 after 120 s (at 14:02 UTC), placed together, 2 with nowhere to go: `default/a` and `default/b`.
 *     Evicted now: `default/a`, `default/b`, ... and 1 more.
 */
export function impactText({ impact, summary, now, warnings }: ImpactForChat): string {
  const lines = warningLines(warnings);
  const taints = impact.taints.map(taintText).join(' ');
  if (impact.nodes.length === 0) {
    lines.push(`${taints} would go on no node: nothing is evicted.`);
    return chatLines(lines, '');
  }
  lines.push(`${taints} on ${counted(impact.nodes.length, 'node')} (${namesList(impact.nodes)}):`);
  lines.push(newsLine(impact, summary, now));
  const nowPods = impact.evictions.filter((e) => e.when === 'Immediately' || (e.at !== null && e.at <= now));
  if (nowPods.length) lines.push(`Evicted now: ${podNames(nowPods)}.`);
  for (const [tolerationSeconds, group] of laterGroups(impact.evictions, now)) {
    const at = group[0]?.at;
    lines.push(`After ${seconds(tolerationSeconds)}${at ? ` (at ${clockTime(at, now)})` : ''}: ${podNames(group)}.`);
  }
  const never = impact.evictions.filter((e) => e.at === null);
  if (never.length) lines.push(`Tolerating it for longer than year 9999 lasts: ${podNames(never)}.`);
  if (impact.unschedulable.length) {
    lines.push(
      `Pending, left with no node: ${namesList(
        impact.unschedulable.map((u) => podName(u.pod)),
        impact.unschedulable.length,
      )}.`,
    );
  }
  return chatLines(lines, 'ask with ?view=pods for every pod');
}

/** The counts in one line, as a person decides on them. */
function newsLine(impact: TaintImpact, { counts }: ImpactSummary, now: number): string {
  if (!impact.taints.some((t) => t.effect === 'NoExecute')) {
    return `No pod is evicted: ${impact.taints.length === 1 ? 'the taint is not' : 'none of the taints is'} NoExecute; new pods without a toleration stay off.`;
  }
  if (impact.evictions.length === 0) return `No pod is evicted: ${counted(counts.unaffected, 'pod')} on them ${counts.unaffected === 1 ? 'stays' : 'stay'}.`;
  const parts = [`${counted(counts.evictedNow, 'pod')} evicted now`];
  const later = laterGroups(impact.evictions, now);
  for (const [tolerationSeconds, group] of later.slice(0, 2)) {
    const at = group[0]?.at;
    parts.push(`${group.length} after ${seconds(tolerationSeconds)}${at ? ` (at ${clockTime(at, now)})` : ''}`);
  }
  const rest = later.slice(2).reduce((sum, [, group]) => sum + group.length, 0);
  if (rest) parts.push(`${rest} later`);
  if (counts.neverInPractice) parts.push(`${counts.neverInPractice} never in practice`);
  // Placed (in the answer's mode): those whose replacement found no node; else each judged on its own.
  const mode = impact.rescheduling?.mode;
  const stranded = impact.evictions.filter((e) => (mode ? e.to === null : e.elsewhere === null));
  const nowhere = mode ? `placed ${mode}, ${stranded.length} with nowhere to go` : `${stranded.length} with nowhere else to go`;
  if (stranded.length) parts.push(`${nowhere}: ${namesList(stranded.map((e) => podName(e.pod)))}`);
  parts.push(`${counts.unaffected} ${counts.unaffected === 1 ? 'stays' : 'stay'}`);
  return `${parts.join(', ')}.`;
}

/** The evictions to come (in practice), by their tolerationSeconds, the soonest first. */
function laterGroups(evictions: readonly ImpactEviction[], now: number): [number | bigint, ImpactEviction[]][] {
  const groups = new Map<string, [number | bigint, ImpactEviction[]]>();
  for (const e of evictions) {
    if (e.when === 'Immediately' || e.at === null || e.at <= now) continue;
    const seconds = e.tolerationSeconds ?? 0;
    const key = String(seconds);
    const group = groups.get(key) ?? [seconds, []];
    group[1].push(e);
    groups.set(key, group);
  }
  // The evictions are sorted soonest first already; groups keep that order by their first.
  return [...groups.values()];
}

const podName = (pod: { namespace: string; name: string }): string => `${pod.namespace}/${pod.name}`;

const podNames = (evictions: readonly ImpactEviction[]): string => namesList(evictions.map((e) => podName(e.pod)));
