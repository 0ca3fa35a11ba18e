import { beforeAll, describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';
import { gqlData } from '../../faces/graphql/graphql-client';

type Json = Record<string, any>;

/**
 * DefaultPreemption in placement's answers over a stored cluster (real Postgres): for a pod no node
 * fits, the node kube-scheduler would nominate and the pods of lower priority it would evict there,
 * PodDisruptionBudgets weighed as pickOneNodeForPreemption weighs them (fewest violations first);
 * and the words its PostFilter adds after the FitError line when it finds no room, joined after
 * DynamicResources' own (`no new claims to deallocate`), as kube-scheduler 1.34 on prints them.
 * The domain's table tests port the upstream cases (test/libs/domain/scheduling/preemption).
 */
describe('placement: DefaultPreemption for a pod no node fits', () => {
  const t = useApiFixture();
  const { api } = t;
  const sized = { status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } } };
  const running = (name: string, node: string, app: string, priority: number) => ({
    metadata: { name, labels: { app } },
    spec: { nodeName: node, priority, containers: [{ name: 'c', image: 'app', resources: { requests: { cpu: '3' } } }] },
    status: { phase: 'Running', startTime: '2026-11-28T00:00:00Z', conditions: [{ type: 'Ready', status: 'True' }] },
  });
  const pending = (name: string, priority: number, spec: Json = {}) => ({
    metadata: { name },
    spec: { priority, containers: [{ name: 'c', image: 'app', resources: { requests: { cpu: '2' } } }], ...spec },
  });
  const place = async (pod: unknown, view = 'summary') => {
    const reply = await api.post(`/v1/placement?view=${view}`, { pod });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<Json>();
  };

  beforeAll(async () => {
    for (const node of ['n1', 'n2']) expect((await api.putNode(node, sized)).statusCode).toBe(201);
    // n1 holds a batch pod guarded by a budget that allows no disruption; n2 an unguarded one.
    expect((await api.putPod('default', 'guarded', running('guarded', 'n1', 'guarded', 10))).statusCode).toBe(201);
    expect((await api.putPod('default', 'batch', running('batch', 'n2', 'batch', 10))).statusCode).toBe(201);
    const imported = await api.post('/v1/import', {
      apiVersion: 'v1',
      kind: 'List',
      items: [
        {
          apiVersion: 'policy/v1',
          kind: 'PodDisruptionBudget',
          metadata: { name: 'guarded', namespace: 'default', generation: 1 },
          spec: { minAvailable: 1, selector: { matchLabels: { app: 'guarded' } } },
          status: { observedGeneration: 1, disruptionsAllowed: 0, currentHealthy: 1, desiredHealthy: 1, expectedPods: 1 },
        },
      ],
    });
    expect(imported.statusCode, imported.body).toBe(200);
  });

  it('nominates the node whose victims break no budget, and names them', async () => {
    const body = await place(pending('urgent', 1000));
    expect(body.feasibleCount).toBe(0);
    expect(body.summary).toBe('0/2 nodes are available: 2 Insufficient cpu.');
    expect(body.preemption).toEqual({
      nominatedNode: 'n2',
      victims: [{ namespace: 'default', name: 'batch', priority: 10, violatesBudget: false }],
      budgetViolations: 0,
      candidates: 2,
    });
  });

  it('says what preemption found when no pod is of lower priority, after the filters line', async () => {
    const body = await place(pending('peer', 10));
    expect(body.summary).toBe(
      '0/2 nodes are available: 2 Insufficient cpu. no new claims to deallocate, preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod.',
    );
    // The legacy wording (earlier releases) has DefaultPreemption's words alone.
    expect(body.detail).toBe(
      '0/2 nodes are available: 2 Insufficient cpu. preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod.',
    );
    expect(body.preemption).toEqual({ candidates: 0, message: 'preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod.' });
  });

  it('a pod with preemptionPolicy Never may not preempt: the nodes view and GraphQL say so too', async () => {
    const never = pending('polite', 1000, { preemptionPolicy: 'Never' });
    const body = await place(never, 'nodes');
    expect(body.summary).toBe(
      '0/2 nodes are available: 2 Insufficient cpu. no new claims to deallocate, preemption: not eligible due to preemptionPolicy=Never.',
    );
    expect(body.preemption).toEqual({ candidates: 0, message: 'preemption: not eligible due to preemptionPolicy=Never.' });
    const data = await gqlData<{ placement: Json }>(
      t.app,
      'query($pod: JSON!) { placement(pod: $pod) { summary preemption { candidates message nominatedNode } } }',
      {
        pod: pending('urgent', 1000),
      },
    );
    expect(data.placement.preemption).toEqual({ candidates: 2, message: null, nominatedNode: 'n2' });
  });

  it('a pod some node fits has no preemption part', async () => {
    const body = await place({ metadata: { name: 'small' }, spec: { containers: [{ name: 'c', image: 'app', resources: { requests: { cpu: '500m' } } }] } });
    expect(body.feasibleCount).toBe(2);
    expect(body.preemption).toBeUndefined();
  });
});
