/**
 * The AGE-style durations kube-apiserver prints in its tables: apimachinery's
 * pkg/util/duration.HumanDuration and the printers' translateTimestampSince. Durations are in
 * milliseconds (Go's are nanoseconds; every timestamp we print has at most microseconds, and the
 * output never shows less than a second).
 */

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;

/** Go's int(d / unit): integer division that truncates toward zero. */
const whole = (ms: number, unit: number): number => Math.trunc(ms / unit);

/** About two or three significant figures: `45s`, `3m10s`, `70m`, `5h2m`, `47h`, `3d4h`, `367d`, `2y1d`, `8y`. */
export function humanDuration(ms: number): string {
  const seconds = whole(ms, second);
  // Up to two seconds in the future (excluded) is read as now: clocks of machines drift.
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 2 * 60) return `${seconds}s`;

  const minutes = whole(ms, minute);
  if (minutes < 10) return withRest(`${minutes}m`, seconds % 60, 's');
  if (minutes < 3 * 60) return `${minutes}m`;

  const hours = whole(ms, hour);
  if (hours < 8) return withRest(`${hours}h`, minutes % 60, 'm');
  if (hours < 48) return `${hours}h`;

  const days = Math.trunc(hours / 24);
  if (hours < 24 * 8) return withRest(`${days}d`, hours % 24, 'h');
  if (hours < 24 * 365 * 2) return `${days}d`;

  const years = Math.trunc(days / 365);
  if (hours < 24 * 365 * 8) return withRest(`${years}y`, days % 365, 'd');
  return `${years}y`;
}

const withRest = (head: string, rest: number, unit: string): string => (rest === 0 ? head : `${head}${rest}${unit}`);

/** Go's time.Time{} (0001-01-01T00:00:00Z), which metav1.Time.IsZero also treats as unset. */
const goZeroTime = Date.parse('0001-01-01T00:00:00Z');

/** An RFC 3339 timestamp as epoch milliseconds; undefined when unset, unreadable or Go's zero time. */
export function timestampMillis(timestamp: string | undefined): number | undefined {
  if (!timestamp) return undefined;
  const ms = Date.parse(timestamp);
  return Number.isNaN(ms) || ms === goZeroTime ? undefined : ms;
}

/** translateTimestampSince for a time already read: `<unknown>` when there is none. */
export const elapsedSince = (ms: number | undefined, now: number): string => (ms === undefined ? '<unknown>' : humanDuration(now - ms));

/** How long ago a timestamp was, as the AGE column prints it; `<unknown>` when unset. */
export const translateTimestampSince = (timestamp: string | undefined, now: number): string => elapsedSince(timestampMillis(timestamp), now);
