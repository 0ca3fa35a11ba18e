import { describe, expect, it } from 'vitest';
import type { Pod, PodDisruptionBudget } from '@taintgate/domain';
import { snapshotOf, usageByNode } from '@taintgate/domain';
import { defaultPlacementOptions } from '../../../../../libs/domain/src/scheduling/placement';
import {
  type Candidate,
  calculateNumCandidates,
  dryRunPreemption,
  pickOneNodeForPreemption,
  rankCandidates,
} from '../../../../../libs/domain/src/scheduling/preemption/candidates';
import { victimSearch } from '../../../../../libs/domain/src/scheduling/preemption/victims';
import {
  epochTime,
  highPriority,
  largeRes,
  lowPriority,
  makePDB,
  makePod,
  mediumRes,
  midPriority,
  names,
  negPriority,
  smallRes,
  topologyNode,
  veryHighPriority,
  veryLargeRes,
} from './preemption-fixtures';

/**
 * TestDryRunPreemption's harness (default_preemption_test.go): nodes of veryLargeRes named as
 * `hostname/zone`, every node handed to DryRunPreemption, the candidates and each one's victims
 * compared in name order.
 */
function dryRun(
  pod: Pod,
  nodeSpecs: string[],
  pods: Pod[],
  options: { budgets?: PodDisruptionBudget[]; offset?: number; args?: { minCandidateNodesPercentage: number; minCandidateNodesAbsolute: number } } = {},
) {
  const nodes = nodeSpecs.map((spec) => topologyNode(spec));
  const usage = usageByNode(pods);
  const search = victimSearch(pod, { snapshot: snapshotOf(nodes, pods) }, defaultPlacementOptions, { usageOf: (n) => usage.get(n) }, options.budgets ?? []);
  return dryRunPreemption(search, nodes, options.offset ?? 0, calculateNumCandidates(nodes.length, options.args));
}

const sortedCandidates = (candidates: readonly Candidate[]) =>
  [...candidates]
    .sort((a, b) => (a.node < b.node ? -1 : 1))
    .map((c) => ({ node: c.node, victims: names(c.victims).sort(), numPDBViolations: c.numPDBViolations }));

const appFoo = (name: string, node: string) => makePod().name(name).node(node).label('app', 'foo').priority(midPriority).req(mediumRes).obj();
const fooBudget = (disruptedPods?: string[]): PodDisruptionBudget[] => [makePDB('', { app: 'foo' }, 1, disruptedPods ? { disruptedPods } : {})];

describe('dryRunPreemption', () => {
  const cases: {
    name: string;
    nodes: string[];
    pod: Pod;
    pods: Pod[];
    budgets?: PodDisruptionBudget[];
    expected: { node: string; victims: string[]; numPDBViolations: number }[];
  }[] = [
    {
      name: 'a pod that fits on both nodes when lower priority pods are preempted',
      nodes: ['node1', 'node2'],
      pod: makePod().name('p').priority(highPriority).req(largeRes).obj(),
      pods: [
        makePod().name('p1').node('node1').priority(midPriority).req(largeRes).obj(),
        makePod().name('p2').node('node2').priority(midPriority).req(largeRes).obj(),
      ],
      expected: [
        { node: 'node1', victims: ['p1'], numPDBViolations: 0 },
        { node: 'node2', victims: ['p2'], numPDBViolations: 0 },
      ],
    },
    {
      name: 'a pod that would fit on the nodes, but other pods running are higher priority, no preemption would happen',
      nodes: ['node1', 'node2'],
      pod: makePod().name('p').priority(lowPriority).req(largeRes).obj(),
      pods: [
        makePod().name('p1').node('node1').priority(midPriority).req(largeRes).obj(),
        makePod().name('p2').node('node2').priority(midPriority).req(largeRes).obj(),
      ],
      expected: [],
    },
    {
      name: 'medium priority pod is preempted, but lower priority one stays as it is small',
      nodes: ['node1', 'node2'],
      pod: makePod().name('p').priority(highPriority).req(largeRes).obj(),
      pods: [
        makePod().name('p1.1').node('node1').priority(lowPriority).req(smallRes).obj(),
        makePod().name('p1.2').node('node1').priority(midPriority).req(largeRes).obj(),
        makePod().name('p2').node('node2').priority(midPriority).req(largeRes).obj(),
      ],
      expected: [
        { node: 'node1', victims: ['p1.2'], numPDBViolations: 0 },
        { node: 'node2', victims: ['p2'], numPDBViolations: 0 },
      ],
    },
    {
      name: 'mixed priority pods are preempted',
      nodes: ['node1', 'node2'],
      pod: makePod().name('p').priority(highPriority).req(largeRes).obj(),
      pods: [
        makePod().name('p1.1').node('node1').priority(midPriority).req(smallRes).obj(),
        makePod().name('p1.2').node('node1').priority(lowPriority).req(smallRes).obj(),
        makePod().name('p1.3').node('node1').priority(midPriority).req(mediumRes).obj(),
        makePod().name('p1.4').node('node1').priority(highPriority).req(smallRes).obj(),
        makePod().name('p2').node('node2').priority(highPriority).req(largeRes).obj(),
      ],
      expected: [{ node: 'node1', victims: ['p1.2', 'p1.3'], numPDBViolations: 0 }],
    },
    {
      name: 'mixed priority pods are preempted, pick later StartTime one when priorities are equal',
      nodes: ['node1', 'node2'],
      pod: makePod().name('p').priority(highPriority).req(largeRes).obj(),
      pods: [
        makePod().name('p1.1').node('node1').priority(lowPriority).req(smallRes).startTime(epochTime(5)).obj(),
        makePod().name('p1.2').node('node1').priority(lowPriority).req(smallRes).startTime(epochTime(4)).obj(),
        makePod().name('p1.3').node('node1').priority(midPriority).req(mediumRes).startTime(epochTime(3)).obj(),
        makePod().name('p1.4').node('node1').priority(highPriority).req(smallRes).startTime(epochTime(2)).obj(),
        makePod().name('p2').node('node2').priority(highPriority).req(largeRes).startTime(epochTime(1)).obj(),
      ],
      expected: [{ node: 'node1', victims: ['p1.1', 'p1.3'], numPDBViolations: 0 }],
    },
    {
      name: 'pod with anti-affinity is preempted',
      nodes: ['node1', 'node2'],
      pod: makePod().name('p').label('foo', '').priority(highPriority).req(smallRes).obj(),
      pods: [
        makePod().name('p1.1').node('node1').label('foo', '').priority(lowPriority).req(smallRes).podAntiAffinityExists('foo', 'hostname').obj(),
        makePod().name('p1.2').node('node1').priority(midPriority).req(smallRes).obj(),
        makePod().name('p1.3').node('node1').priority(highPriority).req(smallRes).obj(),
        makePod().name('p2').node('node2').priority(highPriority).req(smallRes).obj(),
      ],
      expected: [{ node: 'node1', victims: ['p1.1'], numPDBViolations: 0 }],
    },
    {
      name: 'preemption to resolve pod topology spread filter failure',
      nodes: ['node-a/zone1', 'node-b/zone1', 'node-x/zone2'],
      pod: makePod()
        .name('p')
        .label('foo', '')
        .priority(highPriority)
        .spreadConstraint(1, 'zone', { matchExpressions: [{ key: 'foo', operator: 'Exists' }] })
        .spreadConstraint(1, 'hostname', { matchExpressions: [{ key: 'foo', operator: 'Exists' }] })
        .obj(),
      pods: [
        makePod().name('pod-a1').node('node-a').label('foo', '').priority(midPriority).obj(),
        makePod().name('pod-a2').node('node-a').label('foo', '').priority(lowPriority).obj(),
        makePod().name('pod-b1').node('node-b').label('foo', '').priority(lowPriority).obj(),
        makePod().name('pod-x1').node('node-x').label('foo', '').priority(highPriority).obj(),
        makePod().name('pod-x2').node('node-x').label('foo', '').priority(highPriority).obj(),
      ],
      expected: [
        { node: 'node-a', victims: ['pod-a2'], numPDBViolations: 0 },
        { node: 'node-b', victims: ['pod-b1'], numPDBViolations: 0 },
      ],
    },
    {
      name: 'preemption with violation of same pdb',
      nodes: ['node1'],
      pod: makePod().name('p').priority(highPriority).req(veryLargeRes).obj(),
      pods: [appFoo('p1.1', 'node1'), appFoo('p1.2', 'node1')],
      budgets: fooBudget(),
      expected: [{ node: 'node1', victims: ['p1.1', 'p1.2'], numPDBViolations: 1 }],
    },
    {
      name: "preemption with violation of the pdb with pod whose eviction was processed, the victim doesn't belong to DisruptedPods",
      nodes: ['node1'],
      pod: makePod().name('p').priority(highPriority).req(veryLargeRes).obj(),
      pods: [appFoo('p1.1', 'node1'), appFoo('p1.2', 'node1')],
      budgets: fooBudget(['p2']),
      expected: [{ node: 'node1', victims: ['p1.1', 'p1.2'], numPDBViolations: 1 }],
    },
    {
      name: 'preemption with violation of the pdb with pod whose eviction was processed, the victim belongs to DisruptedPods',
      nodes: ['node1'],
      pod: makePod().name('p').priority(highPriority).req(veryLargeRes).obj(),
      pods: [appFoo('p1.1', 'node1'), appFoo('p1.2', 'node1')],
      budgets: fooBudget(['p1.2']),
      expected: [{ node: 'node1', victims: ['p1.1', 'p1.2'], numPDBViolations: 0 }],
    },
    {
      name: "preemption with violation of the pdb with pod whose eviction was processed, the victim which belongs to DisruptedPods is treated as 'nonViolating'",
      nodes: ['node1'],
      pod: makePod().name('p').priority(highPriority).req(veryLargeRes).obj(),
      pods: [appFoo('p1.1', 'node1'), appFoo('p1.2', 'node1'), appFoo('p1.3', 'node1')],
      budgets: fooBudget(['p1.3']),
      expected: [{ node: 'node1', victims: ['p1.1', 'p1.2', 'p1.3'], numPDBViolations: 1 }],
    },
  ];

  it.each(cases)('TestDryRunPreemption: "$name"', ({ nodes, pod, pods, budgets, expected }) => {
    expect(sortedCandidates(dryRun(pod, nodes, pods, budgets ? { budgets } : {}).candidates)).toEqual(expected);
  });

  // The cases with DefaultPreemptionArgs of their own: upstream's offset comes from rand seeded with
  // 4 (4, then 1, then 3, for five nodes); the offset is an argument here, given the same values.
  const five = ['node1', 'node2', 'node3', 'node4', 'node5'];
  const args40 = (absolute: number) => ({ minCandidateNodesPercentage: 40, minCandidateNodesAbsolute: absolute });
  const onEach = (priorities: number[], labelled: string[] = []) =>
    priorities.map((priority, i) => {
      const p = makePod()
        .name(`p${i + 1}`)
        .node(`node${i + 1}`)
        .priority(priority)
        .req(largeRes);
      return (labelled.includes(`p${i + 1}`) ? p.label('app', 'foo') : p).obj();
    });
  const preemptor = makePod().name('p').priority(highPriority).req(largeRes).obj();

  it('TestDryRunPreemption: "all nodes are possible candidates, but DefaultPreemptionArgs limits to 2"', () => {
    const result = dryRun(preemptor, five, onEach([midPriority, midPriority, midPriority, midPriority, midPriority]), { offset: 4, args: args40(1) });
    expect(sortedCandidates(result.candidates).map((c) => c.node)).toEqual(['node1', 'node5']);
  });

  it('TestDryRunPreemption: "some nodes are not possible candidates, DefaultPreemptionArgs limits to 2"', () => {
    const pods = onEach([midPriority, veryHighPriority, midPriority, midPriority, veryHighPriority]);
    const result = dryRun(preemptor, five, pods, { offset: 4, args: args40(1) });
    expect(sortedCandidates(result.candidates).map((c) => c.node)).toEqual(['node1', 'node3']);
    expect([...result.statuses.keys()].sort()).toEqual(['node2', 'node5']);
  });

  it('TestDryRunPreemption: "preemption offset across multiple scheduling cycles and wrap around"', () => {
    const pods = onEach([midPriority, midPriority, midPriority, midPriority, midPriority]);
    const cycles = [4, 1, 3].map((offset) => sortedCandidates(dryRun(preemptor, five, pods, { offset, args: args40(1) }).candidates).map((c) => c.node));
    expect(cycles).toEqual([
      ['node1', 'node5'],
      ['node2', 'node3'],
      ['node4', 'node5'],
    ]);
  });

  it('TestDryRunPreemption: "preemption looks past numCandidates until a non-PDB violating node is found"', () => {
    const pods = onEach([midPriority, midPriority, midPriority, midPriority, midPriority], ['p1', 'p2', 'p5']);
    const result = dryRun(preemptor, five, pods, { offset: 4, args: args40(2), budgets: [makePDB('', { app: 'foo' }, 0)] });
    // node5 and node1 break the budget, node2 would too and is dropped (each list holds two), node3 does not.
    expect(sortedCandidates(result.candidates)).toEqual([
      { node: 'node1', victims: ['p1'], numPDBViolations: 1 },
      { node: 'node3', victims: ['p3'], numPDBViolations: 0 },
      { node: 'node5', victims: ['p5'], numPDBViolations: 1 },
    ]);
    expect(result.candidates.map((c) => c.node)).toEqual(['node3', 'node5', 'node1']);
  });

  it('a node where the pod needs no victim is the Error status "expected at least one victim pod on node"', () => {
    const result = dryRun(makePod().name('p').priority(highPriority).req(smallRes).obj(), ['node1'], [makePod().name('low').node('node1').obj()]);
    expect(result.errors).toEqual(['expected at least one victim pod on node "node1"']);
  });
});

describe('calculateNumCandidates', () => {
  // DefaultPreemptionArgs' defaults: 10% of the nodes, at least 100, at most all of them.
  it.each([
    [5, 5],
    [100, 100],
    [999, 100],
    [5000, 500],
  ])('%i potential nodes: %i candidates', (nodes, expected) => {
    expect(calculateNumCandidates(nodes)).toBe(expected);
  });
});

describe('pickOneNodeForPreemption', () => {
  // TestSelectBestCandidate (default_preemption_test.go; TestPickOneNodeForPreemption before): every
  // node dried, then the best candidate. Nodes of veryLargeRes, the preemptor asking all of it.
  const t = epochTime();
  const on = (name: string, node: string, priority: number, res: typeof smallRes, start = t) =>
    makePod().name(name).node(node).priority(priority).req(res).startTime(start).obj();
  const cases: { name: string; nodes: string[]; pod: Pod; pods: Pod[]; expected: string[] }[] = [
    {
      name: 'a pod that fits on both nodes when lower priority pods are preempted',
      nodes: ['node1', 'node2'],
      pod: makePod().name('p').priority(highPriority).req(largeRes).obj(),
      pods: [on('p1', 'node1', midPriority, largeRes), on('p2', 'node2', midPriority, largeRes)],
      expected: ['node1', 'node2'],
    },
    {
      name: 'node with min highest priority pod is picked',
      nodes: ['node1', 'node2', 'node3'],
      pod: makePod().name('p').priority(highPriority).req(veryLargeRes).obj(),
      pods: [
        on('p1.1', 'node1', midPriority, mediumRes),
        on('p1.2', 'node1', midPriority, largeRes),
        on('p2.1', 'node2', midPriority, mediumRes),
        on('p2.2', 'node2', lowPriority, mediumRes),
        on('p3.1', 'node3', lowPriority, mediumRes),
        on('p3.2', 'node3', lowPriority, mediumRes),
      ],
      expected: ['node3'],
    },
    {
      name: 'when highest priorities are the same, minimum sum of priorities is picked',
      nodes: ['node1', 'node2', 'node3'],
      pod: makePod().name('p').priority(highPriority).req(veryLargeRes).obj(),
      pods: [
        on('p1.1', 'node1', midPriority, mediumRes),
        on('p1.2', 'node1', midPriority, largeRes),
        on('p2.1', 'node2', midPriority, largeRes),
        on('p2.2', 'node2', lowPriority, mediumRes),
        on('p3.1', 'node3', midPriority, mediumRes),
        on('p3.2', 'node3', midPriority, mediumRes),
      ],
      expected: ['node2'],
    },
    {
      name: 'when highest priority and sum are the same, minimum number of pods is picked',
      nodes: ['node1', 'node2', 'node3'],
      pod: makePod().name('p').priority(highPriority).req(veryLargeRes).obj(),
      pods: [
        on('p1.1', 'node1', midPriority, smallRes),
        on('p1.2', 'node1', negPriority, smallRes),
        on('p1.3', 'node1', midPriority, smallRes),
        on('p1.4', 'node1', negPriority, smallRes),
        on('p2.1', 'node2', midPriority, largeRes),
        on('p2.2', 'node2', negPriority, mediumRes),
        on('p3.1', 'node3', midPriority, mediumRes),
        on('p3.2', 'node3', negPriority, smallRes),
        on('p3.3', 'node3', lowPriority, smallRes),
      ],
      expected: ['node2'],
    },
    {
      name: 'sum of adjusted priorities is considered',
      nodes: ['node1', 'node2', 'node3'],
      pod: makePod().name('p').priority(highPriority).req(veryLargeRes).obj(),
      pods: [
        on('p1.1', 'node1', midPriority, smallRes),
        on('p1.2', 'node1', negPriority, smallRes),
        on('p1.3', 'node1', negPriority, smallRes),
        on('p2.1', 'node2', midPriority, largeRes),
        on('p2.2', 'node2', negPriority, mediumRes),
        on('p3.1', 'node3', midPriority, mediumRes),
        on('p3.2', 'node3', negPriority, smallRes),
        on('p3.3', 'node3', lowPriority, smallRes),
      ],
      expected: ['node2'],
    },
    {
      name: 'non-overlapping lowest high priority, sum priorities, and number of pods',
      nodes: ['node1', 'node2', 'node3', 'node4'],
      pod: makePod().name('p').priority(veryHighPriority).req(veryLargeRes).obj(),
      pods: [
        on('p1.1', 'node1', midPriority, smallRes),
        on('p1.2', 'node1', lowPriority, smallRes),
        on('p1.3', 'node1', lowPriority, smallRes),
        on('p2.1', 'node2', highPriority, largeRes),
        on('p3.1', 'node3', midPriority, mediumRes),
        on('p3.2', 'node3', lowPriority, smallRes),
        on('p3.3', 'node3', lowPriority, smallRes),
        on('p3.4', 'node3', lowPriority, mediumRes),
        on('p4.1', 'node4', midPriority, mediumRes),
        on('p4.2', 'node4', midPriority, smallRes),
        on('p4.3', 'node4', midPriority, smallRes),
        on('p4.4', 'node4', negPriority, smallRes),
      ],
      expected: ['node1'],
    },
    {
      name: "same priority, same number of victims, different start time for each node's pod",
      nodes: ['node1', 'node2', 'node3'],
      pod: makePod().name('p').priority(highPriority).req(veryLargeRes).obj(),
      pods: [
        on('p1.1', 'node1', midPriority, mediumRes, epochTime(2)),
        on('p1.2', 'node1', midPriority, mediumRes, epochTime(2)),
        on('p2.1', 'node2', midPriority, mediumRes, epochTime(3)),
        on('p2.2', 'node2', midPriority, mediumRes, epochTime(3)),
        on('p3.1', 'node3', midPriority, mediumRes, epochTime(1)),
        on('p3.2', 'node3', midPriority, mediumRes, epochTime(1)),
      ],
      expected: ['node2'],
    },
    {
      name: 'same priority, same number of victims, different start time for all pods',
      nodes: ['node1', 'node2', 'node3'],
      pod: makePod().name('p').priority(highPriority).req(veryLargeRes).obj(),
      pods: [
        on('p1.1', 'node1', midPriority, mediumRes, epochTime(4)),
        on('p1.2', 'node1', midPriority, mediumRes, epochTime(2)),
        on('p2.1', 'node2', midPriority, mediumRes, epochTime(5)),
        on('p2.2', 'node2', midPriority, mediumRes, epochTime(1)),
        on('p3.1', 'node3', midPriority, mediumRes, epochTime(3)),
        on('p3.2', 'node3', midPriority, mediumRes, epochTime(6)),
      ],
      expected: ['node3'],
    },
    {
      name: 'different priority, same number of victims, different start time for all pods',
      nodes: ['node1', 'node2', 'node3'],
      pod: makePod().name('p').priority(highPriority).req(veryLargeRes).obj(),
      pods: [
        on('p1.1', 'node1', lowPriority, mediumRes, epochTime(4)),
        on('p1.2', 'node1', midPriority, mediumRes, epochTime(2)),
        on('p2.1', 'node2', midPriority, mediumRes, epochTime(6)),
        on('p2.2', 'node2', lowPriority, mediumRes, epochTime(1)),
        on('p3.1', 'node3', lowPriority, mediumRes, epochTime(3)),
        on('p3.2', 'node3', midPriority, mediumRes, epochTime(5)),
      ],
      expected: ['node2'],
    },
  ];

  it.each(cases)('TestSelectBestCandidate: "$name"', ({ nodes, pod, pods, expected }) => {
    const { candidates } = dryRun(pod, nodes, pods);
    const picked = pickOneNodeForPreemption(candidates);
    expect(expected).toContain(picked);
    expect(rankCandidates(candidates)[0]?.node).toBe(picked);
  });

  it('fewest budget violations comes before every other criterion', () => {
    const pods = [makePod().name('low').node('node1').priority(lowPriority).obj(), makePod().name('mid').node('node2').priority(midPriority).obj()];
    const candidate = (node: string, victim: Pod, numPDBViolations: number): Candidate => ({ node, victims: [victim], numPDBViolations, violating: new Set() });
    expect(pickOneNodeForPreemption([candidate('node1', pods[0] as Pod, 1), candidate('node2', pods[1] as Pod, 0)])).toBe('node2');
    expect(pickOneNodeForPreemption([])).toBeUndefined();
  });

  it('a victim not started yet counts as starting last: its node is preferred at equal priorities', () => {
    const started = makePod().name('started').node('node1').priority(lowPriority).startTime(epochTime(10)).obj();
    const pending = makePod().name('pending').node('node2').priority(lowPriority).obj();
    const candidate = (node: string, victim: Pod): Candidate => ({ node, victims: [victim], numPDBViolations: 0, violating: new Set() });
    expect(pickOneNodeForPreemption([candidate('node1', started), candidate('node2', pending)])).toBe('node2');
  });
});
