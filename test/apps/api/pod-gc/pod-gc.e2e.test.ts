import { describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../support/api-test-app';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(probe: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(100);
  }
}

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

  it('a deleted node cancels no eviction: a scheduled one fires on time, before the collector', async () => {
    await api.putNode('tainted', { metadata: { name: 'tainted' }, spec: { taints: [{ key: 'drain', effect: 'NoExecute' }] } });
    await bound('leaving', 'tainted', [{ key: 'drain', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 1 }]);
    await api.del('/v1/nodes/tainted');
    await waitUntil(async () => !(await podExists('leaving')), 10_000);
    const evictions = (await api.get('/v1/evictions?pod=leaving')).json().items;
    expect(evictions).toMatchObject([{ status: 'Executed', node: 'tainted', tolerationSeconds: 1 }]);
  });

  it('the collector cancels the eviction still waiting for the pod it deletes', async () => {
    await api.putNode('late', { metadata: { name: 'late' }, spec: { taints: [{ key: 'drain', effect: 'NoExecute' }] } });
    await bound('waiting', 'late', [{ key: 'drain', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 3600 }]);
    await api.del('/v1/nodes/late');
    await waitUntil(async () => !(await podExists('waiting')), 10_000);
    const evictions = (await api.get('/v1/evictions?pod=waiting')).json().items;
    expect(evictions).toMatchObject([{ status: 'Cancelled', reason: 'PodDeleted' }]);
  });
});
