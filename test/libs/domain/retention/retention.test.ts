import { describe, expect, it } from 'vitest';
import { type RetainedEviction, evictionExpired, retentionCutoff } from '@taintgate/domain';

const now = Date.parse('2026-11-23T12:00:00Z');
const day = 86_400_000;

describe('retentionCutoff', () => {
  it.each([
    [30, now - 30 * day],
    [1, now - day],
    [0, undefined],
  ])('%i days before now', (days, cutoff) => {
    expect(retentionCutoff(now, days)).toBe(cutoff);
  });
});

describe('evictionExpired', () => {
  const cutoff = now - 30 * day;
  it.each<[string, RetainedEviction, boolean]>([
    ['scheduled, however old', { status: 'Scheduled', firedAt: null, cancelledAt: null }, false],
    ['executed before the cutoff', { status: 'Executed', firedAt: cutoff - 1, cancelledAt: null }, true],
    ['executed at the cutoff', { status: 'Executed', firedAt: cutoff, cancelledAt: null }, false],
    ['executed after the cutoff', { status: 'Executed', firedAt: now, cancelledAt: null }, false],
    ['cancelled before the cutoff', { status: 'Cancelled', firedAt: null, cancelledAt: cutoff - day }, true],
    ['cancelled after the cutoff', { status: 'Cancelled', firedAt: null, cancelledAt: now - day }, false],
    ['executed without a time (never stored so)', { status: 'Executed', firedAt: null, cancelledAt: null }, false],
  ])('%s: %s', (_what, eviction, expired) => {
    expect(evictionExpired(eviction, cutoff)).toBe(expired);
  });
});
