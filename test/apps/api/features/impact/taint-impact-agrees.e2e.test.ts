import { describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';

/**
 * The what-if agrees with what the controller then does: an eviction already scheduled stands
 * (processPodOnNode keeps the earlier work), and terminal pods are evicted like any other.
 */
describe('POST /v1/taint-impact agrees with the taint eviction controller', () => {
  const t = useApiFixture();
  const { api } = t;
  const tolerate = (key: string, seconds: number) => ({ key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: seconds });

  it('an eviction already due in 100 s stays due then, though the new taint would allow 5 s', async () => {
    await api.putNode('n1', { metadata: { name: 'n1' }, spec: { taints: [{ key: 'slow', effect: 'NoExecute' }] } });
    await api.putPod('default', 'web', { spec: { nodeName: 'n1', tolerations: [tolerate('slow', 100), tolerate('fast', 5)] } });
    const [scheduled] = (await api.get('/v1/evictions?pod=web')).json().items;
    expect(scheduled).toMatchObject({ status: 'Scheduled', tolerationSeconds: 100 });

    const impact = (await api.post('/v1/taint-impact?view=pods', { taint: { key: 'fast', effect: 'NoExecute' }, nodes: ['n1'] })).json();
    expect(impact.evictions).toEqual([
      {
        pod: { namespace: 'default', name: 'web' },
        node: 'n1',
        when: 'AfterTolerationSeconds',
        tolerationSeconds: 100,
        at: scheduled.scheduledFor,
        neverInPractice: false,
        alreadyScheduled: { scheduledAt: scheduled.startedAt },
        // n1 is the only node, and a replacement would not stay there: nothing is scheduled for it yet, so it would go after 5 s
        elsewhere: null,
        // kube-scheduler's TaintToleration lets it back on n1, whose NoExecute taints it tolerates (for a while).
        to: 'n1',
      },
    ]);
    expect(impact.rescheduling).toEqual({ capacityConsidered: true, stranded: 0, mode: 'together' });
    // The summary finds the same eviction for the same pod.
    const summary = (await api.post('/v1/taint-impact', { taint: { key: 'fast', effect: 'NoExecute' }, nodes: ['n1'] })).json();
    expect(summary.counts).toMatchObject({ evictedNow: 0, evictedLater: 1, alreadyScheduled: 1 });
    // So does a question over every node, which reads the evictions scheduled without naming the nodes.
    const everywhere = (await api.post('/v1/taint-impact', { taint: { key: 'fast', effect: 'NoExecute' }, all: true })).json();
    expect(everywhere.counts).toMatchObject({ evictedNow: 0, evictedLater: 1, alreadyScheduled: 1 });

    // And the controller does just that when the taint lands.
    expect((await api.post('/v1/nodes/n1/taints', { key: 'fast', effect: 'NoExecute' })).statusCode).toBe(201);
    expect((await api.get('/v1/evictions?pod=web&status=Scheduled')).json().items).toMatchObject([{ scheduledFor: scheduled.scheduledFor }]);
  });

  it('a pod with no eviction scheduled gets the new deadline', async () => {
    await api.putNode('n2');
    await api.putPod('default', 'api', { spec: { nodeName: 'n2', tolerations: [tolerate('fast', 5)] } });
    const [eviction] = (await api.post('/v1/taint-impact?view=pods', { taint: { key: 'fast', effect: 'NoExecute' }, nodes: ['n2'] })).json().evictions;
    expect(eviction).toMatchObject({ pod: { name: 'api' }, tolerationSeconds: 5 });
    expect(eviction.alreadyScheduled).toBeUndefined();
  });

  it('Succeeded and Failed pods on the node are listed: the controller does not look at the phase', async () => {
    await api.putNode('n3');
    await api.putPod('default', 'job-done', { spec: { nodeName: 'n3' }, status: { phase: 'Succeeded' } });
    await api.putPod('default', 'job-failed', { spec: { nodeName: 'n3' }, status: { phase: 'Failed' } });
    const impact = (await api.post('/v1/taint-impact?view=pods', { taint: { key: 'drain', effect: 'NoExecute' }, nodes: ['n3'] })).json();
    expect(impact.evictions.map((e: { pod: { name: string } }) => e.pod.name)).toEqual(['job-done', 'job-failed']);
    // And the controller deletes them when the taint lands.
    await api.post('/v1/nodes/n3/taints', { key: 'drain', effect: 'NoExecute' });
    expect((await api.getPod('default', 'job-done')).statusCode).toBe(404);
    expect((await api.getPod('default', 'job-failed')).statusCode).toBe(404);
  });
});
