import { describe, expect, it } from 'vitest';
import { type Node, type Pod, type Taint, type Toleration, placePod } from '@taintgate/domain';
import { defaultPlacementOptions, summarize } from '../../../../libs/domain/src/scheduling/placement';

const node = (name: string, taints: Taint[] = [], extra: { labels?: Record<string, string>; unschedulable?: boolean } = {}): Node => ({
  metadata: { name, labels: extra.labels ?? {} },
  spec: { taints, unschedulable: extra.unschedulable ?? false },
});
const pod = (spec: Pod['spec'] = {}, name = 'web-1'): Pod => ({ metadata: { name, namespace: 'default' }, spec });
const gpu: Taint = { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' };
const legacy = { ...defaultPlacementOptions, summaryWording: 'legacy' as const };

describe('placePod: feasibility', () => {
  it('seed 000: a pod tolerating two of three taints cannot be scheduled there', () => {
    const n = node('node1', [
      { key: 'key1', value: 'value1', effect: 'NoSchedule' },
      { key: 'key1', value: 'value1', effect: 'NoExecute' },
      { key: 'key2', value: 'value2', effect: 'NoSchedule' },
    ]);
    const tolerations: Toleration[] = [
      { key: 'key1', operator: 'Equal', value: 'value1', effect: 'NoSchedule' },
      { key: 'key1', operator: 'Equal', value: 'value1', effect: 'NoExecute' },
    ];
    const result = placePod(pod({ tolerations }), [n]);
    expect(result.nodes[0]).toMatchObject({ name: 'node1', feasible: false, score: null });
    expect(result.nodes[0]?.reasons).toEqual([
      { code: 'UntoleratedTaint', taint: { key: 'key2', value: 'value2', effect: 'NoSchedule' }, message: 'untolerated taint key2=value2:NoSchedule' },
    ]);
    expect(result.summary).toBe('0/1 nodes are available: 1 node(s) had untolerated taint(s).');
    expect(result.detail).toBe('0/1 nodes are available: 1 node(s) had untolerated taint {key2: value2}.');
  });

  it('lists every untolerated taint of a node, not only the first, and the soft ones too', () => {
    const n = node('n1', [gpu, { key: 'zone', value: 'a', effect: 'NoExecute' }, { key: 'slow', effect: 'PreferNoSchedule' }]);
    const [verdict] = placePod(pod(), [n]).nodes;
    expect(verdict?.reasons.map((r) => `${r.code} ${r.taint?.key}`)).toEqual([
      'UntoleratedTaint dedicated',
      'UntoleratedTaint zone',
      'UntoleratedPreferNoSchedule slow',
    ]);
  });

  it('PreferNoSchedule never makes a node infeasible, only lowers its score', () => {
    const result = placePod(pod(), [node('a', [{ key: 'slow', effect: 'PreferNoSchedule' }]), node('b')]);
    expect(result.nodes.map((n) => [n.name, n.feasible, n.score, n.rank])).toEqual([
      ['b', true, 300, 1],
      ['a', true, 0, 2],
    ]);
    expect(result.summary).toBe('2/2 nodes are available.');
  });

  it('spec.unschedulable acts as the unschedulable NoSchedule taint, and is tolerated like it', () => {
    const cordoned = node('c', [], { unschedulable: true });
    expect(placePod(pod(), [cordoned]).nodes[0]?.reasons.map((r) => r.code)).toEqual(['Unschedulable']);
    const tolerant = pod({ tolerations: [{ key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' }] });
    expect(placePod(tolerant, [cordoned]).nodes[0]?.feasible).toBe(true);
    expect(placePod(pod({ tolerations: [{ operator: 'Exists' }] }), [cordoned]).nodes[0]?.feasible).toBe(true);
  });

  it('seed 000: dedicated nodes need the toleration and the label together', () => {
    const dedicated = node('gpu-1', [gpu], { labels: { dedicated: 'gpu' } });
    const plain = node('cpu-1');
    const tolerations: Toleration[] = [{ key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' }];
    // toleration only: allowed on both
    expect(placePod(pod({ tolerations }), [dedicated, plain]).feasibleCount).toBe(2);
    // toleration + affinity: only the dedicated node
    const affinity = {
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'dedicated', operator: 'In', values: ['gpu'] }] }] },
      },
    };
    const result = placePod(pod({ tolerations, affinity }), [dedicated, plain]);
    expect(result.nodes.map((n) => [n.name, n.feasible])).toEqual([
      ['gpu-1', true],
      ['cpu-1', false],
    ]);
    expect(result.nodes[1]?.reasons).toEqual([
      {
        code: 'NodeAffinityMismatch',
        field: 'spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0]',
        message: 'dedicated In [gpu]: node has no label dedicated',
      },
    ]);
    // label only (no toleration): nowhere
    expect(placePod(pod({ nodeSelector: { dedicated: 'gpu' } }), [dedicated, plain]).summary).toBe(
      "0/2 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 1 node(s) had untolerated taint(s).",
    );
  });

  it('reports every nodeSelector miss', () => {
    const n = node('n1', [], { labels: { disktype: 'hdd' } });
    const [verdict] = placePod(pod({ nodeSelector: { disktype: 'ssd', zone: 'a' } }), [n]).nodes;
    expect(verdict?.reasons).toEqual([
      { code: 'NodeSelectorMismatch', field: 'spec.nodeSelector[disktype]', message: 'nodeSelector wants disktype=ssd, node has disktype=hdd' },
      { code: 'NodeSelectorMismatch', field: 'spec.nodeSelector[zone]', message: 'nodeSelector wants zone=a, node has no label zone' },
    ]);
  });
});

describe('placePod: spec.nodeName', () => {
  const noExecute: Taint = { key: 'maintenance', effect: 'NoExecute' };
  it('bypasses NoSchedule taints and cordon on the named node', () => {
    const target = node('n1', [gpu], { unschedulable: true });
    const result = placePod(pod({ nodeName: 'n1' }), [target, node('n2')]);
    expect(result.nodes.map((n) => [n.name, n.feasible])).toEqual([
      ['n1', true],
      ['n2', false],
    ]);
    expect(result.nodes[1]?.reasons[0]?.code).toBe('NodeNameMismatch');
    expect(result.summary).toBe("1/2 nodes are available: 1 node(s) didn't match the requested node name.");
  });
  it('does not bypass NoExecute taints', () => {
    const result = placePod(pod({ nodeName: 'n1' }), [node('n1', [noExecute])]);
    expect(result.nodes[0]?.feasible).toBe(false);
    expect(result.summary).toBe('0/1 nodes are available: 1 node(s) had untolerated taint(s).');
    expect(result.detail).toBe('0/1 nodes are available: 1 node(s) had untolerated taint {maintenance: }.');
  });
  it('a tolerated NoExecute taint lets it run', () => {
    const tolerations: Toleration[] = [{ key: 'maintenance', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 }];
    expect(placePod(pod({ nodeName: 'n1', tolerations }), [node('n1', [noExecute])]).nodes[0]?.feasible).toBe(true);
  });
});

describe('placePod: ranking and summary', () => {
  it('orders feasible nodes by score then name, then infeasible by name', () => {
    const nodes = [node('d', [gpu]), node('c', [{ key: 'x', effect: 'PreferNoSchedule' }]), node('b'), node('a', [gpu]), node('e')];
    const result = placePod(pod(), nodes);
    expect(result.nodes.map((n) => `${n.name}:${n.score}:${n.rank}`)).toEqual(['b:300:1', 'e:300:2', 'c:0:3', 'a:null:null', 'd:null:null']);
    expect(result.pod).toEqual({ namespace: 'default', name: 'web-1' });
    expect(result.feasibleCount).toBe(3);
  });

  it('counts one reason per node: the first filter that fails, in kube-scheduler order', () => {
    // cordoned and tainted: counted as unschedulable (NodeUnschedulable runs before TaintToleration)
    const nodes = [
      node('n1', [gpu], { unschedulable: true }),
      node('n2', [gpu]),
      node('n3', [gpu]),
      node('n4', [gpu]),
      node('n5', [], { unschedulable: true }),
    ];
    expect(placePod(pod(), nodes).summary).toBe('0/5 nodes are available: 2 node(s) were unschedulable, 3 node(s) had untolerated taint(s).');
    expect(placePod(pod(), nodes, legacy).summary).toBe(
      '0/5 nodes are available: 2 node(s) were unschedulable, 3 node(s) had untolerated taint {dedicated: gpu}.',
    );
  });

  it('says so when there is no node at all', () => {
    expect(placePod(pod(), [])).toMatchObject({ summary: 'no nodes available to schedule pods', detail: 'no nodes available to schedule pods' });
  });

  it('defaults the namespace to default', () => {
    expect(placePod({ metadata: { name: 'p' } }, []).pod).toEqual({ namespace: 'default', name: 'p' });
  });
});

// FitError.Error() in pkg/scheduler/framework/types.go, its cases from TestFitError_Error there
// (PostFilter messages left out: the summary stops where preemption's words would start).
describe('summarize (FitError.Error)', () => {
  const times = (n: number, reason: string) => Array<string>(n).fill(reason);
  it.each<[string, number, number, string[], string | undefined, string]>([
    [
      'TestFitError_Error: nodes failed one Filter plugin',
      3,
      0,
      times(3, 'Node(s) failed Filter plugin FalseFilter-1'),
      undefined,
      '0/3 nodes are available: 3 Node(s) failed Filter plugin FalseFilter-1.',
    ],
    [
      'TestFitError_Error: nodes failed two Filter plugins',
      3,
      0,
      [...times(2, 'Node(s) failed Filter plugin FalseFilter-1'), 'Node(s) failed Filter plugin FalseFilter-2'],
      undefined,
      '0/3 nodes are available: 1 Node(s) failed Filter plugin FalseFilter-2, 2 Node(s) failed Filter plugin FalseFilter-1.',
    ],
    [
      'TestFitError_Error: nodes failed Prefilter plugin (its message alone; the nodes carrying it are not counted)',
      3,
      0,
      times(3, 'Node(s) failed PreFilter plugin FalsePreFilter'),
      'Node(s) failed PreFilter plugin FalsePreFilter',
      '0/3 nodes are available: Node(s) failed PreFilter plugin FalsePreFilter.',
    ],
    [
      'TestFitError_Error: failed to Permit on node',
      1,
      0,
      ['Node failed Permit plugin Permit-1'],
      undefined,
      '0/1 nodes are available: 1 Node failed Permit plugin Permit-1.',
    ],
    ['sort.Strings compares bytes: "10 x" before "2 y"', 12, 0, [...times(10, 'x'), 'y', 'y'], undefined, '0/12 nodes are available: 10 x, 2 y.'],
    ['sort.Strings compares bytes: upper case before lower case', 2, 0, ['node b', 'Node a'], undefined, '0/2 nodes are available: 1 Node a, 1 node b.'],
    ['taintgate counts the available nodes in front where kube-scheduler, failing, says 0', 3, 2, ['x'], undefined, '2/3 nodes are available: 1 x.'],
    ['every node available: the count and a period', 3, 3, [], undefined, '3/3 nodes are available.'],
    ['no nodes at all: ErrNoNodesAvailable', 0, 0, [], undefined, 'no nodes available to schedule pods'],
  ])('%s', (_name, total, feasible, rejections, preFilterMessage, expected) => {
    expect(summarize(total, feasible, rejections, preFilterMessage)).toBe(expected);
  });
});

// TaintToleration.Filter: "node(s) had untolerated taint(s)" since kubernetes/kubernetes#134740,
// fmt "node(s) had untolerated taint {%s: %s}" of FindMatchingUntoleratedTaint's taint before it.
describe('the summary wording: current, legacy, and the detail', () => {
  const a1: Taint = { key: 'a', value: '1', effect: 'NoSchedule' };
  const bNoValue: Taint = { key: 'b', effect: 'NoExecute' };
  it.each<[string, Pod, Node[], string, string]>([
    [
      'untolerated taints of different nodes are one count now, one count per taint before',
      pod(),
      [node('n1', [a1]), node('n2', [bNoValue]), node('n3', [a1])],
      '0/3 nodes are available: 3 node(s) had untolerated taint(s).',
      '0/3 nodes are available: 1 node(s) had untolerated taint {b: }, 2 node(s) had untolerated taint {a: 1}.',
    ],
    [
      "the legacy words name a node's first untolerated taint only, in the node's order",
      pod({ tolerations: [{ key: 'a', operator: 'Exists' }] }),
      [node('n1', [a1, bNoValue, gpu]), node('n2', [gpu, bNoValue])],
      '0/2 nodes are available: 2 node(s) had untolerated taint(s).',
      '0/2 nodes are available: 1 node(s) had untolerated taint {b: }, 1 node(s) had untolerated taint {dedicated: gpu}.',
    ],
    [
      'the other reasons read the same in both',
      pod({ nodeSelector: { zone: 'a' } }),
      [node('n1', [], { unschedulable: true }), node('n2', [], { labels: { zone: 'b' } }), node('n3', [], { labels: { zone: 'a' } })],
      "1/3 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 1 node(s) were unschedulable.",
      "1/3 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 1 node(s) were unschedulable.",
    ],
    [
      'PreferNoSchedule taints reject no node in either',
      pod(),
      [node('n1', [{ key: 'slow', effect: 'PreferNoSchedule' }])],
      '1/1 nodes are available.',
      '1/1 nodes are available.',
    ],
  ])('%s', (_name, p, nodes, current, legacyLine) => {
    expect(placePod(p, nodes)).toMatchObject({ summary: current, detail: legacyLine });
    expect(placePod(p, nodes, legacy)).toMatchObject({ summary: legacyLine, detail: legacyLine });
  });
});

// findNodesThatFitPod (pkg/scheduler/schedule_one.go) runs NodeAffinity's PreFilter first: the nodes
// its PreFilterResult leaves out get "node(s) didn't satisfy plugin(s) [NodeAffinity]" (TestSchedulerSchedulePod,
// "test some nodes are filtered out by prefilter plugin and other are filtered out by filter plugin"),
// and its errReasonConflict is the whole message (FitError.Error's PreFilterMsg).
describe("placePod: NodeAffinity's PreFilter in the summary", () => {
  const byName = (...names: string[][]): Pod['spec'] => ({
    affinity: {
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: names.map((term) => ({ matchFields: term.map((name) => ({ key: 'metadata.name', operator: 'In', values: [name] })) })),
        },
      },
    },
  });
  const cluster = [node('n1', [], { unschedulable: true }), node('n2', [gpu]), node('n3')];
  it.each<[string, Pod['spec'], Node[], string, string]>([
    [
      'the nodes left out are counted as not satisfying NodeAffinity, whatever else they fail',
      byName(['n2']),
      cluster,
      "0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 node(s) didn't satisfy plugin(s) [NodeAffinity].",
      "0/3 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}, 2 node(s) didn't satisfy plugin(s) [NodeAffinity].",
    ],
    [
      'the named node fits: the others are all left out',
      byName(['n3']),
      cluster,
      "1/3 nodes are available: 2 node(s) didn't satisfy plugin(s) [NodeAffinity].",
      "1/3 nodes are available: 2 node(s) didn't satisfy plugin(s) [NodeAffinity].",
    ],
    [
      'TestSchedulerSchedulePod "test prefilter plugin returned an invalid node": a name no node has leaves every node out',
      byName(['ghost']),
      cluster,
      "0/3 nodes are available: 3 node(s) didn't satisfy plugin(s) [NodeAffinity].",
      "0/3 nodes are available: 3 node(s) didn't satisfy plugin(s) [NodeAffinity].",
    ],
    [
      'terms are ORed: the union of their names is filtered',
      byName(['n1'], ['n3']),
      cluster,
      "1/3 nodes are available: 1 node(s) didn't satisfy plugin(s) [NodeAffinity], 1 node(s) were unschedulable.",
      "1/3 nodes are available: 1 node(s) didn't satisfy plugin(s) [NodeAffinity], 1 node(s) were unschedulable.",
    ],
    [
      'In with two names: both are filtered, and fail NodeAffinity, whose field selector wants one value',
      {
        affinity: {
          nodeAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: {
              nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n2', 'n3'] }] }],
            },
          },
        },
        tolerations: [{ operator: 'Exists' }],
      },
      cluster,
      "0/3 nodes are available: 1 node(s) didn't satisfy plugin(s) [NodeAffinity], 2 node(s) didn't match Pod's node affinity/selector.",
      "0/3 nodes are available: 1 node(s) didn't satisfy plugin(s) [NodeAffinity], 2 node(s) didn't match Pod's node affinity/selector.",
    ],
    [
      'TestNodeAffinity "Pod with two conflicting mach field requirements": pod affinity terms conflict, no node counted',
      byName(['n1', 'n2']),
      cluster,
      '0/3 nodes are available: pod affinity terms conflict.',
      '0/3 nodes are available: pod affinity terms conflict.',
    ],
    [
      'a term that conflicts beside one that names a node is no conflict: the union is not empty',
      byName(['n1', 'n2'], ['n3']),
      cluster,
      "1/3 nodes are available: 2 node(s) didn't satisfy plugin(s) [NodeAffinity].",
      "1/3 nodes are available: 2 node(s) didn't satisfy plugin(s) [NodeAffinity].",
    ],
    [
      'a term without names opens every node to the filters',
      {
        affinity: {
          nodeAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: {
              nodeSelectorTerms: [
                { matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n3'] }] },
                { matchExpressions: [{ key: 'zone', operator: 'Exists' }] },
              ],
            },
          },
        },
      },
      cluster,
      '1/3 nodes are available: 1 node(s) had untolerated taint(s), 1 node(s) were unschedulable.',
      '1/3 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}, 1 node(s) were unschedulable.',
    ],
    [
      'a pod bound by spec.nodeName meets no PreFilter: the kubelet admits it node by node',
      { ...byName(['n2']), nodeName: 'n3' },
      [node('n2'), node('n3')],
      "0/2 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 1 node(s) didn't match the requested node name.",
      "0/2 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 1 node(s) didn't match the requested node name.",
    ],
  ])('%s', (_name, spec, nodes, current, legacyLine) => {
    expect(placePod(pod(spec), nodes)).toMatchObject({ summary: current, detail: legacyLine });
    expect(placePod(pod(spec), nodes, legacy).summary).toBe(legacyLine);
  });

  it('changes no verdict and no reason: a node left out still lists what it fails', () => {
    const result = placePod(pod(byName(['n3'])), cluster);
    expect(result.nodes.map((n) => [n.name, n.feasible])).toEqual([
      ['n3', true],
      ['n1', false],
      ['n2', false],
    ]);
    expect(result.nodes[1]?.reasons.map((r) => r.code)).toEqual(['Unschedulable', 'NodeAffinityMismatch']);
    expect(result.nodes[2]?.reasons.map((r) => r.code)).toEqual(['UntoleratedTaint', 'NodeAffinityMismatch']);
  });
});
