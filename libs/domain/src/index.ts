/**
 * taintgate's domain: the semantics of taints and tolerations as pure functions.
 * No I/O, no framework, no clock: callers pass the time in (epoch milliseconds).
 *
 * What the app, its tests, the benchmarks and the scripts use, and nothing more: a module's other
 * exports are its own or its folder's (the domain's tests import those by path).
 */

// Outcomes: Result, and the Failure (a Kubernetes reason and the bad fields) of a refused request.
export { type Failure, type FailureReason, failure } from './failures/failure';
export { type Result, err, ok } from './failures/result';

// The Kubernetes objects decided on, the taint keys Kubernetes manages, and the settings that tune decisions.
export {
  type CoreEvent,
  type Namespace,
  type Node,
  type NodeCondition,
  NodeSelectorOperators,
  type ObjectMeta,
  type Pod,
  PodQOSClasses,
  type PodRef,
  type Taint,
  TaintEffects,
  type Toleration,
  TolerationOperators,
} from './types';
export { TaintKeys } from './well-known';
export { type DomainSettings, type SummaryWording, defaultSettings, settingsWith, summaryWordings } from './settings';

// Foundation: field errors as the API server prints them, and apimachinery's name syntax.
export { type FieldError, FieldPath, appendAll, fieldError, fieldErrorText, fieldErrorsWithin, goQuote, wellFormed } from './foundation/field-errors';
export { generatedName, isDNS1123Label, isDNS1123Subdomain } from './foundation/names';
export { k8sTime } from './foundation/k8s-time';

// Validation: nodes, pods and taint bodies checked as the API server checks them; JSON shape checks.
export { validateNode, validatePod, validateTaintBody } from './validation/objects';
export { VOLUME_SOURCES } from './validation/pod-spec-comparison';
export { type ImportedIdentity, importedIdentity } from './validation/imported-metadata';
export { ShapeChecker, isObject } from './validation/json-shape';

// Numbers: int64 in its one canonical spelling.
export { canonicalInt64 } from './numbers/int64';

// Resources: what a pod asks of a node.
export { podRequests, podResourceRequest } from './resources/pod-requests';

// Taints: equality, printing, and what a change of a node's taints adds and removes.
export { isNoExecuteTaint, sameTaint, taintToString } from './taints/taint';
export { taintChanges } from './taints/taint-changes';

// Tolerations: whether a pod's tolerations tolerate a taint.
export { type MatchOptions, defaultMatchOptions, toleratesTaint } from './tolerations/match';

// Scheduling: where a pod may go, per node or per class of nodes, the views of the answer, and what nodes hold.
export { type NodeUsage, addPodUsage, emptyNodeUsage, holdsNodeResources, removePodUsage, usageByNode, usageLookup } from './scheduling/node-usage';
export { type NodePlacement, type Placement, type PlacementContext, type PlacementOptions, placePod, podRef } from './scheduling/placement';
export { contextWithout, indexedContext, indexedContextAfter } from './scheduling/indexed-context';
export { type SchedulingSnapshot, type StorageLister, budgetsByNamespace, emptyStorageLister, snapshotOf } from './scheduling/framework/scheduling-snapshot';
export { type ScorePluginName, MAX_TOTAL_SCORE, ScorePluginWeights } from './scheduling/framework/default-scores';
export { affinityPodIndexOf } from './scheduling/inter-pod-affinity/affinity-pod-index';
export { podLabelIndexOf } from './scheduling/framework/pod-label-index';
export { cachedPodCounter } from './scheduling/topology-spread/spread-counting';
export { type NodeClasses, nodeClassesOf, putNode, removeNode, viewFor } from './scheduling/node-classes';
export { placePodGrouped, placementByClass } from './scheduling/grouped-placement';
export { type NodeRooms, emptyNodeRooms, nodeRoomsOf, putRoom, removeRoom, setRoomUsage } from './scheduling/node-rooms';
export { placementSummaryGrouped } from './scheduling/grouped-summary';
export { type PlacementNodesPage, placementNodesGrouped } from './scheduling/grouped-nodes';
export { withResourceHolders } from './scheduling/resource-holders';
export {
  DEFAULT_PLACEMENT_TOP,
  MAX_PLACEMENT_TOP,
  type PlacementSummary,
  type PlacementView,
  placementNodesPage,
  placementSummary,
  placementViews,
} from './scheduling/placement-views';
export { asRescheduled, excludingPod } from './scheduling/rescheduling';
export {
  type PreemptionAnswer,
  type PreemptionCandidate,
  type PreemptionQuestion,
  type PreemptionVictim,
  defaultPreemption,
} from './scheduling/preemption/default-preemption';
export { type PlacementPreemption, withPreemption } from './scheduling/preemption/placement-preemption';
export { type PlacementCapacity, type PlacementReason, PlacementReasonCodes } from './scheduling/placement-reasons';
// kube-scheduler's FailedScheduling events: which pods it tries, what the event says, how its series goes on.
export {
  DEFAULT_SCHEDULER,
  type RecordedSchedulingFailure,
  awaitsScheduling,
  failedSchedulingMessage,
  schedulingFailureRecord,
} from './scheduling/failed-scheduling';
export { schedulingInputKey } from './scheduling/scheduling-input-key';

// Selectors: label and field selectors, parsed and matched.
export { type LabelSelector, parseLabelSelector, selectorMatches } from './selectors/label-selector';
export { type FieldSelector, type SelectableKind, fieldsMatch, nodeFields, parseFieldSelector, podFields, unsupportedField } from './selectors/field-selector';

// Eviction: NoExecute's steps, the impact of a taint over a cluster and its views, the warnings of a node change.
export { type ScheduledEviction, type ScheduledEvictions, noneScheduled } from './eviction/no-execute-plan';
export { type ImpactEviction, type ReschedulingQuery, type TaintImpact, replacementHome, taintImpact, taintedNodes } from './eviction/taint-impact';
export {
  type ImpactCounts,
  type ImpactSummary,
  type ImpactView,
  impactPodsPage,
  impactSummary,
  impactTimelineBounds,
  impactViews,
} from './eviction/impact-views';
export { taintImpactSummary } from './eviction/impact-count';
export { type PodKinds, podKinds } from './eviction/pod-kinds';
export { type NodePodFacts, type PodsByNode, nodePodFacts } from './eviction/node-pod-facts';
export { type NodeChangeImpact, addsTaintsOrCordons, evictionWarnings, nodeChangeImpact, nodeChangeWarnings } from './eviction/node-change-impact';
export {
  type CommandImpact,
  type KubectlCommand,
  type NodeChange,
  commandImpact,
  commandWarnings,
  drainEvictionWarnings,
  drainWarnings,
  nodeChangeKey,
  nodeChangeOf,
  nodeImpactInCommand,
  unjudgedWarnings,
  withNodeChange,
} from './eviction/command-impact';
export { type CancelReason, type EvictionStep, evictionStep, noExecuteTaintsChanged, wakeStep } from './eviction/eviction-steps';
export { predictionOnPodDeleted, predictionStep } from './eviction/eviction-predictions';
// Clusters: their mode (managed or mirror) and a mirror's source.
export { type ClusterMode, type ClusterSpec, type KubeconfigReader, type MirrorSource, checkClusterSpec } from './clusters/cluster-spec';
export { type SourceCredentials, sourceOfKubeconfig } from './clusters/kubeconfig-source';

// Admission: the defaults the API server adds to a pod, and why.
export { type ExplainedAdmission, admitPod, explainAdmission } from './admission/admit-pod';

// Nodes: taints that follow conditions and spec.unschedulable, and the zones' pace of NoExecute taints.
export {
  awaitedNoExecuteTaint,
  reconcileConditionTaints,
  reconcileUnschedulableTaint,
  setUnschedulable,
  withAwaitedNoExecuteTaint,
  withoutNoExecuteConditionTaints,
} from './nodes/condition-taints';
export { type QueuedNode, type ZonePacingSettings, defaultZonePacing, nodesToTaintNow, zoneKeyOf, zoneLabels, zoneRates } from './nodes/zone-pacing';

// kubectl taint: its arguments, the nodes it targets, its result lines.
export { type TaintChange, type TaintOperation, applyTaintChange, parseTaintArgs, parseTaintToAdd, taintResultLine } from './kubectl/taint-command';
export { type NodeTarget, type NodeTargetInput, emptyTargetWarnings, parseNodeTarget, selectNodes } from './kubectl/node-target';
export { taintNodes } from './kubectl/taint-nodes';

// Pods: graceful deletion and the pod garbage collector's orphans.
export { orphansToCollect, podGcDeletion } from './pods/orphaned-pods';
export { type PodDeletion, deletionGracePeriodSeconds, isTerminating, podDeletion } from './pods/graceful-deletion';
export { assembleDecisionPod, decisionPodOf } from './pods/decision-pod';

// Writes: resourceVersion preconditions, DeleteOptions and dry runs.
export { type Preconditions, type StoredVersion, type WriteMode, checkDelete, checkUpdate, checkWrite, sentResourceVersion } from './concurrency/preconditions';
export { parseDeleteOptions } from './concurrency/delete-options';
export { dryRunOf } from './concurrency/dry-run';

// Access: roles, what each may do, and bearer tokens.
export { type Caller, ROLES, type Role, authorize, isRole, roleAllows, roleForMethod } from './access/roles';
export { bearerTokenOf } from './access/bearer-token';
export {
  type ClusterPatterns,
  DEFAULT_CLUSTER,
  EVERY_CLUSTER,
  authorizeCluster,
  authorizeEveryCluster,
  clusterMatches,
  clusterPatternErrors,
  clustersOf,
  coversEveryCluster,
  normalizedClusterPatterns,
} from './access/cluster-scope';
export { type AccessQuestion, reviewAccess, rulesOf } from './access/access-review';

// Retention: when an eviction record expires.
export { type RetainedEviction, evictionExpired, retentionCutoff } from './retention/retention';

// Lists: a page of a list, its limit and where it starts.
export { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT, type ListChunk, type ListChunking, chunkOfRows, chunkOfSorted, listLimit, listStart } from './lists/list-chunks';

// Limits: the largest stored object and request body.
export { MAX_OBJECT_BYTES, MAX_REQUEST_BODY_BYTES, bodyTooLarge, objectTooLarge } from './limits/size-limits';

// Printing: the tables kubectl asks the server for, and ages as kubectl prints them.
export { translateTimestampSince } from './printing/human-duration';
export { IncludeObjectPolicies, type IncludeObjectPolicy, type Table, type TableOptions } from './printing/table';
export { nodeTable } from './printing/node-table';
export { podTable } from './printing/pod-table';
export { eventTable } from './printing/event-table';
export { namespaceTable } from './printing/namespace-table';

// Patches: JSON, merge and strategic merge patches applied as the API server applies them.
export { PatchContentTypes, applyPatch } from './patches/apply-patch';
export { coreV1PatchSchema, lookupField } from './patches/patch-strategies';

// Watch: the events of a watch and which objects pass its filter.
export {
  type ObjectChange,
  type WatchEvent,
  type WatchEventType,
  type WatchStart,
  bookmarkObjectOf,
  catchUpEventOf,
  deletedObjectOf,
  parseGoBool,
  parseWatchStart,
  tooOldMessage,
  watchEventOf,
  watchStartOf,
} from './watch/watch-events';
export { type WatchFilter, type WatchedKind, isNamespacedKind, passesFilter } from './watch/watch-filter';

// The kinds the twin keeps beside nodes and pods (what the scheduler's filters read): their types,
// validation, field selectors and kubectl's tables.
export type { CSINode, PersistentVolume, PersistentVolumeClaim, StorageClass } from './storage/storage-objects';
export type { PodDisruptionBudget } from './policy/pod-disruption-budget';
export { validateNamespace } from './validation/objects';
export { validateCSINode, validatePersistentVolume, validatePersistentVolumeClaim, validateStorageClass } from './validation/storage-objects';
export { namespaceFields, objectMetaFields } from './selectors/field-selector';
export { csiNodeTable, persistentVolumeClaimTable, persistentVolumeTable, storageClassTable } from './printing/storage-tables';
export { validatePodDisruptionBudget } from './validation/pod-disruption-budget';
export { podDisruptionBudgetTable } from './printing/pod-disruption-budget-table';
export { budgetsOfPod, checkEvictionBudgets, evictionConsultsBudgets } from './policy/eviction-budget';
export { type SimulationMode } from './scheduling/simulation/place-together';
export { type DrainPlan, type DrainRequest, drainPlan } from './scheduling/simulation/drain-plan';
export { type Headroom, headroom } from './scheduling/simulation/headroom';
export { type NodeRemovalRank, type SweepCluster, drainPlanOfLists, rankRemovals, sweepRemovals } from './scheduling/simulation/removal-sweep';
export { type EvictedPlacement, type EvictedRef, evictedPlacementOf, placeEvicted, placeEvictedOfLists } from './scheduling/simulation/evicted-placement';
export type { SimulatedCluster } from './scheduling/simulation/simulated-cluster-state';
