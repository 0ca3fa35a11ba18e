import { describe, expect, it } from 'vitest';
import { type Pod, affinityPodIndexOf, defaultPreemption, snapshotOf } from '@taintgate/domain';
import { snapshotWithPodsOn } from '../../../../../libs/domain/src/scheduling/preemption/node-pods-view';
import { snapshotPodCounter } from '../../../../../libs/domain/src/scheduling/topology-spread/spread-counting';
import { highPriority, lowPriority, makePod, midPriority, names, questionOf, smallRes, topologyNode } from './preemption-fixtures';

const foo = { matchExpressions: [{ key: 'foo', operator: 'Exists' }] };

describe('snapshotWithPodsOn: the cluster with one node holding some of its pods', () => {
  const nodes = ['node-a/zone1', 'node-b/zone1'].map((n) => topologyNode(n));
  const pods = [
    makePod().name('a1').namespace('default').node('node-a').obj(),
    makePod().name('a2').namespace('default').node('node-a').obj(),
    makePod().name('b1').namespace('default').node('node-b').obj(),
  ];
  const snapshot = snapshotOf(nodes, pods);
  const view = snapshotWithPodsOn(snapshot, 'node-a', [pods[1] as Pod]);

  it('that node lists the pods kept, the others all theirs, the rest shared', () => {
    expect(names(view.podsOn('node-a'))).toEqual(['a2']);
    expect(names(view.podsOn('node-b'))).toEqual(['b1']);
    expect(view.nodes).toBe(snapshot.nodes);
    expect(view.storage).toBe(snapshot.storage);
  });
});

describe("defaultPreemption with the holder's indexes answers as without them", () => {
  // TestDryRunPreemption: "pod with anti-affinity is preempted" and "preemption to resolve pod
  // topology spread filter failure", asked of a cluster whose holder keeps the affinity index and
  // counts matching pods per node: the pods taken off must leave the indexes too.
  const cases: [string, Pod, Pod[], string[]][] = [
    [
      'pod with anti-affinity is preempted',
      makePod().name('p').namespace('default').label('foo', '').priority(highPriority).req(smallRes).obj(),
      [
        makePod()
          .name('p1.1')
          .namespace('default')
          .node('node1')
          .label('foo', '')
          .priority(lowPriority)
          .req(smallRes)
          .podAntiAffinityExists('foo', 'hostname')
          .obj(),
        makePod().name('p1.2').namespace('default').node('node1').priority(midPriority).req(smallRes).obj(),
        makePod().name('p1.3').namespace('default').node('node1').priority(highPriority).req(smallRes).obj(),
        makePod()
          .name('p2')
          .namespace('default')
          .node('node2')
          .priority(highPriority)
          .req(smallRes)
          .podAntiAffinityExists('foo', 'hostname')
          .label('foo', '')
          .obj(),
      ],
      ['node1', 'node2'],
    ],
    [
      'preemption to resolve pod topology spread filter failure',
      makePod()
        .name('p')
        .namespace('default')
        .label('foo', '')
        .priority(highPriority)
        .spreadConstraint(1, 'zone', foo)
        .spreadConstraint(1, 'hostname', foo)
        .obj(),
      [
        makePod().name('pod-a1').namespace('default').node('node-a').label('foo', '').priority(midPriority).obj(),
        makePod().name('pod-a2').namespace('default').node('node-a').label('foo', '').priority(lowPriority).obj(),
        makePod().name('pod-b1').namespace('default').node('node-b').label('foo', '').priority(lowPriority).obj(),
        makePod().name('pod-x1').namespace('default').node('node-x').label('foo', '').priority(highPriority).obj(),
        makePod().name('pod-x2').namespace('default').node('node-x').label('foo', '').priority(highPriority).obj(),
      ],
      ['node-a/zone1', 'node-b/zone1', 'node-x/zone2'],
    ],
  ];

  it.each(cases)('%s', (_name, pod, pods, nodeSpecs) => {
    const question = questionOf(
      pod,
      nodeSpecs.map((n) => topologyNode(n)),
      pods,
    );
    const snapshot = question.context.snapshot;
    const withIndexes = {
      ...question,
      context: { snapshot, indexes: { affinityPods: affinityPodIndexOf(snapshot), spreadCounter: snapshotPodCounter(snapshot) } },
    };
    const plain = defaultPreemption(question);
    expect(plain.candidates.length).toBeGreaterThan(0);
    expect(defaultPreemption(withIndexes)).toEqual(plain);
  });
});
