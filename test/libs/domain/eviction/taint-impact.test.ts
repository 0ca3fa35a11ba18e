import { describe, expect, it } from 'vitest';
import {
  type Node,
  type Pod,
  type Taint,
  type TaintImpact,
  impactSummary,
  nodeClassesOf,
  podKinds,
  taintImpact,
  taintImpactSummary,
  usageByNode,
} from '@taintgate/domain';
import { withTaint } from '../../../../libs/domain/src/eviction/taint-impact';

const now = Date.UTC(2026, 10, 22, 12, 0, 0);
const node = (name: string, taints: Taint[] = [], labels: Record<string, string> = {}): Node => ({ metadata: { name, labels }, spec: { taints } });
const pod = (name: string, spec: Pod['spec'], phase = 'Running'): Pod => ({ metadata: { name, namespace: 'ns' }, spec, status: { phase } });
const drain: Taint = { key: 'drain', effect: 'NoExecute' };

describe('taintImpact', () => {
  const nodes = [node('n1'), node('n2'), node('n3')];
  const pods = [
    pod('untolerating', { nodeName: 'n1' }),
    pod('thirty', { nodeName: 'n1', tolerations: [{ key: 'drain', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 30 }] }),
    pod('forever', { nodeName: 'n2', tolerations: [{ key: 'drain', operator: 'Exists', effect: 'NoExecute' }] }),
    pod('elsewhere', { nodeName: 'n3' }),
    pod('done', { nodeName: 'n1' }, 'Succeeded'),
  ];

  // The taint eviction controller never looks at the phase (processPodOnNode): a Succeeded pod on
  // the tainted node is deleted like any other, so the what-if lists it.
  it('sorts bound pods of the tainted nodes into evicted now, evicted later and unaffected, terminal pods included', () => {
    const impact = taintImpact(drain, nodes, pods, new Set(['n1', 'n2']), now);
    expect(impact.nodes).toEqual(['n1', 'n2']);
    expect(impact.evictions).toEqual([
      { pod: { namespace: 'ns', name: 'done' }, node: 'n1', when: 'Immediately', at: now },
      { pod: { namespace: 'ns', name: 'untolerating' }, node: 'n1', when: 'Immediately', at: now },
      { pod: { namespace: 'ns', name: 'thirty' }, node: 'n1', when: 'AfterTolerationSeconds', tolerationSeconds: 30, at: now + 30_000 },
    ]);
    expect(impact.unaffected).toEqual([{ pod: { namespace: 'ns', name: 'forever' }, node: 'n2', reason: 'ToleratesForever' }]);
    expect(impact.unschedulable).toEqual([]);
  });

  it('a deadline past year 9999 is listed with its exact seconds, at null (never in practice), after every dated one', () => {
    const max = 2n ** 63n - 1n;
    const huge = [
      pod('int64-max', { nodeName: 'n1', tolerations: [{ key: 'drain', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: max }] }),
      pod('int32-past', { nodeName: 'n1', tolerations: [{ key: 'drain', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 2147483648 }] }),
      pod('a-safe-huge', { nodeName: 'n1', tolerations: [{ key: 'drain', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 1e15 }] }),
    ];
    expect(taintImpact(drain, nodes, huge, new Set(['n1']), now).evictions).toEqual([
      { pod: { namespace: 'ns', name: 'int32-past' }, node: 'n1', when: 'AfterTolerationSeconds', tolerationSeconds: 2147483648, at: now + 2_147_483_648_000 },
      { pod: { namespace: 'ns', name: 'a-safe-huge' }, node: 'n1', when: 'AfterTolerationSeconds', tolerationSeconds: 1e15, at: null },
      { pod: { namespace: 'ns', name: 'int64-max' }, node: 'n1', when: 'AfterTolerationSeconds', tolerationSeconds: max, at: null },
    ]);
  });

  it('a pending pod whose selector term holds an integer beyond 2^53 is decided, not thrown on', () => {
    const term = { matchExpressions: [{ key: 'gpu', operator: 'In', values: ['yes'] }], unknownField: 2n ** 63n - 1n };
    const pending = pod(
      'pending',
      { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [term] } } } },
      'Pending',
    );
    const gpu = node('g1', [], { gpu: 'yes' });
    expect(taintImpact({ key: 'k', effect: 'NoSchedule' }, [gpu], [pending], new Set(['g1']), now).unschedulable).toEqual([
      { pod: { namespace: 'ns', name: 'pending' } },
    ]);
  });

  it('a NoSchedule taint evicts nobody', () => {
    const impact = taintImpact({ key: 'k', effect: 'NoSchedule' }, nodes, pods, new Set(['n1']), now);
    expect(impact.evictions).toEqual([]);
    expect(impact.unaffected.map((u) => u.reason)).toEqual(['NotNoExecute', 'NotNoExecute', 'NotNoExecute']);
  });

  it('pending pods that lose their last feasible node', () => {
    const gpuNodes = [node('g1', [], { gpu: 'yes' }), node('g2', [], { gpu: 'yes' }), node('c1')];
    const pending = [
      pod('needs-gpu', { nodeSelector: { gpu: 'yes' } }, 'Pending'),
      pod('anywhere', {}, 'Pending'),
      pod('already-stuck', { nodeSelector: { gpu: 'no' } }, 'Pending'),
      // never scheduled again, so it loses nothing
      pod('finished', { nodeSelector: { gpu: 'yes' } }, 'Succeeded'),
    ];
    const taint: Taint = { key: 'dedicated', value: 'ml', effect: 'NoSchedule' };
    expect(taintImpact(taint, gpuNodes, pending, new Set(['g1', 'g2']), now).unschedulable).toEqual([{ pod: { namespace: 'ns', name: 'needs-gpu' } }]);
    expect(taintImpact(taint, gpuNodes, pending, new Set(['g1']), now).unschedulable).toEqual([]);
  });

  it('a taint that replaces one with the same key and effect', () => {
    const tainted = withTaint(
      node('n', [
        { key: 'drain', value: 'old', effect: 'NoExecute' },
        { key: 'x', effect: 'NoSchedule' },
      ]),
      { key: 'drain', value: 'new', effect: 'NoExecute' },
    );
    expect(tainted.spec?.taints).toEqual([
      { key: 'x', effect: 'NoSchedule' },
      { key: 'drain', value: 'new', effect: 'NoExecute' },
    ]);
  });
});

describe('taintImpact with the evictions already scheduled (processPodOnNode keeps earlier work)', () => {
  const nodes = [node('n1', [{ key: 'slow', effect: 'NoExecute' }])];
  const web = pod('web', {
    nodeName: 'n1',
    tolerations: [
      { key: 'slow', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 100 },
      { key: 'fast', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 5 },
    ],
  });
  const fast: Taint = { key: 'fast', effect: 'NoExecute' };

  it('an earlier deadline stands, and the answer says it was scheduled already', () => {
    const scheduled = { startedAt: now - 10_000, fireAt: now + 90_000 };
    expect(taintImpact(fast, nodes, [web], new Set(['n1']), now, undefined, () => scheduled).evictions).toEqual([
      {
        pod: { namespace: 'ns', name: 'web' },
        node: 'n1',
        when: 'AfterTolerationSeconds',
        tolerationSeconds: 100,
        at: now + 90_000,
        alreadyScheduled: { scheduledAt: now - 10_000 },
      },
    ]);
  });

  it('nothing scheduled: the minimum over the tolerations in use, from now', () => {
    expect(taintImpact(fast, nodes, [web], new Set(['n1']), now).evictions).toEqual([
      { pod: { namespace: 'ns', name: 'web' }, node: 'n1', when: 'AfterTolerationSeconds', tolerationSeconds: 5, at: now + 5_000 },
    ]);
  });

  it('untolerated now: evicted at once, the scheduled eviction superseded', () => {
    const untolerating = pod('plain', { nodeName: 'n1', tolerations: [{ key: 'slow', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 100 }] });
    const scheduled = { startedAt: now - 10_000, fireAt: now + 90_000 };
    expect(taintImpact(fast, nodes, [untolerating], new Set(['n1']), now, undefined, () => scheduled).evictions).toEqual([
      { pod: { namespace: 'ns', name: 'plain' }, node: 'n1', when: 'Immediately', at: now },
    ]);
  });
});

describe('taintImpact and pods being deleted already', () => {
  it('a terminating pod is unaffected: a second delete changes nothing', () => {
    const leaving: Pod = { metadata: { name: 'leaving', namespace: 'ns', deletionTimestamp: '2026-11-22T12:00:30Z' }, spec: { nodeName: 'n1' } };
    const impact = taintImpact(drain, [node('n1')], [leaving], new Set(['n1']), now);
    expect(impact.evictions).toEqual([]);
    expect(impact.unaffected).toEqual([{ pod: { namespace: 'ns', name: 'leaving' }, node: 'n1', reason: 'Terminating' }]);
  });
});

// Where could an evicted pod go? Its replacement (no spec.nodeName) over the nodes with the taint
// added, with the scheduler's filters, NodeResourcesFit when usage is given, and staying there.
describe('taintImpact with rescheduling: where evicted pods could go', () => {
  const sized = (name: string, cpu = '4', extra: Partial<Node> = {}): Node => ({
    metadata: { name, labels: {} },
    spec: { taints: [] },
    status: { allocatable: { cpu, memory: '8Gi', pods: '110' } },
    ...extra,
  });
  const asking = (name: string, nodeName: string, cpu: string, spec: Pod['spec'] = {}, phase = 'Running'): Pod =>
    pod(name, { nodeName, containers: [{ name: 'c', resources: { requests: { cpu } } }], ...spec }, phase);
  const usageOf = (pods: Pod[]) => {
    const usage = usageByNode(pods);
    return (name: string) => usage.get(name);
  };
  const elsewhere = (impact: TaintImpact) => Object.fromEntries(impact.evictions.map((e) => [e.pod.name, e.elsewhere]));

  it('without it the answer is as before: no elsewhere, no rescheduling', () => {
    const impact = taintImpact(drain, [sized('n1'), sized('n2')], [asking('web', 'n1', '1')], new Set(['n1']), now);
    expect(impact.evictions[0]).not.toHaveProperty('elsewhere');
    expect(impact).not.toHaveProperty('rescheduling');
  });

  it('names a node left untainted; says capacity was not considered when no usage is given', () => {
    const impact = taintImpact(drain, [sized('n1'), sized('n2')], [asking('web', 'n1', '1')], new Set(['n1']), now, undefined, undefined, {});
    expect(elsewhere(impact)).toEqual({ web: 'n2' });
    expect(impact.rescheduling).toEqual({ capacityConsidered: false, stranded: 0 });
  });

  it('stranded when every node is tainted; counted', () => {
    const pods = [asking('a', 'n1', '1'), asking('b', 'n2', '1')];
    const impact = taintImpact(drain, [sized('n1'), sized('n2')], pods, new Set(['n1', 'n2']), now, undefined, undefined, {});
    expect(elsewhere(impact)).toEqual({ a: null, b: null });
    expect(impact.rescheduling).toEqual({ capacityConsidered: false, stranded: 2 });
  });

  it('with usage, a node without room is no place: NodeResourcesFit, capacity considered', () => {
    const pods = [asking('web', 'n1', '3'), asking('filler', 'n2', '2')];
    const nodes = [sized('n1'), sized('n2')];
    expect(elsewhere(taintImpact(drain, nodes, pods, new Set(['n1']), now, undefined, undefined, {}))).toEqual({ web: 'n2' });
    const impact = taintImpact(drain, nodes, pods, new Set(['n1']), now, undefined, undefined, { usageOf: usageOf(pods) });
    expect(elsewhere(impact)).toEqual({ web: null });
    expect(impact.rescheduling).toEqual({ capacityConsidered: true, stranded: 1 });
  });

  it('a node the pod would be evicted from again (a NoExecute taint tolerated for a while) is no place; one tolerated forever is', () => {
    const maintenance: Taint = { key: 'maintenance', effect: 'NoExecute' };
    const nodes = [sized('n1'), sized('n2', '4', { spec: { taints: [maintenance] } })];
    const pods = [
      asking('for-a-while', 'n1', '1', { tolerations: [{ key: 'maintenance', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 }] }),
      asking('forever', 'n1', '1', { tolerations: [{ key: 'maintenance', operator: 'Exists', effect: 'NoExecute' }] }),
    ];
    expect(elsewhere(taintImpact(drain, nodes, pods, new Set(['n1']), now, undefined, undefined, {}))).toEqual({ 'for-a-while': null, forever: 'n2' });
  });

  it('a pod that tolerates the new taint for a while is evicted, and cannot go back to a tainted node', () => {
    const thirty = { tolerations: [{ key: 'drain', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 30 }] };
    const impact = taintImpact(drain, [sized('n1'), sized('n2')], [asking('thirty', 'n1', '1', thirty)], new Set(['n1', 'n2']), now, undefined, undefined, {});
    expect(impact.evictions.map((e) => [e.when, e.elsewhere])).toEqual([['AfterTolerationSeconds', null]]);
  });

  it('an eviction never in practice may stay: its own node counts, its own request off it (else it would not fit beside itself)', () => {
    const huge = { tolerations: [{ key: 'drain', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 2n ** 62n }] };
    const pods = [asking('patient', 'n1', '3', huge)];
    const impact = taintImpact(drain, [sized('n1')], pods, new Set(['n1']), now, undefined, undefined, { usageOf: usageOf(pods) });
    expect(impact.evictions.map((e) => [e.at, e.elsewhere])).toEqual([[null, 'n1']]);
  });

  it('a finished pod is evicted but nothing schedules it again: no elsewhere, not stranded', () => {
    const impact = taintImpact(drain, [sized('n1')], [asking('done', 'n1', '1', {}, 'Succeeded')], new Set(['n1']), now, undefined, undefined, {});
    expect(impact.evictions[0]).not.toHaveProperty('elsewhere');
    expect(impact.rescheduling).toEqual({ capacityConsidered: false, stranded: 0 });
  });

  it("a DaemonSet's pod, tied to its node by name (matchFields), has nowhere else to go", () => {
    const tied = {
      affinity: {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n1'] }] }] },
        },
      },
    };
    const impact = taintImpact(drain, [sized('n1'), sized('n2')], [asking('agent', 'n1', '100m', tied)], new Set(['n1']), now, undefined, undefined, {});
    expect(elsewhere(impact)).toEqual({ agent: null });
  });

  it('replicas on different nodes are looked for once and get the same answer; the selector still counts', () => {
    const zoned = (name: string, nodeName: string) => asking(name, nodeName, '1', { nodeSelector: { zone: 'b' } });
    const nodes = [sized('n1'), sized('n2'), { ...sized('n3'), metadata: { name: 'n3', labels: { zone: 'b' } } }, sized('n4')];
    const pods = [zoned('r1', 'n1'), zoned('r2', 'n2'), asking('free', 'n1', '1')];
    expect(elsewhere(taintImpact(drain, nodes, pods, new Set(['n1', 'n2']), now, undefined, undefined, {}))).toEqual({ r1: 'n3', r2: 'n3', free: 'n3' });
  });

  it('with usage, pods alike but for their requests: a larger request than one found stranded is stranded too, a smaller one may fit', () => {
    const pods = [asking('small', 'n1', '500m'), asking('large', 'n1', '3'), asking('larger', 'n1', '3500m'), asking('filler', 'n2', '2')];
    const impact = taintImpact(drain, [sized('n1'), sized('n2'), sized('n3', '1')], pods, new Set(['n1']), now, undefined, undefined, {
      usageOf: usageOf(pods),
    });
    expect(elsewhere(impact)).toEqual({ small: 'n2', large: null, larger: null });
    expect(impact.rescheduling).toEqual({ capacityConsidered: true, stranded: 2 });
  });

  it('with usage, pending pods that fit only on the tainted nodes by room lose them too', () => {
    const pending = pod('pending', { containers: [{ name: 'c', resources: { requests: { cpu: '3' } } }] }, 'Pending');
    const filler = asking('filler', 'n2', '2');
    const nodes = [sized('n1'), sized('n2')];
    const noSchedule: Taint = { key: 'k', effect: 'NoSchedule' };
    expect(taintImpact(noSchedule, nodes, [pending, filler], new Set(['n1']), now).unschedulable).toEqual([]);
    expect(taintImpact(noSchedule, nodes, [pending, filler], new Set(['n1']), now, undefined, undefined, { usageOf: usageOf([filler]) }).unschedulable).toEqual(
      [{ pod: { namespace: 'ns', name: 'pending' } }],
    );
  });

  describe('every node tainted: only a pod the new taint alone does not evict is looked for on the tainted nodes', () => {
    const unreachable: Taint = { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' };
    const nodes = [sized('n1', '4', { spec: { taints: [unreachable] } }), sized('n2'), sized('n3')];
    const all = new Set(['n1', 'n2', 'n3']);
    const drainFor = (tolerationSeconds?: number | bigint) => ({ key: 'drain', operator: 'Exists', effect: 'NoExecute', tolerationSeconds });
    const pods = [
      asking('untolerating', 'n1', '1'),
      asking('for-a-while', 'n2', '1', { tolerations: [drainFor(60)] }),
      // Evicted by its own node's unreachable taint; the drain tolerated forever, or never in practice.
      asking('drain-forever', 'n1', '1', { tolerations: [{ key: 'drain', operator: 'Exists', effect: 'NoExecute' }] }),
      asking('drain-never-in-practice', 'n1', '1', { tolerations: [drainFor(2n ** 62n)] }),
    ];

    it('names a tainted node for those, and no node for the others', () => {
      const impact = taintImpact(drain, nodes, pods, all, now, undefined, undefined, { usageOf: usageOf(pods) });
      expect(elsewhere(impact)).toEqual({ untolerating: null, 'for-a-while': null, 'drain-forever': 'n2', 'drain-never-in-practice': 'n2' });
      expect(impact.rescheduling).toEqual({ capacityConsidered: true, stranded: 2 });
    });

    it('the summary counts the same, with the kinds of pods kept across questions or not', () => {
      const kinds = podKinds();
      const query = { usageOf: usageOf(pods), nodeClasses: nodeClassesOf(nodes) };
      const expected = impactSummary(taintImpact(drain, nodes, pods, all, now, undefined, undefined, query), now);
      expect(expected.rescheduling).toEqual({ capacityConsidered: true, stranded: 2 });
      expect(taintImpactSummary(drain, nodes, pods, all, now, undefined, undefined, query)).toEqual(expected);
      // Another question first, with other pods evicted and other times: nothing of it is kept.
      const other: Taint = { key: 'other', effect: 'NoExecute' };
      expect(taintImpactSummary(other, nodes, pods, new Set(['n2']), now + 3_600_000, undefined, undefined, query, kinds)).toEqual(
        impactSummary(taintImpact(other, nodes, pods, new Set(['n2']), now + 3_600_000, undefined, undefined, query), now + 3_600_000),
      );
      expect(taintImpactSummary(drain, nodes, pods, all, now, undefined, undefined, query, kinds)).toEqual(expected);
    });
  });

  it('pods alike whose evictions are never in practice are each looked for on their own: each may stay on its own node', () => {
    const huge = { tolerations: [{ key: 'drain', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 2n ** 62n }] };
    const forever = { tolerations: [{ key: 'drain', operator: 'Exists', effect: 'NoExecute' }] };
    // Each fits beside what its own node holds but itself; b's node also holds a filler, so only a may stay.
    const pods = [asking('a', 'n1', '3', huge), asking('b', 'n2', '3', huge), asking('filler', 'n2', '2', forever)];
    const nodes = [sized('n1'), sized('n2')];
    const query = { usageOf: usageOf(pods), nodeClasses: nodeClassesOf(nodes) };
    const all = new Set(['n1', 'n2']);
    const impact = taintImpact(drain, nodes, pods, all, now, undefined, undefined, query);
    expect(elsewhere(impact)).toEqual({ a: 'n1', b: null });
    for (const order of [pods, [...pods].reverse()]) {
      expect(taintImpactSummary(drain, nodes, order, all, now, undefined, undefined, query)).toEqual(impactSummary(impact, now));
    }
  });
});
