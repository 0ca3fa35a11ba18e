import { describe, expect, it } from 'vitest';
import { type EvictionStep, type Taint, evictionStep, predictionOnPodDeleted, predictionStep } from '@taintgate/domain';

/**
 * A mirror predicts what its cluster's taint eviction controller (pkg/controller/tainteviction)
 * does: processPodOnNode's step, as evictionStep ports it from TestCreatePod and TestUpdatePod,
 * with the one difference a prediction makes: the controller deletes a pod once, and a pod still
 * shown after its eviction was predicted due is not predicted again.
 */

const now = Date.UTC(2026, 11, 1, 12, 0, 0);
const notReady: Taint = { key: 'node.kubernetes.io/not-ready', effect: 'NoExecute' };
const evictNow: EvictionStep = { step: 'EvictNow', taint: notReady, tolerationSeconds: null, supersedes: true };

describe('predictionStep', () => {
  it.each<[string, EvictionStep, { startedAt: number; fireAt: number } | undefined, EvictionStep]>([
    ['no prediction yet: evict now is predicted now', { ...evictNow, supersedes: false }, undefined, { ...evictNow, supersedes: false }],
    ['predicted due already (an immediate eviction): nothing more', evictNow, { startedAt: now - 5_000, fireAt: now - 5_000 }, { step: 'Nothing' }],
    ['predicted due at this very instant: nothing more', evictNow, { startedAt: now - 300_000, fireAt: now }, { step: 'Nothing' }],
    ['a deadline still ahead, now untolerated: predicted now instead', evictNow, { startedAt: now, fireAt: now + 60_000 }, evictNow],
    ['a deadline: kept as the controller keeps it', { step: 'Nothing' }, { startedAt: now, fireAt: now + 60_000 }, { step: 'Nothing' }],
    ['a cancel: a cancel', { step: 'Cancel', reason: 'TaintRemoved' }, { startedAt: now, fireAt: now - 1 }, { step: 'Cancel', reason: 'TaintRemoved' }],
  ])('%s', (_name, step, predicted, expected) => {
    expect(predictionStep(step, predicted, now)).toEqual(expected);
  });

  it('follows evictionStep: a pod on a not-ready node with no toleration is predicted once, whatever the imports after', () => {
    const first = evictionStep({ taints: [notReady], tolerations: [], scheduled: undefined }, now);
    expect(predictionStep(first, undefined, now)).toMatchObject({ step: 'EvictNow' });
    const predicted = { startedAt: now, fireAt: now };
    const again = evictionStep({ taints: [notReady], tolerations: [], scheduled: predicted }, now + 30_000);
    expect(again).toMatchObject({ step: 'EvictNow', supersedes: true });
    expect(predictionStep(again, predicted, now + 30_000)).toEqual({ step: 'Nothing' });
  });
});

describe('predictionOnPodDeleted', () => {
  it.each<[string, number, number, string]>([
    ['gone before its deadline: cancelled', now + 1, now, 'PodDeleted'],
    ['gone at its deadline: it came true', now, now, 'DeletedAtSource'],
    ['gone after it: it came true', now - 60_000, now, 'DeletedAtSource'],
  ])('%s', (_name, fireAt, at, expected) => {
    expect(predictionOnPodDeleted(fireAt, at)).toBe(expected);
  });
});
