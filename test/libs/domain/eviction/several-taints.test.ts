import { describe, expect, it } from 'vitest';
import { type Node, type Pod, type Taint, emptyTargetWarnings, impactSummary, parseNodeTarget, taintImpact, taintImpactSummary } from '@taintgate/domain';

/**
 * Several taints asked about at once, as `kubectl taint nodes -l pool=spot a=1:NoExecute b:NoSchedule`
 * adds them in one update: the taint eviction controller decides a pod against the node's whole
 * list (processPodOnNode with getNoExecuteTaints of the node), so a pod that tolerates each taint
 * alone may still go when both land, and its deadline is the shortest toleration
 * (getMinTolerationTime).
 */
const now = Date.UTC(2026, 10, 24, 9, 0, 0);
const node = (name: string): Node => ({ metadata: { name }, spec: {} });
const pod = (name: string, tolerations: NonNullable<Pod['spec']>['tolerations']): Pod => ({
  metadata: { name, namespace: 'ns' },
  spec: { nodeName: 'n1', tolerations },
});
const one: Taint = { key: 'one', effect: 'NoExecute' };
const two: Taint = { key: 'two', effect: 'NoExecute' };
const soft: Taint = { key: 'soft', effect: 'NoSchedule' };

describe('taintImpact with several taints', () => {
  const nodes = [node('n1'), node('n2')];
  const pods = [
    pod('tolerates-one', [{ key: 'one', operator: 'Exists', effect: 'NoExecute' }]),
    pod('tolerates-both-for-a-while', [
      { key: 'one', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 600 },
      { key: 'two', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 },
    ]),
    pod('tolerates-all', [{ operator: 'Exists' }]),
  ];
  const cases: { name: string; taints: Taint[]; evicted: [string, number | 'now'][]; unaffected: string[] }[] = [
    {
      name: 'one alone: tolerated forever by the first, 600 s by the second',
      taints: [one],
      evicted: [['tolerates-both-for-a-while', 600]],
      unaffected: ['tolerates-all', 'tolerates-one'],
    },
    {
      name: 'both: the first pod goes now (two untolerated), the second after the shorter of its seconds',
      taints: [one, two],
      evicted: [
        ['tolerates-one', 'now'],
        ['tolerates-both-for-a-while', 60],
      ],
      unaffected: ['tolerates-all'],
    },
    {
      name: 'a NoSchedule beside: evicts no one more',
      taints: [one, soft],
      evicted: [['tolerates-both-for-a-while', 600]],
      unaffected: ['tolerates-all', 'tolerates-one'],
    },
  ];
  it.each(cases)('$name', ({ taints, evicted, unaffected }) => {
    const impact = taintImpact(taints, nodes, pods, new Set(['n1']), now);
    expect(impact.taints).toEqual(taints);
    expect(impact.taint).toEqual(taints[0]);
    expect(impact.evictions.map((e) => [e.pod.name, e.when === 'Immediately' ? 'now' : e.tolerationSeconds])).toEqual(evicted);
    expect(impact.unaffected.map((u) => u.pod.name)).toEqual(unaffected);
    // The summary counted without building the answer says the same.
    const counted = taintImpactSummary(taints, nodes, pods, new Set(['n1']), now);
    expect(counted).toEqual(impactSummary(impact, now));
  });

  it('only NoSchedule taints: nobody is evicted', () => {
    const impact = taintImpact([soft, { key: 'other', effect: 'PreferNoSchedule' }], nodes, pods, new Set(['n1']), now);
    expect(impact.evictions).toEqual([]);
    expect(impact.unaffected.map((u) => u.reason)).toEqual(['NotNoExecute', 'NotNoExecute', 'NotNoExecute']);
  });
});

describe('emptyTargetWarnings', () => {
  const target = (input: Parameters<typeof parseNodeTarget>[0]) => {
    const parsed = parseNodeTarget(input);
    if (!parsed.ok) throw new Error(parsed.error.message);
    return parsed.value;
  };
  it.each([
    { name: 'a selector that matches none', input: { selector: 'pool=spto' }, selected: 0, warnings: ['no node matches the selector "pool=spto"'] },
    { name: 'a selector that matches', input: { selector: 'pool=spot' }, selected: 2, warnings: [] },
    { name: 'all over an empty cluster', input: { all: true }, selected: 0, warnings: ['the cluster has no nodes'] },
    // Names that are not there fail as NotFound before any answer.
    { name: 'names', input: { nodes: ['n1'] }, selected: 1, warnings: [] },
  ])('$name', ({ input, selected, warnings }) => {
    expect(emptyTargetWarnings(target(input), selected)).toEqual(warnings);
  });
});
