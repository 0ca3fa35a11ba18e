import { describe, expect, it } from 'vitest';
import { type Node, type NodeCondition, nodeTable } from '@taintgate/domain';

const now = Date.UTC(2026, 0, 15, 12, 0, 0);

/** The cells kube-apiserver sends: all ten, as it always prints wide. */
const cellsOf = (node: Node): (string | number | boolean)[] => {
  const [row] = nodeTable([node], { now }).rows;
  return row?.cells ?? [];
};
/** The five default columns: NAME, STATUS, ROLES, AGE, VERSION (upstream's cases without GenerateOptions.Wide). */
const defaultCellsOf = (node: Node): (string | number | boolean)[] => cellsOf(node).slice(0, 5);

const withConditions = (name: string, conditions: NodeCondition[], unschedulable?: boolean): Node => ({
  metadata: { name },
  ...(unschedulable === undefined ? {} : { spec: { unschedulable } }),
  status: { conditions },
});

const ready = (status: string): NodeCondition => ({ type: 'Ready', status });

describe('nodeTable: STATUS', () => {
  // TestPrintNodeStatus (pkg/printers/internalversion/printers_test.go)
  it.each<[Node, string]>([
    [withConditions('foo1', [ready('True')]), 'Ready'],
    [withConditions('foo2', [ready('True')], true), 'Ready,SchedulingDisabled'],
    [withConditions('foo3', [ready('True'), ready('True')]), 'Ready'],
    [withConditions('foo4', [ready('False')]), 'NotReady'],
    [withConditions('foo5', [ready('False')], true), 'NotReady,SchedulingDisabled'],
    [withConditions('foo6', [{ type: 'InvalidValue', status: 'True' }]), 'Unknown'],
    [withConditions('foo7', [{ type: '', status: '' }]), 'Unknown'],
    [withConditions('foo8', [{ type: 'InvalidValue', status: 'True' }], true), 'Unknown,SchedulingDisabled'],
    [withConditions('foo9', [{ type: '', status: '' }], true), 'Unknown,SchedulingDisabled'],
  ])('$metadata.name: %s', (node, status) => {
    expect(defaultCellsOf(node)).toEqual([node.metadata.name, status, '<none>', '<unknown>', '']);
  });

  it('reads Ready=Unknown as NotReady, and the last Ready condition when there are two', () => {
    expect(cellsOf(withConditions('n', [ready('Unknown')]))[1]).toBe('NotReady');
    expect(cellsOf(withConditions('n', [ready('True'), ready('False')]))[1]).toBe('NotReady');
  });
});

describe('nodeTable: ROLES', () => {
  // TestPrintNodeRole (printers_test.go)
  it.each<[string, Record<string, string> | undefined, string]>([
    ['foo9', undefined, '<none>'],
    [
      'foo10',
      { 'node-role.kubernetes.io/master': '', 'node-role.kubernetes.io/control-plane': '', 'node-role.kubernetes.io/proxy': '', 'kubernetes.io/role': 'node' },
      'control-plane,master,node,proxy',
    ],
    ['foo11', { 'kubernetes.io/role': 'node' }, 'node'],
  ])('%s: %s', (name, labels, roles) => {
    const node: Node = { metadata: { name, ...(labels ? { labels } : {}) } };
    expect(defaultCellsOf(node)).toEqual([name, 'Unknown', roles, '<unknown>', '']);
  });

  it('ignores an empty role: the bare prefix, and kubernetes.io/role=""', () => {
    expect(cellsOf({ metadata: { name: 'n', labels: { 'node-role.kubernetes.io/': '', 'kubernetes.io/role': '' } } })[2]).toBe('<none>');
  });

  it('lists a role named twice once', () => {
    expect(cellsOf({ metadata: { name: 'n', labels: { 'node-role.kubernetes.io/worker': '', 'kubernetes.io/role': 'worker' } } })[2]).toBe('worker');
  });
});

describe('nodeTable: NAME', () => {
  // TestPrintNodeName (printers_test.go)
  it.each(['127.0.0.1', ''])('%j', (name) => {
    expect(defaultCellsOf({ metadata: { name }, status: {} })).toEqual([name, 'Unknown', '<none>', '<unknown>', '']);
  });
});

const wideNode = (name: string, status: Node['status']): Node => ({ metadata: { name }, status });
const external = (address: string) => ({ type: 'ExternalIP', address });
const internal = (address: string) => ({ type: 'InternalIP', address });

describe('nodeTable: wide columns', () => {
  // TestPrintNodeOSImage, TestPrintNodeKernelVersion, TestPrintNodeContainerRuntimeVersion (printers_test.go)
  it.each<[string, Node, string[]]>([
    ['OS image', wideNode('foo1', { nodeInfo: { osImage: 'fake-os-image' }, addresses: [external('1.1.1.1')] }), ['fake-os-image', '<unknown>', '<unknown>']],
    [
      'kernel version',
      wideNode('foo2', { nodeInfo: { kernelVersion: 'fake-kernel-version' }, addresses: [external('1.1.1.1')] }),
      ['<unknown>', 'fake-kernel-version', '<unknown>'],
    ],
    [
      'container runtime',
      wideNode('foo3', { nodeInfo: { containerRuntimeVersion: 'foo://1.2.3' }, addresses: [external('1.1.1.1')] }),
      ['<unknown>', '<unknown>', 'foo://1.2.3'],
    ],
    ['none of them', wideNode('foo4', { nodeInfo: {}, addresses: [external('1.1.1.1')] }), ['<unknown>', '<unknown>', '<unknown>']],
  ])('%s', (_name, node, systemInfo) => {
    expect(cellsOf(node)).toEqual([node.metadata.name, 'Unknown', '<none>', '<unknown>', '', '<none>', '1.1.1.1', ...systemInfo]);
  });

  // TestPrintNodeExternalIP and TestPrintNodeInternalIP (printers_test.go): the first address of each type.
  it.each<[string, Node, string, string]>([
    ['external only', wideNode('foo1', { addresses: [external('1.1.1.1')] }), '<none>', '1.1.1.1'],
    ['internal only', wideNode('foo2', { addresses: [internal('1.1.1.1')] }), '1.1.1.1', '<none>'],
    ['two external, one internal', wideNode('foo3', { addresses: [external('2.2.2.2'), internal('3.3.3.3'), external('4.4.4.4')] }), '3.3.3.3', '2.2.2.2'],
    ['two internal, one external', wideNode('foo4', { addresses: [internal('2.2.2.2'), external('3.3.3.3'), internal('4.4.4.4')] }), '2.2.2.2', '3.3.3.3'],
  ])('%s', (_name, node, internalIP, externalIP) => {
    expect(cellsOf(node)).toEqual([node.metadata.name, 'Unknown', '<none>', '<unknown>', '', internalIP, externalIP, '<unknown>', '<unknown>', '<unknown>']);
  });

  it('prints the kubelet version and the age', () => {
    const node: Node = {
      metadata: { name: 'n', creationTimestamp: new Date(now - (3 * 24 + 4) * 3600_000).toISOString() },
      status: { nodeInfo: { kubeletVersion: 'v1.33.1' }, conditions: [ready('True')] },
    };
    expect(defaultCellsOf(node)).toEqual(['n', 'Ready', '<none>', '3d4h', 'v1.33.1']);
  });

  it('reads malformed status fields as missing', () => {
    expect(cellsOf(wideNode('n', { addresses: 'nope', nodeInfo: ['x'] })).slice(5)).toEqual(['<none>', '<none>', '<unknown>', '<unknown>', '<unknown>']);
  });
});

describe('nodeTable: columns', () => {
  it('has the five default columns, then the five wide ones (priority 1)', () => {
    const columns = nodeTable([], { now }).columnDefinitions;
    expect(columns.map((c) => [c.name, c.type, c.format, c.priority])).toEqual([
      ['Name', 'string', 'name', 0],
      ['Status', 'string', '', 0],
      ['Roles', 'string', '', 0],
      ['Age', 'string', '', 0],
      ['Version', 'string', '', 0],
      ['Internal-IP', 'string', '', 1],
      ['External-IP', 'string', '', 1],
      ['OS-Image', 'string', '', 1],
      ['Kernel-Version', 'string', '', 1],
      ['Container-Runtime', 'string', '', 1],
    ]);
    expect(columns[4]?.description).toBe('Kubelet Version reported by the node.');
  });
});
