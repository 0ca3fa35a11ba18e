import { describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';
import { sleep, waitUntil } from '../../../../support/waiting';

/**
 * Node deletion as Kubernetes handles it: the node goes at once, its pods stay until the pod
 * garbage collector's quarantine has passed (gcOrphaned), and evictions already scheduled for
 * them still fire (the taint eviction controller only forgets a deleted node). Quarantine and
 * period shortened so the test runs in seconds.
 */
describe('node deletion and the pod garbage collector', () => {
  const t = useApiFixture({ POD_GC_QUARANTINE_SECONDS: '2', POD_GC_PERIOD_SECONDS: '1' });
  const { api, db } = t;
  const podExists = async (name: string) => (await api.getPod('default', name)).statusCode === 200;
  const bound = (name: string, nodeName: string, tolerations: unknown[] = []) => api.putPod('default', name, { spec: { nodeName, tolerations } });

  it('deletes the pods of a deleted node after the quarantine, with an event and an audit entry', async () => {
    expect((await api.putNode('doomed')).statusCode).toBe(201);
    expect((await bound('orphan', 'doomed')).statusCode).toBe(201);
    expect((await api.del('/v1/nodes/doomed')).statusCode).toBe(200);

    // Still there right after: the node may only be re-created.
    expect(await podExists('orphan')).toBe(true);
    await waitUntil(async () => !(await podExists('orphan')), 10_000);

    const { rows: events } = await db.query("SELECT kind, reason, message, involved_name FROM events WHERE kind = 'PodGarbageCollected'");
    expect(events).toEqual([
      {
        kind: 'PodGarbageCollected',
        reason: 'DeletionByPodGC',
        message: 'Deleted orphaned Pod default/orphan: node doomed no longer exists (PodGC: node no longer exists)',
        involved_name: 'orphan',
      },
    ]);
    const { rows: audit } = await db.query("SELECT action, details FROM audit_events WHERE name = 'orphan' ORDER BY id");
    expect(audit.map((r: { action: string }) => r.action)).toEqual(['pod.create', 'pod.gc']);
  });

  it('keeps the pods of a node re-created within the quarantine', async () => {
    await api.putNode('flapping');
    await bound('survivor', 'flapping');
    await api.del('/v1/nodes/flapping');
    expect((await api.putNode('flapping')).statusCode).toBe(201);
    await sleep(3_500);
    expect(await podExists('survivor')).toBe(true);
  });

  // Node deletion cancels nothing: a deadline that comes first fires (the pod is evicted); one that
  // would come later is cancelled when the collector deletes the pod, as for any deleted pod.
  it.each([
    ['a scheduled eviction fires on time, before the collector', 'leaving', 1, { status: 'Executed', node: 'n-leaving', tolerationSeconds: 1 }],
    ['the collector cancels the eviction still waiting for the pod it deletes', 'waiting', 3600, { status: 'Cancelled', reason: 'PodDeleted' }],
  ])('%s', async (_name, podName, tolerationSeconds, eviction) => {
    const nodeName = `n-${podName}`;
    await api.putNode(nodeName, { metadata: { name: nodeName }, spec: { taints: [{ key: 'drain', effect: 'NoExecute' }] } });
    await bound(podName, nodeName, [{ key: 'drain', operator: 'Exists', effect: 'NoExecute', tolerationSeconds }]);
    await api.del(`/v1/nodes/${nodeName}`);
    await waitUntil(async () => !(await podExists(podName)), 10_000);
    expect((await api.get(`/v1/evictions?pod=${podName}`)).json().items).toMatchObject([eviction]);
  });
});
