import { describe, expect, it } from 'vitest';
import { type EvictionStep, type Taint, type Toleration, evictionStep, noExecuteTaintsChanged, wakeStep } from '@taintgate/domain';
import type { WakeStep } from '../../../../libs/domain/src/eviction/eviction-steps';

/**
 * The taint eviction controller (pkg/controller/tainteviction/taint_eviction.go) split as it
 * splits itself: handleNodeUpdate is told of a node only when getNoExecuteTaints changed;
 * processPodOnNode decides, and its timed-worker queue adds, keeps or cancels the pod's work.
 * Cases follow TestCreatePod, TestUpdatePod, TestUpdateNode and TestDeleteNode of
 * taint_eviction_test.go, as steps against the eviction already scheduled.
 */

const now = Date.UTC(2026, 10, 23, 12, 0, 0);
const ne = (key: string, value?: string): Taint => ({ key, ...(value ? { value } : {}), effect: 'NoExecute' });
const ns = (key: string): Taint => ({ key, effect: 'NoSchedule' });
const tol = (key: string, seconds?: number | bigint): Toleration => ({
  key,
  operator: 'Exists',
  effect: 'NoExecute',
  ...(seconds !== undefined ? { tolerationSeconds: seconds } : {}),
});
const waiting = { startedAt: now - 10_000, fireAt: now + 20_000 };

describe('noExecuteTaintsChanged (handleNodeUpdate: getNoExecuteTaints old vs new)', () => {
  it.each<[string, Taint[], Taint[] | undefined, boolean]>([
    ['no taints before or after', [], [], false],
    ['a NoSchedule taint added', [], [ns('a')], false],
    ['a label-only write: same NoExecute taints', [ne('a', '1')], [ne('a', '1')], false],
    ['the same NoExecute taints in another order', [ne('a'), ne('b')], [ne('b'), ne('a')], false],
    ['a NoExecute taint added', [], [ne('a')], true],
    ['a NoExecute taint removed', [ne('a')], [], true],
    ['its value changed', [ne('a', '1')], [ne('a', '2')], true],
    ['the node deleted while it had one', [ne('a')], undefined, true],
    ['the node deleted with none', [ns('a')], undefined, false],
  ])('%s: %s', (_name, before, after, changed) => {
    expect(noExecuteTaintsChanged(before, after)).toBe(changed);
  });
});

describe('evictionStep (processPodOnNode, with the work already queued for the pod)', () => {
  it.each<[string, Taint[] | undefined, Toleration[], typeof waiting | undefined, EvictionStep]>([
    ['no NoExecute taint, nothing scheduled: nothing', [ns('a')], [], undefined, { step: 'Nothing' }],
    ['no NoExecute taint left: the scheduled eviction is cancelled', [ns('a')], [tol('a', 30)], waiting, { step: 'Cancel', reason: 'TaintRemoved' }],
    ['TestCreatePod: untolerated, evicted at once', [ne('a')], [], undefined, { step: 'EvictNow', taint: ne('a'), tolerationSeconds: null, supersedes: false }],
    [
      'untolerated now: the waiting eviction is superseded',
      [ne('a'), ne('b')],
      [tol('a', 30)],
      waiting,
      { step: 'EvictNow', taint: ne('b'), tolerationSeconds: null, supersedes: true },
    ],
    [
      'tolerated with seconds: scheduled',
      [ne('a')],
      [tol('a', 30)],
      undefined,
      { step: 'Schedule', taint: ne('a'), startedAt: now, fireAt: now + 30_000, tolerationSeconds: 30, supersedes: false },
    ],
    [
      'tolerationSeconds 0: evicted at once',
      [ne('a')],
      [tol('a', 0)],
      undefined,
      { step: 'EvictNow', taint: ne('a'), tolerationSeconds: 0, supersedes: false },
    ],
    ['TestUpdatePod: an earlier deadline is kept, whatever the new minimum', [ne('a')], [tol('a', 5)], waiting, { step: 'Nothing' }],
    ['tolerated forever now: the waiting eviction is cancelled', [ne('a')], [tol('a')], waiting, { step: 'Cancel', reason: 'ToleratesForever' }],
    ['tolerated forever, nothing scheduled: nothing', [ne('a')], [tol('a')], undefined, { step: 'Nothing' }],
    // handlePodUpdate returns when the node is not in taintedNodes: deleting a node cancels nothing.
    ['TestDeleteNode: the node gone, its waiting eviction kept', undefined, [tol('a', 30)], waiting, { step: 'Nothing' }],
    ['the node gone, nothing scheduled: nothing', undefined, [], undefined, { step: 'Nothing' }],
    [
      '2147483648 s (past int32): scheduled 68 years on',
      [ne('a')],
      [tol('a', 2147483648)],
      undefined,
      { step: 'Schedule', taint: ne('a'), startedAt: now, fireAt: now + 2_147_483_648_000, tolerationSeconds: 2147483648, supersedes: false },
    ],
    ['int64 max: never in practice, nothing scheduled', [ne('a')], [tol('a', 2n ** 63n - 1n)], undefined, { step: 'Nothing' }],
    ['int64 max, an earlier deadline waiting: it is kept', [ne('a')], [tol('a', 2n ** 63n - 1n)], waiting, { step: 'Nothing' }],
    [
      'int64 max, a deadline set this same instant: replaced by none',
      [ne('a')],
      [tol('a', 2n ** 63n - 1n)],
      { startedAt: now, fireAt: now + 30_000 },
      { step: 'Cancel', reason: 'Superseded' },
    ],
  ])('%s', (_name, taints, tolerations, scheduled, step) => {
    expect(evictionStep({ taints, tolerations, scheduled }, now)).toEqual(step);
  });
});

describe('wakeStep (the timed worker firing: deletePodHandler re-checks before it deletes)', () => {
  const due = { podUid: 'u1', nodeName: 'n1', startedAt: now - 30_000, fireAt: now };
  const early = { ...due, fireAt: now + 5_000 };
  const pod = { uid: 'u1', nodeName: 'n1', tolerations: [tol('a', 30)] };
  it.each<[string, typeof due, typeof pod | undefined, Taint[] | undefined, WakeStep]>([
    ['due, still tolerated only for a while: executed', due, pod, [ne('a')], { step: 'Execute' }],
    ['woken before the deadline (another clock): wait again', early, pod, [ne('a')], { step: 'Requeue' }],
    ['untolerated since: executed even if early', early, { ...pod, tolerations: [] }, [ne('a')], { step: 'Execute' }],
    ['the pod deleted meanwhile', due, undefined, [ne('a')], { step: 'Cancel', reason: 'PodGone' }],
    ['another pod of the same name (a new uid)', due, { ...pod, uid: 'u2' }, [ne('a')], { step: 'Cancel', reason: 'PodGone' }],
    ['the pod bound elsewhere', due, { ...pod, nodeName: 'n2' }, [ne('a')], { step: 'Cancel', reason: 'PodGone' }],
    ['the taint removed (its cancel lost in a race)', due, pod, [], { step: 'Cancel', reason: 'TaintRemoved' }],
    // The timed worker's deletePodHandler fires whatever became of the node.
    ['the node gone: executed at its deadline', due, pod, undefined, { step: 'Execute' }],
    ['the node gone, woken early: wait again', early, pod, undefined, { step: 'Requeue' }],
    ['tolerated forever since', due, { ...pod, tolerations: [tol('a')] }, [ne('a')], { step: 'Cancel', reason: 'ToleratesForever' }],
  ])('%s', (_name, eviction, podNow, taints, step) => {
    expect(wakeStep(eviction, podNow, taints, now)).toEqual(step);
  });
});
