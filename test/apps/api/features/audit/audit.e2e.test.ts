import { beforeAll, describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';

const ADMIN_TOKEN = 'audit-test-admin-token-0123456789abcdef';

interface Entry {
  id: string;
  time: string;
  action: string;
  kind: string;
  name: string;
  cluster?: string;
  actor: string;
  details: Record<string, string>;
  requestId?: string;
  clientAddress?: string;
  before: { metadata: { labels?: Record<string, string> } } | null;
  after: { metadata: { labels?: Record<string, string> } } | null;
}
interface Page {
  kind: string;
  metadata: { continue?: string };
  items: Entry[];
}

describe('GET /v1/audit: who did what', () => {
  const t = useApiFixture({ TAINTGATE_AUTH: 'on', TAINTGATE_ADMIN_TOKEN: ADMIN_TOKEN });
  const admin = t.api.as(ADMIN_TOKEN);
  let operator = t.api;
  let startedAt = '';

  beforeAll(async () => {
    startedAt = new Date().toISOString();
    const made = await admin.post('/v1/apikeys', { metadata: { name: 'alice' }, spec: { role: 'operator' } });
    operator = t.api.as(made.json<{ key: string }>().key);
    expect((await operator.put('/v1/clusters/prod/nodes/n1', { metadata: { name: 'n1', labels: { tier: 'a' } } })).statusCode).toBe(201);
    expect((await operator.put('/v1/clusters/prod/nodes/n1', { metadata: { name: 'n1', labels: { tier: 'b' } } })).statusCode).toBe(200);
    expect((await operator.del('/v1/clusters/prod/nodes/n1')).statusCode).toBe(200);
    expect((await operator.put('/v1/nodes/other', { metadata: { name: 'other' } })).statusCode).toBe(201);
  });

  it('answers each write with its actor, request, address, and the object before and after, newest first', async () => {
    const reply = await admin.get('/v1/audit?cluster=prod&kind=Node&name=n1');
    expect(reply.statusCode).toBe(200);
    const page = reply.json<Page>();
    expect(page.kind).toBe('AuditEventList');
    expect(page.items.map((e) => e.action)).toEqual(['node.delete', 'node.replace', 'node.create']);
    for (const entry of page.items) {
      expect(entry).toMatchObject({ cluster: 'prod', actor: 'apikey:alice', clientAddress: '127.0.0.1', requestId: expect.any(String) });
    }
    const [deleted, replaced, created] = page.items;
    expect(created?.before).toBeNull();
    expect(created?.after?.metadata.labels).toEqual({ tier: 'a' });
    expect(replaced?.before?.metadata.labels).toEqual({ tier: 'a' });
    expect(replaced?.after?.metadata.labels).toEqual({ tier: 'b' });
    expect(deleted?.before?.metadata.labels).toEqual({ tier: 'b' });
    expect(deleted?.after).toBeNull();
  });

  it('filters by actor, action and time', async () => {
    const byAlice = (await admin.get('/v1/audit?actor=apikey:alice')).json<Page>().items;
    // Her first write to prod created it.
    expect(byAlice.map((e) => e.action)).toEqual(['node.create', 'node.delete', 'node.replace', 'node.create', 'cluster.create']);
    const keys = (await admin.get('/v1/audit?kind=APIKey')).json<Page>().items;
    expect(keys.map((e) => `${e.action} ${e.name} by ${e.actor}`)).toContain('apikey.create alice by apikey:taintgate-admin-token');
    expect((await admin.get('/v1/audit?action=node.replace')).json<Page>().items).toHaveLength(1);
    expect((await admin.get(`/v1/audit?until=${encodeURIComponent(startedAt)}&actor=apikey:alice`)).json<Page>().items).toEqual([]);
    expect((await admin.get(`/v1/audit?since=${encodeURIComponent(startedAt)}&actor=apikey:alice`)).json<Page>().items).toHaveLength(5);
  });

  it('pages with limit and continue, each row once', async () => {
    const all = (await admin.get('/v1/audit')).json<Page>().items.map((e) => e.id);
    const seen: string[] = [];
    let url = '/v1/audit?limit=2';
    for (;;) {
      const reply = await admin.get(url);
      expect(reply.statusCode, reply.body).toBe(200);
      const page = reply.json<Page>();
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((e) => e.id));
      if (!page.metadata.continue) break;
      url = `/v1/audit?limit=2&continue=${encodeURIComponent(page.metadata.continue)}`;
    }
    expect(seen).toEqual(all);
  });

  it.each([
    ['limit=-1', 'limit: Invalid value: "-1"'],
    ['limit=ten', 'limit: Invalid value: "ten": strconv.ParseInt: parsing "ten": invalid syntax'],
    ['continue=garbage', 'continue: '],
    ['since=yesterday', 'since: Invalid value: "yesterday": must be an RFC 3339 time'],
    ['cluster=Not_A_Name', 'cluster: Invalid value: "Not_A_Name"'],
  ])('a bad %s answers 400 naming it', async (query, message) => {
    const reply = await admin.get(`/v1/audit?${query}`);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toContain(message);
  });

  it('names who set an eviction in motion and who stopped it', async () => {
    expect((await operator.put('/v1/clusters/ev/nodes/w1', { metadata: { name: 'w1' } })).statusCode).toBe(201);
    const tolerating = { spec: { nodeName: 'w1', tolerations: [{ key: 'drain', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 3600 }] } };
    expect((await operator.put('/v1/clusters/ev/namespaces/default/pods/web', tolerating)).statusCode).toBe(201);
    expect((await operator.post('/v1/clusters/ev/nodes/w1/taints', { key: 'drain', effect: 'NoExecute' })).statusCode).toBe(201);
    expect((await admin.del('/v1/clusters/ev/nodes/w1/taints?key=drain')).statusCode).toBe(200);
    const entries = (await admin.get('/v1/audit?cluster=ev&kind=Pod&name=web')).json<Page>().items;
    expect(entries.map((e) => [e.action, e.actor, e.details.taint, e.details.reason])).toEqual([
      ['eviction.cancel', 'apikey:taintgate-admin-token', 'drain:NoExecute', 'TaintRemoved'],
      ['eviction.schedule', 'apikey:alice', 'drain:NoExecute', undefined],
      ['pod.create', 'apikey:alice', undefined, undefined],
    ]);
  });

  it('is for admins only', async () => {
    expect((await operator.get('/v1/audit')).statusCode).toBe(403);
    expect((await t.api.get('/v1/audit')).statusCode).toBe(401);
  });

  it("keeps a deleted cluster's trail, with who created it and who deleted it", async () => {
    expect((await operator.put('/v1/clusters/gone/nodes/g1', { metadata: { name: 'g1' } })).statusCode).toBe(201);
    expect((await operator.put('/v1/clusters/made', { metadata: { name: 'made' } })).statusCode).toBe(201);
    expect((await admin.del('/v1/clusters/gone')).statusCode).toBe(200);
    const trail = (await admin.get('/v1/audit?cluster=gone')).json<Page>().items;
    expect(trail.map((e) => [e.action, e.kind, e.name, e.actor, e.cluster])).toEqual([
      ['cluster.delete', 'Cluster', 'gone', 'apikey:taintgate-admin-token', 'gone'],
      ['node.create', 'Node', 'g1', 'apikey:alice', 'gone'],
      ['cluster.create', 'Cluster', 'gone', 'apikey:alice', 'gone'],
    ]);
    // What it held when it went.
    expect(trail[0]?.before).toMatchObject({ name: 'gone', nodes: 1, pods: 0 });
    const made = (await admin.get('/v1/audit?cluster=made')).json<Page>().items;
    expect(made.map((e) => [e.action, e.actor])).toEqual([['cluster.create', 'apikey:alice']]);
  });

  it('is append-only: Postgres refuses to change or remove a row (retention alone removes them)', async () => {
    await expect(t.db.query("UPDATE audit_events SET actor = 'nobody'")).rejects.toThrow(/audit_events is append-only: UPDATE refused/);
    await expect(t.db.query('DELETE FROM audit_events')).rejects.toThrow(/audit_events is append-only: DELETE refused/);
    await expect(t.db.query('TRUNCATE audit_events')).rejects.toThrow(/audit_events is append-only: TRUNCATE refused/);
    expect((await admin.get('/v1/audit?actor=apikey:alice')).json<Page>().items.length).toBeGreaterThan(0);
  });
});
