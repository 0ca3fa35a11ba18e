import { describe, expect, it } from 'vitest';
import { type Node, type Pod, type PreemptionAnswer, type PreemptionCandidate, type PreemptionVictim, defaultPreemption, placePod } from '@taintgate/domain';
import type { SchedulerRejection } from '../../../../../libs/domain/src/scheduling/node-filters';
import { nodesWherePreemptionMightHelp, postFilter } from '../../../../../libs/domain/src/scheduling/preemption/default-preemption';
import {
  highPriority,
  largeRes,
  lowPriority,
  makeNode,
  makePDB,
  makePod,
  mediumRes,
  midPriority,
  names,
  questionOf,
  smallRes,
  topologyNode,
  veryHighPriority,
  veryLargeRes,
} from './preemption-fixtures';

const onePodRes = { pods: '1' };
const nodeRes = { cpu: '200m', memory: '400' };
const unschedulable: SchedulerRejection = { reasons: [] };
const unresolvable: SchedulerRejection = { reasons: [], unresolvable: true };
const LabelKeyIsViolatingPDB = 'test.kubernetes.io/is-violating-pdb';

/** The victims of a candidate by name, as the upstream tables list them. */
const victimsOf = (candidate: PreemptionCandidate | undefined): string[] => names(candidate?.victims ?? []);

describe('postFilter: DefaultPreemption.PostFilter over given node statuses', () => {
  // TestPostFilter (default_preemption_test.go): a node absent from the statuses counts as
  // UnschedulableAndUnresolvable (NewNodeToStatus's absent status), as `undefined` does here.
  const cases: {
    name: string;
    pod: Pod;
    pods: Pod[];
    nodes: Node[];
    statuses: Record<string, SchedulerRejection>;
    budgets?: ReturnType<typeof makePDB>[];
    nominated?: string;
    message?: string;
  }[] = [
    {
      name: 'pod with higher priority can be made schedulable',
      pod: makePod().name('p').namespace('default').priority(highPriority).obj(),
      pods: [makePod().name('p1').namespace('default').node('node1').obj()],
      nodes: [makeNode('node1', onePodRes)],
      statuses: { node1: unschedulable },
      nominated: 'node1',
    },
    {
      name: 'pod with tied priority is still unschedulable',
      pod: makePod().name('p').namespace('default').obj(),
      pods: [makePod().name('p1').namespace('default').node('node1').obj()],
      nodes: [makeNode('node1', onePodRes)],
      statuses: { node1: unschedulable },
      message: 'preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.',
    },
    {
      name: 'preemption should respect filteredNodesStatuses',
      pod: makePod().name('p').namespace('default').priority(highPriority).obj(),
      pods: [makePod().name('p1').namespace('default').node('node1').obj()],
      nodes: [makeNode('node1', onePodRes)],
      statuses: { node1: unresolvable },
      message: 'preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.',
    },
    {
      name: 'preemption should respect absent NodeToStatusReader entry meaning UnschedulableAndUnresolvable',
      pod: makePod().name('p').namespace('default').priority(highPriority).obj(),
      pods: [makePod().name('p1').namespace('default').node('node1').obj()],
      nodes: [makeNode('node1', onePodRes)],
      statuses: {},
      message: 'preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.',
    },
    {
      name: 'pod can be made schedulable on one node',
      pod: makePod().name('p').namespace('default').priority(midPriority).obj(),
      pods: [
        makePod().name('p1').namespace('default').priority(highPriority).node('node1').obj(),
        makePod().name('p2').namespace('default').priority(lowPriority).node('node2').obj(),
      ],
      nodes: [makeNode('node1', onePodRes), makeNode('node2', onePodRes)],
      statuses: { node1: unschedulable, node2: unschedulable },
      nominated: 'node2',
    },
    {
      name: 'pod can be made schedulable on minHighestPriority node',
      pod: makePod().name('p').namespace('default').priority(veryHighPriority).obj(),
      pods: [
        makePod().name('p1').label(LabelKeyIsViolatingPDB, 'non-violating').namespace('default').priority(highPriority).node('node1').obj(),
        makePod().name('p2').label(LabelKeyIsViolatingPDB, 'violating').namespace('default').priority(lowPriority).node('node1').obj(),
        makePod().name('p3').label(LabelKeyIsViolatingPDB, 'violating').namespace('default').priority(midPriority).node('node2').obj(),
      ],
      budgets: [
        // MinAvailable("100%"): the disruption controller leaves disruptionsAllowed at 0.
        makePDB('violating-pdb', { [LabelKeyIsViolatingPDB]: 'violating' }, 0, { namespace: 'default' }),
        makePDB('non-violating-pdb', { [LabelKeyIsViolatingPDB]: 'non-violating' }, 2147483647, { namespace: 'default' }),
      ],
      nodes: [makeNode('node1', onePodRes), makeNode('node2', onePodRes)],
      statuses: { node1: unschedulable, node2: unschedulable },
      nominated: 'node2',
    },
    {
      name: 'no candidate nodes found, no enough resource after removing low priority pods',
      pod: makePod().name('p').namespace('default').priority(highPriority).req(largeRes).obj(),
      pods: [makePod().name('p1').namespace('default').node('node1').obj(), makePod().name('p2').namespace('default').node('node2').obj()],
      nodes: [makeNode('node1', nodeRes), makeNode('node2', nodeRes)],
      statuses: { node1: unschedulable, node2: unschedulable },
      message: 'preemption: 0/2 nodes are available: 2 Insufficient cpu.',
    },
    {
      name: 'no candidate nodes found with mixed reasons, no lower priority pod and no enough CPU resource',
      pod: makePod().name('p').namespace('default').priority(highPriority).req(largeRes).obj(),
      pods: [
        makePod().name('p1').namespace('default').node('node1').priority(highPriority).obj(),
        makePod().name('p2').namespace('default').node('node2').obj(),
        makePod().name('p3').namespace('default').node('node3').priority(highPriority).obj(),
      ],
      nodes: [makeNode('node1', onePodRes), makeNode('node2', nodeRes), makeNode('node3', onePodRes)],
      statuses: { node1: unschedulable, node2: unschedulable, node3: unschedulable },
      message: 'preemption: 0/3 nodes are available: 1 Insufficient cpu, 2 No preemption victims found for incoming pod.',
    },
    {
      name: "no candidate nodes found with mixed reason, 2 UnschedulableAndUnresolvable nodes and 2 nodes don't have enough CPU resource",
      pod: makePod().name('p').namespace('default').priority(highPriority).req(largeRes).obj(),
      pods: [makePod().name('p1').namespace('default').node('node1').obj(), makePod().name('p2').namespace('default').node('node2').obj()],
      nodes: [makeNode('node1', nodeRes), makeNode('node2', nodeRes), makeNode('node3', nodeRes), makeNode('node4', nodeRes)],
      statuses: { node1: unschedulable, node2: unschedulable, node4: unresolvable },
      message: 'preemption: 0/4 nodes are available: 2 Insufficient cpu, 2 Preemption is not helpful for scheduling.',
    },
  ];

  it.each(cases)('TestPostFilter: "$name"', ({ pod, pods, nodes, statuses, budgets, nominated, message }) => {
    const answer = postFilter(questionOf(pod, nodes, pods, budgets), (name) => statuses[name]);
    expect(answer.nominated?.node).toBe(nominated);
    expect(answer.postFilterMessage).toBe(message);
    if (!nominated) expect(answer.candidates).toEqual([]);
  });

  it("without nodes, findCandidates' error", () => {
    const pod = makePod().name('p').namespace('default').priority(highPriority).obj();
    expect(postFilter(questionOf(pod, [], []), () => undefined)).toEqual({ postFilterMessage: 'preemption: no nodes available', candidates: [] });
  });

  // TestPostFilter: "pod can be made schedulable on minHighestPriority node": both nodes break the
  // violating budget once; node2's victim has the lower priority.
  it('every candidate, best first, with victims most important first and the budget each breaks', () => {
    const budgets = [
      makePDB('violating-pdb', { [LabelKeyIsViolatingPDB]: 'violating' }, 0, { namespace: 'default' }),
      makePDB('non-violating-pdb', { [LabelKeyIsViolatingPDB]: 'non-violating' }, 2147483647, { namespace: 'default' }),
    ];
    const pods = [
      makePod().name('p1').label(LabelKeyIsViolatingPDB, 'non-violating').namespace('default').priority(highPriority).node('node1').obj(),
      makePod().name('p2').label(LabelKeyIsViolatingPDB, 'violating').namespace('default').priority(lowPriority).node('node1').obj(),
      makePod().name('p3').label(LabelKeyIsViolatingPDB, 'violating').namespace('default').priority(midPriority).node('node2').obj(),
    ];
    const pod = makePod().name('p').namespace('default').priority(veryHighPriority).obj();
    const answer = postFilter(questionOf(pod, [makeNode('node1', onePodRes), makeNode('node2', onePodRes)], pods, budgets), () => unschedulable);
    const victim = (name: string, priority: number, violatesBudget: boolean): PreemptionVictim => ({ namespace: 'default', name, priority, violatesBudget });
    expect(answer).toEqual<PreemptionAnswer>({
      nominated: { node: 'node2', victims: [victim('p3', midPriority, true)], budgetViolations: 1 },
      candidates: [
        { node: 'node2', victims: [victim('p3', midPriority, true)], budgetViolations: 1 },
        { node: 'node1', victims: [victim('p1', highPriority, false), victim('p2', lowPriority, true)], budgetViolations: 1 },
      ],
    });
  });
});

describe('defaultPreemption: the statuses computed, then PostFilter', () => {
  // TestPreempt (default_preemption_test.go): every node Unschedulable, as the filters find them here.
  const basicPods = (policy?: 'Never' | 'PreemptLowerPriority') => {
    const pod = makePod().name('p').namespace('default').priority(highPriority).req(veryLargeRes);
    return {
      pod: (policy ? pod.preemptionPolicy(policy) : pod).obj(),
      pods: [
        makePod().name('p1.1').namespace('default').node('node1').priority(lowPriority).req(smallRes).obj(),
        makePod().name('p1.2').namespace('default').node('node1').priority(lowPriority).req(smallRes).obj(),
        makePod().name('p2.1').namespace('default').node('node2').priority(highPriority).req(largeRes).obj(),
        makePod().name('p3.1').namespace('default').node('node3').priority(midPriority).req(mediumRes).obj(),
      ],
      nodes: ['node1', 'node2', 'node3'].map((n) => makeNode(n, veryLargeRes)),
    };
  };

  it('TestPreempt: "basic preemption logic"', () => {
    const { pod, pods, nodes } = basicPods('PreemptLowerPriority');
    const answer = defaultPreemption(questionOf(pod, nodes, pods));
    expect(answer.nominated?.node).toBe('node1');
    expect(victimsOf(answer.nominated)).toEqual(['p1.1', 'p1.2']);
    expect(answer.candidates.map((c) => c.node)).toEqual(['node1', 'node3']);
  });

  it('TestPreempt: "PreemptionPolicy is nil"', () => {
    const { pod, pods, nodes } = basicPods();
    expect(victimsOf(defaultPreemption(questionOf(pod, nodes, pods)).nominated)).toEqual(['p1.1', 'p1.2']);
  });

  it('TestPreempt: "no preempting in pod": not eligible, and the reason after "preemption: "', () => {
    const { pod, pods, nodes } = basicPods('Never');
    expect(defaultPreemption(questionOf(pod, nodes, pods))).toEqual({
      postFilterMessage: 'preemption: not eligible due to preemptionPolicy=Never.',
      candidates: [],
    });
  });

  it('TestPreempt: "preemption for topology spread constraints"', () => {
    const foo = { matchExpressions: [{ key: 'foo', operator: 'Exists' }] };
    const pod = makePod()
      .name('p')
      .namespace('default')
      .label('foo', '')
      .priority(highPriority)
      .spreadConstraint(1, 'zone', foo)
      .spreadConstraint(1, 'hostname', foo)
      .obj();
    const pods = [
      makePod().name('p-a1').namespace('default').node('node-a').label('foo', '').priority(highPriority).obj(),
      makePod().name('p-a2').namespace('default').node('node-a').label('foo', '').priority(highPriority).obj(),
      makePod().name('p-b1').namespace('default').node('node-b').label('foo', '').priority(lowPriority).obj(),
      makePod().name('p-x1').namespace('default').node('node-x').label('foo', '').priority(highPriority).obj(),
      makePod().name('p-x2').namespace('default').node('node-x').label('foo', '').priority(highPriority).obj(),
    ];
    const nodes = ['node-a/zone1', 'node-b/zone1', 'node-x/zone2'].map((n) => topologyNode(n));
    const answer = defaultPreemption(questionOf(pod, nodes, pods));
    expect(answer.nominated?.node).toBe('node-b');
    expect(victimsOf(answer.nominated)).toEqual(['p-b1']);
  });

  // FitError.Error (pkg/scheduler/framework/types.go) appends the PostFilter's message after the
  // filters' line with one space: `0/3 nodes are available: 3 Insufficient cpu. preemption: ...`.
  const failedScheduling = (question: ReturnType<typeof questionOf>): string => {
    const summary = placePod(question.pod, question.nodes, question.options, question.capacity, question.context).summary;
    const { postFilterMessage } = defaultPreemption(question);
    return postFilterMessage ? `${summary} ${postFilterMessage}` : summary;
  };

  it('every node short of cpu, its pods as important: no victims on any', () => {
    const nodes = ['n1', 'n2', 'n3'].map((n) => makeNode(n, { cpu: '1', memory: '1Gi' }));
    const pods = nodes.map((n, i) => makePod().name(`busy-${i}`).namespace('default').node(n.metadata.name).req({ cpu: '800m' }).obj());
    const pod = makePod().name('web').namespace('default').req({ cpu: '500m' }).obj();
    expect(failedScheduling(questionOf(pod, nodes, pods))).toBe(
      '0/3 nodes are available: 3 Insufficient cpu. preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod.',
    );
  });

  it('taints, node affinity and a request over a whole node are unresolvable: preemption is not helpful there', () => {
    const nodes = [makeNode('tainted', { cpu: '4' }), makeNode('elsewhere', { cpu: '4' }), makeNode('small', { cpu: '1' }), makeNode('busy', { cpu: '4' })];
    (nodes[0] as Node).spec = { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] };
    (nodes[1] as Node).metadata.labels = { zone: 'b' };
    for (const n of nodes.slice(2)) n.metadata.labels = { zone: 'a' };
    (nodes[0] as Node).metadata.labels = { zone: 'a' };
    const pods = [makePod().name('batch').namespace('default').node('busy').priority(highPriority).req({ cpu: '3' }).obj()];
    const pod = makePod().name('web').namespace('default').req({ cpu: '2' }).obj();
    pod.spec = { ...pod.spec, nodeSelector: { zone: 'a' } };
    expect(failedScheduling(questionOf(pod, nodes, pods))).toBe(
      "0/4 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 1 node(s) had untolerated taint(s), 2 Insufficient cpu. " +
        'preemption: 0/4 nodes are available: 1 No preemption victims found for incoming pod, 3 Preemption is not helpful for scheduling.',
    );
  });

  it('nodes a PreFilter result leaves out (matchFields) are not helped by preemption', () => {
    const nodes = ['n1', 'n2', 'n3', 'n4'].map((n) => makeNode(n, { cpu: '1' }));
    const pods = [makePod().name('busy').namespace('default').node('n1').req({ cpu: '800m' }).obj()];
    const pod = makePod().name('web').namespace('default').req({ cpu: '500m' }).obj();
    pod.spec = {
      ...pod.spec,
      affinity: {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: {
            nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n1'] }] }],
          },
        },
      },
    };
    expect(failedScheduling(questionOf(pod, nodes, pods))).toBe(
      "0/4 nodes are available: 1 Insufficient cpu, 3 node(s) didn't satisfy plugin(s) [NodeAffinity]. " +
        'preemption: 0/4 nodes are available: 1 No preemption victims found for incoming pod, 3 Preemption is not helpful for scheduling.',
    );
  });

  it("a PreFilter rejection is every node's status: UnschedulableAndUnresolvable, nowhere to preempt", () => {
    const nodes = ['n1', 'n2'].map((n) => makeNode(n, { cpu: '1' }));
    const pod = makePod().name('web').namespace('default').priority(highPriority).obj();
    pod.spec = { ...pod.spec, volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'missing' } }] };
    expect(defaultPreemption(questionOf(pod, nodes, []))).toEqual({
      postFilterMessage: 'preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.',
      candidates: [],
    });
  });

  it('a nominated node whose victims are still terminating: not eligible', () => {
    const nodes = [makeNode('n1', { cpu: '1' })];
    const pods = [
      makePod()
        .name('victim')
        .namespace('default')
        .node('n1')
        .req({ cpu: '800m' })
        .terminating()
        .condition('DisruptionTarget', 'True', 'PreemptionByScheduler')
        .obj(),
    ];
    const pod = makePod().name('web').namespace('default').priority(highPriority).req({ cpu: '500m' }).nominatedNodeName('n1').obj();
    expect(defaultPreemption(questionOf(pod, nodes, pods)).postFilterMessage).toBe('preemption: not eligible due to a terminating pod on the nominated node.');
  });

  it('no answer when a node fits, when there are no nodes, and for a pod bound by spec.nodeName', () => {
    const nodes = [makeNode('n1', { cpu: '1' })];
    const pod = makePod().name('web').namespace('default').priority(highPriority).req({ cpu: '500m' }).obj();
    expect(defaultPreemption(questionOf(pod, nodes, []))).toEqual({ candidates: [] });
    expect(defaultPreemption(questionOf(pod, [], []))).toEqual({ candidates: [] });
    const bound = makePod().name('web').namespace('default').priority(highPriority).req({ cpu: '5' }).node('n1').obj();
    expect(defaultPreemption(questionOf(bound, nodes, []))).toEqual({ candidates: [] });
  });

  it('without capacity only the other filters are looked at: a host port held by a pod of lower priority', () => {
    const ports = [{ name: 'c', ports: [{ containerPort: 80, hostPort: 8080 }] }];
    const holder = makePod().name('holder').namespace('default').node('n1').obj();
    holder.spec = { ...holder.spec, containers: ports };
    const pod = makePod().name('web').namespace('default').priority(midPriority).obj();
    pod.spec = { ...pod.spec, containers: ports };
    const answer = defaultPreemption({ ...questionOf(pod, [makeNode('n1')], [holder]), capacity: undefined });
    expect(victimsOf(answer.nominated)).toEqual(['holder']);
  });
});

describe('nodesWherePreemptionMightHelp', () => {
  // TestNodesWherePreemptionMightHelp (pkg/scheduler/framework/preemption/preemption_test.go, before
  // NodesForStatusCode replaced it): the nodes tried are the Unschedulable ones. That test also tried
  // nodes absent from its map; the scheduler's map now gives them its absent status,
  // UnschedulableAndUnresolvable, so here they are given Unschedulable explicitly where it expected them.
  const cases: [string, Record<string, SchedulerRejection | undefined>, string[]][] = [
    [
      'No node should be attempted',
      {
        node1: { reasons: ["node(s) didn't match Pod's node affinity/selector"], unresolvable: true },
        node2: { reasons: ["node(s) didn't match the requested node name"], unresolvable: true },
        node3: { reasons: ['node(s) had untolerated taint(s)'], unresolvable: true },
        node4: { reasons: ["node(s) didn't match pod affinity rules"], unresolvable: true },
      },
      [],
    ],
    [
      'ErrReasonAntiAffinityRulesNotMatch should be tried as it indicates that the pod is unschedulable due to inter-pod anti-affinity',
      {
        node1: { reasons: ["node(s) didn't match pod anti-affinity rules"] },
        node2: { reasons: ["node(s) didn't match the requested node name"], unresolvable: true },
        node3: { reasons: ['node(s) were unschedulable'], unresolvable: true },
        node4: unschedulable,
      },
      ['node1', 'node4'],
    ],
    [
      'Mix of failed predicates works fine',
      {
        node1: { reasons: ['node(s) had no available disk'], unresolvable: true },
        node2: { reasons: ['Insufficient memory'] },
        node3: unschedulable,
        node4: unschedulable,
      },
      ['node2', 'node3', 'node4'],
    ],
    [
      'UnschedulableAndUnresolvable status should be skipped but Unschedulable should be tried',
      { node1: unschedulable, node2: unresolvable, node3: unschedulable, node4: unresolvable },
      ['node1', 'node3'],
    ],
    ['a node without a status (absent) is not tried', { node1: undefined, node2: unschedulable }, ['node2']],
  ];
  it.each(cases)('TestNodesWherePreemptionMightHelp: "%s"', (_name, statuses, expected) => {
    const nodes = ['node1', 'node2', 'node3', 'node4'].map((n) => makeNode(n));
    expect(nodesWherePreemptionMightHelp(nodes, (name) => statuses[name]).map((n) => n.metadata.name)).toEqual(expected);
  });
});
