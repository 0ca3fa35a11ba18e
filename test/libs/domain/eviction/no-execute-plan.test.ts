import { describe, expect, it } from 'vitest';
import type { Taint, Toleration } from '@taintgate/domain';
import { deadlineAfter, latestDeadline, minTolerationSeconds, planNoExecute } from '../../../../libs/domain/src/eviction/no-execute-plan';

const now = Date.UTC(2026, 10, 22, 12, 0, 0);
const ne = (key: string, value?: string): Taint => ({ key, ...(value ? { value } : {}), effect: 'NoExecute' });
const tol = (key: string, seconds?: number | bigint | null): Toleration => ({
  key,
  operator: 'Exists',
  effect: 'NoExecute',
  ...(seconds !== undefined ? { tolerationSeconds: seconds } : {}),
});

describe('planNoExecute (taint eviction controller processPodOnNode)', () => {
  it('no NoExecute taint: cancel', () => {
    expect(planNoExecute([{ key: 'k', effect: 'NoSchedule' }], [], undefined, now)).toEqual({ action: 'Cancel', reason: 'NoNoExecuteTaints' });
  });
  it('untolerated: evict now, naming every untolerated NoExecute taint', () => {
    expect(planNoExecute([ne('a'), ne('b'), ne('c')], [tol('b')], undefined, now)).toEqual({
      action: 'EvictNow',
      reason: 'Untolerated',
      untolerated: [ne('a'), ne('c')],
    });
  });
  it('untolerated replaces an eviction already scheduled', () => {
    expect(planNoExecute([ne('a')], [], { startedAt: now - 5000, fireAt: now + 5000 }, now).action).toBe('EvictNow');
  });
  it('tolerated forever: cancel', () => {
    expect(planNoExecute([ne('a')], [tol('a')], { startedAt: now - 1, fireAt: now + 1 }, now)).toEqual({ action: 'Cancel', reason: 'ToleratesForever' });
  });
  it('seed 000: tolerationSeconds 3600 evicts an hour later', () => {
    expect(
      planNoExecute(
        [ne('key1', 'value1')],
        [{ key: 'key1', operator: 'Equal', value: 'value1', effect: 'NoExecute', tolerationSeconds: 3600 }],
        undefined,
        now,
      ),
    ).toEqual({
      action: 'EvictAt',
      startedAt: now,
      fireAt: now + 3_600_000,
      tolerationSeconds: 3600,
      taint: ne('key1', 'value1'),
    });
  });
  it('the minimum over the tolerations in use, naming the taint that sets it', () => {
    const decision = planNoExecute([ne('a'), ne('b')], [tol('a', 600), tol('b', 30)], undefined, now);
    expect(decision).toMatchObject({ action: 'EvictAt', tolerationSeconds: 30, fireAt: now + 30_000, taint: ne('b') });
  });
  it('a forever toleration of one taint does not cancel the seconds of another', () => {
    expect(planNoExecute([ne('a'), ne('b')], [tol('a'), tol('b', 30)], undefined, now)).toMatchObject({ action: 'EvictAt', tolerationSeconds: 30 });
  });
  it('only the first matching toleration of a taint is in use', () => {
    // the later forever toleration is never looked at: 60 s it is
    expect(planNoExecute([ne('a')], [tol('a', 60), tol('a')], undefined, now)).toMatchObject({ action: 'EvictAt', tolerationSeconds: 60 });
    // and the other way round: forever
    expect(planNoExecute([ne('a')], [tol('a'), tol('a', 60)], undefined, now)).toEqual({ action: 'Cancel', reason: 'ToleratesForever' });
  });
  it.each([0, -1, -3600])('tolerationSeconds %i means now', (seconds) => {
    expect(planNoExecute([ne('a')], [tol('a', seconds)], undefined, now)).toEqual({
      action: 'EvictNow',
      reason: 'ToleranceElapsed',
      tolerationSeconds: 0,
      taint: ne('a'),
    });
  });
  it('an eviction scheduled earlier keeps its earlier start and deadline', () => {
    const scheduled = { startedAt: now - 10_000, fireAt: now + 20_000 };
    expect(planNoExecute([ne('a')], [tol('a', 300)], scheduled, now)).toEqual({ action: 'KeepScheduled', scheduled });
    expect(planNoExecute([ne('a')], [tol('a', 5)], scheduled, now)).toEqual({ action: 'KeepScheduled', scheduled });
  });
  it('an eviction scheduled at this very instant is replaced', () => {
    expect(planNoExecute([ne('a')], [tol('a', 10)], { startedAt: now, fireAt: now + 99_000 }, now)).toMatchObject({ action: 'EvictAt', fireAt: now + 10_000 });
  });
  it('an empty-key Exists toleration tolerates every NoExecute taint', () => {
    expect(planNoExecute([ne('a'), ne('b')], [{ operator: 'Exists' }], undefined, now)).toEqual({ action: 'Cancel', reason: 'ToleratesForever' });
  });
});

describe('minTolerationSeconds (getMinTolerationTime)', () => {
  const max = 2n ** 63n - 1n;
  const min = -(2n ** 63n);
  it.each([
    [[], 0],
    [[tol('a')], null],
    [[tol('a', 30), tol('b', 10)], 10],
    [[tol('a', 30), tol('b', 0)], 0],
    [[tol('a', null), tol('b', 7)], 7],
    // int64 throughout, exactly: numbers and bigints compare as the integers they are.
    [[tol('a', max)], max],
    [[tol('a', max), tol('b', max - 1n)], max - 1n],
    [[tol('a', max), tol('b', 2147483648)], 2147483648],
    [[tol('a', 2n ** 53n + 1n), tol('b', 2n ** 53n)], 2n ** 53n],
    [[tol('a', max), tol('b', min)], 0],
    [[tol('a', min)], 0],
    [[tol('a', null), tol('b', max)], max],
  ] as [Toleration[], number | bigint | null][])('%s -> %s', (used, expected) => {
    expect(minTolerationSeconds(used)).toBe(expected);
  });
});

describe('deadlineAfter: a deadline, or null when it is never in practice', () => {
  it.each<{ name: string; seconds: number | bigint; at: number | null }>([
    { name: 'an hour', seconds: 3600, at: now + 3_600_000 },
    { name: '2147483648 s (68 years, past int32)', seconds: 2147483648, at: now + 2_147_483_648_000 },
    // 9223372036 s: the most Kubernetes' time.Duration holds (292 years); still a date here.
    { name: '9223372036 s', seconds: 9223372036, at: now + 9_223_372_036_000 },
    { name: 'exactly to the last millisecond of 9999', seconds: (latestDeadline + 1 - now) / 1000 - 1, at: latestDeadline - 999 },
    { name: 'one second past year 9999', seconds: Math.ceil((latestDeadline - now) / 1000) + 1, at: null },
    { name: 'the largest safe integer', seconds: Number.MAX_SAFE_INTEGER, at: null },
    { name: 'int64 max', seconds: 2n ** 63n - 1n, at: null },
  ])('$name', ({ seconds, at }) => {
    expect(deadlineAfter(now, seconds)).toBe(at);
  });
  it('latestDeadline is 9999-12-31T23:59:59.999Z', () => {
    expect(new Date(latestDeadline).toISOString()).toBe('9999-12-31T23:59:59.999Z');
  });
});

describe('planNoExecute with tolerationSeconds at the top of int64', () => {
  const max = 2n ** 63n - 1n;
  it('2147483648 s (past int32) is a deadline 68 years on', () => {
    expect(planNoExecute([ne('a')], [tol('a', 2147483648)], undefined, now)).toEqual({
      action: 'EvictAt',
      startedAt: now,
      fireAt: now + 2_147_483_648_000,
      tolerationSeconds: 2147483648,
      taint: ne('a'),
    });
  });
  // Kubernetes counts exactly MaxInt64 as forever (its "none seen" mark) and wraps larger
  // products of seconds and nanoseconds; here both are a deadline past year 9999.
  it.each<{ name: string; seconds: number | bigint }>([
    { name: 'int64 max', seconds: max },
    { name: "2^62 s (0 after Kubernetes' Duration overflow: evicted at once there)", seconds: 2n ** 62n },
    { name: 'the largest safe integer', seconds: Number.MAX_SAFE_INTEGER },
    { name: '10^12 s (31,000 years)', seconds: 1e12 },
  ])('$name: never in practice, with the exact seconds and the taint that sets them', ({ seconds }) => {
    expect(planNoExecute([ne('a')], [tol('a', seconds)], undefined, now)).toEqual({
      action: 'NeverInPractice',
      startedAt: now,
      tolerationSeconds: seconds,
      taint: ne('a'),
    });
  });
  it('the smallest in use sets the time: a near deadline wins over one never in practice', () => {
    expect(planNoExecute([ne('a'), ne('b')], [tol('a', max), tol('b', 30)], undefined, now)).toMatchObject({
      action: 'EvictAt',
      tolerationSeconds: 30,
      taint: ne('b'),
    });
  });
  it('the taint whose bigint seconds set the time is named', () => {
    expect(planNoExecute([ne('a'), ne('b')], [tol('a', max), tol('b', max - 1n)], undefined, now)).toMatchObject({
      action: 'NeverInPractice',
      tolerationSeconds: max - 1n,
      taint: ne('b'),
    });
  });
  it('int64 min evicts at once', () => {
    expect(planNoExecute([ne('a')], [tol('a', -(2n ** 63n))], undefined, now)).toMatchObject({
      action: 'EvictNow',
      reason: 'ToleranceElapsed',
      tolerationSeconds: 0,
    });
  });
  it('an eviction scheduled earlier stands, whatever the new seconds', () => {
    const scheduled = { startedAt: now - 10_000, fireAt: now + 20_000 };
    expect(planNoExecute([ne('a')], [tol('a', max)], scheduled, now)).toEqual({ action: 'KeepScheduled', scheduled });
  });
});
