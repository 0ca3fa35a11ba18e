import type { Node, Pod } from '../../types';
import type { FilterStatus, PreFilterOutcome } from '../framework/plugin-status';
import type { SchedulingSnapshot } from '../framework/scheduling-snapshot';
import { PlacementReasonCodes } from '../placement-reasons';
import {
  claimBindingMode,
  claimVolumeName,
  ephemeralClaimOwnershipError,
  isClaimFullyBound,
  notFoundMessages,
  podNamespace,
  unsetBindingModeMessage,
  volumeClaim,
} from './volume-claims';
import { localVolumeNodeNames, volumeNodeAffinityMisses } from './volume-node-affinity';

/**
 * kube-scheduler's VolumeBinding plugin (pkg/scheduler/framework/plugins/volumebinding/) for claims
 * that are bound: its PreFilter's checks that the pod's claims exist, are usable and are not unbound
 * with Immediate binding, and FindPodVolumes' check of bound claims (checkBoundClaims): the bound
 * PersistentVolume exists and its node affinity admits the node.
 *
 * Unbound claims whose class waits for a first consumer (and those whose class the snapshot does not
 * hold) are not evaluated: no PV matching, provisioning or storage capacity check; unevaluatedClaims
 * names them. Left out too: the in-tree to CSI translation of a bound PV (tryTranslatePVToCSI), which
 * on a node whose CSINode names the in-tree plugin in `storage.alpha.kubernetes.io/migrated-plugins`
 * checks the node affinity of the translated CSI PV (awsElasticBlockStore, gcePersistentDisk, azureDisk,
 * cinder and portworxVolume sources); here the PV's own node affinity is checked.
 */

export const volumeBindingPlugin = 'VolumeBinding';

export const VolumeBindingReasons = {
  /** ErrReasonNodeConflict. */
  nodeConflict: 'node(s) had volume node affinity conflict',
  /** ErrReasonPVNotExist. */
  pvNotExist: 'node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s)',
  /** PreFilter's reason when a claim is unbound and its class binds Immediately (or it is prebound). */
  unboundImmediateClaims: 'pod has unbound immediate PersistentVolumeClaims',
} as const;

/** A claim of the pod bound to its volume. */
interface BoundClaim {
  readonly claim: string;
  readonly volumeName: string;
}

/** stateData, as far as bound claims go. */
export interface VolumeBindingState {
  /** podVolumeClaims.boundClaims, in the order of the pod's volumes. */
  readonly boundClaims: readonly BoundClaim[];
  /**
   * The PreFilterResult (GetEligibleNodes): when the bound claims' volumes name hostnames by
   * `kubernetes.io/hostname In [...]`, the names of the only nodes the scheduler goes on to filter
   * (kube-scheduler takes these hostname values as node names). Undefined when every node is filtered.
   * The nodes left out are rejected by the framework, not by the Filter (see volumeBindingPreFilter).
   */
  readonly eligibleNodeNames?: ReadonlySet<string>;
}

function rejection(message: string): PreFilterOutcome<VolumeBindingState> {
  return {
    kind: 'reject',
    status: {
      code: 'UnschedulableAndUnresolvable',
      plugin: volumeBindingPlugin,
      reasons: [message],
      details: [{ code: PlacementReasonCodes.volumeBindingConflict, message }],
    },
  };
}

/**
 * podHasPVCs: whether the pod uses claims, and why one of them keeps it from any node: a claim that
 * does not exist (for a generic ephemeral volume, one the ephemeral volume controller has not made
 * yet), one whose volume is lost, one being deleted, an ephemeral volume's claim the pod does not own.
 */
function claimUsability(pod: Pod, snapshot: SchedulingSnapshot): { hasClaims: boolean; problem?: string } {
  const namespace = podNamespace(pod);
  let hasClaims = false;
  for (const volume of pod.spec?.volumes ?? []) {
    const ref = volumeClaim(pod, volume);
    if (!ref) continue;
    hasClaims = true;
    const claim = snapshot.storage.persistentVolumeClaim(namespace, ref.name);
    if (!claim) {
      const problem = ref.ephemeral
        ? `waiting for ephemeral volume controller to create the persistentvolumeclaim "${ref.name}"`
        : notFoundMessages.persistentVolumeClaim(ref.name);
      return { hasClaims, problem };
    }
    if (claim.status?.phase === 'Lost') {
      return { hasClaims, problem: `persistentvolumeclaim "${claim.metadata.name}" bound to non-existent persistentvolume "${claimVolumeName(claim)}"` };
    }
    if (claim.metadata.deletionTimestamp !== undefined) return { hasClaims, problem: `persistentvolumeclaim "${claim.metadata.name}" is being deleted` };
    if (ref.ephemeral) {
      const notOwned = ephemeralClaimOwnershipError(pod, claim);
      if (notOwned !== undefined) return { hasClaims, problem: notOwned };
    }
  }
  return { hasClaims };
}

/**
 * VolumeBinding.PreFilter: skips a pod without claims; rejects a pod whose claims are not usable
 * (podHasPVCs, in its words) or that has a claim unbound with Immediate binding, or prebound to a
 * volume before the PV controller finished (GetPodVolumeClaims' unboundClaimsImmediate); otherwise
 * keeps the bound claims for the Filter and the nodes their local volumes name.
 *
 * A class without a volumeBindingMode is an error upstream (framework.AsStatus, which aborts the
 * scheduling attempt with its message); it is a rejection here, with the same message.
 */
export function volumeBindingPreFilter(pod: Pod, snapshot: SchedulingSnapshot): PreFilterOutcome<VolumeBindingState> {
  const usability = claimUsability(pod, snapshot);
  if (usability.problem !== undefined) return rejection(usability.problem);
  if (!usability.hasClaims) return { kind: 'skip' };

  const namespace = podNamespace(pod);
  const boundClaims: BoundClaim[] = [];
  let unboundImmediate = false;
  for (const volume of pod.spec?.volumes ?? []) {
    const ref = volumeClaim(pod, volume);
    const claim = ref && snapshot.storage.persistentVolumeClaim(namespace, ref.name);
    if (!claim) continue;
    if (isClaimFullyBound(claim)) {
      boundClaims.push({ claim: claim.metadata.name, volumeName: claimVolumeName(claim) });
      continue;
    }
    const mode = claimBindingMode(claim, snapshot.storage);
    if (mode.kind === 'unsetMode') return rejection(unsetBindingModeMessage(mode.className));
    const unbound = claimVolumeName(claim) === '';
    // Left to unevaluatedClaims: delayed binding, or a class the snapshot does not hold.
    if (unbound && (mode.kind === 'waitForFirstConsumer' || mode.kind === 'classNotHeld')) continue;
    unboundImmediate = true;
  }
  if (unboundImmediate) return rejection(VolumeBindingReasons.unboundImmediateClaims);

  const eligibleNodeNames = eligibleNodes(boundClaims, snapshot);
  return { kind: 'run', state: eligibleNodeNames ? { boundClaims, eligibleNodeNames } : { boundClaims } };
}

/**
 * GetEligibleNodes: the intersection of the hostnames the bound claims' local volumes name;
 * undefined (every node) when none names any, or when a bound claim's volume is not held.
 */
function eligibleNodes(boundClaims: readonly BoundClaim[], snapshot: SchedulingSnapshot): ReadonlySet<string> | undefined {
  let eligible: Set<string> | undefined;
  for (const { volumeName } of boundClaims) {
    const pv = snapshot.storage.persistentVolume(volumeName);
    if (!pv) return undefined;
    const names = localVolumeNodeNames(pv);
    if (names.length === 0) continue;
    eligible = eligible ? new Set(names.filter((name) => eligible?.has(name))) : new Set(names);
  }
  return eligible;
}

/**
 * VolumeBinding.Filter for bound claims (FindPodVolumes' checkBoundClaims), claim by claim up to the
 * first that fails: a bound volume that does not exist (ErrReasonPVNotExist), or whose node affinity
 * excludes the node (ErrReasonNodeConflict). UnschedulableAndUnresolvable.
 */
export function volumeBindingFilter(state: VolumeBindingState, _pod: Pod, node: Node, snapshot: SchedulingSnapshot): FilterStatus | undefined {
  for (const { claim, volumeName } of state.boundClaims) {
    const pv = snapshot.storage.persistentVolume(volumeName);
    if (!pv) {
      return {
        code: 'UnschedulableAndUnresolvable',
        plugin: volumeBindingPlugin,
        reasons: [VolumeBindingReasons.pvNotExist],
        details: [
          {
            code: PlacementReasonCodes.volumeBindingConflict,
            message: `PersistentVolumeClaim ${claim} is bound to PersistentVolume ${volumeName}, which does not exist`,
          },
        ],
      };
    }
    const misses = volumeNodeAffinityMisses(pv, node);
    if (misses.length > 0) {
      return {
        code: 'UnschedulableAndUnresolvable',
        plugin: volumeBindingPlugin,
        reasons: [VolumeBindingReasons.nodeConflict],
        details: misses.map((miss) => ({
          code: PlacementReasonCodes.volumeBindingConflict,
          message: `PersistentVolumeClaim ${claim} is bound to PersistentVolume ${volumeName}, whose node affinity does not admit the node: ${miss}`,
        })),
      };
    }
  }
  return undefined;
}
