import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';
import { type Received, WebhookReceiver, waitFor } from './webhook-receiver';

const SECRET = 'a-secret-of-24-characters';

/** The signature of the body at the time the header says (checked apart: within a minute of now). */
const hmacOf = (body: string, header: unknown, secret = SECRET) => {
  const t = /^t=(\d+),/.exec(String(header))?.[1] ?? '';
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
};
const signedNow = (header: unknown) => Math.abs(Date.now() / 1000 - Number(/^t=(\d+),/.exec(String(header))?.[1])) < 60;

describe('webhook deliveries', () => {
  // Three attempts, 50 ms then 100 ms apart: the retry tests run in well under a second.
  const t = useApiFixture({
    TAINTGATE_WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32',
    WEBHOOK_MAX_ATTEMPTS: '3',
    WEBHOOK_RETRY_DELAY_MS: '50',
    WEBHOOK_TIMEOUT_MS: '2000',
  });
  const { api } = t;
  const receivers: WebhookReceiver[] = [];
  afterEach(async () => {
    for (const r of receivers.splice(0)) await r.close();
  });

  /** A receiver, a cluster of its own, and a webhook for that cluster's `events`. */
  async function setUp(cluster: string, events: string[], options: { format?: string; answer?: (n: number) => number } = {}) {
    const receiver = await new WebhookReceiver(options.answer).start();
    receivers.push(receiver);
    expect((await api.put(`/v1/clusters/${cluster}`, {})).statusCode).toBeLessThan(300);
    const created = await api.post('/v1/webhooks', {
      url: receiver.url,
      events,
      secret: SECRET,
      cluster,
      ...(options.format ? { format: options.format } : {}),
    });
    expect(created.statusCode, created.body).toBe(201);
    return { receiver, webhook: created.json<{ id: string }>() };
  }

  const deliveries = async (id: string) => (await api.get(`/v1/webhooks/${id}/deliveries`)).json().items;
  const arrived = (receiver: WebhookReceiver, n: number) => waitFor(() => (receiver.received.length >= n ? receiver.received : undefined));
  const json = (r: Received) => JSON.parse(r.body);

  it('an eviction: EvictionExecuted, signed with the secret, with its delivery id, event and the eviction', async () => {
    const { receiver, webhook } = await setUp('evict', ['EvictionExecuted']);
    await api.put('/v1/clusters/evict/nodes/n1', { metadata: { name: 'n1' } });
    await api.put('/v1/clusters/evict/namespaces/default/pods/web-1', {
      metadata: { name: 'web-1' },
      spec: { nodeName: 'n1', terminationGracePeriodSeconds: 0 },
    });
    expect((await api.post('/v1/clusters/evict/nodes/n1/taints', { key: 'dedicated', value: 'gpu', effect: 'NoExecute' })).statusCode).toBe(201);
    const [got] = await arrived(receiver, 1);
    if (!got) throw new Error('nothing arrived');
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['x-taintgate-signature']).toBe(hmacOf(got.body, got.headers['x-taintgate-signature']));
    expect(signedNow(got.headers['x-taintgate-signature'])).toBe(true);
    expect(got.headers['x-taintgate-signature']).not.toBe(hmacOf(got.body, got.headers['x-taintgate-signature'], 'another-secret-of-some-length'));
    expect(got.headers['x-taintgate-event']).toBe('EvictionExecuted');
    const body = json(got);
    expect(body).toMatchObject({
      id: got.headers['x-taintgate-delivery'],
      event: 'EvictionExecuted',
      cluster: 'evict',
      at: expect.any(String),
      pod: { namespace: 'default', name: 'web-1', uid: expect.any(String) },
      node: 'n1',
      taint: { key: 'dedicated', value: 'gpu', effect: 'NoExecute' },
      eviction: { node: 'n1', status: 'Executed', pod: { name: 'web-1' } },
    });
    const [delivery] = await waitFor(async () => {
      const items = await deliveries(webhook.id);
      return items[0]?.status === 'succeeded' ? items : undefined;
    });
    expect(delivery).toMatchObject({ id: body.id, event: 'EvictionExecuted', status: 'succeeded', attempts: 1, lastError: null, responseStatus: 204 });
    // Only what it asked for: the taint itself was not told (TaintAdded not registered), nor anything twice.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(receiver.received).toHaveLength(1);
  });

  it('a node taint change: TaintAdded and TaintRemoved, once each, from PUT, PATCH-free taint routes and DELETE of the node', async () => {
    const { receiver } = await setUp('taints', ['TaintAdded', 'TaintRemoved']);
    await api.put('/v1/clusters/taints/nodes/n1', { metadata: { name: 'n1' }, spec: { taints: [{ key: 'a', effect: 'NoSchedule' }] } });
    // Not a change: the same taint again, and a label.
    await api.put('/v1/clusters/taints/nodes/n1', { metadata: { name: 'n1', labels: { x: 'y' } }, spec: { taints: [{ key: 'a', effect: 'NoSchedule' }] } });
    await api.post('/v1/clusters/taints/nodes/n1/taints', { key: 'b', value: 'v', effect: 'PreferNoSchedule' });
    await api.del('/v1/clusters/taints/nodes/n1/taints?key=a');
    await api.del('/v1/clusters/taints/nodes/n1');
    const got = await arrived(receiver, 4);
    await new Promise((resolve) => setTimeout(resolve, 700));
    const told = receiver.received.map(json).map((b) => [b.event, b.node, `${b.taint.key}:${b.taint.effect}`]);
    expect(told.sort()).toEqual(
      [
        ['TaintAdded', 'n1', 'a:NoSchedule'],
        ['TaintAdded', 'n1', 'b:PreferNoSchedule'],
        ['TaintRemoved', 'n1', 'a:NoSchedule'],
        ['TaintRemoved', 'n1', 'b:PreferNoSchedule'],
      ].sort(),
    );
    for (const r of got) expect(r.headers['x-taintgate-signature']).toBe(hmacOf(r.body, r.headers['x-taintgate-signature']));
    expect(json(got.find((r) => json(r).taint.key === 'b') as Received)).toMatchObject({ taint: { value: 'v' }, actor: 'anyone' });
  });

  it('kubectl taint over several nodes (POST /v1/taint): one TaintAdded per node', async () => {
    const { receiver } = await setUp('bulk', ['TaintAdded']);
    for (const n of ['b1', 'b2', 'b3']) await api.put(`/v1/clusters/bulk/nodes/${n}`, { metadata: { name: n } });
    const reply = await api.post('/v1/clusters/bulk/taint', { all: true, taints: ['maint=yes:NoSchedule'] });
    expect(reply.statusCode, reply.body).toBe(200);
    const got = await arrived(receiver, 3);
    expect(got.map((r) => json(r).node).sort()).toEqual(['b1', 'b2', 'b3']);
  });

  it('an import: one ImportFinished with its tallies, an import that changed nothing too', async () => {
    const { receiver } = await setUp('imported', ['ImportFinished']);
    const list = {
      apiVersion: 'v1',
      kind: 'List',
      items: [{ apiVersion: 'v1', kind: 'Node', metadata: { name: 'i1' }, spec: { taints: [{ key: 'k', effect: 'NoSchedule' }] } }],
    };
    expect((await api.post('/v1/clusters/imported/import', list)).statusCode).toBe(200);
    const [got] = await arrived(receiver, 1);
    expect(json(got as Received)).toMatchObject({
      event: 'ImportFinished',
      cluster: 'imported',
      import: { nodes: { created: 1, updated: 0, unchanged: 0, deleted: 0 }, pods: { created: 0 }, rejected: 0 },
    });
    // The same again changes nothing and takes no revision, and is told all the same.
    expect((await api.post('/v1/clusters/imported/import', list)).statusCode).toBe(200);
    const [, again] = await arrived(receiver, 2);
    expect(json(again as Received)).toMatchObject({ event: 'ImportFinished', cluster: 'imported', import: { nodes: { created: 0, unchanged: 1 } } });
  });

  it("a mirror's import: EvictionPredicted, with the eviction Predicted and when its cluster is expected to carry it out", async () => {
    const { receiver } = await setUp('mirrored', ['EvictionPredicted', 'EvictionExecuted']);
    expect((await api.put('/v1/clusters/mirrored', { spec: { mode: 'mirror' } })).statusCode).toBe(200);
    const tainted = {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name: 'm1' },
      spec: { taints: [{ key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' }] },
    };
    const podOn = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'db-0', namespace: 'data', uid: '6f1c2a4e-0000-4000-8000-000000000001' },
      spec: {
        nodeName: 'm1',
        containers: [{ name: 'db', image: 'postgres' }],
        tolerations: [{ key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 }],
      },
    };
    expect((await api.post('/v1/clusters/mirrored/import', { apiVersion: 'v1', kind: 'List', items: [tainted, podOn] })).statusCode).toBe(200);
    const [got] = await arrived(receiver, 1);
    const body = json(got as Received);
    expect(body).toMatchObject({
      event: 'EvictionPredicted',
      cluster: 'mirrored',
      pod: { namespace: 'data', name: 'db-0' },
      node: 'm1',
      eviction: { status: 'Predicted', tolerationSeconds: 300 },
      message: expect.stringMatching(/^Predicting deletion of Pod data\/db-0 at /),
    });
    expect(Date.parse(body.eviction.scheduledFor) - Date.parse(body.eviction.startedAt)).toBe(300_000);
    // Nothing was executed: the pod is still there, and nothing else was told.
    expect((await api.get('/v1/clusters/mirrored/namespaces/data/pods/db-0')).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(receiver.received).toHaveLength(1);
  });

  it("format slack: Slack's incoming-webhook JSON, the event as a Markdown line", async () => {
    const { receiver } = await setUp('chat', ['TaintAdded'], { format: 'slack' });
    await api.put('/v1/clusters/chat/nodes/n1', { metadata: { name: 'n1' } });
    await api.post('/v1/clusters/chat/nodes/n1/taints', { key: 'dedicated', value: 'gpu', effect: 'NoExecute' });
    const [got] = await arrived(receiver, 1);
    if (!got) throw new Error('nothing arrived');
    expect(JSON.parse(got.body)).toEqual({ text: '`chat`: taint `dedicated=gpu:NoExecute` added to node `n1` by `anyone`' });
    expect(got.headers['x-taintgate-signature']).toBe(hmacOf(got.body, got.headers['x-taintgate-signature']));
  });

  it('a receiver that fails twice, then accepts: the same delivery three times, recorded succeeded after 3 attempts', async () => {
    const { receiver, webhook } = await setUp('flaky', ['TaintAdded'], { answer: (n) => (n <= 2 ? 500 : 200) });
    await api.put('/v1/clusters/flaky/nodes/n1', { metadata: { name: 'n1', labels: {} }, spec: { taints: [{ key: 'k', effect: 'NoSchedule' }] } });
    const got = await arrived(receiver, 3);
    expect(new Set(got.map((r) => r.headers['x-taintgate-delivery'])).size).toBe(1);
    expect(new Set(got.map((r) => r.body)).size).toBe(1);
    const [delivery] = await waitFor(async () => {
      const items = await deliveries(webhook.id);
      return items[0]?.status === 'succeeded' ? items : undefined;
    });
    expect(delivery).toMatchObject({
      status: 'succeeded',
      attempts: 3,
      responseStatus: 200,
      // The receiver's words are not kept: they may be an internal service's.
      lastError: 'HTTP 500',
      deliveredAt: expect.any(String),
    });
  });

  it('a receiver that always fails: recorded failed after the last attempt, with the last error', async () => {
    const { receiver, webhook } = await setUp('down', ['TaintAdded'], { answer: () => 503 });
    await api.put('/v1/clusters/down/nodes/n1', { metadata: { name: 'n1' }, spec: { taints: [{ key: 'k', effect: 'NoSchedule' }] } });
    const [delivery] = await waitFor(async () => {
      const items = await deliveries(webhook.id);
      return items[0]?.status === 'failed' ? items : undefined;
    });
    expect(delivery).toMatchObject({ status: 'failed', attempts: 3, responseStatus: 503, lastError: 'HTTP 503', deliveredAt: null });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received).toHaveLength(3);
  });

  it('a receiver that is not there: failed, saying why', async () => {
    const { receiver, webhook } = await setUp('gone', ['TaintAdded']);
    await receiver.close();
    await api.put('/v1/clusters/gone/nodes/n1', { metadata: { name: 'n1' }, spec: { taints: [{ key: 'k', effect: 'NoSchedule' }] } });
    const [delivery] = await waitFor(async () => {
      const items = await deliveries(webhook.id);
      return items[0]?.status === 'failed' ? items : undefined;
    });
    expect(delivery).toMatchObject({ attempts: 3, responseStatus: null, lastError: expect.stringContaining('ECONNREFUSED') });
  });

  it('lists deliveries newest first, a page at a time', async () => {
    const { receiver, webhook } = await setUp('paged', ['TaintAdded']);
    await api.put('/v1/clusters/paged/nodes/n1', { metadata: { name: 'n1' } });
    for (const key of ['k1', 'k2', 'k3']) {
      await api.post('/v1/clusters/paged/nodes/n1/taints', { key, effect: 'NoSchedule' });
      await arrived(receiver, Number(key.slice(1)));
    }
    const first = (await api.get(`/v1/webhooks/${webhook.id}/deliveries?limit=2`)).json();
    expect(first.items).toHaveLength(2);
    const rest = (await api.get(`/v1/webhooks/${webhook.id}/deliveries?limit=2&continue=${encodeURIComponent(first.metadata.continue)}`)).json();
    expect(rest.items).toHaveLength(1);
    expect(rest.metadata.continue).toBeUndefined();
    const bodies = new Map(receiver.received.map((r) => [json(r).id, json(r).taint.key]));
    expect([...first.items, ...rest.items].map((d: { id: string }) => bodies.get(d.id))).toEqual(['k3', 'k2', 'k1']);
  });

  it('a webhook for every cluster is told of each; one deleted is told nothing more', async () => {
    const receiver = await new WebhookReceiver().start();
    receivers.push(receiver);
    const created = (await api.post('/v1/webhooks', { url: receiver.url, events: ['TaintAdded'], secret: SECRET })).json();
    await api.put('/v1/clusters/one/nodes/n1', { metadata: { name: 'n1' }, spec: { taints: [{ key: 'k', effect: 'NoSchedule' }] } });
    await api.put('/v1/clusters/two/nodes/n1', { metadata: { name: 'n1' }, spec: { taints: [{ key: 'k', effect: 'NoSchedule' }] } });
    const got = await arrived(receiver, 2);
    expect(got.map((r) => json(r).cluster).sort()).toEqual(['one', 'two']);
    await api.del(`/v1/webhooks/${created.id}`);
    await api.post('/v1/clusters/one/nodes/n1/taints', { key: 'later', effect: 'NoSchedule' });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(receiver.received).toHaveLength(2);
  });
});
