import { afterEach, describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';
import { deleteRedisKeys } from '../../../../support/redis-prefix';
import { WebhookReceiver, waitFor } from './webhook-receiver';

const SECRET = 'a-secret-of-24-characters';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('webhook deliveries across replicas', () => {
  const t = useApiFixture({ TAINTGATE_WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32', WEBHOOK_MAX_ATTEMPTS: '3', WEBHOOK_RETRY_DELAY_MS: '50' });
  let receiver: WebhookReceiver | undefined;
  afterEach(async () => {
    await receiver?.close();
  });

  it('two replicas writing and dispatching: every taint told once, none twice', async () => {
    receiver = await new WebhookReceiver().start();
    const replica = await t.bootReplica();
    expect((await t.api.post('/v1/webhooks', { url: receiver.url, events: ['TaintAdded'], secret: SECRET })).statusCode).toBe(201);
    await t.api.putNode('n1');
    const keys = Array.from({ length: 12 }, (_, i) => `k${i}`);
    await Promise.all(
      keys.map((key, i) => (i % 2 === 0 ? t.app : replica).inject({ method: 'POST', url: '/v1/nodes/n1/taints', payload: { key, effect: 'NoSchedule' } })),
    );
    const got = await waitFor(() => (receiver && receiver.received.length >= keys.length ? receiver.received : undefined));
    await sleep(1500);
    expect(got).toHaveLength(keys.length);
    expect(new Set(got.map((r) => r.headers['x-taintgate-delivery'])).size).toBe(keys.length);
    expect(got.map((r) => JSON.parse(r.body).taint.key).sort()).toEqual([...keys].sort());
    const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'succeeded'`);
    expect(rows[0]?.n).toBe(keys.length);
  });

  it('a taint through the Kubernetes API face (a merge PATCH, as kubectl edit sends it) is told too', async () => {
    receiver = await new WebhookReceiver().start();
    await t.api.put('/v1/clusters/kube', {});
    expect((await t.api.post('/v1/webhooks', { url: receiver.url, events: ['TaintAdded'], secret: SECRET, cluster: 'kube' })).statusCode).toBe(201);
    await t.api.put('/v1/clusters/kube/nodes/p1', { metadata: { name: 'p1' } });
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/clusters/kube/api/v1/nodes/p1',
      payload: JSON.stringify({ spec: { taints: [{ key: 'edited', effect: 'NoSchedule' }] } }),
      headers: { 'content-type': 'application/merge-patch+json' },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const [got] = await waitFor(() => (receiver && receiver.received.length >= 1 ? receiver.received : undefined));
    expect(JSON.parse(got?.body ?? '{}')).toMatchObject({ event: 'TaintAdded', cluster: 'kube', node: 'p1', taint: { key: 'edited' } });
  });
});

describe('webhook deliveries when Redis loses their jobs', () => {
  // A minute's backoff: the retry BullMQ holds is what Redis loses, and only the dispatcher's re-queueing brings it back.
  const t = useApiFixture({ TAINTGATE_WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32', WEBHOOK_MAX_ATTEMPTS: '3', WEBHOOK_RETRY_DELAY_MS: '60000' });
  let receiver: WebhookReceiver | undefined;
  afterEach(async () => {
    await receiver?.close();
  });

  it('a delivery waiting for its retry is queued again from Postgres, and succeeds on its second attempt', { timeout: 40_000 }, async () => {
    receiver = await new WebhookReceiver((n) => (n === 1 ? 500 : 200)).start();
    const created = (await t.api.post('/v1/webhooks', { url: receiver.url, events: ['TaintAdded'], secret: SECRET })).json<{ id: string }>();
    await t.api.putNode('n1', { metadata: { name: 'n1' }, spec: { taints: [{ key: 'k', effect: 'NoSchedule' }] } });
    await waitFor(() => (receiver && receiver.received.length >= 1 ? true : undefined));
    await waitFor(async () => {
      const [delivery] = (await t.api.get(`/v1/webhooks/${created.id}/deliveries`)).json().items;
      return delivery?.attempts === 1 && delivery.lastError ? delivery : undefined;
    });
    // Redis keeps nothing on disk here: a restart of it, or a flush, loses every job.
    await deleteRedisKeys(t.redisPrefix);
    const delivery = await waitFor(async () => {
      const [d] = (await t.api.get(`/v1/webhooks/${created.id}/deliveries`)).json().items;
      return d?.status === 'succeeded' ? d : undefined;
    }, 30_000);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 2, responseStatus: 200 });
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[0]?.body).toBe(receiver.received[1]?.body);
  });
});
