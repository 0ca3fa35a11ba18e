import { beforeAll, describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';

/** A made-up admin token for the deployment under test (at least 32 characters). */
const ADMIN_TOKEN = 'test-admin-token-0123456789abcdefghij';
const SECRET = 'a-secret-of-24-characters';

const valid = { url: 'https://hooks.example.com/taintgate', events: ['EvictionExecuted', 'TaintAdded'], secret: SECRET };

describe('registering webhooks (TAINTGATE_AUTH=on)', () => {
  const t = useApiFixture({ TAINTGATE_AUTH: 'on', TAINTGATE_ADMIN_TOKEN: ADMIN_TOKEN });
  const admin = t.api.as(ADMIN_TOKEN);
  let operatorKey = '';
  let viewerKey = '';
  const stored = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM webhooks')).rows[0]?.n;

  beforeAll(async () => {
    for (const role of ['operator', 'viewer'] as const) {
      const reply = await admin.post('/v1/apikeys', { metadata: { name: `${role}-key` }, spec: { role } });
      expect(reply.statusCode, reply.body).toBe(201);
      if (role === 'operator') operatorKey = reply.json().key;
      else viewerKey = reply.json().key;
    }
  });

  it('registers one (201), answers it without its secret, and reads, lists and deletes it', async () => {
    const created = await admin.post('/v1/webhooks', { ...valid, format: 'slack' });
    expect(created.statusCode, created.body).toBe(201);
    const webhook = created.json();
    expect(webhook).toEqual({
      id: expect.stringMatching(/^\d+$/),
      url: valid.url,
      events: valid.events,
      format: 'slack',
      cluster: null,
      createdAt: expect.any(String),
    });
    expect(created.body).not.toContain(SECRET);
    const read = await admin.get(`/v1/webhooks/${webhook.id}`);
    expect(read.json()).toEqual(webhook);
    const list = await admin.get('/v1/webhooks');
    expect(list.json()).toMatchObject({ apiVersion: 'taintgate.io/v1', kind: 'WebhookList', items: [webhook] });
    expect(list.body).not.toContain(SECRET);
    expect((await admin.get(`/v1/webhooks/${webhook.id}/deliveries`)).json()).toMatchObject({ kind: 'WebhookDeliveryList', items: [] });
    const { rows: audit } = await t.db.query(`SELECT action, actor FROM audit_events WHERE kind = 'Webhook' ORDER BY id`);
    expect(audit).toEqual([{ action: 'webhook.create', actor: 'apikey:taintgate-admin-token' }]);

    expect((await admin.del(`/v1/webhooks/${webhook.id}`)).json()).toEqual(webhook);
    expect((await admin.get(`/v1/webhooks/${webhook.id}`)).statusCode).toBe(404);
    expect((await admin.del(`/v1/webhooks/${webhook.id}`)).statusCode).toBe(404);
    expect(await stored()).toBe(0);
  });

  it('json is the default format; a cluster scopes it, and must exist', async () => {
    await admin.put('/v1/clusters/prod', {});
    const scoped = await admin.post('/v1/webhooks', { ...valid, cluster: 'prod' });
    expect(scoped.statusCode, scoped.body).toBe(201);
    expect(scoped.json()).toMatchObject({ format: 'json', cluster: 'prod' });
    await admin.del(`/v1/webhooks/${scoped.json().id}`);
    const missing = await admin.post('/v1/webhooks', { ...valid, cluster: 'nowhere' });
    expect(missing.statusCode).toBe(404);
    expect(await stored()).toBe(0);
  });

  it.each([
    ['a url that is not http(s)', { ...valid, url: 'ftp://example.com/x' }, ['url']],
    ['a url that is no URL', { ...valid, url: 'not a url' }, ['url']],
    ['no url', { events: valid.events, secret: SECRET }, ['url']],
    ['no events', { ...valid, events: [] }, ['events']],
    ['events missing', { url: valid.url, secret: SECRET }, ['events']],
    ['an unknown event', { ...valid, events: ['EvictionExecuted', 'NodeExploded'] }, ['events[1]']],
    ['events that are not a list', { ...valid, events: 'TaintAdded' }, ['events']],
    ['an unknown format', { ...valid, format: 'teams' }, ['format']],
    ['no secret', { url: valid.url, events: valid.events }, ['secret']],
    ['a short secret', { ...valid, secret: 'short' }, ['secret']],
    ['a bad cluster name', { ...valid, cluster: 'Not_A_Label' }, ['cluster']],
    ['everything wrong', { url: 'x', events: ['?'], format: 1 }, ['url', 'events[0]', 'secret', 'format']],
  ])('refuses %s: 400 naming the field, nothing stored', async (_what, body, fields) => {
    const reply = await admin.post('/v1/webhooks', body);
    expect(reply.statusCode, reply.body).toBe(400);
    expect(
      reply
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual([...fields].sort());
    expect(reply.body).not.toContain(SECRET);
    expect(await stored()).toBe(0);
  });

  it('refuses a body that is not an object, and an id that is not one', async () => {
    expect((await admin.post('/v1/webhooks', ['x'])).statusCode).toBe(400);
    expect((await admin.get('/v1/webhooks/abc')).statusCode).toBe(400);
    expect((await admin.get('/v1/webhooks/999')).statusCode).toBe(404);
  });

  it('is for admins only: an operator or viewer gets 403, no key 401', async () => {
    const created = await admin.post('/v1/webhooks', valid);
    const id = created.json().id;
    for (const key of [operatorKey, viewerKey]) {
      const as = t.api.as(key);
      expect((await as.post('/v1/webhooks', valid)).statusCode).toBe(403);
      expect((await as.get('/v1/webhooks')).statusCode).toBe(403);
      expect((await as.get(`/v1/webhooks/${id}`)).statusCode).toBe(403);
      expect((await as.get(`/v1/webhooks/${id}/deliveries`)).statusCode).toBe(403);
      expect((await as.del(`/v1/webhooks/${id}`)).statusCode).toBe(403);
    }
    expect((await t.api.get('/v1/webhooks')).statusCode).toBe(401);
    expect(await stored()).toBe(1);
    await admin.del(`/v1/webhooks/${id}`);
  });

  it('declares its routes in the OpenAPI document: the body, and the answers', async () => {
    const doc = (await t.api.get('/docs-json')).json();
    const post = doc.paths['/v1/webhooks'].post;
    expect(post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/CreateWebhookBody' });
    expect(Object.keys(post.responses)).toContain('201');
    expect(doc.components.schemas.CreateWebhookBody.required).toEqual(['url', 'events', 'secret']);
    expect(doc.paths['/v1/webhooks/{id}/deliveries'].get.responses['200']).toBeDefined();
  });
});
