import { describe, expect, it } from 'vitest';
import { k8sTime } from '../../../../apps/api/src/store/object-parts';

/** metav1.Time as the API server writes it (RFC 3339, whole seconds, UTC), for any Date a row may hold. */
describe('k8sTime', () => {
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
