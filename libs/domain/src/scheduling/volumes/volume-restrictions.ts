import type { Node, Pod, Volume } from '../../types';
import type { FilterStatus, PreFilterOutcome } from '../framework/plugin-status';
import type { SchedulingSnapshot } from '../framework/scheduling-snapshot';
import { type PlacementReason, PlacementReasonCodes } from '../placement-reasons';
import { notFoundMessages, podNamespace } from './volume-claims';

/**
 * kube-scheduler's VolumeRestrictions plugin (pkg/scheduler/framework/plugins/volumerestrictions/
 * volume_restrictions.go): a disk a pod mounts may be in use by another pod on the node in a way
 * that excludes it (GCE PD, AWS EBS, iSCSI, Ceph RBD), and a ReadWriteOncePod claim may be in use
 * by another pod anywhere in the cluster.
 */

export const volumeRestrictionsPlugin = 'VolumeRestrictions';

export const VolumeRestrictionsReasons = {
  /** ErrReasonDiskConflict. */
  diskConflict: 'node(s) had no available disk',
  /** ErrReasonReadWriteOncePodConflict. */
  readWriteOncePodConflict: 'node has pod using PersistentVolumeClaim with the same name and ReadWriteOncePod access mode',
} as const;

/** A ReadWriteOncePod claim of the pod that pods already placed use. */
interface ReadWriteOncePodConflict {
  readonly claim: string;
  /** The pods using it, `namespace/name on node`. */
  readonly usedBy: readonly string[];
}

/** preFilterState: the pod's ReadWriteOncePod claims in use (conflictingPVCRefCount is their number). */
export interface VolumeRestrictionsState {
  readonly readWriteOncePodConflicts: readonly ReadWriteOncePodConflict[];
}

/** needsRestrictionsCheck: the volume kinds isVolumeConflict compares. */
function needsRestrictionsCheck(volume: Volume): boolean {
  return volume.gcePersistentDisk !== undefined || volume.awsElasticBlockStore !== undefined || volume.rbd !== undefined || volume.iscsi !== undefined;
}

const haveOverlap = (a: readonly string[], b: readonly string[]) => {
  const inA = new Set(a);
  return b.some((value) => inA.has(value));
};

/** The API server defaults an RBD volume's pool to `rbd` (SetDefaults_RBDVolumeSource); an inline pod may leave it out. */
const rbdPool = (rbd: NonNullable<Volume['rbd']>) => rbd.pool ?? 'rbd';

/**
 * isVolumeConflict, one volume of the pod against one volume of a pod on the node: the same GCE PD
 * unless both mount it read-only; the same AWS EBS volume ID, always; the same iSCSI IQN unless both
 * are read-only; an RBD image in the same pool with a monitor in common, unless both are read-only.
 * The description of the disk when they conflict.
 */
function volumeConflict(volume: Volume, existing: Volume): string | undefined {
  const gce = volume.gcePersistentDisk;
  const existingGce = existing.gcePersistentDisk;
  if (gce && existingGce && gce.pdName === existingGce.pdName && !(gce.readOnly === true && existingGce.readOnly === true)) {
    return `GCE persistent disk ${gce.pdName}`;
  }
  const ebs = volume.awsElasticBlockStore;
  const existingEbs = existing.awsElasticBlockStore;
  if (ebs && existingEbs && ebs.volumeID === existingEbs.volumeID) return `AWS EBS volume ${ebs.volumeID}`;
  const iscsi = volume.iscsi;
  const existingIscsi = existing.iscsi;
  if (iscsi && existingIscsi && iscsi.iqn === existingIscsi.iqn && !(iscsi.readOnly === true && existingIscsi.readOnly === true)) {
    return `iSCSI target ${iscsi.iqn}`;
  }
  const rbd = volume.rbd;
  const existingRbd = existing.rbd;
  if (
    rbd &&
    existingRbd &&
    haveOverlap(rbd.monitors, existingRbd.monitors) &&
    rbdPool(rbd) === rbdPool(existingRbd) &&
    rbd.image === existingRbd.image &&
    !(rbd.readOnly === true && existingRbd.readOnly === true)
  ) {
    return `Ceph RBD image ${rbdPool(rbd)}/${rbd.image}`;
  }
  return undefined;
}

/**
 * VolumeRestrictions.PreFilter: rejects the pod when a claim it mounts does not exist (the lister's
 * NotFound, UnschedulableAndUnresolvable); finds which of its ReadWriteOncePod claims pods on any
 * node use (calPreFilterState, the scheduler cache's IsPVCUsedByPods); skips the Filter when the
 * pod has no disk to compare and no such claim in use. Generic ephemeral volumes are not looked at,
 * as upstream (readWriteOncePodPVCsForPod reads persistentVolumeClaim volumes only).
 */
export function volumeRestrictionsPreFilter(pod: Pod, snapshot: SchedulingSnapshot): PreFilterOutcome<VolumeRestrictionsState> {
  const volumes = pod.spec?.volumes ?? [];
  const namespace = podNamespace(pod);
  const readWriteOncePodClaims = new Set<string>();
  for (const volume of volumes) {
    const claimName = volume.persistentVolumeClaim?.claimName;
    if (claimName === undefined) continue;
    const claim = snapshot.storage.persistentVolumeClaim(namespace, claimName);
    if (!claim) {
      const message = notFoundMessages.persistentVolumeClaim(claimName);
      return {
        kind: 'reject',
        status: {
          code: 'UnschedulableAndUnresolvable',
          plugin: volumeRestrictionsPlugin,
          reasons: [message],
          details: [{ code: PlacementReasonCodes.volumeConflict, message: `volume ${volume.name}: ${message}` }],
        },
      };
    }
    if ((claim.spec?.accessModes ?? []).includes('ReadWriteOncePod')) readWriteOncePodClaims.add(claim.metadata.name);
  }

  const readWriteOncePodConflicts = readWriteOncePodClaims.size > 0 ? claimsInUse(namespace, readWriteOncePodClaims, snapshot) : [];
  if (!volumes.some(needsRestrictionsCheck) && readWriteOncePodConflicts.length === 0) return { kind: 'skip' };
  return { kind: 'run', state: { readWriteOncePodConflicts } };
}

/** The claims among `claims` that pods placed on the snapshot's nodes mount (NodeInfo.PVCRefCounts counts persistentVolumeClaim volumes). */
function claimsInUse(namespace: string, claims: ReadonlySet<string>, snapshot: SchedulingSnapshot): ReadWriteOncePodConflict[] {
  const usedBy = new Map<string, string[]>();
  for (const node of snapshot.nodes) {
    for (const existing of snapshot.podsOn(node.metadata.name)) {
      if (podNamespace(existing) !== namespace) continue;
      for (const volume of existing.spec?.volumes ?? []) {
        const claimName = volume.persistentVolumeClaim?.claimName;
        if (claimName === undefined || !claims.has(claimName)) continue;
        const users = usedBy.get(claimName) ?? [];
        users.push(`${namespace}/${existing.metadata.name} on ${node.metadata.name}`);
        usedBy.set(claimName, users);
      }
    }
  }
  return [...claims].filter((claim) => usedBy.has(claim)).map((claim) => ({ claim, usedBy: usedBy.get(claim) ?? [] }));
}

/**
 * The state with pods of one node taken off (RemovePod, preFilterState.updateWithPod with -1): they
 * no longer hold the pod's ReadWriteOncePod claims; a claim no pod holds any more is no conflict.
 */
export function volumeRestrictionsWithout(state: VolumeRestrictionsState, node: Node, takenOff: readonly Pod[]): VolumeRestrictionsState {
  if (state.readWriteOncePodConflicts.length === 0) return state;
  const gone = new Set(takenOff.map((p) => `${podNamespace(p)}/${p.metadata.name} on ${node.metadata.name}`));
  const readWriteOncePodConflicts = state.readWriteOncePodConflicts
    .map(({ claim, usedBy }) => ({ claim, usedBy: usedBy.filter((user) => !gone.has(user)) }))
    .filter(({ usedBy }) => usedBy.length > 0);
  return { readWriteOncePodConflicts };
}

/**
 * VolumeRestrictions.Filter: a disk conflict with a pod on the node first (satisfyVolumeConflicts),
 * then a ReadWriteOncePod claim in use (satisfyReadWriteOncePod); both Unschedulable, since evicting
 * the pods concerned would free the disk or the claim. Every conflict is described, not only the first.
 */
export function volumeRestrictionsFilter(state: VolumeRestrictionsState, pod: Pod, node: Node, snapshot: SchedulingSnapshot): FilterStatus | undefined {
  const conflicts: PlacementReason[] = [];
  const existingPods = snapshot.podsOn(node.metadata.name);
  for (const volume of pod.spec?.volumes ?? []) {
    if (!needsRestrictionsCheck(volume)) continue;
    for (const existing of existingPods) {
      for (const existingVolume of existing.spec?.volumes ?? []) {
        const disk = volumeConflict(volume, existingVolume);
        if (disk === undefined) continue;
        conflicts.push({
          code: PlacementReasonCodes.volumeConflict,
          message: `volume ${volume.name}: ${disk} is in use by pod ${podNamespace(existing)}/${existing.metadata.name} on the node`,
        });
      }
    }
  }
  if (conflicts.length > 0) {
    return { code: 'Unschedulable', plugin: volumeRestrictionsPlugin, reasons: [VolumeRestrictionsReasons.diskConflict], details: conflicts };
  }
  if (state.readWriteOncePodConflicts.length === 0) return undefined;
  return {
    code: 'Unschedulable',
    plugin: volumeRestrictionsPlugin,
    reasons: [VolumeRestrictionsReasons.readWriteOncePodConflict],
    details: state.readWriteOncePodConflicts.map(({ claim, usedBy }) => ({
      code: PlacementReasonCodes.volumeConflict,
      message: `PersistentVolumeClaim ${claim} has access mode ReadWriteOncePod and is in use by pod ${usedBy.join(', ')}`,
    })),
  };
}
