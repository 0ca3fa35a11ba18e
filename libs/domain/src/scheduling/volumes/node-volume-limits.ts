import type { CSINode, PersistentVolumeClaim } from '../../storage/storage-objects';
import type { Node, Pod } from '../../types';
import type { FilterStatus, PreFilterOutcome } from '../framework/plugin-status';
import type { SchedulingSnapshot } from '../framework/scheduling-snapshot';
import { PlacementReasonCodes } from '../placement-reasons';
import { claimStorageClassName, claimVolumeName, ephemeralClaimOwnershipError, notFoundMessages, podNamespace, volumeClaim } from './volume-claims';

/**
 * kube-scheduler's NodeVolumeLimits plugin (pkg/scheduler/framework/plugins/nodevolumelimits/csi.go,
 * CSILimits): how many volumes of each CSI driver the node would have attached with the pod, counted
 * once per volume however many pods use it, against the count its CSINode allows the driver.
 *
 * Left out: the in-tree to CSI migration translation (csi-translation-lib). kube-scheduler counts an
 * in-tree volume against its CSI driver's limit when the node's CSINode names the in-tree plugin in
 * its `storage.alpha.kubernetes.io/migrated-plugins` annotation: PersistentVolumes with an
 * awsElasticBlockStore, gcePersistentDisk, azureDisk, azureFile, cinder, vsphereVolume or
 * portworxVolume source, the same sources written inline in a pod, and unbound claims whose class's
 * provisioner is such a plugin (`kubernetes.io/aws-ebs`, ...). Those volumes are not counted here; on
 * a node whose CSINode does not name the plugin, kube-scheduler does not count them either.
 *
 * Not counted either: volumes that VolumeAttachments hold on the node with no pod using them (newer
 * kube-schedulers count those since kubernetes/kubernetes#126502); the snapshot holds no VolumeAttachments.
 */

export const nodeVolumeLimitsPlugin = 'NodeVolumeLimits';

/** ErrReasonMaxVolumeCountExceeded. */
export const maxVolumeCountExceeded = 'node(s) exceed max volume count';

/**
 * A claim of an unbound volume is counted under its class's provisioner with a handle no real
 * volume has: kube-scheduler prefixes `<namespace>/<claim>` with 32 random characters
 * (randomVolumeIDPrefix), so that two pods using the same unbound claim count it once.
 */
const unboundHandlePrefix = '\u0000unbound-claim\u0000';

/** CSILimits.PreFilter: the Filter only runs for a pod with a claim or a generic ephemeral volume (or, upstream, an inline in-tree volume that migration would count: see above). */
export function nodeVolumeLimitsPreFilter(pod: Pod, _snapshot: SchedulingSnapshot): PreFilterOutcome<undefined> {
  const counted = (pod.spec?.volumes ?? []).some((volume) => volume.persistentVolumeClaim !== undefined || volume.ephemeral !== undefined);
  return counted ? { kind: 'run', state: undefined } : { kind: 'skip' };
}

/** volumeUniqueName (`<driver>/<handle>`) → driver, as filterAttachableVolumes fills its result. */
type AttachableVolumes = Map<string, string>;

/** Why a pod's volumes could not be listed: a Filter status of its own. */
interface ListingFailure {
  readonly code: FilterStatus['code'];
  readonly message: string;
}

/**
 * getCSIDriverInfo: the driver and volume handle of a claim's volume. A bound claim's PV gives its CSI
 * source (an in-tree PV would be translated, see above); an unbound claim, or one whose PV is not held,
 * counts under its class's provisioner (getCSIDriverInfoFromSC); no class, or a class not held, counts nothing.
 */
function csiDriverInfo(claim: PersistentVolumeClaim, snapshot: SchedulingSnapshot): { driver: string; handle: string } | undefined {
  const pvName = claimVolumeName(claim);
  if (pvName !== '') {
    const pv = snapshot.storage.persistentVolume(pvName);
    if (pv) {
      const csi = pv.spec?.csi;
      return csi ? { driver: csi.driver, handle: csi.volumeHandle } : undefined;
    }
  }
  const className = claimStorageClassName(claim);
  if (className === '') return undefined;
  const storageClass = snapshot.storage.storageClass(className);
  if (!storageClass) return undefined;
  return { driver: storageClass.provisioner, handle: `${unboundHandlePrefix}${claim.metadata.namespace ?? 'default'}/${claim.metadata.name}` };
}

/**
 * filterAttachableVolumes: the CSI volumes a pod's claims and generic ephemeral volumes attach. For
 * the pod being placed a missing claim is UnschedulableAndUnresolvable (it cannot run without it);
 * for pods already on the node it is skipped. A claim named '' and an ephemeral claim the pod does
 * not own are errors upstream (framework.AsStatus), which abort the scheduling attempt.
 */
function attachableVolumes(pod: Pod, snapshot: SchedulingSnapshot, newPod: boolean, into: AttachableVolumes): ListingFailure | undefined {
  const namespace = podNamespace(pod);
  for (const volume of pod.spec?.volumes ?? []) {
    const ref = volumeClaim(pod, volume);
    if (!ref) continue;
    if (ref.name === '') return { code: 'UnschedulableAndUnresolvable', message: 'PersistentVolumeClaim had no name' };
    const claim = snapshot.storage.persistentVolumeClaim(namespace, ref.name);
    if (!claim) {
      if (newPod) {
        return {
          code: 'UnschedulableAndUnresolvable',
          message: `looking up PVC ${namespace}/${ref.name}: ${notFoundMessages.persistentVolumeClaim(ref.name)}`,
        };
      }
      continue;
    }
    if (ref.ephemeral) {
      const notOwned = ephemeralClaimOwnershipError(pod, claim);
      if (notOwned !== undefined) return { code: 'UnschedulableAndUnresolvable', message: notOwned };
    }
    const info = csiDriverInfo(claim, snapshot);
    if (!info || info.driver === '' || info.handle === '') continue;
    into.set(`${info.driver}/${info.handle}`, info.driver);
  }
  return undefined;
}

/** getVolumeLimits: each driver of the node's CSINode with an allocatable count. */
function volumeLimits(csiNode: CSINode | undefined): Map<string, number> {
  const limits = new Map<string, number>();
  for (const driver of csiNode?.spec.drivers ?? []) {
    const count = driver.allocatable?.count;
    if (count !== undefined && count !== null) limits.set(driver.name, count);
  }
  return limits;
}

const countByDriver = (volumes: Iterable<string>) => {
  const counts = new Map<string, number>();
  for (const driver of volumes) counts.set(driver, (counts.get(driver) ?? 0) + 1);
  return counts;
};

/**
 * CSILimits.Filter: the pod's new CSI volumes (those no pod on the node attaches yet) per driver, plus
 * the volumes the node's pods attach, must not exceed the driver's count in the node's CSINode.
 * Unschedulable with ErrReasonMaxVolumeCountExceeded; each driver over its limit is described.
 */
export function nodeVolumeLimitsFilter(_state: undefined, pod: Pod, node: Node, snapshot: SchedulingSnapshot): FilterStatus | undefined {
  if ((pod.spec?.volumes ?? []).length === 0) return undefined;
  const newVolumes: AttachableVolumes = new Map();
  const failure = attachableVolumes(pod, snapshot, true, newVolumes);
  if (failure) return listingStatus(failure);
  if (newVolumes.size === 0) return undefined;

  const limits = volumeLimits(snapshot.storage.csiNode(node.metadata.name));
  if (limits.size === 0) return undefined;

  const attachedVolumes: AttachableVolumes = new Map();
  for (const existing of snapshot.podsOn(node.metadata.name)) {
    const existingFailure = attachableVolumes(existing, snapshot, false, attachedVolumes);
    if (existingFailure) return listingStatus(existingFailure);
  }
  // A volume a pod on the node attaches already takes no new slot.
  for (const uniqueName of attachedVolumes.keys()) newVolumes.delete(uniqueName);
  const attachedCount = countByDriver(attachedVolumes.values());
  const newCount = countByDriver(newVolumes.values());

  const exceeded = [...newCount]
    .filter(([driver]) => limits.has(driver))
    .map(([driver, count]) => ({ driver, count, attached: attachedCount.get(driver) ?? 0, limit: limits.get(driver) ?? 0 }))
    .filter(({ count, attached, limit }) => attached + count > limit)
    .sort((a, b) => (a.driver < b.driver ? -1 : a.driver > b.driver ? 1 : 0));
  if (exceeded.length === 0) return undefined;
  return {
    code: 'Unschedulable',
    plugin: nodeVolumeLimitsPlugin,
    reasons: [maxVolumeCountExceeded],
    details: exceeded.map(({ driver, count, attached, limit }) => ({
      code: PlacementReasonCodes.volumeLimitExceeded,
      message: `CSI driver ${driver}: ${attached} volume(s) attached on the node and ${count} more for the pod exceed the node's limit of ${limit}`,
    })),
  };
}

function listingStatus(failure: ListingFailure): FilterStatus {
  return {
    code: failure.code,
    plugin: nodeVolumeLimitsPlugin,
    reasons: [failure.message],
    details: [{ code: PlacementReasonCodes.volumeLimitExceeded, message: failure.message }],
  };
}
