import type { ResourceHolders } from './resource-holders';
import type { Int64 } from '../numbers/int64';
import { taintForReason } from '../taints/taint';
import type { Pod, Taint } from '../types';
import type { ResourceScoreColumns } from './resource-score-columns';
import type { NodeRooms } from './node-rooms';
import type { NodeUsage } from './node-usage';

/**
 * The words of placement's answers, apart from placement itself so that the filters
 * (node-filters.ts) and both ways of placing (per node, per class of nodes) share them.
 */

export const PlacementReasonCodes = {
  untoleratedTaint: 'UntoleratedTaint',
  unschedulable: 'Unschedulable',
  nodeSelectorMismatch: 'NodeSelectorMismatch',
  nodeAffinityMismatch: 'NodeAffinityMismatch',
  nodeNameMismatch: 'NodeNameMismatch',
  /** NodeResourcesFit, with capacity: the node's allocatable, less what its pods request, is short of the pod's request. */
  insufficientResource: 'InsufficientResource',
  /** NodeResourcesFit, with capacity: the node holds as many pods as its allocatable `pods` allows. */
  tooManyPods: 'TooManyPods',
  /** NodePorts: a host port the pod asks for is taken on the node. */
  nodePortConflict: 'NodePortConflict',
  /** InterPodAffinity: a required pod affinity term finds no matching pod in the node's domain. */
  podAffinityMismatch: 'PodAffinityMismatch',
  /** InterPodAffinity: a required pod anti-affinity term of the pod finds a matching pod in the node's domain. */
  podAntiAffinityMismatch: 'PodAntiAffinityMismatch',
  /** InterPodAffinity: a pod in the node's domain has a required anti-affinity term the pod matches. */
  existingPodAntiAffinity: 'ExistingPodAntiAffinity',
  /** PodTopologySpread: placing the pod in the node's domain would exceed a DoNotSchedule constraint's maxSkew. */
  topologySpreadMismatch: 'TopologySpreadMismatch',
  /** PodTopologySpread: the node lacks a DoNotSchedule constraint's topology label. */
  topologyLabelMissing: 'TopologyLabelMissing',
  /** VolumeRestrictions: a volume the pod uses is in use on the node in a way that excludes it (disk conflict, ReadWriteOncePod). */
  volumeConflict: 'VolumeConflict',
  /** NodeVolumeLimits: the node's CSI driver cannot attach that many volumes. */
  volumeLimitExceeded: 'VolumeLimitExceeded',
  /** VolumeZone: a bound volume's zone or region labels do not match the node's. */
  volumeZoneConflict: 'VolumeZoneConflict',
  /** VolumeBinding: a bound volume's node affinity excludes the node, or the claim's volume does not exist. */
  volumeBindingConflict: 'VolumeBindingConflict',
  /** Soft: lowers the score, never blocks. */
  untoleratedPreferNoSchedule: 'UntoleratedPreferNoSchedule',
  /** Soft, with capacity: the node has no status.allocatable (nor capacity), so it is taken as unlimited and resources are not checked. */
  allocatableUnknown: 'AllocatableUnknown',
} as const;
export type PlacementReasonCode = (typeof PlacementReasonCodes)[keyof typeof PlacementReasonCodes];

export interface PlacementReason {
  code: PlacementReasonCode;
  message: string;
  /** The taint concerned, for taint reasons. */
  taint?: Taint;
  /** The pod field that is not met, for selector reasons. */
  field?: string;
  /** For NodeResourcesFit's reasons: the amounts, in the scheduler's units (millicores for cpu, a count for pods, units for the rest). */
  resource?: ResourceShortage;
}

/** fit.go's InsufficientResource as a placement reason carries it: int64s, a number while safe. */
export interface ResourceShortage {
  name: string;
  requested: Int64;
  /** What the node's pods request already (for pods: how many there are). */
  used: Int64;
  allocatable: Int64;
  /** The node's pods that request it (how many, the largest few): the nodes view's entries only (resource-holders.ts). */
  heldBy?: ResourceHolders;
}

/**
 * What NodeResourcesFit needs beside the nodes: what the pods bound to each node request already.
 * The usage must not count the pod being placed (see excludingPod for a stored, bound one).
 */
export interface PlacementCapacity {
  /** The usage of the node (usageByNode); undefined when no pod holds resources on it. */
  readonly usageOf: (nodeName: string) => NodeUsage | undefined;
  /**
   * The nodes' free room as numbers, kept by the cluster's holder with the same usage (node-rooms.ts):
   * when given, the summary checks resources from it. Must agree with `usageOf`.
   */
  readonly rooms?: NodeRooms;
  /**
   * The resource scores of the nodes at some positions of the classes' names for a pod, as
   * resourceScoreColumns gives them from the rooms, when the holder keeps them (a simulation keeps
   * them per request). Must agree with `rooms`.
   */
  readonly resourceScores?: (pod: Pod, positions: ArrayLike<number>) => ResourceScoreColumns;
}

/** kube-scheduler's reasons, as they appear in its summary line. */
export const SchedulerReasons = {
  /** NodeUnschedulable's ErrReasonUnschedulable. */
  unschedulable: 'node(s) were unschedulable',
  /** NodeName's ErrReason. */
  nodeName: "node(s) didn't match the requested node name",
  /** TaintToleration's Filter since kubernetes/kubernetes#134740, which logs the taint instead of naming it. */
  untoleratedTaint: 'node(s) had untolerated taint(s)',
  /** TaintToleration's Filter before that: fmt "node(s) had untolerated taint {%s: %s}" of the first untolerated taint. */
  untoleratedTaintNamed: (taint: Taint) => `node(s) had untolerated taint ${taintForReason(taint)}`,
  /** NodeAffinity's ErrReasonPod. */
  nodeAffinity: "node(s) didn't match Pod's node affinity/selector",
  /**
   * findNodesThatFitPod's status for the nodes a PreFilterResult leaves out: fmt "node(s) didn't
   * satisfy plugin(s) %v" of the sorted names of the plugins that narrowed the nodes, NodeAffinity alone here.
   */
  notInPreFilterResult: "node(s) didn't satisfy plugin(s) [NodeAffinity]",
  /** NodeAffinity's PreFilter when the node names of the terms leave no node (errReasonConflict). */
  affinityTermsConflict: 'pod affinity terms conflict',
  // NodeResourcesFit's reasons ("Too many pods", "Insufficient cpu") are fitsRequest's (node-resources-fit.ts).
} as const;
