import { type CoreEvent, DEFAULT_SCHEDULER } from '@taintgate/domain';
import type { EventRow } from '../../store/event-store';

/** The component whose recorder wrote each kind of event, as upstream's controllers name theirs. */
const COMPONENT_OF: Record<string, string> = {
  EvictionScheduled: 'taint-eviction-controller',
  EvictionExecuted: 'taint-eviction-controller',
  EvictionCancelled: 'taint-eviction-controller',
  PodGarbageCollected: 'pod-garbage-collector',
};

const componentOf = (kind: string): string => COMPONENT_OF[kind] ?? 'taintgate';

/** The recorder's reportingInstance: the controller and its host (`default-scheduler-<hostname>`); here, the service. */
const SCHEDULER_INSTANCE = `${DEFAULT_SCHEDULER}-taintgate`;

/** metav1.MicroTime as JSON: RFC 3339 with six digits of fraction. */
const microTime = (at: Date): string => at.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');

/** The event's name: its object's, and a unique suffix (the row's id in hex, as the recorder's is a hex timestamp). */
const nameOf = (row: EventRow): string => `${row.involvedName}.${row.id.toString(16).padStart(16, '0')}`;

/**
 * core/v1 Event of a row. The controllers' events as the core/v1 recorder writes one: in its
 * object's namespace (a node's in default), seen once. kube-scheduler's FailedScheduling as the
 * events.k8s.io recorder writes one, read through core/v1: eventTime, a series once it has counted
 * two, action Scheduling, reportingComponent default-scheduler and no source, no count nor
 * first/last timestamps (kubectl shows the series: `5s (x2 over 40s)`).
 */
export function coreEventOf(row: EventRow): CoreEvent {
  if (row.kind === 'FailedScheduling') return failedSchedulingEventOf(row);
  const at = row.at.toISOString();
  const component = componentOf(row.kind);
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: nameOf(row), namespace: row.involvedNamespace ?? 'default', resourceVersion: String(row.id), creationTimestamp: at },
    involvedObject: {
      kind: row.involvedKind,
      ...(row.involvedNamespace ? { namespace: row.involvedNamespace } : {}),
      name: row.involvedName,
      ...(row.involvedUid ? { uid: row.involvedUid } : {}),
      apiVersion: 'v1',
    },
    reason: row.reason,
    message: row.message,
    source: { component },
    firstTimestamp: at,
    lastTimestamp: at,
    count: 1,
    type: row.type,
    reportingComponent: component,
    reportingInstance: '',
  };
}

function failedSchedulingEventOf(row: EventRow): CoreEvent {
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: nameOf(row), namespace: row.involvedNamespace ?? 'default', resourceVersion: String(row.id), creationTimestamp: row.at.toISOString() },
    involvedObject: {
      kind: 'Pod',
      ...(row.involvedNamespace ? { namespace: row.involvedNamespace } : {}),
      name: row.involvedName,
      ...(row.involvedUid ? { uid: row.involvedUid } : {}),
      apiVersion: 'v1',
      ...(row.involvedResourceVersion ? { resourceVersion: row.involvedResourceVersion } : {}),
    },
    reason: row.reason,
    message: row.message,
    source: {},
    type: row.type,
    eventTime: microTime(row.at),
    ...(row.count > 1 ? { series: { count: row.count, lastObservedTime: microTime(row.lastAt) } } : {}),
    action: 'Scheduling',
    reportingComponent: DEFAULT_SCHEDULER,
    reportingInstance: SCHEDULER_INSTANCE,
  };
}
