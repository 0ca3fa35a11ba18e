import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';
import { TEST_SECRETS_KEY } from '../../../../support/boot-app';
import { WebhookReceiver, waitFor } from './webhook-receiver';

/**
 * Webhook secrets at rest: sealed under TAINTGATE_SECRETS_KEY before they are stored (the
 * database never holds one that signs), opened to sign each delivery; those stored before sealing
 * and those under the key before a rotation (TAINTGATE_SECRETS_KEY_PREVIOUS) are sealed again at
 * start; without a key none is registered, and a secret no key opens fails its deliveries, saying why.
 */

const SECRET = 'a-secret-of-24-characters';
const NEW_KEY = 'rotated-secrets-key-0123456789abcdefghijkl';
const WRONG_KEY = 'some-other-secrets-key-0123456789abcdefgh';

const signatureOf = (body: string, header: unknown) => {
  const t = /^t=(\d+),/.exec(String(header))?.[1] ?? '';
  return `t=${t},v1=${createHmac('sha256', SECRET).update(`${t}.${body}`).digest('hex')}`;
};

describe('webhook secrets, sealed at rest', () => {
  const t = useApiFixture({ TAINTGATE_WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32', WEBHOOK_MAX_ATTEMPTS: '2', WEBHOOK_RETRY_DELAY_MS: '50' });
  const receiver = new WebhookReceiver();
  let id = '';
  const stored = async () => (await t.db.query<{ secret: string }>('SELECT secret FROM webhooks WHERE id = $1', [id])).rows[0]?.secret ?? '';
  let taints = 0;

  /** A taint removed, a delivery expected: answers it once it arrives (or the delivery's record, should it fail). */
  async function deliverOne(): Promise<{ signed: boolean } | { failed: string }> {
    taints += 1;
    const before = receiver.received.length;
    const listed = async () => (await t.api.get(`/v1/webhooks/${id}/deliveries`)).json<{ items: { status: string; lastError: string }[] }>().items;
    const deliveredBefore = (await listed()).length;
    const key = `k${taints}`;
    expect((await t.api.post('/v1/nodes/n1/taints', { key, effect: 'NoSchedule' })).statusCode).toBe(201);
    expect((await t.api.del(`/v1/nodes/n1/taints?key=${key}`)).statusCode).toBe(200);
    return waitFor(async () => {
      const got = receiver.received[before];
      if (got) return { signed: got.headers['x-taintgate-signature'] === signatureOf(got.body, got.headers['x-taintgate-signature']) };
      const items = await listed();
      const latest = items.length > deliveredBefore ? items[0] : undefined;
      return latest?.status === 'failed' ? { failed: latest.lastError } : undefined;
    });
  }

  beforeAll(async () => {
    await receiver.start();
    expect((await t.api.putNode('n1')).statusCode).toBe(201);
    const created = await t.api.post('/v1/webhooks', { url: receiver.url, events: ['TaintRemoved'], secret: SECRET });
    expect(created.statusCode, created.body).toBe(201);
    id = created.json<{ id: string }>().id;
  });
  afterAll(() => receiver.close());

  it('the stored secret is sealed (no copy of the database signs), and deliveries are signed with the secret given', async () => {
    const sealed = await stored();
    expect(sealed).toMatch(/^tgs1:[0-9a-f]{8}:[\w-]+:[\w-]+:[\w-]+$/);
    expect(sealed).not.toContain(SECRET);
    expect(await deliverOne()).toEqual({ signed: true });
  });

  it('a secret stored before sealing is sealed at the next start, and still signs', async () => {
    await t.db.query('UPDATE webhooks SET secret = $1 WHERE id = $2', [SECRET, id]);
    await t.restart();
    expect(await stored()).toMatch(/^tgs1:/);
    expect(await deliverOne()).toEqual({ signed: true });
  });

  it('a key rotated: the previous key opens, and every secret is sealed again under the new one', async () => {
    const before = await stored();
    await t.restart({ TAINTGATE_SECRETS_KEY: NEW_KEY, TAINTGATE_SECRETS_KEY_PREVIOUS: TEST_SECRETS_KEY });
    const after = await stored();
    expect(after.split(':')[1]).not.toBe(before.split(':')[1]);
    // The previous key may now go.
    await t.restart({ TAINTGATE_SECRETS_KEY: NEW_KEY, TAINTGATE_SECRETS_KEY_PREVIOUS: '' });
    expect(await stored()).toBe(after);
    expect(await deliverOne()).toEqual({ signed: true });
  });

  it('a key that does not open the secret: the delivery fails at once, saying why, and the secret stays as it was', async () => {
    const before = await stored();
    await t.restart({ TAINTGATE_SECRETS_KEY: WRONG_KEY });
    expect(await stored()).toBe(before);
    const outcome = await deliverOne();
    expect(outcome).toEqual({ failed: expect.stringMatching(/^the webhook's secret cannot be read: sealed by key [0-9a-f]{8}, which neither/) });
    await t.restart({ TAINTGATE_SECRETS_KEY: NEW_KEY });
    expect(await deliverOne()).toEqual({ signed: true });
  });

  it('without TAINTGATE_SECRETS_KEY no webhook is registered: 403 saying what to set, and nothing stored', async () => {
    await t.restart({ TAINTGATE_SECRETS_KEY: '' });
    const count = async () => Number((await t.db.query<{ n: string }>('SELECT count(*) AS n FROM webhooks')).rows[0]?.n);
    const before = await count();
    const reply = await t.api.post('/v1/webhooks', { url: receiver.url, events: ['TaintRemoved'], secret: SECRET });
    expect(reply.statusCode).toBe(403);
    expect(reply.json().message).toBe(
      'webhooks "" is forbidden: this deployment keeps no secrets: set TAINTGATE_SECRETS_KEY (at least 32 characters) to register webhooks',
    );
    expect(await count()).toBe(before);
  });
});
