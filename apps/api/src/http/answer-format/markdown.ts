import { taintToString } from '@taintgate/domain';
import type { Taint } from '@taintgate/domain';

/**
 * The pieces every chat answer is made of. Chat answers are Markdown as Slack, Teams and
 * Mattermost render it: short lines, names in backticks (so `_` and `*` in a name stay as they
 * are), no tables or headings, which chat clients render badly.
 */

/** At most this many lines in an answer: a chat message, not a report. */
export const MAX_CHAT_LINES = 20;

/** Inline code; a backtick inside (never in a Kubernetes name, but a message may hold one) becomes a quote. */
export const code = (text: string): string => `\`${text.replace(/`/g, "'")}\``;

/** A taint in kubectl's words: `key=value:Effect`. */
export const taintText = (taint: Pick<Taint, 'key' | 'value' | 'effect'>): string => code(taintToString(taint));

/** `1 pod`, `3 pods`. */
export const counted = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** The first `shown` names in code, then how many more: `n1`, `n2` and 4 more. */
export function namesList(names: readonly string[], total = names.length, shown = 5): string {
  const listed = names.slice(0, shown).map(code);
  const more = total - listed.length;
  if (more > 0) return `${listed.join(', ')} and ${more} more`;
  if (listed.length <= 1) return listed.join('');
  return `${listed.slice(0, -1).join(', ')} and ${listed[listed.length - 1] ?? ''}`;
}

/** A time as chat readers want it: `14:02 UTC`, with the date when it is not today's (`Nov 25 14:02 UTC`). */
export function clockTime(at: number | string, now: number): string {
  const date = new Date(at);
  const hhmm = date.toISOString().slice(11, 16);
  if (date.toISOString().slice(0, 10) === new Date(now).toISOString().slice(0, 10)) return `${hhmm} UTC`;
  const day = date.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: date.getUTCFullYear() === new Date(now).getUTCFullYear() ? undefined : 'numeric',
    timeZone: 'UTC',
  });
  return `${day} ${hhmm} UTC`;
}

/** Seconds as kubectl's short durations read: `45 s`, `120 s`, `5 min`, `2 h`. */
export function seconds(value: number | bigint): string {
  // BigInt: tolerationSeconds is an int64, beyond what a number holds exactly.
  const s = BigInt(value);
  if (s < 300n || s % 60n !== 0n) return `${s} s`;
  if (s < 7200n || s % 3600n !== 0n) return `${s / 60n} min`;
  return `${s / 3600n} h`;
}

/**
 * The answer's lines, cut to MAX_CHAT_LINES: the last line kept says how many were left out and
 * where the rest is (the JSON answer, or its pods/nodes view).
 */
export function chatLines(lines: readonly string[], rest: string): string {
  if (lines.length <= MAX_CHAT_LINES) return `${lines.join('\n')}\n`;
  const kept = lines.slice(0, MAX_CHAT_LINES - 1);
  return `${kept.join('\n')}\n_…and ${lines.length - kept.length} more lines: ${rest}_\n`;
}

/** Warnings as chat shows them, first: a selector that matched nothing is the news. */
export const warningLines = (warnings: readonly string[] = []): string[] => warnings.map((w) => `:warning: ${w}`);
