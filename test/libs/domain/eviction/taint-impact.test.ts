import { describe, expect, it } from 'vitest';
import { type Node, type Pod, type Taint, taintImpact, withTaint } from '@taintgate/domain';

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
