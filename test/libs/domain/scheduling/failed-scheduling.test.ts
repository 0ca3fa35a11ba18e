import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Node, type Pod, nodeClassesOf, nodeRoomsOf, placePod, usageLookup } from '@taintgate/domain';
import { defaultPlacementOptions } from '../../../../libs/domain/src/scheduling/placement';
import {
  NOTE_LENGTH_LIMIT,
  type RecordedSchedulingFailure,
  type SchedulingFailureRecord,
  awaitsScheduling,
  failedSchedulingMessage,
  schedulingFailureRecord,
  truncateMessage,
} from '../../../../libs/domain/src/scheduling/failed-scheduling';
import { requestingPod } from '../support/arbitraries';
import { placementOptions, runningPods, sizedCluster, usageOfPods } from '../support/placement-clusters';

const pod = (spec: Pod['spec'] = {}, extra: { phase?: string; deletionTimestamp?: string } = {}): Pod => ({
  metadata: {
    name: 'p',
    namespace: 'web',
    uid: 'u-1',
    resourceVersion: '7',
    ...(extra.deletionTimestamp ? { deletionTimestamp: extra.deletionTimestamp } : {}),
  },
  spec,
  status: { phase: extra.phase ?? 'Pending' },
});

// The pods kube-scheduler's queue holds: the unscheduled-pod informer's filter (!assignedPod,
// responsibleForPod), skipPodSchedule (being deleted) and the SchedulingGates PreEnqueue plugin.
describe('awaitsScheduling', () => {
  it.each<[string, Pod, boolean]>([
    ['a pending pod with no node: tried', pod(), true],
    ['schedulerName default-scheduler: tried', pod({ schedulerName: 'default-scheduler' }), true],
    ['an empty schedulerName is the default: tried', pod({ schedulerName: '' }), true],
    ['assigned to a node: not the scheduler’s', pod({ nodeName: 'n1' }), false],
    ['Succeeded: never scheduled again', pod({}, { phase: 'Succeeded' }), false],
    ['Failed: never scheduled again', pod({}, { phase: 'Failed' }), false],
    ['being deleted: skipPodSchedule', pod({}, { deletionTimestamp: '2026-11-23T12:00:00Z' }), false],
    ['another scheduler’s pod: no profile is responsible for it', pod({ schedulerName: 'volcano' }), false],
    ['with scheduling gates: kept out of the active queue', pod({ schedulingGates: [{ name: 'example.com/quota' }] }), false],
    ['an empty list of scheduling gates gates nothing', pod({ schedulingGates: [] }), true],
  ])('%s', (_name, p, expected) => {
    expect(awaitsScheduling(p)).toBe(expected);
  });
});

// schedule_one.go's truncateMessage, against validation.NoteLengthLimit (1024 bytes).
describe('truncateMessage', () => {
  it('a message at the limit is kept whole', () => {
    const message = 'x'.repeat(NOTE_LENGTH_LIMIT);
    expect(truncateMessage(message)).toBe(message);
  });

  it('a longer one is cut to the limit, ending in " ..."', () => {
    const cut = truncateMessage(`0/3 nodes are available: ${'y'.repeat(2000)}`);
    expect(cut).toHaveLength(NOTE_LENGTH_LIMIT);
    expect(cut.endsWith('y ...')).toBe(true);
    expect(cut.startsWith('0/3 nodes are available: yyy')).toBe(true);
  });

  it('counts bytes as Go does, and cuts between characters', () => {
    const cut = truncateMessage('é'.repeat(600));
    expect(new TextEncoder().encode(cut).length).toBeLessThanOrEqual(NOTE_LENGTH_LIMIT);
    expect(cut).toBe(`${'é'.repeat(510)} ...`);
  });
});

const node = (name: string, spec: Node['spec'] = {}, cpu = '4'): Node => ({
  metadata: { name, labels: { 'kubernetes.io/hostname': name } },
  spec,
  status: { allocatable: { cpu, memory: '16Gi', pods: '110' } },
});
const requesting = (cpu: string): Pod['spec'] => ({ containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu } } }] });

describe('failedSchedulingMessage: the FitError line kube-scheduler records, or none when a node takes the pod', () => {
  const message = (p: Pod, nodes: Node[], bound: Pod[] = []) => {
    const usageOf = usageLookup(bound);
    return failedSchedulingMessage(p, nodeClassesOf(nodes), defaultPlacementOptions, { usageOf, rooms: nodeRoomsOf(nodes, usageOf) });
  };

  it('taints and room, counted and sorted as the scheduler prints them', () => {
    const nodes = [node('a', { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] }), node('b', {}, '1'), node('c', {}, '1')];
    expect(message(pod(requesting('2')), nodes)).toBe('0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 Insufficient cpu.');
  });

  it('the room other pods take counts', () => {
    const running: Pod = { metadata: { name: 'r', namespace: 'web' }, spec: { nodeName: 'a', ...requesting('3') }, status: { phase: 'Running' } };
    expect(message(pod(requesting('2')), [node('a')], [running])).toBe('0/1 nodes are available: 1 Insufficient cpu.');
    expect(message(pod(requesting('1')), [node('a')], [running])).toBeUndefined();
  });

  it('a node that takes the pod: no FailedScheduling (kube-scheduler binds it)', () => {
    expect(message(pod(requesting('1')), [node('a', { unschedulable: true }), node('b')])).toBeUndefined();
  });

  it('no node at all: ErrNoNodesAvailable', () => {
    expect(message(pod(), [])).toBe('no nodes available to schedule pods');
  });

  it('a pod naming nodes in its affinity, decided node by node, says the same as placement', () => {
    const named = pod({
      affinity: {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: {
            nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['a'] }] }],
          },
        },
      },
    });
    expect(message(named, [node('a', { unschedulable: true }), node('b')])).toBe(
      "0/2 nodes are available: 1 node(s) didn't satisfy plugin(s) [NodeAffinity], 1 node(s) were unschedulable.",
    );
  });

  it('is placePod’s summary whenever no node is feasible, else undefined (random clusters, pods and running pods)', () => {
    fc.assert(
      fc.property(sizedCluster, requestingPod, placementOptions, runningPods, (nodes, p, options, bound) => {
        const usageOf = usageOfPods(bound);
        const placement = placePod(p, nodes, options, { usageOf });
        const expected = placement.feasibleCount === 0 ? truncateMessage(placement.summary) : undefined;
        expect(failedSchedulingMessage(p, nodeClassesOf(nodes), options, { usageOf, rooms: nodeRoomsOf(nodes, usageOf) })).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });
});

const LINE = '0/3 nodes are available: 3 node(s) had untolerated taint(s).';
const OTHER = '0/3 nodes are available: 3 Insufficient cpu.';
const recorded = (over: Partial<RecordedSchedulingFailure> = {}): RecordedSchedulingFailure => ({
  podUid: 'u-1',
  podResourceVersion: '7',
  message: LINE,
  count: 1,
  ...over,
});

// The recorder's isomorphic key (getKey) holds the regarding reference, the pod's uid and
// resourceVersion: Kubernetes' TestEventSeriesf, "an isomorphic event makes a series of 2, a
// non-isomorphic one a new event", with the regarding object as what differs.
describe('schedulingFailureRecord: the events.k8s.io recorder’s series (recordToSink, getKey)', () => {
  it.each<[string, string | undefined, RecordedSchedulingFailure | undefined, SchedulingFailureRecord]>([
    ['the first failure: a new Event', LINE, undefined, { kind: 'create', message: LINE }],
    ['the line its event shows already: nothing', LINE, recorded(), { kind: 'none' }],
    [
      'another line, the pod unchanged (isomorphic): the series goes on, count 2, with the line now',
      OTHER,
      recorded(),
      { kind: 'repeat', message: OTHER, count: 2 },
    ],
    ['a series of 5 goes on to 6', OTHER, recorded({ count: 5 }), { kind: 'repeat', message: OTHER, count: 6 }],
    ['the pod written since (another resourceVersion): a new Event', OTHER, recorded({ podResourceVersion: '6' }), { kind: 'create', message: OTHER }],
    ['written since, even with the same line: a new Event', LINE, recorded({ podResourceVersion: '6' }), { kind: 'create', message: LINE }],
    ['another pod of the same name (another uid): a new Event', LINE, recorded({ podUid: 'u-0' }), { kind: 'create', message: LINE }],
    ['placed (no failure): nothing, its events stay as they are', undefined, recorded(), { kind: 'none' }],
    ['placed, never failed: nothing', undefined, undefined, { kind: 'none' }],
  ])('%s', (_name, message, latest, expected) => {
    expect(schedulingFailureRecord(pod(), message, latest)).toEqual(expected);
  });
});
