import { describe, expect, it } from 'vitest';
import {
  claimBindingMode,
  claimStorageClassName,
  ephemeralClaimOwnershipError,
  isClaimFullyBound,
  volumeClaim,
} from '../../../../../libs/domain/src/scheduling/volumes/volume-claims';
import { storageListerOf } from '../../../../../libs/domain/src/scheduling/volumes/storage-lister';
import type { PersistentVolumeClaim } from '../../../../../libs/domain/src/storage/storage-objects';
import { makePod } from './volume-fixtures';

describe('volume claims', () => {
  it('a generic ephemeral volume uses the claim <pod>-<volume> (ephemeral.VolumeClaimName)', () => {
    const pod = makePod('web', []);
    expect(volumeClaim(pod, { name: 'scratch', ephemeral: {} })).toEqual({ name: 'web-scratch', ephemeral: true });
    expect(volumeClaim(pod, { name: 'data', persistentVolumeClaim: { claimName: 'data-0' } })).toEqual({ name: 'data-0', ephemeral: false });
    expect(volumeClaim(pod, { name: 'cm', configMap: {} })).toBeUndefined();
  });

  it('reads the beta StorageClass annotation before spec.storageClassName (GetPersistentVolumeClaimClass)', () => {
    const claim: PersistentVolumeClaim = {
      metadata: { name: 'c', annotations: { 'volume.beta.kubernetes.io/storage-class': '' } },
      spec: { storageClassName: 'fast' },
    };
    expect(claimStorageClassName(claim)).toBe('');
    expect(claimStorageClassName({ metadata: { name: 'c' }, spec: { storageClassName: 'fast' } })).toBe('fast');
    expect(claimStorageClassName({ metadata: { name: 'c' } })).toBe('');
  });

  it('is fully bound once it names its volume and the PV controller marked the binding complete', () => {
    expect(isClaimFullyBound({ metadata: { name: 'c' }, spec: { volumeName: 'pv' } })).toBe(false);
    expect(isClaimFullyBound({ metadata: { name: 'c', annotations: { 'pv.kubernetes.io/bind-completed': 'yes' } }, spec: { volumeName: 'pv' } })).toBe(true);
  });

  it('an ephemeral claim must be controlled by the pod (metav1.IsControlledBy)', () => {
    const pod = { ...makePod('web', []), metadata: { name: 'web', namespace: 'default', uid: 'u1' } };
    const owned = (uid: string, controller: boolean): PersistentVolumeClaim => ({
      metadata: { name: 'web-scratch', namespace: 'default', ownerReferences: [{ kind: 'Pod', name: 'web', uid, controller }] },
    });
    expect(ephemeralClaimOwnershipError(pod, owned('u1', true))).toBeUndefined();
    expect(ephemeralClaimOwnershipError(pod, owned('u2', true))).toBe('PVC default/web-scratch was not created for pod default/web (pod is not owner)');
    expect(ephemeralClaimOwnershipError(pod, owned('u1', false))).toBeDefined();
  });

  it('tells how an unbound claim waits from its class (IsDelayBindingMode)', () => {
    const storage = storageListerOf({
      classes: [
        { metadata: { name: 'wait' }, provisioner: 'p', volumeBindingMode: 'WaitForFirstConsumer' },
        { metadata: { name: 'now' }, provisioner: 'p', volumeBindingMode: 'Immediate' },
        { metadata: { name: 'unset' }, provisioner: 'p' },
      ],
    });
    const of = (storageClassName?: string) =>
      claimBindingMode({ metadata: { name: 'c' }, spec: storageClassName === undefined ? {} : { storageClassName } }, storage).kind;
    expect([of(), of('wait'), of('now'), of('unset'), of('gone')]).toEqual(['noClass', 'waitForFirstConsumer', 'immediate', 'unsetMode', 'classNotHeld']);
  });
});
