import type { Pod } from '../../types';
import type { SchedulingSnapshot } from '../framework/scheduling-snapshot';
import { claimBindingMode, isClaimFullyBound, podNamespace, volumeClaim } from './volume-claims';

/**
 * What the volume filters leave to the cluster rather than guess, so that an answer can name it:
 *
 * - `WaitForFirstConsumerClaim`: an unbound claim whose StorageClass waits for a first consumer.
 *   kube-scheduler's VolumeBinding would look for a matching PersistentVolume or check that one can be
 *   provisioned for the node (findMatchingVolumes, checkVolumeProvisions: the class's allowedTopologies,
 *   CSIStorageCapacity); none of that is evaluated, and no node is rejected for it.
 * - `UnknownClaim`: an unbound claim whose StorageClass the snapshot does not hold, so whether it waits
 *   for a first consumer cannot be told (kube-scheduler, not finding a class, takes it as Immediate and
 *   rejects the pod with "pod has unbound immediate PersistentVolumeClaims"; VolumeZone would say the
 *   class is not found). Not rejected here.
 * - `ResourceClaim`: an entry of the pod's spec.resourceClaims (dynamic resource allocation); the
 *   DynamicResources plugin is not modelled.
 *
 * Claims that are missing, bound, or unbound with an Immediate class are evaluated (and rejected
 * where kube-scheduler rejects), so they are not listed.
 */
export interface UnevaluatedClaim {
  readonly kind: 'WaitForFirstConsumerClaim' | 'ResourceClaim' | 'UnknownClaim';
  /** The PersistentVolumeClaim's name (in the pod's namespace), or the name of the pod's resource claim entry. */
  readonly name: string;
  /** What was not evaluated, for people. */
  readonly message: string;
}

/** A pod's spec.resourceClaims entry (core/v1 PodResourceClaim), read from the spec as sent. */
interface PodResourceClaim {
  name: string;
  resourceClaimName?: string;
  resourceClaimTemplateName?: string;
}

function podResourceClaims(pod: Pod): PodResourceClaim[] {
  const raw = pod.spec?.resourceClaims;
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (entry): entry is PodResourceClaim => typeof entry === 'object' && entry !== null && typeof (entry as { name?: unknown }).name === 'string',
  );
}

function resourceClaimMessage(entry: PodResourceClaim): string {
  const source =
    entry.resourceClaimName !== undefined
      ? `ResourceClaim ${entry.resourceClaimName}`
      : entry.resourceClaimTemplateName !== undefined
        ? `a ResourceClaim from template ${entry.resourceClaimTemplateName}`
        : 'a ResourceClaim';
  return `resource claim ${entry.name} (${source}): dynamic resource allocation is not evaluated`;
}

/** The claims of the pod that the volume filters do not evaluate, in the order of its volumes, then its resource claims. */
export function unevaluatedClaims(pod: Pod, snapshot: SchedulingSnapshot): UnevaluatedClaim[] {
  const namespace = podNamespace(pod);
  const listed = new Set<string>();
  const result: UnevaluatedClaim[] = [];
  for (const volume of pod.spec?.volumes ?? []) {
    const ref = volumeClaim(pod, volume);
    if (!ref || listed.has(ref.name)) continue;
    const claim = snapshot.storage.persistentVolumeClaim(namespace, ref.name);
    if (!claim || isClaimFullyBound(claim) || (claim.spec?.volumeName ?? '') !== '') continue;
    const mode = claimBindingMode(claim, snapshot.storage);
    if (mode.kind === 'waitForFirstConsumer') {
      listed.add(ref.name);
      result.push({
        kind: 'WaitForFirstConsumerClaim',
        name: ref.name,
        message: `PersistentVolumeClaim ${ref.name} is unbound and its StorageClass ${mode.className} waits for a first consumer: finding or provisioning its volume for a node is not evaluated`,
      });
    } else if (mode.kind === 'classNotHeld') {
      listed.add(ref.name);
      result.push({
        kind: 'UnknownClaim',
        name: ref.name,
        message: `PersistentVolumeClaim ${ref.name} is unbound and its StorageClass ${mode.className} is not known: how it will be bound is not evaluated`,
      });
    }
  }
  for (const entry of podResourceClaims(pod)) {
    result.push({ kind: 'ResourceClaim', name: entry.name, message: resourceClaimMessage(entry) });
  }
  return result;
}
