import { describe, expect, it } from 'vitest';
import { type Taint, type Toleration, minTolerationSeconds, planNoExecute } from '@taintgate/domain';

const now = Date.UTC(2026, 10, 22, 12, 0, 0);
const ne = (key: string, value?: string): Taint => ({ key, ...(value ? { value } : {}), effect: 'NoExecute' });
const tol = (key: string, seconds?: number | null): Toleration => ({
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
  it.each([
    [[], 0],
    [[tol('a')], null],
    [[tol('a', 30), tol('b', 10)], 10],
    [[tol('a', 30), tol('b', 0)], 0],
    [[tol('a', null), tol('b', 7)], 7],
  ] as [Toleration[], number | null][])('%j -> %s', (used, expected) => {
    expect(minTolerationSeconds(used)).toBe(expected);
  });
});
