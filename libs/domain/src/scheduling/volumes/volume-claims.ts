import type { PersistentVolumeClaim, StorageClass } from '../../storage/storage-objects';
import type { Pod, Volume } from '../../types';
import type { StorageLister } from '../framework/scheduling-snapshot';

/**
 * What the volume filters share about a pod's PersistentVolumeClaims: which claim a volume uses, the
 * claim's StorageClass, whether it is bound, and the words kube-scheduler's listers use when an
 * object is missing.
 */

/** The annotation the PV controller sets once a claim's binding is complete (volume.AnnBindCompleted). */
const bindCompletedAnnotation = 'pv.kubernetes.io/bind-completed';

/** The StorageClass annotation older claims carry; read before spec.storageClassName (v1.BetaStorageClassAnnotation). */
const betaStorageClassAnnotation = 'volume.beta.kubernetes.io/storage-class';

const waitForFirstConsumer = 'WaitForFirstConsumer';

/** The namespace a pod's claims are looked up in: the pod's own. */
export function podNamespace(pod: Pod): string {
  return pod.metadata.namespace ?? 'default';
}

export interface VolumeClaimRef {
  /** The claim's name in the pod's namespace. */
  readonly name: string;
  /** A generic ephemeral volume's claim, named `<pod>-<volume>` and owned by the pod. */
  readonly ephemeral: boolean;
}

/**
 * The claim a pod volume uses: persistentVolumeClaim.claimName, or for a generic ephemeral volume
 * the claim the ephemeral volume controller makes for it (ephemeral.VolumeClaimName: `<pod name>-<volume name>`);
 * undefined for a volume that uses no claim.
 */
export function volumeClaim(pod: Pod, volume: Volume): VolumeClaimRef | undefined {
  if (volume.persistentVolumeClaim) return { name: volume.persistentVolumeClaim.claimName, ephemeral: false };
  if (volume.ephemeral) return { name: `${pod.metadata.name}-${volume.name}`, ephemeral: true };
  return undefined;
}

/** GetPersistentVolumeClaimClass: the beta annotation first, then spec.storageClassName; '' for none. */
export function claimStorageClassName(claim: PersistentVolumeClaim): string {
  const annotated = claim.metadata.annotations?.[betaStorageClassAnnotation];
  if (annotated !== undefined) return annotated;
  return claim.spec?.storageClassName ?? '';
}

/** The PersistentVolume the claim names (spec.volumeName); '' while unbound. */
export function claimVolumeName(claim: PersistentVolumeClaim): string {
  return claim.spec?.volumeName ?? '';
}

/** volumeBinder.isPVCFullyBound: the claim names its volume and the PV controller has finished binding. */
export function isClaimFullyBound(claim: PersistentVolumeClaim): boolean {
  return claimVolumeName(claim) !== '' && claim.metadata.annotations?.[bindCompletedAnnotation] !== undefined;
}

/**
 * The messages of the NotFound errors kube-scheduler's informer listers return (client-go listers
 * name the resource in the singular, with its group): what a status made of `err.Error()` says.
 */
export const notFoundMessages = {
  persistentVolumeClaim: (name: string) => `persistentvolumeclaim "${name}" not found`,
  persistentVolume: (name: string) => `persistentvolume "${name}" not found`,
  storageClass: (name: string) => `storageclass.storage.k8s.io "${name}" not found`,
} as const;

/**
 * ephemeral.VolumeIsForPod: a generic ephemeral volume's claim must be controlled by the pod
 * (metav1.IsControlledBy: the first owner reference with controller true carries the pod's uid);
 * the error's words when it is not.
 */
export function ephemeralClaimOwnershipError(pod: Pod, claim: PersistentVolumeClaim): string | undefined {
  const controller = (claim.metadata.ownerReferences ?? []).find((ref) => ref.controller === true);
  if (controller && (controller.uid ?? '') === (pod.metadata.uid ?? '')) return undefined;
  const claimNamespace = claim.metadata.namespace ?? 'default';
  return `PVC ${claimNamespace}/${claim.metadata.name} was not created for pod ${podNamespace(pod)}/${pod.metadata.name} (pod is not owner)`;
}

/**
 * How an unbound claim waits to be bound, from its StorageClass (volume.IsDelayBindingMode):
 * `noClass` when the claim names none and `immediate` when its class binds Immediately (both bound
 * by the PV controller without the scheduler); `waitForFirstConsumer` when the class waits for a pod;
 * `unsetMode` when the class has no volumeBindingMode (the API server always defaults it, so only
 * an object sent without it); `classNotHeld` when the snapshot does not hold the class named.
 *
 * kube-scheduler reads a class it cannot find as Immediate; the snapshot's listers answer undefined
 * for what the twin does not hold, so whether the class exists cannot be told here, and such a
 * claim is left unevaluated (unevaluatedClaims' UnknownClaim) rather than rejected.
 */
export type ClaimBindingMode =
  | { readonly kind: 'noClass' }
  | { readonly kind: 'immediate'; readonly className: string }
  | { readonly kind: 'waitForFirstConsumer'; readonly className: string }
  | { readonly kind: 'unsetMode'; readonly className: string }
  | { readonly kind: 'classNotHeld'; readonly className: string };

export function claimBindingMode(claim: PersistentVolumeClaim, storage: StorageLister): ClaimBindingMode {
  const className = claimStorageClassName(claim);
  if (className === '') return { kind: 'noClass' };
  const storageClass: StorageClass | undefined = storage.storageClass(className);
  if (!storageClass) return { kind: 'classNotHeld', className };
  if (storageClass.volumeBindingMode === undefined || storageClass.volumeBindingMode === '') return { kind: 'unsetMode', className };
  return storageClass.volumeBindingMode === waitForFirstConsumer ? { kind: 'waitForFirstConsumer', className } : { kind: 'immediate', className };
}

/** volume.IsDelayBindingMode's error for a class without a binding mode. */
export const unsetBindingModeMessage = (className: string) => `VolumeBindingMode not set for StorageClass "${className}"`;
