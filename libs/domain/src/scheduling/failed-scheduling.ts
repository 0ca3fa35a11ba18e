import type { Pod } from '../types';
import { groupedContext, placePodGrouped } from './grouped-placement';
import { bucketsFor, summaryLines } from './grouped-summary';
import type { NodeClasses } from './node-classes';
import type { PlacementContext, PlacementOptions } from './placement';
import type { PlacementCapacity } from './placement-reasons';

/**
 * The FailedScheduling events kube-scheduler records for the pods it cannot place
 * (Scheduler.handleSchedulingFailure, pkg/scheduler/schedule_one.go), decided for a twin that
 * schedules nothing: which pods kube-scheduler would try, what the event says, and when a pod's
 * event changes, as the events.k8s.io recorder aggregates them (eventBroadcasterImpl.recordToSink,
 * k8s.io/client-go/tools/events/event_broadcaster.go).
 */

/** The scheduler a pod names when it names none (SetDefaults_PodSpec), the default profile's name, and the events' reportingController. */
export const DEFAULT_SCHEDULER = 'default-scheduler';

/** validation.NoteLengthLimit (k8s.io/api/events/v1): the longest note an Event holds, in bytes. */
export const NOTE_LENGTH_LIMIT = 1024;

/**
 * Whether kube-scheduler's queue holds the pod, so that it tries to schedule it: not assigned to a
 * node (the informer's `!assignedPod`), not Succeeded or Failed, not being deleted
 * (skipPodSchedule), for the default scheduler (responsibleForPod; an empty schedulerName is the
 * default), and not gated (the SchedulingGates PreEnqueue plugin keeps a pod with
 * spec.schedulingGates out of the active queue).
 */
export function awaitsScheduling(pod: Pod): boolean {
  const spec = pod.spec;
  if (spec?.nodeName) return false;
  const phase = pod.status?.phase;
  if (phase === 'Succeeded' || phase === 'Failed') return false;
  if (pod.metadata.deletionTimestamp) return false;
  if ((spec?.schedulerName || DEFAULT_SCHEDULER) !== DEFAULT_SCHEDULER) return false;
  const gates = spec?.schedulingGates;
  return !(Array.isArray(gates) && gates.length > 0);
}

/** The length of a string in UTF-8 bytes, as Go's len() counts it. */
function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/**
 * schedule_one.go's truncateMessage: a message longer than NoteLengthLimit bytes is cut to leave
 * room for " ...". Go cuts at a byte; this cuts at the last whole character before it (the lines
 * are ASCII: reasons, counts, resource names).
 */
export function truncateMessage(message: string): string {
  if (utf8Length(message) <= NOTE_LENGTH_LIMIT) return message;
  const suffix = ' ...';
  const room = NOTE_LENGTH_LIMIT - suffix.length;
  let cut = '';
  let bytes = 0;
  for (const char of message) {
    bytes += utf8Length(char);
    if (bytes > room) break;
    cut += char;
  }
  return cut + suffix;
}

/**
 * What kube-scheduler's FailedScheduling event about the pod says, over the classes' nodes with
 * their room (`capacity`), or undefined when some node takes the pod (kube-scheduler binds it
 * and records Scheduled instead). The message is the FitError's line as placement words it
 * (`0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 Insufficient cpu.`), truncated
 * as handleSchedulingFailure truncates it; with no node at all, ErrNoNodesAvailable's "no nodes
 * available to schedule pods". PostFilter's preemption suffix is not modelled. Decided from the
 * buckets of the grouped summary (no entry per node), with the plugins that read only topology
 * labels and the nodes a pod names as the summary takes them; node by node only where the summary
 * is (a PreFilter's rejection, a plugin that reads a node's pods or volumes).
 */
export function failedSchedulingMessage(
  pod: Pod,
  classes: NodeClasses,
  options: PlacementOptions,
  capacity: PlacementCapacity | undefined,
  context?: PlacementContext,
): string | undefined {
  const grouped = groupedContext(pod, classes, context);
  const placed = bucketsFor(pod, classes, grouped, options, capacity, 0, false);
  const { feasibleCount, summary } = placed
    ? { feasibleCount: placed.feasibleCount, summary: summaryLines(placed, classes.names.length).summary }
    : placePodGrouped(pod, classes, options, capacity, grouped);
  return feasibleCount > 0 ? undefined : truncateMessage(summary);
}

/**
 * The pod's latest FailedScheduling event, as stored: what it is about (the recorder's regarding
 * reference: the pod's uid and resourceVersion), what it says, and how many attempts its series
 * counts.
 */
export interface RecordedSchedulingFailure {
  readonly podUid: string;
  readonly podResourceVersion: string;
  readonly message: string;
  readonly count: number;
}

/** What a scheduling attempt records about a pod. */
export type SchedulingFailureRecord =
  /** Nothing new: the pod is placed, or its latest event already says so. */
  | { readonly kind: 'none' }
  /** A new Event (count 1, eventTime now). */
  | { readonly kind: 'create'; readonly message: string }
  /** The latest Event's series goes on: its count, its last observed time now, its message the line now. */
  | { readonly kind: 'repeat'; readonly message: string; readonly count: number };

/**
 * The event a failed attempt at `pod` leaves, given the message it fails with (undefined: it did
 * not fail) and the pod's latest FailedScheduling event.
 *
 * The events.k8s.io recorder folds an event into the one before it when they are isomorphic
 * (getKey: type, action, reason, reporting controller and instance, regarding and related), and
 * the regarding reference holds the pod's uid and resourceVersion: an attempt at the same pod,
 * unchanged since, adds to the series (count + 1, lastObservedTime now); a pod recreated (another
 * uid) or written since (another resourceVersion) starts a new Event.
 *
 * taintgate attempts a pod when its line changes (no queueing hints, no periodic flush of the
 * unschedulable pods), so an attempt whose line its latest event already shows records nothing.
 * Where the line changed, the series' message becomes the new line: the recorder keeps the
 * series' first note, and kube-scheduler's next attempt makes a new Event only because its
 * PodScheduled condition patch (the new message) moved the pod's resourceVersion; taintgate writes
 * no pod status, so it shows the line at once in the same Event.
 */
export function schedulingFailureRecord(pod: Pod, message: string | undefined, latest: RecordedSchedulingFailure | undefined): SchedulingFailureRecord {
  if (message === undefined) return { kind: 'none' };
  const sameRegarding = latest !== undefined && latest.podUid === pod.metadata.uid && latest.podResourceVersion === pod.metadata.resourceVersion;
  if (!sameRegarding) return { kind: 'create', message };
  if (latest.message === message) return { kind: 'none' };
  return { kind: 'repeat', message, count: latest.count + 1 };
}
