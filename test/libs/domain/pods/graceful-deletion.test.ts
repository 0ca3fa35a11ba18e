import { describe, expect, it } from 'vitest';
import { type Pod, deletionGracePeriodSeconds, isTerminating } from '@taintgate/domain';

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

describe('isTerminating', () => {
  it('a pod is terminating once it has metadata.deletionTimestamp', () => {
    const terminating = pod({ nodeName: 'n1' });
    terminating.metadata.deletionTimestamp = '2026-11-23T12:00:30Z';
    expect(isTerminating(terminating)).toBe(true);
    expect(isTerminating(pod({}))).toBe(false);
  });
});
