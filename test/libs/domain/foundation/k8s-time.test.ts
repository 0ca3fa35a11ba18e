import { describe, expect, it } from 'vitest';
import { k8sTime } from '../../../../libs/domain/src/foundation/k8s-time';

// metav1.Time's MarshalJSON: t.UTC().Format(time.RFC3339), so whole seconds, the fraction dropped
// (apimachinery's pkg/apis/meta/v1/time.go, TestTimeMarshalJSON).
describe('k8sTime: metav1.Time, UTC, whole seconds', () => {
  it.each([
    [0, '1970-01-01T00:00:00Z'],
    [999, '1970-01-01T00:00:00Z'],
    [1_700_000_000_999, '2023-11-14T22:13:20Z'],
    [Date.UTC(2024, 4, 6, 7, 8, 9, 999), '2024-05-06T07:08:09Z'],
    [Date.UTC(2024, 1, 29, 23, 59, 59, 500), '2024-02-29T23:59:59Z'],
  ])('%d -> %s', (ms, text) => {
    expect(k8sTime(ms)).toBe(text);
    expect(k8sTime(new Date(ms))).toBe(text);
  });
});

describe('k8sTime of any Date a row may hold', () => {
  const cases: [string, Date, string][] = [
    ['milliseconds dropped, not rounded', new Date('2026-11-24T07:21:00.999Z'), '2026-11-24T07:21:00Z'],
    ['a whole second', new Date('2026-01-01T00:00:00.000Z'), '2026-01-01T00:00:00Z'],
    ['the epoch', new Date(0), '1970-01-01T00:00:00Z'],
    ['a year of four digits with leading zeros', new Date('0042-03-04T05:06:07.890Z'), '0042-03-04T05:06:07Z'],
    ['a six-digit year (past 9999)', new Date('+010000-01-01T00:00:00.123Z'), '+010000-01-01T00:00:00Z'],
    ['a year before 0', new Date('-000001-12-31T23:59:59.500Z'), '-000001-12-31T23:59:59Z'],
  ];
  it.each(cases)('%s', (_, date, expected) => {
    expect(k8sTime(date)).toBe(expected);
  });
});
