import { describe, expect, it } from 'vitest';
import type { Pod } from '@taintgate/domain';
import {
  type PodDeletion,
  checkGracefulDelete,
  deletionGracePeriodSeconds,
  isTerminating,
  podDeletion,
} from '../../../../libs/domain/src/pods/graceful-deletion';

const pod = (spec: Pod['spec'], phase?: string): Pod => ({ metadata: { name: 'p', namespace: 'ns' }, spec, status: phase ? { phase } : {} });

// Kubernetes' TestCheckGracefulDelete (pkg/registry/core/pod/strategy_test.go): each case's pod and
// DeleteOptions.GracePeriodSeconds (the defaultGracePeriod of 30, or none), and the period the
// strategy leaves in the options. Upstream names kept, "in failed phase" included (its pod is
// Pending and unscheduled).
describe("checkGracefulDelete: Kubernetes' TestCheckGracefulDelete", () => {
  it.each<[string, Pod, number | undefined, number]>([
    ['in pending phase with has node name', pod({ nodeName: 'something' }, 'Pending'), 30, 30],
    ['in failed phase with has node name', pod({ nodeName: 'something' }, 'Failed'), 30, 0],
    ['in failed phase', pod({}, 'Pending'), 30, 0],
    ['in succeeded phase', pod({}, 'Succeeded'), 30, 0],
    ['no phase', pod({}), 30, 0],
    ['has negative grace period', pod({ nodeName: 'something', terminationGracePeriodSeconds: -1 }), undefined, 1],
  ])('%s', (_name, p, sent, period) => {
    expect(checkGracefulDelete(p, sent)).toBe(period);
  });

  it.each<[string, Pod, number | undefined, number]>([
    ['an explicit period on a bound, running pod is taken as sent', pod({ nodeName: 'n1', terminationGracePeriodSeconds: 5 }, 'Running'), 45, 45],
    ['an explicit 0 on a bound, running pod: at once', pod({ nodeName: 'n1' }, 'Running'), 0, 0],
    ['an explicit period on a Succeeded pod bound to a node: at once', pod({ nodeName: 'n1' }, 'Succeeded'), 30, 0],
    ['a negative period sent for an unscheduled pod: at once (not scheduled is checked before negative)', pod({}, 'Pending'), -5, 0],
    ['a negative period sent for a bound pod: 1 s', pod({ nodeName: 'n1' }, 'Running'), -5, 1],
    ['none sent: the pod’s own', pod({ nodeName: 'n1', terminationGracePeriodSeconds: 7 }, 'Running'), undefined, 7],
    ['none sent and none on the pod: the API server’s default of 30', pod({ nodeName: 'n1' }, 'Running'), undefined, 30],
  ])('%s', (_name, p, sent, period) => {
    expect(checkGracefulDelete(p, sent)).toBe(period);
  });
});

describe('deletionGracePeriodSeconds: CheckGracefulDelete with no period sent (the taint eviction controller’s DeleteOptions{})', () => {
  it.each<[string, Pod, number]>([
    ['terminationGracePeriodSeconds unset: the API server defaulted it to 30', pod({ nodeName: 'n1' }, 'Running'), 30],
    ['the pod’s own period', pod({ nodeName: 'n1', terminationGracePeriodSeconds: 5 }, 'Running'), 5],
    ['zero: at once', pod({ nodeName: 'n1', terminationGracePeriodSeconds: 0 }, 'Running'), 0],
    ['negative: read as 1 s', pod({ nodeName: 'n1', terminationGracePeriodSeconds: -3 }, 'Running'), 1],
    ['not scheduled: at once', pod({ terminationGracePeriodSeconds: 60 }, 'Running'), 0],
    ['Succeeded: at once', pod({ nodeName: 'n1', terminationGracePeriodSeconds: 60 }, 'Succeeded'), 0],
    ['Failed: at once', pod({ nodeName: 'n1', terminationGracePeriodSeconds: 60 }, 'Failed'), 0],
  ])('%s', (_name, p, seconds) => {
    expect(deletionGracePeriodSeconds(p)).toBe(seconds);
  });
});

const NOW = Date.parse('2026-11-23T12:00:00Z');
const at = (seconds: number) => new Date(NOW + seconds * 1000).toISOString();

/** makePodWithDeletionTimestamp of TestBeforeDelete: a pod terminating until `deletionTimestamp`, with that deletionGracePeriodSeconds. */
const terminating = (deletionTimestamp: string, deletionGracePeriodSeconds: number): Pod => ({
  metadata: { name: 'p', namespace: 'ns', deletionTimestamp, deletionGracePeriodSeconds },
  spec: { nodeName: 'n1' },
  status: { phase: 'Running' },
});
/** makePod of TestBeforeDelete: terminating since now, for deletionGracePeriodSeconds. */
const terminatingFor = (seconds: number) => terminating(at(seconds), seconds);

const remove: PodDeletion = { kind: 'remove' };
const pending: PodDeletion = { kind: 'pending' };
const terminate = (graceSeconds: number, deletionTimestamp: number): PodDeletion => ({ kind: 'terminate', graceSeconds, deletionTimestamp });

// Kubernetes' TestBeforeDelete (k8s.io/apiserver/pkg/registry/rest/delete_test.go), every case: a pod
// already terminating for DeletionGracePeriodSeconds (its deletionTimestamp that many seconds from
// now) and a DELETE with GracePeriodSeconds. Upstream's (graceful, gracefulPending) with the
// period it leaves on the pod read as what Store.Delete then does: graceful with a period sent of 0
// removes the pod (updateForGracefulDeletionAndFinalizers, no finalizers); graceful with more
// updates it (terminate, with the pod's new deletionGracePeriodSeconds and deletionTimestamp);
// gracefulPending changes nothing; neither removes it.
describe("podDeletion of a terminating pod: Kubernetes' TestBeforeDelete", () => {
  it.each<[string, Pod, number, PodDeletion]>([
    // graceful false, pending true, deletionGracePeriodSeconds 1, options 1
    ['when DeletionGracePeriodSeconds=-1, GracePeriodSeconds=-1', terminatingFor(-1), -1, pending],
    // graceful true, deletionGracePeriodSeconds 0, options 0: removed
    ['when DeletionGracePeriodSeconds=-1, GracePeriodSeconds=0', terminatingFor(-1), 0, remove],
    ['when DeletionGracePeriodSeconds=-1, GracePeriodSeconds=1', terminatingFor(-1), 1, pending],
    ['when DeletionGracePeriodSeconds=-1, GracePeriodSeconds=2', terminatingFor(-1), 2, pending],
    // graceful false, pending false: the stored period is 0, the pod is removed
    ['when DeletionGracePeriodSeconds=0, GracePeriodSeconds=-1', terminatingFor(0), -1, remove],
    ['when DeletionGracePeriodSeconds=0, GracePeriodSeconds=0', terminatingFor(0), 0, remove],
    ['when DeletionGracePeriodSeconds=0, GracePeriodSeconds=1', terminatingFor(0), 1, remove],
    ['when DeletionGracePeriodSeconds=0, GracePeriodSeconds=2', terminatingFor(0), 2, remove],
    ['when DeletionGracePeriodSeconds=1, GracePeriodSeconds=-1', terminatingFor(1), -1, pending],
    ['when DeletionGracePeriodSeconds=1, GracePeriodSeconds=0', terminatingFor(1), 0, remove],
    ['when DeletionGracePeriodSeconds=1, GracePeriodSeconds=1', terminatingFor(1), 1, pending],
    ['when DeletionGracePeriodSeconds=1, GracePeriodSeconds=2', terminatingFor(1), 2, pending],
    // graceful true, deletionGracePeriodSeconds 1: the deletion moved a second earlier, to now + 1 s
    ['when DeletionGracePeriodSeconds=2, GracePeriodSeconds=-1', terminatingFor(2), -1, terminate(1, NOW + 1000)],
    ['when DeletionGracePeriodSeconds=2, GracePeriodSeconds=0', terminatingFor(2), 0, remove],
    ['when DeletionGracePeriodSeconds=2, GracePeriodSeconds=1', terminatingFor(2), 1, terminate(1, NOW + 1000)],
    ['when DeletionGracePeriodSeconds=2, GracePeriodSeconds=2', terminatingFor(2), 2, pending],
    // deletionTimestamp a minute ago for 60 s: 50 s would put it 70 s in the past, so it is now, and 1 s
    ['when a shorter non-zero grace period would move into the past', terminating(at(-60), 60), 50, terminate(1, NOW)],
    ['when a zero grace period would move into the past', terminating(at(-60), 60), 0, remove],
  ])('%s', (_name, p, sent, expected) => {
    expect(podDeletion(p, sent, NOW)).toEqual(expected);
  });

  it('no period sent: a pending graceful deletion is left as it is (options.GracePeriodSeconds = the stored one)', () => {
    expect(podDeletion(terminatingFor(30), undefined, NOW)).toEqual(pending);
  });

  it('a terminating pod with no deletionGracePeriodSeconds (imported so) is removed, as a deletion whose removal failed', () => {
    const p = terminatingFor(30);
    delete p.metadata.deletionGracePeriodSeconds;
    expect(podDeletion(p, 30, NOW)).toEqual(remove);
  });

  it('a shorter period moves the deletion back by the difference', () => {
    expect(podDeletion(terminatingFor(30), 10, NOW)).toEqual(terminate(10, NOW + 10_000));
  });
});

// rest.BeforeDelete on a pod not terminating: CheckGracefulDelete's period, then Store.Delete.
describe('podDeletion of a pod not terminating: CheckGracefulDelete, then Store.Delete', () => {
  it.each<[string, Pod, number | undefined, PodDeletion]>([
    ['a bound, running pod with a period sent: terminating for it', pod({ nodeName: 'n1' }, 'Running'), 30, terminate(30, NOW + 30_000)],
    [
      'none sent: its own terminationGracePeriodSeconds',
      pod({ nodeName: 'n1', terminationGracePeriodSeconds: 5 }, 'Running'),
      undefined,
      terminate(5, NOW + 5000),
    ],
    ['0 sent: removed at once (a forced deletion)', pod({ nodeName: 'n1' }, 'Running'), 0, remove],
    ['a negative period sent: 1 s', pod({ nodeName: 'n1' }, 'Running'), -1, terminate(1, NOW + 1000)],
    ['an unscheduled pod with 30 s sent: removed at once', pod({}, 'Pending'), 30, remove],
    ['a Succeeded pod with 30 s sent: removed at once', pod({ nodeName: 'n1' }, 'Succeeded'), 30, remove],
    ['a Failed pod with 30 s sent: removed at once', pod({ nodeName: 'n1' }, 'Failed'), 30, remove],
    ['its own period 0: removed at once', pod({ nodeName: 'n1', terminationGracePeriodSeconds: 0 }, 'Running'), undefined, remove],
  ])('%s', (_name, p, sent, expected) => {
    expect(podDeletion(p, sent, NOW)).toEqual(expected);
  });
});

describe('isTerminating', () => {
  it('a pod is terminating once it has metadata.deletionTimestamp', () => {
    expect(isTerminating(terminatingFor(30))).toBe(true);
    expect(isTerminating(pod({}))).toBe(false);
  });
});
