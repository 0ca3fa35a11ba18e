import { describe, expect, it } from 'vitest';
import { type Pod, snapshotOf } from '@taintgate/domain';
import { podEligibleToPreemptOthers, podTerminatingByPreemption } from '../../../../../libs/domain/src/scheduling/preemption/eligibility';
import { highPriority, lowPriority, makeNode, makePod } from './preemption-fixtures';

describe('podEligibleToPreemptOthers', () => {
  // TestPodEligibleToPreemptOthers (default_preemption_test.go). `nominatedNodeUnresolvable` is the
  // nominated node's status code being UnschedulableAndUnresolvable; the cases without a status
  // (nil, whose Code() is Success) pass false.
  const cases: { name: string; pod: Pod; pods: Pod[]; nodes: string[]; nominatedNodeUnresolvable: boolean; expected: boolean }[] = [
    {
      name: 'Pod with nominated node',
      pod: makePod().name('p_with_nominated_node').priority(highPriority).nominatedNodeName('node1').obj(),
      pods: [makePod().name('p1').priority(lowPriority).node('node1').terminating().obj()],
      nodes: ['node1'],
      nominatedNodeUnresolvable: true,
      expected: true,
    },
    {
      name: 'Pod without nominated node',
      pod: makePod().name('p_without_nominated_node').priority(highPriority).obj(),
      pods: [],
      nodes: [],
      nominatedNodeUnresolvable: false,
      expected: true,
    },
    {
      name: "Pod with 'PreemptNever' preemption policy",
      pod: makePod().name('p_with_preempt_never_policy').priority(highPriority).preemptionPolicy('Never').obj(),
      pods: [],
      nodes: [],
      nominatedNodeUnresolvable: false,
      expected: false,
    },
    {
      name: 'preemption victim pod terminating, as indicated by the dedicated DisruptionTarget condition',
      pod: makePod().name('p_with_nominated_node').priority(highPriority).nominatedNodeName('node1').obj(),
      pods: [makePod().name('p1').priority(lowPriority).node('node1').terminating().condition('DisruptionTarget', 'True', 'PreemptionByScheduler').obj()],
      nodes: ['node1'],
      nominatedNodeUnresolvable: false,
      expected: false,
    },
    {
      name: 'non-victim Pods terminating',
      pod: makePod().name('p_with_nominated_node').priority(highPriority).nominatedNodeName('node1').obj(),
      pods: [makePod().name('p1').priority(lowPriority).node('node1').terminating().obj()],
      nodes: ['node1'],
      nominatedNodeUnresolvable: false,
      expected: true,
    },
  ];

  it.each(cases)('TestPodEligibleToPreemptOthers: "$name"', ({ pod, pods, nodes, nominatedNodeUnresolvable, expected }) => {
    const snapshot = snapshotOf(
      nodes.map((n) => makeNode(n)),
      pods,
    );
    expect(podEligibleToPreemptOthers(pod, snapshot, nominatedNodeUnresolvable).eligible).toBe(expected);
  });

  it('the messages the PostFilter status carries', () => {
    const snapshot = snapshotOf(
      [makeNode('node1')],
      [makePod().name('p1').node('node1').terminating().condition('DisruptionTarget', 'True', 'PreemptionByScheduler').obj()],
    );
    expect(podEligibleToPreemptOthers(makePod().name('p').preemptionPolicy('Never').obj(), snapshot, false)).toEqual({
      eligible: false,
      message: 'not eligible due to preemptionPolicy=Never.',
    });
    expect(podEligibleToPreemptOthers(makePod().name('p').priority(highPriority).nominatedNodeName('node1').obj(), snapshot, false)).toEqual({
      eligible: false,
      message: 'not eligible due to a terminating pod on the nominated node.',
    });
  });

  it('a terminating victim of equal or higher priority does not hold the preemptor back', () => {
    const victim = makePod().name('p1').priority(highPriority).node('node1').terminating().condition('DisruptionTarget', 'True', 'PreemptionByScheduler').obj();
    const pod = makePod().name('p').priority(highPriority).nominatedNodeName('node1').obj();
    expect(podEligibleToPreemptOthers(pod, snapshotOf([makeNode('node1')], [victim]), false).eligible).toBe(true);
  });
});

describe('podTerminatingByPreemption', () => {
  it.each([
    ['not being deleted', makePod().name('p').condition('DisruptionTarget', 'True', 'PreemptionByScheduler').obj(), false],
    ["deleted, with the scheduler's condition", makePod().name('p').terminating().condition('DisruptionTarget', 'True', 'PreemptionByScheduler').obj(), true],
    [
      'deleted, evicted by the eviction API instead',
      makePod().name('p').terminating().condition('DisruptionTarget', 'True', 'EvictionByEvictionAPI').obj(),
      false,
    ],
    ['deleted, the condition False', makePod().name('p').terminating().condition('DisruptionTarget', 'False', 'PreemptionByScheduler').obj(), false],
    [
      'only the first DisruptionTarget condition counts',
      makePod().name('p').terminating().condition('DisruptionTarget', 'False', 'X').condition('DisruptionTarget', 'True', 'PreemptionByScheduler').obj(),
      false,
    ],
  ])('%s', (_name, pod, expected) => {
    expect(podTerminatingByPreemption(pod)).toBe(expected);
  });
});
