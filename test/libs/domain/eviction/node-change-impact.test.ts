import { describe, expect, it } from 'vitest';
import {
  type Node,
  type NodeChangeImpact,
  type Pod,
  type Taint,
  evictionWarnings,
  nodeChangeImpact,
  nodeChangeWarnings,
  replacementHome,
} from '@taintgate/domain';

const now = Date.UTC(2026, 10, 23, 12, 0, 0);
const node = (name: string, taints: Taint[] = [], unschedulable?: boolean): Node => ({
  metadata: { name },
  spec: { taints, ...(unschedulable === undefined ? {} : { unschedulable }) },
});
const pod = (name: string, spec: Pod['spec'], phase = 'Running'): Pod => ({ metadata: { name, namespace: 'ns' }, spec, status: { phase } });
const maintenance: Taint = { key: 'maintenance', value: 'true', effect: 'NoExecute' };
const cordonTaint: Taint = { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' };
const tolerates = (seconds?: number) => [
  { key: 'maintenance', operator: 'Exists', effect: 'NoExecute', ...(seconds === undefined ? {} : { tolerationSeconds: seconds }) },
];

describe('nodeChangeImpact: what a write to one node does to the pods (the Warning headers of the Kubernetes API)', () => {
  const n1 = node('n1');
  const n2 = node('n2');
  const pods = [
    pod('now', { nodeName: 'n1' }),
    pod('sixty', { nodeName: 'n1', tolerations: tolerates(60) }),
    pod('thirty', { nodeName: 'n1', tolerations: tolerates(30) }),
    pod('forever', { nodeName: 'n1', tolerations: tolerates() }),
    pod('other-node', { nodeName: 'n2' }),
  ];
  const pending = pod('pending', {}, 'Pending');

  it.each<[string, Node | undefined, Node, Partial<NodeChangeImpact> | undefined]>([
    ['a label changed: nothing to tell', n1, { ...n1, metadata: { name: 'n1', labels: { a: 'b' } } }, undefined],
    ['a taint already there (same key, value and effect): nothing added', node('n1', [maintenance]), node('n1', [maintenance]), undefined],
    [
      'a NoExecute taint added: at once, after their seconds (soonest first), and the pod that tolerates it for good stays',
      n1,
      node('n1', [maintenance]),
      {
        addsNoExecute: true,
        cordoned: false,
        evictedNow: [{ namespace: 'ns', name: 'now' }],
        evictedLater: [
          { pod: { namespace: 'ns', name: 'thirty' }, at: now + 30_000 },
          { pod: { namespace: 'ns', name: 'sixty' }, at: now + 60_000 },
        ],
        alreadyScheduled: [],
        staying: 1,
      },
    ],
    [
      'the value of a NoExecute taint changed: a taint added (the controller decides again)',
      node('n1', [{ ...maintenance, value: 'false' }]),
      node('n1', [maintenance]),
      { addsNoExecute: true, evictedNow: [{ namespace: 'ns', name: 'now' }] },
    ],
    ['a NoSchedule taint: nobody evicted', n1, node('n1', [{ key: 'k', effect: 'NoSchedule' }]), { addsNoExecute: false, evictedNow: [], staying: 4 }],
    ['cordoned (spec.unschedulable and its taint)', n1, node('n1', [cordonTaint], true), { cordoned: true, addsNoExecute: false, evictedNow: [], staying: 4 }],
    ['already cordoned: nothing to tell', node('n1', [cordonTaint], true), node('n1', [cordonTaint], true), undefined],
  ])('%s', (_name, before, after, expected) => {
    const impact = nodeChangeImpact(before, after, [before ?? after, n2], pods, now);
    if (expected === undefined) expect(impact).toBeUndefined();
    else expect(impact).toMatchObject({ node: 'n1', ...expected });
  });

  it('evicted pods with nowhere else to go are stranded; a pending pod that could only go to the node loses it', () => {
    const tainted = node('n2', [{ key: 'dedicated', effect: 'NoSchedule' }]);
    const impact = nodeChangeImpact(n1, node('n1', [maintenance]), [n1, tainted], [pod('now', { nodeName: 'n1' }), pending], now);
    expect(impact?.stranded).toEqual([{ namespace: 'ns', name: 'now' }]);
    expect(impact?.pendingStranded).toEqual([{ namespace: 'ns', name: 'pending' }]);
    // With another node open, neither.
    const open = nodeChangeImpact(n1, node('n1', [maintenance]), [n1, n2], [pod('now', { nodeName: 'n1' }), pending], now);
    expect(open?.stranded).toEqual([]);
    expect(open?.pendingStranded).toEqual([]);
  });

  it('an eviction scheduled earlier stands and is told apart', () => {
    const scheduled = { startedAt: now - 10_000, fireAt: now + 5_000 };
    const impact = nodeChangeImpact(
      n1,
      node('n1', [maintenance]),
      [n1, n2],
      [pod('sixty', { nodeName: 'n1', tolerations: tolerates(60) })],
      now,
      undefined,
      () => scheduled,
    );
    expect(impact).toMatchObject({ evictedLater: [], alreadyScheduled: [{ namespace: 'ns', name: 'sixty' }] });
  });
});

describe('nodeChangeWarnings: the impact in kubectl’s Warning lines', () => {
  const base: NodeChangeImpact = {
    node: 'n1',
    addsNoExecute: true,
    cordoned: false,
    evictedNow: [],
    evictedLater: [],
    alreadyScheduled: [],
    stranded: [],
    pendingStranded: [],
    staying: 0,
  };
  const refs = (n: number) => Array.from({ length: n }, (_, i) => ({ namespace: 'web', name: `p${i}` }));

  it.each<[string, Partial<NodeChangeImpact>, boolean, string[]]>([
    ['a NoExecute taint that evicts nobody', { staying: 2 }, false, ['node/n1: no pod is evicted (2 pods stay)']],
    ['the same, dry run', { staying: 1 }, true, ['node/n1: no pod would be evicted (1 pod stays)']],
    [
      'at once, later and stranded, more than five named',
      {
        evictedNow: refs(7),
        evictedLater: [
          { pod: { namespace: 'ns', name: 'a' }, at: Date.UTC(2026, 10, 23, 12, 0, 30) },
          { pod: { namespace: 'ns', name: 'b' }, at: null },
        ],
        stranded: refs(1),
      },
      false,
      [
        'node/n1: 7 pods are evicted at once (web/p0, web/p1, web/p2, web/p3, web/p4, and 2 more)',
        'node/n1: 2 pods are evicted after their tolerationSeconds, the first at 2026-11-23T12:00:30Z, the last never in practice (past year 9999) (ns/a, ns/b)',
        'node/n1: 1 evicted pod has no other node to go to (web/p0)',
      ],
    ],
    [
      'dry run',
      { evictedNow: refs(1), evictedLater: [{ pod: { namespace: 'ns', name: 'a' }, at: Date.UTC(2026, 10, 23, 12, 5, 0) }], stranded: refs(2) },
      true,
      [
        'node/n1: 1 pod would be evicted at once (web/p0)',
        'node/n1: 1 pod would be evicted after its tolerationSeconds, at 2026-11-23T12:05:00Z (ns/a)',
        'node/n1: 2 evicted pods would have no other node to go to (web/p0, web/p1)',
      ],
    ],
    ['an eviction scheduled earlier', { alreadyScheduled: refs(1), staying: 0 }, false, ['node/n1: 1 pod keeps the eviction scheduled earlier (web/p0)']],
    [
      'cordoned, and a pending pod loses its last node',
      { addsNoExecute: false, cordoned: true, staying: 3, pendingStranded: refs(1) },
      false,
      ['node/n1: cordoned; 3 pods running there stay, new pods go elsewhere', 'node/n1: 1 pending pod loses the last node it could be scheduled on (web/p0)'],
    ],
  ])('%s', (_name, impact, dryRun, expected) => {
    expect(nodeChangeWarnings({ ...base, ...impact }, dryRun)).toEqual(expected);
  });
});

describe('replacementHome and evictionWarnings: a drain’s eviction tells when no node takes the replacement', () => {
  const evicted = pod('web-1', { nodeName: 'n1' });
  it.each<[string, Node[], string | null]>([
    ['another node is open', [node('n1', [cordonTaint], true), node('n2')], 'n2'],
    ['its own node, not cordoned, takes it again', [node('n1')], 'n1'],
    ['every node cordoned or tainted', [node('n1', [cordonTaint], true), node('n2', [{ key: 'dedicated', effect: 'NoSchedule' }])], null],
    // A node whose NoExecute taint it tolerates only for a while would evict it again.
    ['a node that would evict it again', [node('n1', [cordonTaint], true), node('n2', [maintenance])], null],
  ])('%s', (_name, nodes, expected) => {
    const placed = { ...evicted, spec: { ...evicted.spec, tolerations: tolerates(30) } };
    expect(replacementHome(placed, nodes, now)).toBe(expected);
  });

  it('warns only when no node takes it', () => {
    const ref = { namespace: 'web', name: 'web-1' };
    expect(evictionWarnings(ref, 'n2', false)).toEqual([]);
    expect(evictionWarnings(ref, null, false)).toEqual(['pod web/web-1: no node takes its replacement (taints, selectors, affinity and room as stored)']);
    expect(evictionWarnings(ref, null, true)).toEqual(['pod web/web-1: no node would take its replacement (taints, selectors, affinity and room as stored)']);
  });
});
