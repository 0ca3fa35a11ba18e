import { describe, expect, it } from 'vitest';
import { type Node, type NodeClasses, type Pod, type Taint, nodeClassesOf, putNode, removeNode, viewFor } from '@taintgate/domain';
import { labelKeysReadBy, namesNodesInAffinity } from '../../../../libs/domain/src/scheduling/grouped-placement';
import { nodeClassKey } from '../../../../libs/domain/src/scheduling/node-classes';

const node = (name: string, labels: Record<string, string> = {}, taints: Taint[] = [], unschedulable = false): Node => ({
  metadata: { name, labels },
  spec: { taints, unschedulable },
});
const gpu: Taint = { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' };

describe('nodeClassKey: what the filters read of a node, but its name and size', () => {
  const base = node('a', { zone: 'z1' }, [gpu]);
  it.each<[string, Node, boolean]>([
    ['another name', node('b', { zone: 'z1' }, [gpu]), true],
    ['another size', { ...node('b', { zone: 'z1' }, [gpu]), status: { allocatable: { cpu: '2' } } }, true],
    ['labels in another order', { ...base, metadata: { name: 'b', labels: { zone: 'z1' } } }, true],
    ["the taint's timeAdded, which no filter reads", node('b', { zone: 'z1' }, [{ ...gpu, timeAdded: '2026-11-22T00:00:00Z' }]), true],
    ['an empty taint value for none', node('b', {}, [{ key: 'k', value: '', effect: 'NoSchedule' }]), false],
    ['another label value', node('b', { zone: 'z2' }, [gpu]), false],
    ['one more label', node('b', { zone: 'z1', pool: 'p' }, [gpu]), false],
    ['another taint value', node('b', { zone: 'z1' }, [{ ...gpu, value: 'tpu' }]), false],
    ['another taint effect', node('b', { zone: 'z1' }, [{ ...gpu, effect: 'NoExecute' }]), false],
    ['no taints', node('b', { zone: 'z1' }), false],
    ['cordoned', node('b', { zone: 'z1' }, [gpu], true), false],
  ])('%s: same class %s', (_, other, same) => {
    expect(nodeClassKey(other) === nodeClassKey(base)).toBe(same);
  });

  it('keeps the order of taints, which reasons list in order', () => {
    const soft: Taint = { key: 'spot', effect: 'PreferNoSchedule' };
    expect(nodeClassKey(node('a', {}, [gpu, soft]))).not.toBe(nodeClassKey(node('b', {}, [soft, gpu])));
  });

  it('reads "none" and an empty value alike, as matching and reasons do', () => {
    expect(nodeClassKey(node('a', {}, [{ key: 'k', effect: 'NoSchedule' }]))).toBe(
      nodeClassKey(node('b', {}, [{ key: 'k', value: '', effect: 'NoSchedule' }])),
    );
  });
});

describe('what a pod reads of nodes', () => {
  const affinity = (terms: object[]): Pod => ({
    metadata: { name: 'p' },
    spec: { nodeSelector: { zone: 'z1' }, affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: terms } } } },
  });
  it.each<[string, Pod, string[], boolean]>([
    ['nothing', { metadata: { name: 'p' }, spec: {} }, [], false],
    [
      'nodeSelector and expressions of every term',
      affinity([{ matchExpressions: [{ key: 'pool', operator: 'Exists' }] }, { matchExpressions: [{ key: 'gen', operator: 'Gt', values: ['3'] }] }]),
      ['zone', 'pool', 'gen'],
      false,
    ],
    ['names, in matchFields', affinity([{ matchFields: [{ key: 'metadata.name', operator: 'NotIn', values: ['a'] }] }]), ['zone'], true],
    ['no name in another field', affinity([{ matchFields: [{ key: 'spec.other', operator: 'In', values: ['a'] }] }]), ['zone'], false],
  ])('%s', (_, pod, keys, names) => {
    expect(labelKeysReadBy(pod)).toEqual(keys);
    expect(namesNodesInAffinity(pod)).toBe(names);
  });
});

/** The classes as plain data: each class's member names, and each view's groups as lists of member names. */
function shapeOf(classes: NodeClasses) {
  const membersOf = (names: Iterable<string>) => [...names].sort();
  return {
    names: classes.names,
    classes: [...classes.byKey.values()].map((c) => membersOf(c.members.keys())).sort(),
    classOf: [...classes.classOf].map(([name, c]) => [name, c.members.has(name)]).sort(),
    views: [...classes.views.values()].map((view) =>
      [...view.groups.values()]
        .map((g) => ({ members: membersOf([...g.classes].flatMap((c) => [...c.members.keys()])), size: g.size }))
        .sort((a, b) => (a.members.join() < b.members.join() ? -1 : 1)),
    ),
  };
}

describe('updating the classes node by node', () => {
  const start = [node('n3', { zone: 'a', host: 'n3' }), node('n1', { zone: 'a', host: 'n1' }), node('n2', { zone: 'b', host: 'n2' }, [gpu])];
  type Change = { put: Node } | { remove: string };
  it.each<[string, Change[], Node[]]>([
    ['a node added to a class of its own', [{ put: node('n4', { zone: 'c', host: 'n4' }) }], [...start, node('n4', { zone: 'c', host: 'n4' })]],
    ['a node added to a class held', [{ put: node('n0', { zone: 'a', host: 'n1' }) }], [...start, node('n0', { zone: 'a', host: 'n1' })]],
    ['a node removed, its class with it', [{ remove: 'n2' }], start.slice(0, 2)],
    [
      'a node replaced: tainted, it changes class',
      [{ put: node('n1', { zone: 'a', host: 'n1' }, [gpu]) }],
      [start[0], node('n1', { zone: 'a', host: 'n1' }, [gpu]), start[2]] as Node[],
    ],
    ['a node replaced by its equal', [{ put: node('n1', { zone: 'a', host: 'n1' }) }], start],
    ['a node unknown removed: nothing', [{ remove: 'ghost' }], start],
    ['every node removed, then one back', [{ remove: 'n1' }, { remove: 'n2' }, { remove: 'n3' }, { put: start[1] as Node }], [start[1] as Node]],
  ])('%s: the same as grouping the nodes afresh, views too', (_, changes, expected) => {
    const classes = nodeClassesOf(start);
    // Views made before the changes must follow them: one that reads zone (n1 and n3 together), one that reads nothing.
    viewFor(classes, ['zone']);
    viewFor(classes, []);
    for (const change of changes) {
      if ('put' in change) putNode(classes, change.put);
      else removeNode(classes, change.remove);
    }
    const afresh = nodeClassesOf(expected);
    viewFor(afresh, ['zone']);
    viewFor(afresh, []);
    expect(shapeOf(classes)).toEqual(shapeOf(afresh));
  });

  it('keeps names in byte order, as placement lists nodes', () => {
    const classes = nodeClassesOf([node('b'), node('a'), node('B'), node('a-1')]);
    putNode(classes, node('Z'));
    removeNode(classes, 'a');
    expect(classes.names).toEqual(['B', 'Z', 'a-1', 'b']);
  });

  it('groups classes alike in what the pod reads: hostnames apart, one group per zone and taints', () => {
    const classes = nodeClassesOf(start);
    expect(classes.byKey.size).toBe(3);
    const groups = [...viewFor(classes, ['zone']).groups.values()].map((g) => g.size).sort();
    expect(groups).toEqual([1, 2]);
    expect(viewFor(classes, ['zone', 'zone'])).toBe(viewFor(classes, ['zone']));
  });
});
