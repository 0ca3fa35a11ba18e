import { describe, expect, it } from 'vitest';
import type { Node, Pod } from '@taintgate/domain';
import type { ContainerPort } from '../../../../libs/domain/src/types';
import { snapshotOf } from '../../../../libs/domain/src/scheduling/framework/scheduling-snapshot';
import {
  hostPortsConflict,
  nodePortsFilter,
  nodePortsPreFilter,
  nodePortsReason,
  podHostPorts,
  sanitizedHostPort,
  usedHostPorts,
} from '../../../../libs/domain/src/scheduling/node-ports';

const node: Node = { metadata: { name: 'm1' } };

/** node_ports_test.go's newPod: one container with a port per "PROTOCOL/hostIP/hostPort". */
let serial = 0;
function newPod(host: string, ...hostPortInfos: string[]): Pod {
  const ports: ContainerPort[] = hostPortInfos.map((info) => {
    const [protocol, hostIP, hostPort] = info.split('/');
    return { containerPort: 0, hostIP, hostPort: Number(hostPort), protocol };
  });
  serial += 1;
  return { metadata: { name: `pod-${serial}`, namespace: 'ns' }, spec: { nodeName: host, containers: [{ name: 'c', ports }] } };
}

const withInitPorts = (sidecar: boolean, ports: ContainerPort[]): Pod => ({
  metadata: { name: 'incoming', namespace: 'ns' },
  spec: { initContainers: [{ name: 'init', ...(sidecar ? { restartPolicy: 'Always' } : {}), ports }], containers: [{ name: 'c' }] },
});

/** PreFilter then Filter, as the upstream test runs them: 'skip', undefined (fits) or the status. */
function run(pod: Pod, existing: Pod[]) {
  const pre = nodePortsPreFilter(pod);
  if (pre.kind !== 'run') return pre.kind;
  return nodePortsFilter(pre.state, pod, node, snapshotOf([node], existing));
}

// Kubernetes' TestNodePorts (nodeports/node_ports_test.go), case by case.
describe('NodePorts PreFilter + Filter (TestNodePorts)', () => {
  const unschedulable = { code: 'Unschedulable', plugin: 'NodePorts', reasons: [nodePortsReason] };
  it.each<[string, Pod, Pod[], 'skip' | 'fits' | 'conflict']>([
    ['skip filter', { metadata: { name: 'p' } }, [], 'skip'],
    ['other port', newPod('m1', 'UDP/127.0.0.1/8080'), [newPod('m1', 'UDP/127.0.0.1/9090')], 'fits'],
    ['same udp port', newPod('m1', 'UDP/127.0.0.1/8080'), [newPod('m1', 'UDP/127.0.0.1/8080')], 'conflict'],
    ['same tcp port', newPod('m1', 'TCP/127.0.0.1/8080'), [newPod('m1', 'TCP/127.0.0.1/8080')], 'conflict'],
    ['different host ip', newPod('m1', 'TCP/127.0.0.1/8080'), [newPod('m1', 'TCP/127.0.0.2/8080')], 'fits'],
    ['different protocol', newPod('m1', 'UDP/127.0.0.1/8080'), [newPod('m1', 'TCP/127.0.0.1/8080')], 'fits'],
    ['second udp port conflict', newPod('m1', 'UDP/127.0.0.1/8000', 'UDP/127.0.0.1/8080'), [newPod('m1', 'UDP/127.0.0.1/8080')], 'conflict'],
    [
      'first tcp port conflict',
      newPod('m1', 'TCP/127.0.0.1/8001', 'UDP/127.0.0.1/8080'),
      [newPod('m1', 'TCP/127.0.0.1/8001', 'UDP/127.0.0.1/8081')],
      'conflict',
    ],
    ['first tcp port conflict due to 0.0.0.0 hostIP', newPod('m1', 'TCP/0.0.0.0/8001'), [newPod('m1', 'TCP/127.0.0.1/8001')], 'conflict'],
    ['TCP hostPort conflict due to 0.0.0.0 hostIP', newPod('m1', 'TCP/10.0.10.10/8001', 'TCP/0.0.0.0/8001'), [newPod('m1', 'TCP/127.0.0.1/8001')], 'conflict'],
    ['second tcp port conflict to 0.0.0.0 hostIP', newPod('m1', 'TCP/127.0.0.1/8001'), [newPod('m1', 'TCP/0.0.0.0/8001')], 'conflict'],
    ['second different protocol', newPod('m1', 'UDP/127.0.0.1/8001'), [newPod('m1', 'TCP/0.0.0.0/8001')], 'fits'],
    ['UDP hostPort conflict due to 0.0.0.0 hostIP', newPod('m1', 'UDP/127.0.0.1/8001'), [newPod('m1', 'TCP/0.0.0.0/8001', 'UDP/0.0.0.0/8001')], 'conflict'],
    [
      'non-sidecar initContainer using hostPort',
      withInitPorts(false, [{ containerPort: 8001, hostPort: 8001, protocol: 'TCP' }]),
      [newPod('m1', 'TCP/0.0.0.0/8001')],
      'skip',
    ],
    [
      'TCP hostPort conflict from sidecar initContainer',
      withInitPorts(true, [{ containerPort: 8001, hostPort: 8001, protocol: 'TCP' }]),
      [newPod('m1', 'TCP/0.0.0.0/8001')],
      'conflict',
    ],
  ])('%s', (_name, pod, existing, want) => {
    const got = run(pod, existing);
    if (want === 'skip') expect(got).toBe('skip');
    else if (want === 'fits') expect(got).toBeUndefined();
    else expect(got).toMatchObject(unschedulable);
  });
});

describe('NodePorts details: which port, and which pod on the node holds it', () => {
  it('names every conflicting port with its field, and the holder as it binds the port', () => {
    const holder = newPod('m1', 'TCP/0.0.0.0/8001', 'UDP/10.0.0.1/53');
    const incoming = newPod('m1', 'TCP/127.0.0.1/8001', 'UDP//53', 'TCP//9000');
    expect(run(incoming, [holder])).toEqual({
      code: 'Unschedulable',
      plugin: 'NodePorts',
      reasons: [nodePortsReason],
      details: [
        {
          code: 'NodePortConflict',
          message: `host port 127.0.0.1:8001/TCP is taken by pod ns/${holder.metadata.name} (bound as 0.0.0.0:8001/TCP)`,
          field: 'spec.containers[0].ports[0]',
        },
        {
          code: 'NodePortConflict',
          message: `host port 0.0.0.0:53/UDP is taken by pod ns/${holder.metadata.name} (bound as 10.0.0.1:53/UDP)`,
          field: 'spec.containers[0].ports[1]',
        },
      ],
    });
  });

  it('a port held on the same address is named once, without the binding', () => {
    const holder = newPod('m1', 'TCP/127.0.0.1/8080');
    const got = run(newPod('m1', 'TCP/127.0.0.1/8080'), [holder]);
    expect(got).toMatchObject({ details: [{ message: `host port 127.0.0.1:8080/TCP is taken by pod ns/${holder.metadata.name}` }] });
  });

  it('reads only the pods on the node filtered', () => {
    const elsewhere = newPod('m2', 'TCP/0.0.0.0/8080');
    const pre = nodePortsPreFilter(newPod('m1', 'TCP/0.0.0.0/8080'));
    if (pre.kind !== 'run') throw new Error('expected run');
    expect(nodePortsFilter(pre.state, newPod('m1'), node, snapshotOf([node, { metadata: { name: 'm2' } }], [elsewhere]))).toBeUndefined();
  });
});

// util.GetHostPorts: sidecars' ports first, then the containers'; only hostPort > 0.
describe('podHostPorts (util.GetHostPorts)', () => {
  it('takes sidecars and containers, in that order, and only ports with a host port', () => {
    const pod: Pod = {
      metadata: { name: 'p' },
      spec: {
        initContainers: [
          { name: 'init', ports: [{ containerPort: 1, hostPort: 1 }] },
          { name: 'sidecar', restartPolicy: 'Always', ports: [{ containerPort: 2, hostPort: 2 }, { containerPort: 3 }] },
        ],
        containers: [
          {
            name: 'c',
            ports: [
              { containerPort: 4, hostPort: 4 },
              { containerPort: 5, hostPort: 0 },
            ],
          },
        ],
      },
    };
    expect(podHostPorts(pod).map((w) => [w.port.hostPort, w.field])).toEqual([
      [2, 'spec.initContainers[1].ports[0]'],
      [4, 'spec.containers[0].ports[0]'],
    ]);
  });
});

type Param = [protocol: string, ip: string, port: number];
const asPort = ([protocol, hostIP, hostPort]: Param) => sanitizedHostPort({ protocol, hostIP, hostPort });

// Kubernetes' TestHostPortInfo_Check (framework/types_test.go): CheckConflict after Add.
describe('host port conflicts (TestHostPortInfo_Check)', () => {
  it.each<[string, Param[], Param, boolean]>([
    ['empty check should check 0.0.0.0 and TCP', [['TCP', '127.0.0.1', 80]], ['', '', 81], false],
    ['empty check should check 0.0.0.0 and TCP (conflicted)', [['TCP', '127.0.0.1', 80]], ['', '', 80], true],
    ['empty port check should pass', [['TCP', '127.0.0.1', 80]], ['', '', 0], false],
    ['0.0.0.0 should check all registered IPs', [['TCP', '127.0.0.1', 80]], ['TCP', '0.0.0.0', 80], true],
    ['0.0.0.0 with different protocol should be allowed', [['UDP', '127.0.0.1', 80]], ['TCP', '0.0.0.0', 80], false],
    [
      '0.0.0.0 with different port should be allowed',
      [
        ['TCP', '127.0.0.1', 79],
        ['TCP', '127.0.0.1', 81],
        ['TCP', '127.0.0.1', 82],
      ],
      ['TCP', '0.0.0.0', 80],
      false,
    ],
    ['normal ip should check all registered 0.0.0.0', [['TCP', '0.0.0.0', 80]], ['TCP', '127.0.0.1', 80], true],
    [
      'normal ip with different port/protocol should be allowed (0.0.0.0)',
      [
        ['TCP', '0.0.0.0', 79],
        ['UDP', '0.0.0.0', 80],
        ['TCP', '0.0.0.0', 81],
        ['TCP', '0.0.0.0', 82],
      ],
      ['TCP', '127.0.0.1', 80],
      false,
    ],
    [
      'normal ip with different port/protocol should be allowed',
      [
        ['TCP', '127.0.0.1', 79],
        ['UDP', '127.0.0.1', 80],
        ['TCP', '127.0.0.1', 81],
        ['TCP', '127.0.0.1', 82],
      ],
      ['TCP', '127.0.0.1', 80],
      false,
    ],
  ])('%s', (_name, added, check, expected) => {
    expect(added.some((used) => hostPortsConflict(asPort(check), asPort(used)))).toBe(expected);
  });
});

// Kubernetes' TestHostPortInfo_AddRemove (framework/types_test.go), its Add cases: what a node's
// pods hold, sanitized and counted once. The Remove cases do not apply: the ports are read from the
// node's pods at each Filter, so a pod's ports go when it leaves the node.
describe('used host ports (TestHostPortInfo_AddRemove, Add)', () => {
  const holding = (params: Param[]): Pod => ({
    metadata: { name: 'p' },
    spec: { containers: [{ name: 'c', ports: params.map(([protocol, hostIP, hostPort]) => ({ containerPort: 0, protocol, hostIP, hostPort })) }] },
  });
  it.each<[string, Param[], number]>([
    [
      'normal add case',
      [
        ['TCP', '127.0.0.1', 79],
        ['UDP', '127.0.0.1', 80],
        ['TCP', '127.0.0.1', 81],
        ['TCP', '127.0.0.1', 82],
        ['TCP', '0.0.0.0', 79],
        ['UDP', '0.0.0.0', 80],
        ['TCP', '0.0.0.0', 81],
        ['TCP', '0.0.0.0', 82],
        ['TCP', '0.0.0.0', 0],
        ['TCP', '0.0.0.0', -1],
      ],
      8,
    ],
    [
      'empty ip and protocol add should work',
      [
        ['', '127.0.0.1', 79],
        ['UDP', '127.0.0.1', 80],
        ['', '127.0.0.1', 81],
        ['', '127.0.0.1', 82],
        ['', '', 79],
        ['UDP', '', 80],
        ['', '', 81],
        ['', '', 82],
        ['', '', 0],
        ['', '', -1],
      ],
      8,
    ],
  ])('%s', (_name, added, length) => {
    expect(usedHostPorts([holding(added)])).toHaveLength(length);
  });
});
