import type { CoreEvent } from '@taintgate/domain';

/** An events row as the Kubernetes API reads it, with the uid of the pod its eviction was about. */
export interface EventRow {
  id: bigint;
  at: Date;
  type: string;
  reason: string;
  message: string;
  kind: string;
  involvedKind: string;
  involvedNamespace: string | null;
  involvedName: string;
  involvedUid: string | null;
}

/** The component whose recorder wrote each kind of event, as upstream's controllers name theirs. */
const COMPONENT_OF: Record<string, string> = {
  EvictionScheduled: 'taint-eviction-controller',
  EvictionExecuted: 'taint-eviction-controller',
  EvictionCancelled: 'taint-eviction-controller',
  PodGarbageCollected: 'pod-garbage-collector',
};

const componentOf = (kind: string): string => COMPONENT_OF[kind] ?? 'taintgate';

/**
 * core/v1 Event of a row, as an event recorder writes one: named after its object and a unique
 * suffix (the row's id in hex, as the recorder's is a hex timestamp), in its object's namespace
 * (a node's in default), seen once.
 */
export function coreEventOf(row: EventRow): CoreEvent {
  const at = row.at.toISOString();
  const component = componentOf(row.kind);
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: {
      name: `${row.involvedName}.${row.id.toString(16).padStart(16, '0')}`,
      namespace: row.involvedNamespace ?? 'default',
      resourceVersion: String(row.id),
      creationTimestamp: at,
    },
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
