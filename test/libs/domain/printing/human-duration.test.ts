import { describe, expect, it } from 'vitest';
import { translateTimestampSince } from '@taintgate/domain';
import { humanDuration } from '../../../../libs/domain/src/printing/human-duration';

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;
const year = 365 * day;

describe('humanDuration', () => {
  // TestHumanDuration (apimachinery pkg/util/duration/duration_test.go)
  it.each<[number, string]>([
    [second, '1s'],
    [70 * second, '70s'],
    [190 * second, '3m10s'],
    [70 * minute, '70m'],
    [47 * hour, '47h'],
    [49 * hour, '2d1h'],
    [(8 * 24 + 2) * hour, '8d'],
    [367 * day, '367d'],
    [(365 * 2 * 24 + 25) * hour, '2y1d'],
    [(365 * 8 * 24 + 2) * hour, '8y'],
  ])('%d ms: %s', (ms, want) => {
    expect(humanDuration(ms)).toBe(want);
  });

  // TestHumanDurationBoundaries (duration_test.go). Go's cases are in nanoseconds: "-2s + 1ns" is -2s + 1 ms here.
  it.each<[number, string]>([
    [-2 * second, '<invalid>'],
    [-2 * second + 1, '0s'],
    [0, '0s'],
    [second - 1, '0s'],
    [2 * minute - 1, '119s'],
    [2 * minute, '2m'],
    [2 * minute + second, '2m1s'],
    [10 * minute - 1, '9m59s'],
    [10 * minute, '10m'],
    [10 * minute + second, '10m'],
    [3 * hour - 1, '179m'],
    [3 * hour, '3h'],
    [3 * hour + minute, '3h1m'],
    [8 * hour - 1, '7h59m'],
    [8 * hour, '8h'],
    [8 * hour + 59 * minute, '8h'],
    [2 * day - 1, '47h'],
    [2 * day, '2d'],
    [2 * day + hour, '2d1h'],
    [8 * day - 1, '7d23h'],
    [8 * day, '8d'],
    [8 * day + 23 * hour, '8d'],
    [2 * year - 1, '729d'],
    [2 * year, '2y'],
    [2 * year + 23 * hour, '2y'],
    [2 * year + 23 * hour + 59 * minute, '2y'],
    [2 * year + day - 1, '2y'],
    [2 * year + day, '2y1d'],
    [3 * year, '3y'],
    [4 * year, '4y'],
    [5 * year, '5y'],
    [6 * year, '6y'],
    [7 * year, '7y'],
    [8 * year - 1, '7y364d'],
    [8 * year, '8y'],
    [8 * year + 364 * day, '8y'],
    [9 * year, '9y'],
  ])('%d ms: %s', (ms, want) => {
    expect(humanDuration(ms)).toBe(want);
  });

  it('reads the examples of the AGE column', () => {
    expect([150 * second, 5 * hour + 2 * minute, 3 * day + 4 * hour, 2 * year].map(humanDuration)).toEqual(['2m30s', '5h2m', '3d4h', '2y']);
  });
});

describe('translateTimestampSince', () => {
  const now = Date.UTC(2026, 0, 15, 12, 0, 0);
  const at = (offset: number): string => new Date(now + offset).toISOString();

  // TestTranslateTimestampSince (pkg/printers/internalversion/printers_test.go)
  it.each<[string, string | undefined, string]>([
    ['a while from now', at(2100), '<invalid>'],
    ['almost now', at(1900), '0s'],
    ['now', at(0), '0s'],
    ['unknown', undefined, '<unknown>'],
    ['30 seconds ago', at(-30 * second), '30s'],
    ['5 minutes ago', at(-5 * minute), '5m'],
    ['an hour ago', at(-100 * minute), '100m'],
    ['2 days ago', at(-2 * day), '2d'],
    ['months ago', at(-90 * day), '90d'],
    ['10 years ago', at(-10 * year), '10y'],
  ])('%s', (_name, timestamp, want) => {
    expect(translateTimestampSince(timestamp, now)).toBe(want);
  });

  it.each<[string, string]>([
    ['empty', ''],
    ['unreadable', 'yesterday'],
    ["Go's zero time", '0001-01-01T00:00:00Z'],
  ])('%s: <unknown>', (_name, timestamp) => {
    expect(translateTimestampSince(timestamp, now)).toBe('<unknown>');
  });

  it('reads RFC 3339 with microseconds and offsets', () => {
    expect(translateTimestampSince('2026-01-15T11:59:29.999999Z', now)).toBe('30s');
    expect(translateTimestampSince('2026-01-15T13:55:00+02:00', now)).toBe('5m');
  });
});
