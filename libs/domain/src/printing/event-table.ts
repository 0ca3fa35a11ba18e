import type { CoreEvent } from '../types';
import { elapsedSince, timestampMillis, translateTimestampSince } from './human-duration';
import { type Printer, type Table, type TableOptions, column, nameColumn, printTable } from './table';

/** `kubectl get events`: printEvent and the event column definitions of pkg/printers/internalversion/printers.go. */

const eventColumns = [
  column('Last Seen', 'string', 'The time at which the most recent occurrence of this event was recorded.'),
  column('Type', 'string', 'Type of this event (Normal, Warning), new types could be added in the future'),
  column(
    'Reason',
    'string',
    "This should be a short, machine understandable string that gives the reason for the transition into the object's current status.",
  ),
  column('Object', 'string', 'The object that this event is about.'),
  column(
    'Subobject',
    'string',
    'If referring to a piece of an object instead of an entire object, this string should contain a valid JSON/Go field access statement, such as desiredState.manifest.containers[2]. For example, if the object reference is to a container within a pod, this would take on a value like: "spec.containers{name}" (where "name" refers to the name of the container that triggered the event) or if no container name is specified "spec.containers[2]" (container with index 2 in this pod). This syntax is chosen only to have some well-defined way of referencing a part of an object.',
    1,
  ),
  column('Source', 'string', 'The component reporting this event. Should be a short machine understandable string.', 1),
  column('Message', 'string', 'A human-readable description of the status of this operation.'),
  column('First Seen', 'string', 'The time at which the event was first recorded. (Time of server receipt is in TypeMeta.)', 1),
  // Typed string upstream although its cells are integers; kept as the API server sends it.
  column('Count', 'string', 'The number of times this event has occurred.', 1),
  { ...nameColumn, priority: 1 },
] as const;

/** `kubelet, node-1`: the source component and host, falling back to the newer reportingComponent and reportingInstance. */
function eventSource(event: CoreEvent): string {
  const component = event.source?.component || event.reportingComponent || '';
  const instance = event.source?.host || event.reportingInstance || '';
  return instance ? `${component}, ${instance}` : component;
}

/** `pod/web-1`: the involved object's kind in lower case, and its name when it has one. */
function involvedObject(event: CoreEvent): string {
  const kind = (event.involvedObject.kind ?? '').toLowerCase();
  return event.involvedObject.name ? `${kind}/${event.involvedObject.name}` : kind;
}

const eventPrinter: Printer<CoreEvent> = {
  kind: 'Event',
  apiVersion: 'v1',
  columns: eventColumns,
  print: (event, now) => {
    // Events from the newer API set eventTime (and series) instead of first/lastTimestamp and count.
    const first = timestampMillis(event.firstTimestamp);
    const last = timestampMillis(event.lastTimestamp);
    const firstSeen = first === undefined ? translateTimestampSince(event.eventTime, now) : elapsedSince(first, now);
    let lastSeen = last === undefined ? firstSeen : elapsedSince(last, now);
    let count = event.count ?? 0;
    if (event.series) {
      lastSeen = translateTimestampSince(event.series.lastObservedTime, now);
      count = event.series.count ?? 0;
    } else if (count === 0) {
      // A singleton event of the newer API has no count.
      count = 1;
    }
    return {
      cells: [
        lastSeen,
        event.type ?? '',
        event.reason ?? '',
        involvedObject(event),
        event.involvedObject.fieldPath ?? '',
        eventSource(event),
        (event.message ?? '').trim(),
        firstSeen,
        count,
        event.metadata.name,
      ],
    };
  },
};

/** The Table kube-apiserver returns for core/v1 events (a list, or one event). */
export const eventTable = (events: readonly CoreEvent[], options: TableOptions): Table => printTable(eventPrinter, events, options);
