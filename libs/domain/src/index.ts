/**
 * taintgate's domain: the semantics of taints and tolerations as pure functions.
 * No I/O, no framework, no clock: callers pass the time in (epoch milliseconds).
 */
export * from './failures';
export * from './types';
export * from './well-known';
export * from './settings';

export * from './foundation/field-errors';
export * from './foundation/names';
export * from './validation/taints';
export * from './validation/tolerations';
export * from './validation/node-selector';
export * from './validation/objects';
export * from './validation/pod-update';
export * from './validation/pod-spec-comparison';
export * from './validation/imported-metadata';
export { ShapeChecker, isObject } from './validation/json-shape';

export * from './numbers/int64';
export * from './resources/quantity';
export * from './resources/qos';
export * from './resources/extended';
export * from './resources/resource-names';
export * from './resources/pod-requests';

export * from './taints/taint';
export * from './taints/taint-changes';
export * from './tolerations/match';

export * from './scheduling/node-affinity';
export * from './scheduling/taint-toleration-score';
export * from './scheduling/node-usage';
export * from './scheduling/node-resources-fit';
export * from './scheduling/placement';
export * from './scheduling/node-classes';
export * from './scheduling/grouped-placement';
export * from './scheduling/node-rooms';
export * from './scheduling/grouped-summary';
export * from './scheduling/grouped-nodes';
export * from './scheduling/placement-views';
export * from './scheduling/rescheduling';
export * from './selectors/label-selector';
export * from './selectors/field-selector';

export * from './eviction/no-execute-plan';
export * from './eviction/taint-impact';
export * from './eviction/impact-views';
export * from './eviction/impact-count';
export { type PodKind, type PodKinds, podKinds } from './eviction/pod-kinds';
export * from './eviction/node-change-impact';

export * from './admission/merge-tolerations';
export * from './admission/admit-pod';
export * from './nodes/condition-taints';
export * from './nodes/zone-pacing';
export * from './kubectl/taint-command';
export * from './kubectl/node-target';
export * from './kubectl/taint-nodes';
export * from './eviction/eviction-steps';
export * from './pods/orphaned-pods';
export * from './pods/graceful-deletion';
export * from './concurrency/preconditions';
export * from './concurrency/delete-options';
export * from './concurrency/dry-run';

export * from './access/roles';
export * from './access/bearer-token';
export * from './retention/retention';

export * from './lists/continue-token';
export * from './lists/list-chunks';
export * from './limits/size-limits';

export { humanDuration, translateTimestampSince } from './printing/human-duration';
export {
  IncludeObjectPolicies,
  type IncludeObjectPolicy,
  type PartialObjectMetadata,
  type Table,
  type TableCell,
  type TableColumnDefinition,
  type TableListMeta,
  type TableOptions,
  type TableRow,
  type TableRowCondition,
} from './printing/table';
export * from './printing/node-table';
export * from './printing/pod-table';
export * from './printing/event-table';
export * from './printing/namespace-table';
export * from './patches/apply-patch';
export * from './patches/json-patch';
export * from './patches/merge-patch';
export * from './patches/strategic-merge-patch';
export * from './patches/patch-strategies';

export * from './watch/watch-events';
export * from './watch/watch-filter';
