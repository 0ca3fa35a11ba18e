import { describe, expect, it } from 'vitest';
import type { Pod } from '@taintgate/domain';
import type {} from '../../../../../libs/domain/src/types';
import { unevaluatedClaims } from '../../../../../libs/domain/src/scheduling/volumes/unevaluated-claims';
import type { PersistentVolumeClaim, StorageClass } from '../../../../../libs/domain/src/storage/storage-objects';
import { makePod, makeSnapshot, pvcVolume } from './volume-fixtures';

const classes: StorageClass[] = [
  { metadata: { name: 'wait' }, provisioner: 'p', volumeBindingMode: 'WaitForFirstConsumer' },
  { metadata: { name: 'now' }, provisioner: 'p', volumeBindingMode: 'Immediate' },
];
const claim = (name: string, storageClassName: string, volumeName?: string): PersistentVolumeClaim => ({
  metadata: { name, namespace: 'default', ...(volumeName ? { annotations: { 'pv.kubernetes.io/bind-completed': 'yes' } } : {}) },
  spec: { storageClassName, ...(volumeName ? { volumeName } : {}) },
});
const claims = [claim('wffc', 'wait'), claim('bound', 'wait', 'pv-1'), claim('immediate', 'now'), claim('unknown', 'gone')];

describe('unevaluatedClaims', () => {
  it('names unbound claims waiting for a first consumer and claims of a class not held, once each', () => {
    const pod = makePod('p', [
      pvcVolume('wffc'),
      pvcVolume('wffc', 'again'),
      pvcVolume('bound'),
      pvcVolume('immediate'),
      pvcVolume('unknown'),
      pvcVolume('missing'),
    ]);
    expect(unevaluatedClaims(pod, makeSnapshot([], [], { claims, classes }))).toEqual([
      {
        kind: 'WaitForFirstConsumerClaim',
        name: 'wffc',
        message:
          'PersistentVolumeClaim wffc is unbound and its StorageClass wait waits for a first consumer: finding or provisioning its volume for a node is not evaluated',
      },
      {
        kind: 'UnknownClaim',
        name: 'unknown',
        message: 'PersistentVolumeClaim unknown is unbound and its StorageClass gone is not known: how it will be bound is not evaluated',
      },
    ]);
  });

  it("names a generic ephemeral volume's unbound claim", () => {
    const pod = makePod('web', [{ name: 'scratch', ephemeral: {} }]);
    const snapshot = makeSnapshot([], [], { claims: [claim('web-scratch', 'wait')], classes });
    expect(unevaluatedClaims(pod, snapshot).map(({ kind, name }) => ({ kind, name }))).toEqual([{ kind: 'WaitForFirstConsumerClaim', name: 'web-scratch' }]);
  });

  it("names the pod's resource claims (dynamic resource allocation)", () => {
    const pod: Pod = {
      metadata: { name: 'gpu', namespace: 'default' },
      spec: {
        containers: [],
        resourceClaims: [{ name: 'gpu', resourceClaimTemplateName: 'one-gpu' }, { name: 'shared', resourceClaimName: 'team-gpus' }, { notAClaim: true }],
      },
    };
    expect(unevaluatedClaims(pod, makeSnapshot([], []))).toEqual([
      {
        kind: 'ResourceClaim',
        name: 'gpu',
        message: 'resource claim gpu (a ResourceClaim from template one-gpu): dynamic resource allocation is not evaluated',
      },
      { kind: 'ResourceClaim', name: 'shared', message: 'resource claim shared (ResourceClaim team-gpus): dynamic resource allocation is not evaluated' },
    ]);
  });

  it('names nothing for a pod without claims', () => {
    expect(unevaluatedClaims(makePod('p', [{ name: 'cm', configMap: {} }]), makeSnapshot([], []))).toEqual([]);
  });
});
