/**
 * The cluster is a snapshot taken at one instant: `kubectl get` ran at `snapshotTime`. Every
 * timestamp is a number of seconds before (or, for a deletionTimestamp, after) it, printed as
 * the API server prints metav1.Time: RFC 3339, whole seconds, UTC.
 */
export const snapshotTime = '2025-11-14T09:41:27Z';

const snapshotSeconds = Date.parse(snapshotTime) / 1000;

// Hundreds of thousands of timestamps, many in the same second: each second's text is made once
// (a flat table covers the last 40 days), the date part once per day.
const dayPrefix = new Map<number, string>();
const twoDigits = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
const tableSpan = 40 * 86_400;
const table: (string | undefined)[] = new Array<string | undefined>(tableSpan + 3600);

function format(at: number): string {
  const day = Math.floor(at / 86_400);
  let prefix = dayPrefix.get(day);
  if (prefix === undefined) {
    prefix = new Date(day * 86_400_000).toISOString().slice(0, 11);
    dayPrefix.set(day, prefix);
  }
  const second = at - day * 86_400;
  return `${prefix}${twoDigits[Math.floor(second / 3600)]!}:${twoDigits[Math.floor(second / 60) % 60]!}:${twoDigits[second % 60]!}Z`;
}

/** The time `secondsAgo` before the snapshot (negative: after it). */
export function ago(secondsAgo: number): string {
  const s = Math.round(secondsAgo);
  // Slot 0 is an hour after the snapshot, for deletionTimestamps in the future.
  const slot = s + 3600;
  if (slot < 0 || slot >= table.length) return format(snapshotSeconds - s);
  return (table[slot] ??= format(snapshotSeconds - s));
}

/** kubelet's `kubernetes.io/config.seen` annotation: a Go time.Time with nanoseconds. */
export function agoWithNanos(secondsAgo: number, nanos: number): string {
  // RFC3339Nano drops trailing zeros of the fraction, and the fraction itself when it is zero.
  const fraction = String(nanos).padStart(9, '0').replace(/0+$/, '');
  return fraction === '' ? ago(secondsAgo) : `${ago(secondsAgo).slice(0, 19)}.${fraction}Z`;
}

export const minute = 60;
export const hour = 3600;
export const day = 86_400;
