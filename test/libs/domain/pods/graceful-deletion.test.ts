import { describe, expect, it } from 'vitest';
import { type Pod, deletionGracePeriodSeconds, isTerminating } from '@taintgate/domain';
import { terminatingPod } from '../../../../libs/domain/src/pods/graceful-deletion';

/** The pod strategy's CheckGracefulDelete (pkg/registry/core/pod/strategy.go), with no grace period in the delete options. */
const pod = (spec: Pod['spec'], phase = 'Running'): Pod => ({ metadata: { name: 'p', namespace: 'ns' }, spec, status: { phase } });

describe('deletionGracePeriodSeconds (CheckGracefulDelete)', () => {
  it.each<[string, Pod, number]>([
    ['terminationGracePeriodSeconds unset: the API server defaulted it to 30', pod({ nodeName: 'n1' }), 30],
    ['the pod’s own period', pod({ nodeName: 'n1', terminationGracePeriodSeconds: 5 }), 5],
    ['zero: at once', pod({ nodeName: 'n1', terminationGracePeriodSeconds: 0 }), 0],
    ['negative: read as 1 s', pod({ nodeName: 'n1', terminationGracePeriodSeconds: -3 }), 1],
    ['not scheduled: at once', pod({ terminationGracePeriodSeconds: 60 }), 0],
    ['Succeeded: at once', pod({ nodeName: 'n1', terminationGracePeriodSeconds: 60 }, 'Succeeded'), 0],
    ['Failed: at once', pod({ nodeName: 'n1', terminationGracePeriodSeconds: 60 }, 'Failed'), 0],
  ])('%s', (_name, p, seconds) => {
    expect(deletionGracePeriodSeconds(p)).toBe(seconds);
  });
});

describe('terminatingPod', () => {
  it('sets metadata.deletionTimestamp to when the pod will be gone, and the grace period', () => {
    const now = Date.UTC(2026, 10, 23, 12, 0, 0);
    const terminating = terminatingPod(pod({ nodeName: 'n1' }), now, 30);
    expect(terminating.metadata).toEqual({ name: 'p', namespace: 'ns', deletionTimestamp: '2026-11-23T12:00:30Z', deletionGracePeriodSeconds: 30 });
    expect(isTerminating(terminating)).toBe(true);
    expect(isTerminating(pod({}))).toBe(false);
  });
});
