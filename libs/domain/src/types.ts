import type { Int64 } from './numbers/int64';

/**
 * Kubernetes-shaped objects, as `kubectl get ... -o json` prints them (core/v1 field names).
 *
 * Enum-like fields are typed as plain strings on purpose: these types describe what a client
 * may send, and validation (see `validation/`) is what narrows a value to the known enums.
 */

export const TaintEffects = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'] as const;

/** Equal and Exists are core/v1; Gt and Lt come from KEP-5471 (numeric comparison). */
export const TolerationOperators = ['Equal', 'Exists', 'Gt', 'Lt'] as const;

export interface Taint {
  key: string;
  value?: string;
  effect: string;
  /** RFC 3339 time at which the taint was added; kept for NoExecute bookkeeping. */
  timeAdded?: string;
}

export interface Toleration {
  key?: string;
  /** Empty means Equal. */
  operator?: string;
  value?: string;
  /** Empty means every effect. */
  effect?: string;
  /**
   * Only meaningful with effect NoExecute; null/absent means "tolerate forever". Kubernetes'
   * `*int64`: any integer in [-2^63, 2^63-1] (<= 0 means evict at once), a bigint beyond 2^53.
   */
  tolerationSeconds?: Int64 | null;
}

export const NodeSelectorOperators = ['In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt'] as const;

export interface NodeSelectorRequirement {
  key: string;
  operator: string;
  values?: string[];
}

export interface NodeSelectorTerm {
  matchExpressions?: NodeSelectorRequirement[];
  matchFields?: NodeSelectorRequirement[];
}

export interface NodeSelector {
  nodeSelectorTerms: NodeSelectorTerm[];
}

export interface PreferredSchedulingTerm {
  weight: number;
  preference: NodeSelectorTerm;
}

interface NodeAffinity {
  requiredDuringSchedulingIgnoredDuringExecution?: NodeSelector;
  preferredDuringSchedulingIgnoredDuringExecution?: PreferredSchedulingTerm[];
}

/** metav1.LabelSelector as a pod's affinity terms and spread constraints write it (an empty one selects everything; a missing one nothing). */
interface LabelSelectorRequirement {
  key: string;
  operator: string;
  values?: string[];
}

export interface ObjectLabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: LabelSelectorRequirement[];
}

export interface PodAffinityTerm {
  labelSelector?: ObjectLabelSelector | null;
  namespaces?: string[];
  topologyKey: string;
  namespaceSelector?: ObjectLabelSelector | null;
  matchLabelKeys?: string[];
  mismatchLabelKeys?: string[];
}

export interface WeightedPodAffinityTerm {
  weight: number;
  podAffinityTerm: PodAffinityTerm;
}

export interface PodAffinity {
  requiredDuringSchedulingIgnoredDuringExecution?: PodAffinityTerm[];
  preferredDuringSchedulingIgnoredDuringExecution?: WeightedPodAffinityTerm[];
}

export interface Affinity {
  nodeAffinity?: NodeAffinity;
  podAffinity?: PodAffinity;
  podAntiAffinity?: PodAffinity;
  [other: string]: unknown;
}

export interface TopologySpreadConstraint {
  maxSkew: number;
  topologyKey: string;
  /** DoNotSchedule or ScheduleAnyway. */
  whenUnsatisfiable: string;
  labelSelector?: ObjectLabelSelector | null;
  minDomains?: number;
  /** Honor (the default) or Ignore. */
  nodeAffinityPolicy?: string;
  /** Ignore (the default) or Honor. */
  nodeTaintsPolicy?: string;
  matchLabelKeys?: string[];
}

export interface ContainerPort {
  containerPort: number;
  hostPort?: number;
  hostIP?: string;
  /** TCP (the default), UDP or SCTP. */
  protocol?: string;
  name?: string;
}

/**
 * A pod's volume as the volume filters read it: its name and source. The sources named are those a
 * default filter looks at; the others are kept as sent.
 */
export interface Volume {
  name: string;
  persistentVolumeClaim?: { claimName: string; readOnly?: boolean };
  /** A generic ephemeral volume: its claim is named `<pod name>-<volume name>`. */
  ephemeral?: { volumeClaimTemplate?: { metadata?: Partial<ObjectMeta>; spec?: Record<string, unknown> } };
  gcePersistentDisk?: { pdName: string; readOnly?: boolean; partition?: number; fsType?: string };
  awsElasticBlockStore?: { volumeID: string; readOnly?: boolean; partition?: number; fsType?: string };
  iscsi?: { targetPortal: string; iqn: string; lun: number; readOnly?: boolean };
  rbd?: { monitors: string[]; image: string; pool?: string; readOnly?: boolean };
  csi?: { driver: string; volumeAttributes?: Record<string, string> };
  [other: string]: unknown;
}

/** A container image a node holds (NodeStatus.images): its names and size in bytes, as ImageLocality reads it. */
export interface ContainerImage {
  names?: string[];
  sizeBytes?: number;
}

/** Quantities as sent: strings, or JSON numbers (bigints beyond 2^53, exactly as written). */
export type ResourceList = Record<string, string | number | bigint>;

export interface ResourceRequirements {
  requests?: ResourceList;
  limits?: ResourceList;
}

export interface Container {
  name: string;
  image?: string;
  resources?: ResourceRequirements;
  ports?: ContainerPort[];
  /** Only on init containers: `Always` makes it a sidecar (a restartable init container), which runs beside the others. */
  restartPolicy?: string;
  [other: string]: unknown;
}

export interface OwnerReference {
  apiVersion?: string;
  kind: string;
  name: string;
  uid?: string;
  controller?: boolean;
  [other: string]: unknown;
}

export interface ObjectMeta {
  name: string;
  namespace?: string;
  uid?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: OwnerReference[];
  creationTimestamp?: string;
  /** Set when a graceful deletion began: when the object will be gone. */
  deletionTimestamp?: string;
  deletionGracePeriodSeconds?: number;
  [other: string]: unknown;
}

export interface NodeCondition {
  type: string;
  /** "True", "False" or "Unknown". */
  status: string;
  reason?: string;
  message?: string;
  lastHeartbeatTime?: string;
  lastTransitionTime?: string;
}

interface NodeSpec {
  taints?: Taint[];
  unschedulable?: boolean;
  [other: string]: unknown;
}

interface NodeStatus {
  conditions?: NodeCondition[];
  allocatable?: ResourceList;
  capacity?: ResourceList;
  images?: ContainerImage[];
  [other: string]: unknown;
}

export interface Node {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec?: NodeSpec;
  status?: NodeStatus;
}

export interface PodSpec {
  containers?: Container[];
  initContainers?: Container[];
  tolerations?: Toleration[];
  nodeName?: string;
  nodeSelector?: Record<string, string>;
  affinity?: Affinity;
  hostNetwork?: boolean;
  /** What running the pod costs beyond its containers (set from its RuntimeClass); added to its requests. */
  overhead?: ResourceList;
  /** Pod-level requests and limits (PodLevelResources): cpu, memory and hugepages for the pod as a whole. */
  resources?: ResourceRequirements;
  priority?: number;
  /** PreemptLowerPriority (the default) or Never: whether the scheduler may preempt pods of lower priority for this one. */
  preemptionPolicy?: string;
  terminationGracePeriodSeconds?: number;
  topologySpreadConstraints?: TopologySpreadConstraint[];
  volumes?: Volume[];
  schedulerName?: string;
  [other: string]: unknown;
}

export const PodQOSClasses = ['Guaranteed', 'Burstable', 'BestEffort'] as const;
export type PodQOSClass = (typeof PodQOSClasses)[number];

interface PodStatus {
  phase?: string;
  qosClass?: string;
  [other: string]: unknown;
}

export interface Pod {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec?: PodSpec;
  status?: PodStatus;
}

/** namespace/name of a pod, the key the eviction machinery works by. */
export interface PodRef {
  namespace: string;
  name: string;
}

interface NamespaceStatus {
  /** "Active" or "Terminating". */
  phase?: string;
  [other: string]: unknown;
}

export interface Namespace {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec?: Record<string, unknown>;
  status?: NamespaceStatus;
}

/** The object an event is about: core/v1 ObjectReference, the fields events carry. */
interface EventObjectReference {
  kind?: string;
  namespace?: string;
  name?: string;
  uid?: string;
  apiVersion?: string;
  /** The version of the object the event is about (the events.k8s.io recorder's regarding reference holds it). */
  resourceVersion?: string;
  /** The part of the object, e.g. `spec.containers{nginx}`. */
  fieldPath?: string;
}

/**
 * A core/v1 Event (not events.k8s.io/v1), the shape `kubectl get events` reads. Timestamps are
 * RFC 3339; eventTime is the newer API's microsecond time, set when first/lastTimestamp are not.
 */
export interface CoreEvent {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  involvedObject: EventObjectReference;
  reason?: string;
  message?: string;
  source?: { component?: string; host?: string };
  firstTimestamp?: string;
  lastTimestamp?: string;
  count?: number;
  /** "Normal" or "Warning". */
  type?: string;
  eventTime?: string;
  series?: { count?: number; lastObservedTime?: string };
  action?: string;
  /** The Go field ReportingController; the JSON name is reportingComponent. */
  reportingComponent?: string;
  reportingInstance?: string;
}
