import {
  type Placement,
  type PlacementCapacity,
  type PlacementContext,
  type PlacementView,
  type Pod,
  asRescheduled,
  contextWithout,
  excludingPod,
  explainAdmission,
  placePod,
  withResourceHolders,
  placementSummary,
  withPreemption,
} from '@taintgate/domain';
import { describe, expect, it } from 'vitest';
import { ClusterSnapshots } from '../../../../../apps/api/src/store/cluster-snapshots';
import { AppConfig } from '../../../../../apps/api/src/platform/config/app-config';
import { PlacementService } from '../../../../../apps/api/src/features/placement/placement.service';
import type { PlacementAnswer } from '../../../../../apps/api/src/features/placement/placement-answers';
import { useApiFixture } from '../../../../support/api-test-app';

/**
 * Placement over stored nodes goes by the snapshot's node classes (placePodGrouped), and its summary
 * by buckets of nodes from the snapshot's rooms (placementSummaryGrouped); its answers are placePod's
 * over the same nodes, node by node, and that answer's summary, as the snapshot's classes and rooms
 * follow node and pod changes.
 */
describe('placement over stored nodes, by class', () => {
  const t = useApiFixture();
  const gpu = { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' };
  const spot = { key: 'spot', value: 'true', effect: 'PreferNoSchedule' };
  const node = (name: string, zone: string, taints: object[] = [], cpu = '4') => ({
    metadata: { name, labels: { zone, 'kubernetes.io/hostname': name } },
    spec: { taints },
    status: { allocatable: { cpu, memory: '8Gi', pods: '110' } },
  });
  const pod = (name: string, spec: Record<string, unknown> = {}, cpu = '1'): Pod => ({
    metadata: { name, namespace: 'web' },
    spec: { containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu } } }], ...spec },
  });
  const asked: Pod[] = [
    pod('plain'),
    pod('big', {}, '3500m'),
    pod('in-z2', { nodeSelector: { zone: 'z2' } }),
    pod('gpu', { tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' }] }),
    pod('not-z1', {
      affinity: {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'NotIn', values: ['z1'] }] }] },
        },
      },
    }),
    pod('named', {
      affinity: {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: {
            nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['a2', 'b1'] }] }],
          },
        },
      },
    }),
    pod('bound', { nodeName: 'b2' }),
  ];

  /** The nodes view on one page: every node, as placePod lists them. */
  const allNodes: PlacementView = { name: 'nodes', chunking: { limit: 10_000, start: '' } };
  const summaryView: PlacementView = { name: 'summary', top: 3 };
  const everyNode = (answer: PlacementAnswer): Placement & { admission?: unknown; rescheduled?: true } => {
    if (answer.view !== 'nodes') throw new Error('not the nodes view');
    const { view: _view, metadata, nodeCount, ...placement } = answer;
    expect(metadata.continue).toBeUndefined();
    expect(nodeCount).toBe(placement.nodes.length);
    return placement;
  };

  /**
   * Every asked pod, and every stored one (as it is and rescheduled), answered as placePod answers
   * over the view's nodes, with DefaultPreemption's part for a pod no node fits (over the view's own
   * cluster, as the service asks it).
   */
  const expectPlacePodAnswers = async () => {
    const service = t.app.get(PlacementService);
    const view = await t.app.get(ClusterSnapshots).view('default');
    const { tolerationComparisonOperators, summaryWording } = t.app.get(AppConfig).domain;
    const options = { comparisonOperators: tolerationComparisonOperators, summaryWording };
    const nodes = [...view.nodes.values()];
    const preempted = <T extends Parameters<typeof withPreemption>[0]>(
      answer: T,
      pod: Pod,
      capacity: PlacementCapacity | undefined,
      context: PlacementContext,
    ): T => withPreemption(answer, { pod, nodes: context.snapshot.nodes, context, capacity, options, podDisruptionBudgets: [] }, options);
    // The nodes view names the pods holding what a node is short of (the summary has no node to name them for).
    const held = (placement: Placement, context: PlacementContext): Placement => ({
      ...placement,
      nodes: withResourceHolders(placement.nodes, context.snapshot.podsOn),
    });
    for (const p of asked) {
      const { admission, ...answer } = everyNode(await service.place('default', { pod: p }, allNodes));
      expect(admission).toBeDefined();
      const admitted = explainAdmission(p, 'CREATE', t.app.get(AppConfig).domain).pod;
      const expected = placePod(admitted, nodes, options, view);
      expect(answer).toEqual(preempted(held(expected, view.scheduling()), admitted, view, view.scheduling()));
      const { admission: _admission, ...summary } = await service.place('default', { pod: p }, summaryView);
      expect(summary).toEqual({ view: 'summary', ...preempted(placementSummary(expected, 3), admitted, view, view.scheduling()) });
    }
    for (const stored of view.pods.values()) {
      const { namespace = 'default', name } = stored.metadata;
      const context = contextWithout(view.scheduling(), stored);
      expect(everyNode(await service.placeStored('default', { namespace, name, reschedule: false }, allNodes))).toEqual(
        held(placePod(stored, nodes, options, excludingPod(view, stored)), context),
      );
      const again = asRescheduled(stored, view);
      const rescheduled = placePod(again.pod, nodes, options, again.capacity);
      expect(everyNode(await service.placeStored('default', { namespace, name, reschedule: true }, allNodes))).toEqual({
        ...preempted(held(rescheduled, context), again.pod, again.capacity, context),
        rescheduled: true,
      });
      expect(await service.placeStored('default', { namespace, name, reschedule: true }, summaryView)).toEqual({
        view: 'summary',
        ...preempted(placementSummary(rescheduled, 3), again.pod, again.capacity, context),
        rescheduled: true,
      });
    }
  };

  it('answers as placePod, as nodes are added, tainted, cordoned, relabelled and deleted', async () => {
    for (const [name, zone, taints] of [
      ['a1', 'z1', []],
      ['a2', 'z1', [spot]],
      ['a3', 'z1', []],
      ['b1', 'z2', [gpu]],
      ['b2', 'z2', []],
      ['b3', 'z2', [spot]],
    ] as const) {
      expect((await t.api.put(`/v1/nodes/${name}`, node(name, zone, [...taints]))).statusCode).toBe(201);
    }
    for (const [name, on, cpu] of [
      ['r1', 'a1', '3'],
      ['r2', 'b2', '2'],
      ['r3', 'b3', '1'],
    ] as const) {
      const running = { ...pod(name, { nodeName: on }, cpu), status: { phase: 'Running' } };
      expect((await t.api.put(`/v1/namespaces/web/pods/${name}`, running)).statusCode).toBe(201);
    }
    await expectPlacePodAnswers();

    expect((await t.api.post('/v1/nodes/a3/taints', gpu)).statusCode).toBe(201);
    expect((await t.api.post('/v1/nodes/b2/cordon', {})).statusCode).toBeLessThan(300);
    expect((await t.api.put('/v1/nodes/b3', node('b3', 'z1', [spot]))).statusCode).toBe(200);
    expect((await t.api.del('/v1/nodes/a2')).statusCode).toBe(200);
    expect((await t.api.put('/v1/nodes/c1', node('c1', 'z3', [], '8'))).statusCode).toBe(201);
    await expectPlacePodAnswers();

    // Room freed, taken and resized: a pod deleted, one bound anew, a node made smaller.
    expect((await t.api.del('/v1/namespaces/web/pods/r1')).statusCode).toBe(200);
    const r4 = { ...pod('r4', { nodeName: 'c1' }, '7'), status: { phase: 'Running' } };
    expect((await t.api.put('/v1/namespaces/web/pods/r4', r4)).statusCode).toBe(201);
    expect((await t.api.put('/v1/nodes/a1', node('a1', 'z1', [], '1'))).statusCode).toBe(200);
    await expectPlacePodAnswers();

    await t.restart();
    await expectPlacePodAnswers();
  });
});
