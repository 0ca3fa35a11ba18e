import type { Node, Pod } from '../../types';
import type { FilterStatus, PreFilterOutcome } from '../framework/plugin-status';
import type { SchedulingSnapshot } from '../framework/scheduling-snapshot';
import { PlacementReasonCodes } from '../placement-reasons';
import { claimBindingMode, claimVolumeName, notFoundMessages, podNamespace, unsetBindingModeMessage } from './volume-claims';

/**
 * kube-scheduler's VolumeZone plugin (pkg/scheduler/framework/plugins/volumezone/volume_zone.go):
 * the zone and region labels of the PersistentVolumes a pod's claims are bound to must match the
 * node's. Only persistentVolumeClaim volumes are looked at, and only bound ones.
 */

export const volumeZonePlugin = 'VolumeZone';

/** ErrReasonConflict. */
export const volumeZoneConflict = 'node(s) had no available volume zone';

const betaZone = 'failure-domain.beta.kubernetes.io/zone';
const betaRegion = 'failure-domain.beta.kubernetes.io/region';
const zone = 'topology.kubernetes.io/zone';
const region = 'topology.kubernetes.io/region';

/** topologyLabels, in upstream's order. */
const topologyLabels = [betaZone, betaRegion, zone, region] as const;

/** translateToGALabel: a volume's beta label is matched against the node's GA label when the node lacks the beta one. */
const gaLabel = (key: string) => (key === betaRegion ? region : key === betaZone ? zone : key);

/** A bound volume's topology label: pvTopology. */
interface VolumeTopology {
  readonly pvName: string;
  readonly key: string;
  /** The zones or regions it is in: the label's value split on `__` (volumehelpers.LabelZonesToSet). */
  readonly values: readonly string[];
}

/** stateData: the topology labels of the pod's bound volumes. */
export interface VolumeZoneState {
  readonly topologies: readonly VolumeTopology[];
}

/** LabelZonesToSet: values separated by `__`, each trimmed; an empty one makes the label unreadable (it is then ignored). */
function labelZones(value: string): string[] | undefined {
  const zones = value.split('__').map((part) => part.trim());
  return zones.some((part) => part === '') ? undefined : [...new Set(zones)];
}

function rejection(message: string): PreFilterOutcome<VolumeZoneState> {
  return {
    kind: 'reject',
    status: {
      code: 'UnschedulableAndUnresolvable',
      plugin: volumeZonePlugin,
      reasons: [message],
      details: [{ code: PlacementReasonCodes.volumeZoneConflict, message }],
    },
  };
}

/**
 * VolumeZone.PreFilter (getPVbyPod): the topology labels of the PV each claim is bound to. A claim
 * that is missing, or unbound with no class, or bound to a PV that is missing, rejects the pod
 * (UnschedulableAndUnresolvable, in the listers' words); an unbound claim whose class waits for a first
 * consumer is skipped (its volume does not exist yet), and so is one whose class the snapshot does not
 * hold (kube-scheduler would say `storageclass.storage.k8s.io "x" not found`; see unevaluatedClaims'
 * UnknownClaim). No label to check skips the Filter.
 */
export function volumeZonePreFilter(pod: Pod, snapshot: SchedulingSnapshot): PreFilterOutcome<VolumeZoneState> {
  const namespace = podNamespace(pod);
  const topologies: VolumeTopology[] = [];
  for (const volume of pod.spec?.volumes ?? []) {
    const claimName = volume.persistentVolumeClaim?.claimName;
    if (claimName === undefined) continue;
    if (claimName === '') return rejection('PersistentVolumeClaim had no name');
    const claim = snapshot.storage.persistentVolumeClaim(namespace, claimName);
    if (!claim) return rejection(notFoundMessages.persistentVolumeClaim(claimName));

    const pvName = claimVolumeName(claim);
    if (pvName === '') {
      const mode = claimBindingMode(claim, snapshot.storage);
      if (mode.kind === 'noClass') return rejection('PersistentVolumeClaim had no pv name and storageClass name');
      if (mode.kind === 'unsetMode') return rejection(unsetBindingModeMessage(mode.className));
      if (mode.kind === 'waitForFirstConsumer' || mode.kind === 'classNotHeld') continue;
      return rejection('PersistentVolume had no name');
    }

    const pv = snapshot.storage.persistentVolume(pvName);
    if (!pv) return rejection(notFoundMessages.persistentVolume(pvName));
    const labels = pv.metadata.labels ?? {};
    for (const key of topologyLabels) {
      const value = labels[key];
      if (value === undefined) continue;
      const values = labelZones(value);
      if (values) topologies.push({ pvName: pv.metadata.name, key, values });
    }
  }
  return topologies.length === 0 ? { kind: 'skip' } : { kind: 'run', state: { topologies } };
}

/**
 * VolumeZone.Filter: a node with none of the four topology labels passes (a single-zone cluster);
 * otherwise each volume label must be on the node (the GA label standing in for a beta one) with one
 * of the volume's values. UnschedulableAndUnresolvable; every mismatch is described.
 */
export function volumeZoneFilter(state: VolumeZoneState, pod: Pod, node: Node, _snapshot: SchedulingSnapshot): FilterStatus | undefined {
  if ((pod.spec?.volumes ?? []).length === 0) return undefined;
  const nodeLabels = node.metadata.labels ?? {};
  const has = (key: string) => Object.prototype.hasOwnProperty.call(nodeLabels, key);
  if (!topologyLabels.some(has)) return undefined;

  const mismatches = state.topologies.flatMap((topology) => {
    const key = has(topology.key) ? topology.key : gaLabel(topology.key);
    const value = has(key) ? nodeLabels[key] : undefined;
    if (value !== undefined && topology.values.includes(value)) return [];
    const wanted = `PersistentVolume ${topology.pvName} is in ${topology.key} ${topology.values.join(', ')}`;
    return [
      {
        code: PlacementReasonCodes.volumeZoneConflict,
        message: value === undefined ? `${wanted}; node has no label ${key}` : `${wanted}; node has ${key}=${value}`,
      },
    ];
  });
  if (mismatches.length === 0) return undefined;
  return { code: 'UnschedulableAndUnresolvable', plugin: volumeZonePlugin, reasons: [volumeZoneConflict], details: mismatches };
}
