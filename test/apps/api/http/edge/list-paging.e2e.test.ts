import { beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../../support/api-client';
import { useApiFixture } from '../../../../support/api-test-app';
import { gqlData, gqlError } from '../../faces/graphql/graphql-client';

/**
 * Every list answers Kubernetes' chunks (`?limit=&continue=`, KEP 365; kube-apiserver's
 * storage/etcd3/store.go GetList with continue.go's EncodeContinue and DecodeContinue): items in
 * key order, at most `limit` (500 when none is asked for), `metadata.continue` while more remain,
 * `metadata.remainingItemCount` when no filter applies, filters applied before paging. Objects are
 * brought in by one import each, as a periodic `kubectl get -o json` would.
 */
const node = (name: string, pool: string) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { pool } } });
const pod = (namespace: string, name: string, nodeName: string, phase: string) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { namespace, name },
  spec: { nodeName, containers: [{ name: 'c', image: 'busybox' }] },
  status: { phase },
});
const list = (items: unknown[]) => ({ apiVersion: 'v1', kind: 'List', metadata: {}, items });
const pad = (i: number) => String(i).padStart(4, '0');

/** 600 nodes, pools a and b in turn. */
const NODES = Array.from({ length: 600 }, (_, i) => node(`n-${pad(i)}`, i % 2 ? 'b' : 'a'));
/** 1,203 pods: 600 in `a`, 3 in `a-b` (listed first: "-" sorts before "/", as etcd orders the keys), 600 in `b`; every other one Pending. */
const PODS = [
  ...Array.from({ length: 600 }, (_, i) => pod('a', `p-${pad(i)}`, `n-${pad(i % 600)}`, i % 2 ? 'Pending' : 'Running')),
  ...Array.from({ length: 3 }, (_, i) => pod('a-b', `q-${i}`, 'n-0000', 'Running')),
  ...Array.from({ length: 600 }, (_, i) => pod('b', `p-${pad(i)}`, `n-${pad(i % 600)}`, i % 2 ? 'Pending' : 'Running')),
];
const podKeys = PODS.map((p) => `${p.metadata.namespace}/${p.metadata.name}`).sort();

describe('lists, a page at a time', () => {
  const t = useApiFixture();
  const { api } = t;

  beforeAll(async () => {
    const imported = await api.post('/v1/import', list([...NODES, ...PODS]));
    expect(imported.json()).toMatchObject({ created: 1803, rejected: [] });
  });

  const keyOf = (item: any) => (item.metadata.namespace ? `${item.metadata.namespace}/${item.metadata.name}` : item.metadata.name);

  /** Every page of a list from `url`, following metadata.continue as kubectl and client-go's pager do. */
  async function allPages(url: string): Promise<any[]> {
    const pages: any[] = [];
    let next: string | undefined;
    do {
      const separator = url.includes('?') ? '&' : '?';
      const reply = await api.get(next === undefined ? url : `${url}${separator}continue=${encodeURIComponent(next)}`);
      expect(reply.statusCode, reply.body).toBe(200);
      pages.push(reply.json());
      next = reply.json().metadata.continue;
    } while (next !== undefined && pages.length < 100);
    return pages;
  }

  it('GET /v1/pods?limit=10 answers 10 items and a continue token, which answers the next 10', async () => {
    const first = await api.get('/v1/pods?limit=10');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const page = first.json();
    expect(page).toMatchObject({ apiVersion: 'v1', kind: 'PodList', metadata: { resourceVersion: expect.any(String), remainingItemCount: 1193 } });
    expect(page.items.map(keyOf)).toEqual(podKeys.slice(0, 10));
    expect(page.items.map(keyOf).slice(0, 3)).toEqual(['a-b/q-0', 'a-b/q-1', 'a-b/q-2']);
    // Kubernetes' own token: base64url of {"v":"meta.k8s.io/v1","rv":...,"start":"<last key>\u0000"} (EncodeContinue).
    expect(JSON.parse(Buffer.from(page.metadata.continue, 'base64url').toString())).toEqual({
      v: 'meta.k8s.io/v1',
      rv: Number(page.metadata.resourceVersion),
      start: 'a/p-0006\u0000',
    });
    const second = (await api.get(`/v1/pods?limit=10&continue=${page.metadata.continue}`)).json();
    expect(second.items.map(keyOf)).toEqual(podKeys.slice(10, 20));
    expect(second.metadata.remainingItemCount).toBe(1183);
  });

  it('without a limit (or with 0): at most 500 and a token; followed, every object once, in order', async () => {
    const pods = await allPages('/v1/pods');
    expect(pods.map((p) => p.items.length)).toEqual([500, 500, 203]);
    expect(pods.flatMap((p) => p.items.map(keyOf))).toEqual(podKeys);
    expect(pods.map((p) => p.metadata.remainingItemCount)).toEqual([703, 203, undefined]);
    expect(pods[2].metadata.continue).toBeUndefined();

    const nodes = await allPages('/v1/nodes?limit=0');
    expect(nodes.map((p) => p.items.length)).toEqual([500, 100]);
    expect(nodes.flatMap((p) => p.items.map(keyOf))).toEqual(NODES.map((n) => n.metadata.name));
  });

  it('a limit larger than the list answers all of it, streamed, with no token', async () => {
    const all = (await api.get('/v1/pods?limit=100000')).json();
    expect(all.items).toHaveLength(1203);
    expect(all.metadata).toEqual({ resourceVersion: expect.any(String) });
  });

  it('filters apply before paging: full pages of matching items, no remainingItemCount', async () => {
    const pool = await allPages('/v1/nodes?labelSelector=pool%3Da&limit=120');
    expect(pool.map((p) => p.items.length)).toEqual([120, 120, 60]);
    expect(pool.every((p) => p.metadata.remainingItemCount === undefined)).toBe(true);
    expect(pool.flatMap((p) => p.items.map((n: any) => n.metadata.labels.pool))).toEqual(Array(300).fill('a'));

    const pending = await allPages('/v1/pods?phase=Pending&nodeName=n-0001&limit=1');
    expect(pending.flatMap((p) => p.items.map(keyOf))).toEqual(['a/p-0001', 'b/p-0001']);
  });

  it("a namespace's pods: its own only, tokens naming pods within it, remainingItemCount counted there", async () => {
    const pages = await allPages('/v1/namespaces/a/pods?limit=250');
    expect(pages.map((p) => p.items.length)).toEqual([250, 250, 100]);
    expect(pages.map((p) => p.metadata.remainingItemCount)).toEqual([350, 100, undefined]);
    expect(pages.flatMap((p) => p.items.map(keyOf))).toEqual(podKeys.filter((k) => k.startsWith('a/')));
    expect(JSON.parse(Buffer.from(pages[0].metadata.continue, 'base64url').toString()).start).toBe('p-0249\u0000');
    expect((await api.get('/v1/namespaces/a-b/pods')).json().items.map(keyOf)).toEqual(['a-b/q-0', 'a-b/q-1', 'a-b/q-2']);
  });

  it("a page after a write shows what is current after the token's key (taintgate keeps no older revision)", async () => {
    await api.post('/v1/clusters/live/import', list(['a', 'b', 'c', 'd'].map((n) => node(n, 'x'))));
    const page = (await api.get('/v1/clusters/live/nodes?limit=2')).json();
    expect(page.items.map(keyOf)).toEqual(['a', 'b']);
    await api.del('/v1/clusters/live/nodes/c');
    expect((await api.put('/v1/clusters/live/nodes/e', { metadata: { name: 'e' } })).statusCode).toBe(201);
    const next = (await api.get(`/v1/clusters/live/nodes?limit=2&continue=${page.metadata.continue}`)).json();
    expect(next.items.map(keyOf)).toEqual(['d', 'e']);
    expect(Number(next.metadata.resourceVersion)).toBeGreaterThan(Number(page.metadata.resourceVersion));
  });

  it('a bad limit or continue answers 400 naming it, in kube-apiserver words', async () => {
    expectApiError(await api.get('/v1/pods?limit=ten'), 400, 'limit: Invalid value: "ten": strconv.ParseInt: parsing "ten": invalid syntax', [
      { field: 'limit', reason: 'Invalid value: "ten": strconv.ParseInt: parsing "ten": invalid syntax' },
    ]);
    expectApiError(await api.get('/v1/nodes?limit=-1'), 400, 'limit: Invalid value: "-1": must be greater than or equal to 0', [
      { field: 'limit', reason: 'Invalid value: "-1": must be greater than or equal to 0' },
    ]);
    expectApiError(await api.get('/v1/nodes?continue=abc$'), 400, 'continue: continue key is not valid: illegal base64 data at input byte 3', [
      { field: 'continue', reason: 'continue key is not valid: illegal base64 data at input byte 3' },
    ]);
    const traversal = Buffer.from(JSON.stringify({ v: 'meta.k8s.io/v1', rv: 1, start: '../x' })).toString('base64url');
    expectApiError(await api.get(`/v1/pods?continue=${traversal}`), 400, 'continue: continue key is not valid: ../x', [
      { field: 'continue', reason: 'continue key is not valid: ../x' },
    ]);
    const oldVersion = Buffer.from(JSON.stringify({ v: 'v1', rv: 1, start: 'x' })).toString('base64url');
    expect((await api.get(`/v1/clusters/default/evictions?continue=${oldVersion}`)).json().message).toBe(
      'continue: continue key is not valid: server does not recognize this encoded version v1',
    );
    // A token of another list (a pod's key) is no eviction id.
    const podToken = (await api.get('/v1/pods?limit=1')).json().metadata.continue;
    expectApiError(await api.get(`/v1/evictions?continue=${podToken}`), 400, 'continue: continue key is not valid: a-b/q-0\u0000', [
      { field: 'continue', reason: 'continue key is not valid: a-b/q-0\u0000' },
    ]);
  });

  it('the clusters, by name', async () => {
    await api.put('/v1/clusters/zeta', {});
    await t.db.query(`INSERT INTO clusters (name) SELECT 'c-' || lpad(g::text, 3, '0') FROM generate_series(1, 501) g`);
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM clusters');
    const total = rows[0]!.n;
    const pages = await allPages('/v1/clusters');
    expect(pages.map((p) => p.items.length)).toEqual([500, total - 500]);
    expect(pages[0]).toMatchObject({ apiVersion: 'taintgate.io/v1', kind: 'ClusterList', metadata: { remainingItemCount: total - 500 } });
    const names = pages.flatMap((p) => p.items.map((c: any) => c.metadata.name));
    expect(names.slice(0, 2)).toEqual(['c-001', 'c-002']);
    expect(names.slice(-1)).toEqual(['zeta']);
    expect(names).toContain('default');
    expect(new Set(names).size).toBe(total);
    const token: string = (await api.get('/v1/clusters?limit=500')).json().metadata.continue;
    const two = (await api.get(`/v1/clusters?limit=2&continue=${token}`)).json();
    expect(two.items.map((c: any) => c.metadata.name)).toEqual(names.slice(500, 502));
  });
});

describe('evictions, newest first, a page at a time', () => {
  const t = useApiFixture();
  const { api } = t;

  beforeAll(async () => {
    const pods = Array.from({ length: 505 }, (_, i) => pod('jobs', `job-${pad(i)}`, 'doomed', 'Running'));
    expect((await api.post('/v1/clusters/evict/import', list([node('doomed', 'x'), ...pods]))).json()).toMatchObject({ created: 506 });
    expect((await api.post('/v1/clusters/evict/nodes/doomed/taints', { key: 'drain', effect: 'NoExecute' })).statusCode).toBe(201);
  });

  it('without a limit: 500 and a token, then the rest; ids going down, each once', async () => {
    const first = (await api.get('/v1/clusters/evict/evictions')).json();
    expect(first).toMatchObject({ apiVersion: 'taintgate.io/v1', kind: 'EvictionList', metadata: { remainingItemCount: 5 } });
    expect(first.items).toHaveLength(500);
    const rest = (await api.get(`/v1/clusters/evict/evictions?continue=${first.metadata.continue}`)).json();
    expect(rest.items).toHaveLength(5);
    expect(rest.metadata.continue).toBeUndefined();
    const ids = [...first.items, ...rest.items].map((e: any) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(505);
  });

  it('with filters: full pages of what matches, no remainingItemCount', async () => {
    const page = (await api.get('/v1/clusters/evict/evictions?status=Executed&nodeName=doomed&limit=300')).json();
    expect(page.items).toHaveLength(300);
    expect(page.metadata.remainingItemCount).toBeUndefined();
    const next = (await api.get(`/v1/clusters/evict/evictions?status=Executed&nodeName=doomed&limit=300&continue=${page.metadata.continue}`)).json();
    expect(next.items).toHaveLength(205);
    expect((await api.get('/v1/clusters/evict/evictions?pod=job-0007')).json().items.map((e: any) => e.pod.name)).toEqual(['job-0007']);
  });

  it('over GraphQL: evictions (one page) and evictionList (with its token)', async () => {
    const { evictions } = await gqlData(t.app, 'query { evictions(cluster: "evict", limit: 3) { id } }');
    expect(evictions).toHaveLength(3);
    const { evictionList } = await gqlData(
      t.app,
      'query { evictionList(cluster: "evict", limit: 500) { metadata { continue remainingItemCount } items { id } } }',
    );
    expect(evictionList.items[0].id).toBe(evictions[0].id);
    expect(evictionList.metadata.remainingItemCount).toBe(5);
    const next = await gqlData(t.app, 'query ($c: String) { evictionList(cluster: "evict", continue: $c) { metadata { continue } items { id } } }', {
      c: evictionList.metadata.continue,
    });
    expect(next.evictionList).toEqual({ metadata: { continue: null }, items: expect.any(Array) });
    expect(next.evictionList.items).toHaveLength(5);
  });
});

describe('GraphQL lists, a page at a time', () => {
  const t = useApiFixture();

  beforeAll(async () => {
    const nodes = Array.from({ length: 503 }, (_, i) => node(`n-${pad(i)}`, i % 2 ? 'b' : 'a'));
    const pods = Array.from({ length: 7 }, (_, i) => pod(i < 4 ? 'a' : 'b', `p-${i}`, 'n-0000', 'Running'));
    expect((await t.api.post('/v1/import', list([...nodes, ...pods]))).json()).toMatchObject({ created: 510 });
  });

  it('nodes answers the first page (500 by default); nodeList carries the token of the next', async () => {
    expect((await gqlData(t.app, 'query { nodes { name } }')).nodes).toHaveLength(500);
    const { nodeList } = await gqlData(t.app, 'query { nodeList(limit: 2) { metadata { resourceVersion continue remainingItemCount } items { name } } }');
    expect(nodeList.items.map((n: any) => n.name)).toEqual(['n-0000', 'n-0001']);
    expect(nodeList.metadata).toMatchObject({ remainingItemCount: 501, continue: expect.any(String) });
    // The token is REST's: either face continues what the other began.
    const rest = (await t.api.get(`/v1/nodes?limit=2&continue=${nodeList.metadata.continue}`)).json();
    expect(rest.items.map((n: any) => n.metadata.name)).toEqual(['n-0002', 'n-0003']);
    const next = await gqlData(t.app, 'query ($c: String) { nodes(limit: 2, continue: $c, labelSelector: "pool=a") { name } }', { c: rest.metadata.continue });
    expect(next.nodes.map((n: any) => n.name)).toEqual(['n-0004', 'n-0006']);
  });

  it('pods and podList: by namespace and name, one namespace, filters', async () => {
    const { podList } = await gqlData(
      t.app,
      'query { podList(namespace: "a", limit: 3) { metadata { continue remainingItemCount } items { namespace name } } }',
    );
    expect(podList.items.map((p: any) => p.name)).toEqual(['p-0', 'p-1', 'p-2']);
    expect(podList.metadata.remainingItemCount).toBe(1);
    const { pods } = await gqlData(t.app, 'query ($c: String) { pods(namespace: "a", continue: $c) { name } }', { c: podList.metadata.continue });
    expect(pods).toEqual([{ name: 'p-3' }]);
    const { podList: all } = await gqlData(t.app, 'query { podList(limit: 100) { metadata { continue remainingItemCount } items { name } } }');
    expect(all).toEqual({ metadata: { continue: null, remainingItemCount: null }, items: expect.any(Array) });
    expect(all.items).toHaveLength(7);
  });

  it('clusters and clusterList', async () => {
    await t.api.put('/v1/clusters/zeta', {});
    const { clusterList } = await gqlData(t.app, 'query { clusterList(limit: 1) { metadata { continue remainingItemCount } items { name } } }');
    expect(clusterList.items).toEqual([{ name: 'default' }]);
    expect(clusterList.metadata.remainingItemCount).toBe(1);
    const { clusters } = await gqlData(t.app, 'query ($c: String) { clusters(continue: $c) { name } }', { c: clusterList.metadata.continue });
    expect(clusters).toEqual([{ name: 'zeta' }]);
  });

  it('a bad limit or continue is BAD_REQUEST naming it', async () => {
    const limit = await gqlError(t.app, 'query { nodeList(limit: -5) { items { name } } }', undefined, 'BAD_REQUEST');
    expect(limit.extensions?.details).toEqual([{ field: 'limit', reason: 'Invalid value: -5: must be greater than or equal to 0' }]);
    const token = await gqlError(t.app, 'query { pods(continue: "!") { name } }', undefined, 'BAD_REQUEST');
    expect(token.extensions?.details).toEqual([{ field: 'continue', reason: 'continue key is not valid: illegal base64 data at input byte 0' }]);
  });
});
