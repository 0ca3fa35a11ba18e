import { describe, expect, it } from 'vitest';
import { type Pod, podTable } from '@taintgate/domain';
import type { TableRow } from '../../../../libs/domain/src/printing/table';

const now = Date.UTC(2026, 0, 15, 12, 0, 0);
const ago = (ms: number): string => new Date(now - ms).toISOString();
const second = 1000;
const day = 24 * 3600 * second;

/** `make([]api.Container, n)` in the Go tests: n containers without names. */
const unnamed = (n: number) => Array.from({ length: n }, () => ({ name: '' }));
const sidecar = (name: string) => ({ name, restartPolicy: 'Always' });

const running = { running: {} };
const waiting = (reason?: string) => ({ waiting: reason === undefined ? {} : { reason } });
const terminated = (fields: { reason?: string; exitCode?: number; signal?: number } = {}) => ({ terminated: fields });
const restartedAgo = (ms: number) => ({ terminated: { finishedAt: ago(ms) } });

const succeeded = [{ type: 'Completed', status: 'True', reason: 'Succeeded', message: 'The pod has completed successfully.' }];
const failed = [{ type: 'Completed', status: 'True', reason: 'Failed', message: 'The pod failed.' }];

const rowOf = (pod: Pod): TableRow => {
  const [row] = podTable([pod], { now, includeObject: 'None' }).rows;
  if (!row) throw new Error('no row');
  return row;
};
/** Upstream's cases without GenerateOptions.Wide: NAME, READY, STATUS, RESTARTS, AGE, and the row conditions. */
const defaultRowOf = (pod: Pod) => {
  const { cells, conditions } = rowOf(pod);
  return conditions ? { cells: cells.slice(0, 5), conditions } : { cells: cells.slice(0, 5) };
};

const pod = (name: string, spec: Pod['spec'], status: Pod['status'], deletionTimestamp?: string): Pod => ({
  metadata: { name, ...(deletionTimestamp ? { deletionTimestamp } : {}) },
  spec,
  status,
});
const deleted = ago(10 * second);

describe('podTable: READY, STATUS, RESTARTS', () => {
  // TestPrintPod (pkg/printers/internalversion/printers_test.go)
  it.each<[string, Pod, (string | number)[], object[]?]>([
    [
      'name, number of containers, restarts, ready',
      pod(
        'test1',
        { containers: unnamed(2) },
        { phase: 'podPhase', containerStatuses: [{ ready: true, restartCount: 3, state: running }, { restartCount: 3 }] },
      ),
      ['test1', '1/2', 'podPhase', '6', '<unknown>'],
    ],
    [
      'a container waiting overrides the phase',
      pod(
        'test2',
        { containers: unnamed(2) },
        {
          phase: 'podPhase',
          containerStatuses: [
            { ready: true, restartCount: 3, state: running },
            { state: waiting('ContainerWaitingReason'), restartCount: 3 },
          ],
        },
      ),
      ['test2', '1/2', 'ContainerWaitingReason', '6', '<unknown>'],
    ],
    [
      'the first container wins over the others',
      pod(
        'test3',
        { containers: unnamed(2) },
        {
          phase: 'podPhase',
          containerStatuses: [
            { state: waiting('ContainerWaitingReason'), restartCount: 3 },
            { state: terminated({ reason: 'ContainerTerminatedReason' }), restartCount: 3 },
          ],
        },
      ),
      ['test3', '0/2', 'ContainerWaitingReason', '6', '<unknown>'],
    ],
    [
      'ready is not enough for running',
      pod(
        'test4',
        { containers: unnamed(2) },
        {
          phase: 'podPhase',
          containerStatuses: [
            { ready: true, restartCount: 3, state: running },
            { ready: true, restartCount: 3 },
          ],
        },
      ),
      ['test4', '1/2', 'podPhase', '6', '<unknown>'],
    ],
    [
      'status.reason overrides the phase',
      pod(
        'test5',
        { containers: unnamed(2) },
        {
          reason: 'podReason',
          phase: 'podPhase',
          containerStatuses: [
            { ready: true, restartCount: 3, state: running },
            { ready: true, restartCount: 3 },
          ],
        },
      ),
      ['test5', '1/2', 'podReason', '6', '<unknown>'],
    ],
    [
      'one container running, one completed, no Ready condition',
      pod(
        'test6',
        { containers: unnamed(2) },
        {
          phase: 'Running',
          reason: '',
          containerStatuses: [
            { ready: true, restartCount: 3, state: terminated({ reason: 'Completed', exitCode: 0 }) },
            { ready: true, restartCount: 3, state: running },
          ],
        },
      ),
      ['test6', '1/2', 'NotReady', '6', '<unknown>'],
    ],
    [
      'one container running, one completed, Ready',
      pod(
        'test6',
        { containers: unnamed(2) },
        {
          phase: 'Running',
          reason: '',
          containerStatuses: [
            { ready: true, restartCount: 3, state: terminated({ reason: 'Completed', exitCode: 0 }) },
            { ready: true, restartCount: 3, state: running },
          ],
          conditions: [{ type: 'Ready', status: 'True', lastProbeTime: ago(0) }],
        },
      ),
      ['test6', '1/2', 'Running', '6', '<unknown>'],
    ],
    [
      'an init container restarting, a container not running',
      pod(
        'test7',
        { initContainers: unnamed(1), containers: unnamed(1) },
        {
          phase: 'podPhase',
          initContainerStatuses: [{ ready: false, restartCount: 3, state: running, lastState: restartedAgo(10 * second) }],
          containerStatuses: [{ ready: false, restartCount: 0, state: waiting() }],
        },
      ),
      ['test7', '0/1', 'Init:0/1', '3 (10s ago)', '<unknown>'],
    ],
    [
      'two init containers, one restarting, one not running',
      pod(
        'test8',
        { initContainers: unnamed(2), containers: unnamed(1) },
        {
          phase: 'podPhase',
          initContainerStatuses: [
            { ready: false, restartCount: 3, state: running, lastState: restartedAgo(10 * second) },
            { ready: false, state: waiting() },
          ],
          containerStatuses: [{ ready: false, state: waiting() }],
        },
      ),
      ['test8', '0/1', 'Init:0/2', '3 (10s ago)', '<unknown>'],
    ],
    [
      'two init containers, one completed without restarts, one restarting',
      pod(
        'test9',
        { initContainers: unnamed(2), containers: unnamed(1) },
        {
          phase: 'podPhase',
          initContainerStatuses: [
            { ready: false, state: terminated() },
            { ready: false, restartCount: 3, state: running, lastState: restartedAgo(10 * second) },
          ],
          containerStatuses: [{ ready: false, state: waiting() }],
        },
      ),
      ['test9', '0/1', 'Init:1/2', '3 (10s ago)', '<unknown>'],
    ],
    [
      'two init containers, one completed with restarts, one restarting',
      pod(
        'test10',
        { initContainers: unnamed(2), containers: unnamed(1) },
        {
          phase: 'podPhase',
          initContainerStatuses: [
            { ready: false, restartCount: 2, state: terminated(), lastState: restartedAgo(120 * second) },
            { ready: false, restartCount: 3, state: running, lastState: restartedAgo(10 * second) },
          ],
          containerStatuses: [{ ready: false, state: waiting() }],
        },
      ),
      ['test10', '0/1', 'Init:1/2', '5 (10s ago)', '<unknown>'],
    ],
    [
      'an init container completed with restarts, a container restarting',
      pod(
        'test11',
        { initContainers: unnamed(1), containers: unnamed(1) },
        {
          phase: 'Running',
          initContainerStatuses: [{ ready: false, restartCount: 2, state: terminated(), lastState: restartedAgo(120 * second) }],
          containerStatuses: [{ ready: false, restartCount: 4, state: running, lastState: restartedAgo(20 * second) }],
        },
      ),
      ['test11', '0/1', 'Running', '4 (20s ago)', '<unknown>'],
    ],
    [
      'a container that restarted 5d ago',
      pod(
        'test12',
        { containers: unnamed(1) },
        { phase: 'Running', containerStatuses: [{ ready: true, restartCount: 3, state: running, lastState: restartedAgo(5 * day) }] },
      ),
      ['test12', '1/1', 'Running', '3 (5d ago)', '<unknown>'],
    ],
    [
      'one container never restarted, the other 10d ago',
      pod(
        'test13',
        { containers: unnamed(2) },
        {
          phase: 'Running',
          containerStatuses: [
            { ready: true, restartCount: 0, state: running },
            { ready: true, restartCount: 3, state: running, lastState: restartedAgo(10 * day) },
          ],
        },
      ),
      ['test13', '2/2', 'Running', '3 (10d ago)', '<unknown>'],
    ],
    [
      'restarts 5d and 20d ago: the latest is shown',
      pod(
        'test14',
        { containers: unnamed(2) },
        {
          phase: 'Running',
          containerStatuses: [
            { ready: true, restartCount: 6, state: running, lastState: restartedAgo(5 * day) },
            { ready: true, restartCount: 3, state: running, lastState: restartedAgo(20 * day) },
          ],
        },
      ),
      ['test14', '2/2', 'Running', '9 (5d ago)', '<unknown>'],
    ],
    [
      'PodScheduled with reason SchedulingGated',
      pod('test15', { containers: unnamed(2) }, { phase: 'podPhase', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'SchedulingGated' }] }),
      ['test15', '0/2', 'SchedulingGated', '0', '<unknown>'],
    ],
    [
      'Succeeded',
      pod(
        'test16',
        { containers: unnamed(1) },
        { phase: 'Succeeded', containerStatuses: [{ ready: false, restartCount: 0, state: terminated({ reason: 'Completed', exitCode: 0 }) }] },
      ),
      ['test16', '0/1', 'Completed', '0', '<unknown>'],
      succeeded,
    ],
    [
      'Failed',
      pod(
        'test17',
        { containers: unnamed(1) },
        { phase: 'Failed', containerStatuses: [{ ready: false, restartCount: 0, state: terminated({ reason: 'Error', exitCode: 1 }) }] },
      ),
      ['test17', '0/1', 'Error', '0', '<unknown>'],
      failed,
    ],
    [
      'Succeeded and deleted: not Terminating',
      pod(
        'test18',
        { containers: unnamed(1) },
        { phase: 'Succeeded', containerStatuses: [{ ready: false, restartCount: 0, state: terminated({ reason: 'Completed', exitCode: 0 }) }] },
        deleted,
      ),
      ['test18', '0/1', 'Completed', '0', '<unknown>'],
      succeeded,
    ],
    [
      'Running and deleted',
      pod('test19', { containers: unnamed(1) }, { phase: 'Running', containerStatuses: [{ ready: false, restartCount: 0, state: running }] }, deleted),
      ['test19', '0/1', 'Terminating', '0', '<unknown>'],
    ],
    ['Pending and deleted', pod('test20', { containers: unnamed(1) }, { phase: 'Pending' }, deleted), ['test20', '0/1', 'Terminating', '0', '<unknown>']],
  ])('%s', (_name, p, cells, conditions) => {
    expect(defaultRowOf(p)).toEqual(conditions ? { cells, conditions } : { cells });
  });

  // Not in upstream's tables: the branches of printPod they leave out.
  it.each<[string, Pod, string]>([
    [
      'deleted on a node that stopped reporting (status.reason NodeLost)',
      pod('p', { containers: unnamed(1) }, { phase: 'Running', reason: 'NodeLost', containerStatuses: [{ ready: true, state: running }] }, deleted),
      'Unknown',
    ],
    [
      'an init container in CrashLoopBackOff',
      pod('p', { initContainers: unnamed(1), containers: unnamed(1) }, { phase: 'Pending', initContainerStatuses: [{ state: waiting('CrashLoopBackOff') }] }),
      'Init:CrashLoopBackOff',
    ],
    [
      'an init container waiting with PodInitializing: counted',
      pod('p', { initContainers: unnamed(2), containers: unnamed(1) }, { phase: 'Pending', initContainerStatuses: [{ state: waiting('PodInitializing') }] }),
      'Init:0/2',
    ],
    [
      'an init container failed with a reason',
      pod(
        'p',
        { initContainers: unnamed(1), containers: unnamed(1) },
        { phase: 'Pending', initContainerStatuses: [{ state: terminated({ reason: 'Error', exitCode: 2 }) }] },
      ),
      'Init:Error',
    ],
    [
      'an init container killed by a signal',
      pod(
        'p',
        { initContainers: unnamed(1), containers: unnamed(1) },
        { phase: 'Pending', initContainerStatuses: [{ state: terminated({ exitCode: 137, signal: 9 }) }] },
      ),
      'Init:Signal:9',
    ],
    [
      'an init container exited non-zero without a reason',
      pod('p', { initContainers: unnamed(1), containers: unnamed(1) }, { phase: 'Pending', initContainerStatuses: [{ state: terminated({ exitCode: 3 }) }] }),
      'Init:ExitCode:3',
    ],
    [
      'a container killed by a signal',
      pod('p', { containers: unnamed(1) }, { phase: 'Running', containerStatuses: [{ state: terminated({ exitCode: 143, signal: 15 }) }] }),
      'Signal:15',
    ],
    [
      'a container exited without a reason',
      pod('p', { containers: unnamed(1) }, { phase: 'Running', containerStatuses: [{ state: terminated({ exitCode: 1 }) }] }),
      'ExitCode:1',
    ],
    [
      'an init container failed, but the pod is Initialized: the containers decide',
      pod(
        'p',
        { initContainers: unnamed(1), containers: unnamed(1) },
        {
          phase: 'Running',
          conditions: [{ type: 'Initialized', status: 'True' }],
          initContainerStatuses: [{ state: terminated({ exitCode: 1 }) }],
          containerStatuses: [{ state: waiting('ImagePullBackOff') }],
        },
      ),
      'ImagePullBackOff',
    ],
  ])('%s', (_name, p, status) => {
    expect(rowOf(p).cells[2]).toBe(status);
  });

  it('prints restarts without an age when no restart time is known', () => {
    expect(rowOf(pod('p', { containers: unnamed(1) }, { phase: 'Running', containerStatuses: [{ restartCount: 2, state: running }] })).cells[3]).toBe('2');
  });
});

describe('podTable: sidecars (restartable init containers)', () => {
  const spec = { initContainers: [sidecar('restartable-init-1'), sidecar('restartable-init-2')], containers: unnamed(1) };

  // TestPrintPodWithRestartableInitContainer (printers_test.go)
  it.each<[string, Pod, (string | number)[], object[]?]>([
    [
      'the first running but not started',
      pod('test1', spec, {
        phase: 'Pending',
        initContainerStatuses: [
          { name: 'restartable-init-1', ready: false, restartCount: 3, state: running, started: false, lastState: restartedAgo(10 * second) },
          { name: 'restartable-init-2', ready: false, state: waiting(), started: false },
        ],
        containerStatuses: [{ ready: false, restartCount: 0, state: waiting() }],
        conditions: [{ type: 'Initialized', status: 'False' }],
      }),
      ['test1', '0/3', 'Init:0/2', '3 (10s ago)', '<unknown>'],
    ],
    [
      'the first started, the second running but not started',
      pod('test1', spec, {
        phase: 'Pending',
        initContainerStatuses: [
          { name: 'restartable-init-1', ready: false, restartCount: 3, state: running, started: true, lastState: restartedAgo(10 * second) },
          { name: 'restartable-init-2', ready: false, state: running, started: false },
        ],
        containerStatuses: [{ ready: false, restartCount: 0, state: waiting() }],
        conditions: [{ type: 'Initialized', status: 'False' }],
      }),
      ['test1', '0/3', 'Init:1/2', '3 (10s ago)', '<unknown>'],
    ],
    [
      'both started, the container running',
      pod('test2', spec, {
        phase: 'Running',
        initContainerStatuses: [
          { name: 'restartable-init-1', ready: false, restartCount: 3, state: running, started: true, lastState: restartedAgo(10 * second) },
          { name: 'restartable-init-2', ready: false, state: running, started: true },
        ],
        containerStatuses: [{ ready: true, restartCount: 4, state: running, lastState: restartedAgo(20 * second) }],
        conditions: [{ type: 'Initialized', status: 'True' }],
      }),
      ['test2', '1/3', 'Running', '7 (10s ago)', '<unknown>'],
    ],
    [
      'both terminated non-zero, the container completed',
      pod('test3', spec, {
        phase: 'Succeeded',
        initContainerStatuses: [
          {
            name: 'restartable-init-1',
            ready: false,
            restartCount: 3,
            state: terminated({ reason: 'Error', exitCode: 137 }),
            started: false,
            lastState: restartedAgo(10 * second),
          },
          { name: 'restartable-init-2', ready: false, state: terminated({ reason: 'Error', exitCode: 137 }), started: false },
        ],
        containerStatuses: [{ ready: false, restartCount: 4, state: terminated({ reason: 'Completed', exitCode: 0 }), lastState: restartedAgo(20 * second) }],
        conditions: [{ type: 'Initialized', status: 'True' }],
      }),
      ['test3', '0/3', 'Completed', '7 (10s ago)', '<unknown>'],
      succeeded,
    ],
    [
      'statuses of containers the spec does not have',
      pod(
        'test4',
        {
          initContainers: [
            { name: 'init1', image: 'initimage' },
            { name: 'sidecar1', image: 'sidecarimage', restartPolicy: 'Always' },
          ],
          containers: [{ name: 'container1', image: 'containerimage' }],
        },
        {
          phase: 'Running',
          initContainerStatuses: [{ name: 'initinvalid' }, { name: 'init1' }, { name: 'sidecar1' }],
          containerStatuses: [{ name: 'containerinvalid' }, { name: 'container1' }],
        },
      ),
      ['test4', '0/2', 'Init:0/2', '0', '<unknown>'],
    ],
  ])('%s', (_name, p, cells, conditions) => {
    expect(defaultRowOf(p)).toEqual(conditions ? { cells, conditions } : { cells });
  });
});

describe('podTable: wide columns', () => {
  const gates = {
    containers: unnamed(2),
    nodeName: 'test1',
    readinessGates: [{ conditionType: 'condition1' }, { conditionType: 'condition2' }, { conditionType: 'condition3' }],
  };
  const gateConditions = [
    { type: 'condition1', status: 'False' },
    { type: 'condition2', status: 'True' },
  ];
  const statuses = [{ ready: true, restartCount: 3, state: running }, { restartCount: 3 }];

  // TestPrintPodwide (printers_test.go)
  it.each<[string, Pod, (string | number)[]]>([
    [
      'node and pod IP set',
      pod('test1', gates, {
        conditions: gateConditions,
        phase: 'podPhase',
        podIPs: [{ ip: '1.1.1.1' }],
        containerStatuses: statuses,
        nominatedNodeName: 'node1',
      }),
      ['test1', '1/2', 'podPhase', '6', '<unknown>', '1.1.1.1', 'test1', 'node1', '1/3'],
    ],
    [
      'dual-stack: the first IP',
      pod('test1', gates, {
        conditions: gateConditions,
        phase: 'podPhase',
        podIPs: [{ ip: '1.1.1.1' }, { ip: '2001:db8::' }],
        containerStatuses: statuses,
        nominatedNodeName: 'node1',
      }),
      ['test1', '1/2', 'podPhase', '6', '<unknown>', '1.1.1.1', 'test1', 'node1', '1/3'],
    ],
    [
      'neither node nor pod IP',
      pod(
        'test2',
        { containers: unnamed(2), nodeName: '' },
        {
          phase: 'podPhase',
          containerStatuses: [
            { ready: true, restartCount: 3, state: running },
            { state: waiting('ContainerWaitingReason'), restartCount: 3 },
          ],
        },
      ),
      ['test2', '1/2', 'ContainerWaitingReason', '6', '<unknown>', '<none>', '<none>', '<none>', '<none>'],
    ],
    [
      'only status.podIP (as written before podIPs)',
      pod('test3', { containers: unnamed(1), nodeName: 'n1' }, { phase: 'Pending', podIP: '10.0.0.7' }),
      ['test3', '0/1', 'Pending', '0', '<unknown>', '10.0.0.7', 'n1', '<none>', '<none>'],
    ],
  ])('%s', (_name, p, cells) => {
    expect(rowOf(p).cells).toEqual(cells);
  });
});

describe('podTable: phases and row conditions', () => {
  const statuses = [{ ready: true, restartCount: 3, state: running }, { restartCount: 3 }];

  // TestPrintPodConditions and TestPrintNonTerminatedPod (printers_test.go)
  it.each<[string, (string | number)[], object[]?]>([
    ['Running', ['test', '1/2', 'Running', '6', '<unknown>']],
    ['Pending', ['test', '1/2', 'Pending', '6', '<unknown>']],
    ['Unknown', ['test', '1/2', 'Unknown', '6', '<unknown>']],
    ['Succeeded', ['test', '1/2', 'Succeeded', '6', '<unknown>'], succeeded],
    ['Failed', ['test', '1/2', 'Failed', '6', '<unknown>'], failed],
  ])('%s', (phase, cells, conditions) => {
    expect(defaultRowOf(pod('test', { containers: unnamed(2) }, { phase, containerStatuses: statuses }))).toEqual(
      conditions ? { cells, conditions } : { cells },
    );
  });

  it('prints the age from creationTimestamp', () => {
    const p: Pod = {
      metadata: { name: 'p', creationTimestamp: ago(5 * 3600 * second + 2 * 60 * second) },
      spec: { containers: unnamed(1) },
      status: { phase: 'Running' },
    };
    expect(rowOf(p).cells[4]).toBe('5h2m');
  });
});

describe('podTable: columns', () => {
  it('has the five default columns, then four wide ones (priority 1); RESTARTS is a string', () => {
    expect(podTable([], { now }).columnDefinitions.map((c) => [c.name, c.type, c.format, c.priority])).toEqual([
      ['Name', 'string', 'name', 0],
      ['Ready', 'string', '', 0],
      ['Status', 'string', '', 0],
      ['Restarts', 'string', '', 0],
      ['Age', 'string', '', 0],
      ['IP', 'string', '', 1],
      ['Node', 'string', '', 1],
      ['Nominated Node', 'string', '', 1],
      ['Readiness Gates', 'string', '', 1],
    ]);
  });
});
