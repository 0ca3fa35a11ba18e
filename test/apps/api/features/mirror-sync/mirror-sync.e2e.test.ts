import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiTestApp, startApiApp, useApiFixture } from '../../../../support/api-test-app';
import { FaultProxy } from '../../../../support/fault-proxy';
import { waitUntil } from '../../../../support/waiting';

/**
 * A mirror kept in step from its source's API server: here a second instance of the service (its
 * own database), whose Kubernetes API face lists and watches as kube-apiserver does, reached
 * through the tests' own proxy, which breaks what it is told to break. After each fault the mirror
 * must hold exactly what the source holds.
 */

const drain = { key: 'drain', effect: 'NoExecute' };
const tolerates = [{ key: 'drain', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 600 }];
const container = [{ name: 'c', image: 'nginx' }];

interface Named {
  metadata: { name: string; namespace?: string; resourceVersion?: string };
}

/** A list's objects as the mirror must hold them: the same objects, but for the twin's own resourceVersion. */
const comparable = (items: Named[]) =>
  items
    .map(({ metadata: { resourceVersion: _rv, ...metadata }, ...rest }) => ({ ...rest, metadata }))
    .sort((a, b) => `${a.metadata.namespace}/${a.metadata.name}`.localeCompare(`${b.metadata.namespace}/${b.metadata.name}`));

const isWatch = (kind: string) => (method: string, url: string) => method === 'GET' && url.startsWith(`/api/v1/${kind}?`) && url.includes('watch=true');
const isList = (kind: string) => (method: string, url: string) => method === 'GET' && url.startsWith(`/api/v1/${kind}?`) && !url.includes('watch=true');

describe('mirror sync: list and watch of a source API server, through faults', () => {
  const t = useApiFixture({ MIRROR_SYNC_LEASE_SECONDS: '3', MIRROR_SYNC_SILENCE_SECONDS: '2', MIRROR_SYNC_BACKOFF_MS: '100' });
  const { api, db } = t;
  let source: ApiTestApp;
  let proxy: FaultProxy;
  let podMadeAt = 0;

  beforeAll(async () => {
    source = await startApiApp();
    await source.app.listen(0, '127.0.0.1');
    proxy = await new FaultProxy(await source.app.getUrl()).start();
    await source.api.put('/v1/nodes/n1', { metadata: { name: 'n1', labels: { pool: 'a' } }, spec: { taints: [drain] } });
    await source.api.put('/v1/nodes/n2', { metadata: { name: 'n2', labels: { pool: 'b' } } });
    // Before the source decides the pod's eviction.
    podMadeAt = Date.now();
    await source.api.put('/v1/namespaces/web/pods/on-n1', { spec: { nodeName: 'n1', tolerations: tolerates, containers: container } });
    await source.api.put('/v1/namespaces/web/pods/on-n2', { spec: { nodeName: 'n2', containers: container } });
    const budget = {
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: { name: 'web', namespace: 'web', uid: 'a0000000-0000-4000-8000-000000000001' },
      spec: { minAvailable: 1 },
    };
    expect((await source.api.post('/v1/import', { apiVersion: 'v1', kind: 'List', items: [budget] })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await proxy?.close();
    await source?.close();
  });

  const listOf = async (at: ApiTestApp['api'], path: string) => comparable((await at.get(path)).json<{ items: Named[] }>().items);
  const same = async (mirrorPath: string, sourcePath: string) =>
    JSON.stringify(await listOf(api, mirrorPath)) === JSON.stringify(await listOf(source.api, sourcePath));
  /** Every node, pod and budget as the source holds it, and every one's resourceVersion reached. */
  const converged = async () =>
    (await same('/v1/clusters/mirror/nodes', '/v1/nodes')) &&
    (await same('/v1/clusters/mirror/pods', '/v1/pods')) &&
    (await same('/v1/clusters/mirror/poddisruptionbudgets', '/v1/poddisruptionbudgets')) &&
    (await reachedEvery());
  const reachedEvery = async () => {
    const { rows } = await db.query<{ versions: Record<string, string> }>(
      `SELECT s.resource_versions AS versions FROM cluster_syncs s JOIN clusters c ON c.id = s.cluster_id WHERE c.name = 'mirror'`,
    );
    const versions = rows[0]?.versions ?? {};
    for (const [kind, path] of [
      ['Node', '/v1/nodes'],
      ['Pod', '/v1/pods'],
    ] as const) {
      const newest = Math.max(0, ...(await source.api.get(path)).json<{ items: Named[] }>().items.map((o) => Number(o.metadata.resourceVersion)));
      if (Number(versions[kind] ?? 0) < newest) return false;
    }
    return true;
  };
  const syncOf = async () => (await api.get('/v1/clusters/mirror')).json().status.sync;
  const watching = async () => (await syncOf())?.state === 'Watching';

  it('a first sync lists every kind and watches it: the mirror holds the source, says it is synced, and predicts its evictions', async () => {
    const put = await api.put('/v1/clusters/mirror', { spec: { mode: 'mirror', source: { server: proxy.url } } });
    expect(put.statusCode).toBe(201);
    await waitUntil(watching, 15_000);
    expect(await syncOf()).toMatchObject({ state: 'Watching', synced: true, lagSeconds: 0, lastError: null });
    await waitUntil(converged, 10_000);
    // What the source's own controller scheduled, the mirror predicts: the same toleration, from when the mirror saw the pod.
    const [scheduled] = (await source.api.get('/v1/evictions?status=Scheduled')).json().items;
    const predicted = (await api.get('/v1/clusters/mirror/evictions?status=Predicted')).json().items;
    expect(predicted.map((e: { pod: { name: string } }) => e.pod.name)).toEqual(['on-n1']);
    expect(scheduled.pod.name).toBe('on-n1');
    const late = Date.parse(predicted[0].scheduledFor) - Date.parse(scheduled.scheduledFor);
    expect(late).toBeGreaterThanOrEqual(0);
    expect(late).toBeLessThanOrEqual(Date.now() - podMadeAt);
  });

  it('changes at the source reach the mirror as they happen: creates, updates and deletes', async () => {
    await source.api.put('/v1/nodes/n3', { metadata: { name: 'n3' } });
    await source.api.post('/v1/nodes/n2/taints', { key: 'maint', effect: 'NoSchedule' });
    await source.api.put('/v1/namespaces/web/pods/new', { spec: { nodeName: 'n3', containers: container } });
    await source.api.del('/v1/namespaces/web/pods/on-n2');
    await waitUntil(converged, 10_000);
    expect((await api.get('/v1/clusters/mirror/nodes/n2')).json().spec.taints).toEqual([expect.objectContaining({ key: 'maint', effect: 'NoSchedule' })]);
    await source.api.del('/v1/nodes/n3');
    await waitUntil(converged, 10_000);
  });

  it('410 Gone, in a watch or as its answer: the kind is listed again, and what went meanwhile is pruned', async () => {
    proxy.fail(isWatch('pods'), { kind: 'watchError', code: 410, message: 'too old resource version: 1 (40)' });
    proxy.fail(isWatch('nodes'), { kind: 'status', code: 410, message: 'too old resource version' });
    const listsBefore = proxy.seen.filter((s) => s.startsWith('GET /api/v1/pods?limit')).length;
    await source.api.del('/v1/namespaces/web/pods/new');
    await source.api.put('/v1/nodes/n5', { metadata: { name: 'n5' } });
    proxy.dropAll();
    await waitUntil(converged, 15_000);
    expect(proxy.seen.filter((s) => s.startsWith('GET /api/v1/pods?limit')).length).toBeGreaterThan(listsBefore);
    await waitUntil(watching, 10_000);
  });

  it('429 with Retry-After: the mirror waits as long as it is told, then goes on', async () => {
    proxy.fail(isWatch('nodes'), { kind: 'status', code: 429, headers: { 'retry-after': '2' }, message: 'too many requests' });
    const asked = () => proxy.seen.filter((s) => s.startsWith('GET /api/v1/nodes?') && s.includes('watch=true')).length;
    const before = asked();
    proxy.dropAll();
    await waitUntil(() => Promise.resolve(asked() >= before + 1), 5_000);
    const refusedAt = Date.now();
    await waitUntil(() => Promise.resolve(asked() >= before + 2), 10_000);
    expect(Date.now() - refusedAt).toBeGreaterThanOrEqual(1_500);
    expect((await syncOf()).lastError).toMatch(/429 too many requests/);
    await source.api.put('/v1/nodes/n6', { metadata: { name: 'n6' } });
    await waitUntil(converged, 10_000);
  });

  it('500s: backs off and tries again until the source answers', async () => {
    proxy.fail(isWatch('pods'), { kind: 'status', code: 500, message: 'etcd is sad' }, 3);
    proxy.dropAll();
    await source.api.put('/v1/namespaces/web/pods/after-500', { spec: { nodeName: 'n1', containers: container } });
    await waitUntil(converged, 15_000);
    expect((await syncOf()).lastError).toMatch(/500 etcd is sad/);
  });

  it('a watch that goes silent is cut and opened again; changes made meanwhile arrive', async () => {
    proxy.fail(isWatch('pods'), { kind: 'silent' });
    const watches = () => proxy.seen.filter((s) => s.startsWith('GET /api/v1/pods?') && s.includes('watch=true')).length;
    const before = watches();
    proxy.dropAll();
    await waitUntil(() => Promise.resolve(watches() >= before + 1), 5_000);
    await source.api.put('/v1/namespaces/web/pods/while-silent', { spec: { nodeName: 'n2', containers: container } });
    await waitUntil(converged, 15_000);
    expect(watches()).toBeGreaterThanOrEqual(before + 2);
  });

  it('a watch cut mid-answer, and slow answers: the mirror resumes from where it was', async () => {
    proxy.fail(isWatch('pods'), { kind: 'drop', afterMs: 300 });
    proxy.fail(isList('nodes'), { kind: 'delay', ms: 1500 });
    proxy.fail(isWatch('nodes'), { kind: 'delay', ms: 1500 });
    proxy.dropAll();
    await source.api.put('/v1/namespaces/web/pods/after-drop', { spec: { nodeName: 'n2', containers: container } });
    await source.api.del('/v1/nodes/n6');
    await waitUntil(converged, 15_000);
  });

  it('a source that does not answer at all: the mirror says why and how far behind it is, then catches up', async () => {
    proxy.fail(() => true, { kind: 'status', code: 503, message: 'the API server is restarting' }, Number.POSITIVE_INFINITY);
    proxy.dropAll();
    await waitUntil(async () => (await syncOf()).state === 'Retrying', 10_000);
    await waitUntil(async () => /503 the API server is restarting/.test((await syncOf()).lastError), 10_000);
    const sync = await syncOf();
    expect(sync.synced).toBe(false);
    expect(sync.lagSeconds).toBeGreaterThanOrEqual(0);
    // Every answer about it says so (kubectl prints it as `Warning: ...`); metrics tell it too.
    const warned = async (url: string) => [(await api.get(url)).headers.warning ?? ''].flat().join(', ');
    await waitUntil(async () => (await warned('/v1/clusters/mirror/nodes')).includes('is a mirror not in step with its source'), 5_000);
    expect(await warned('/clusters/mirror/api/v1/nodes')).toMatch(
      /^299 - "cluster \\"mirror\\" is a mirror not in step with its source \(Retrying, \d+ s behind: .*\); this answer may be out of date"$/,
    );
    expect(await warned('/v1/nodes')).toBe('');
    const metrics = async () => (await api.get('/metrics')).body;
    expect(await metrics()).toContain('taintgate_cluster_synced{cluster="mirror"} 0');
    await source.api.put('/v1/nodes/n7', { metadata: { name: 'n7' } });
    proxy.clear();
    await waitUntil(converged, 15_000);
    await waitUntil(watching, 10_000);
    await waitUntil(async () => (await warned('/v1/clusters/mirror/nodes')) === '', 5_000);
    expect(await metrics()).toContain('taintgate_cluster_synced{cluster="mirror"} 1');
    expect(await metrics()).toContain('taintgate_cluster_sync_lag_seconds{cluster="mirror"} 0');
  });

  it('a replica that stops renewing its lease is replaced by another, which keeps the mirror in step', async () => {
    await t.bootReplica();
    // The replica syncing it dies without a word: its lease stands until it lapses.
    const { rows } = await db.query<{ holder: string }>(`SELECT holder FROM cluster_syncs`);
    const first = rows[0]?.holder;
    await t.restart({ MIRROR_SYNC_WORKER: 'false' });
    await db.query(`UPDATE cluster_syncs SET holder = $1, lease_until = now() + interval '3 seconds'`, [first]);
    await source.api.put('/v1/nodes/n8', { metadata: { name: 'n8' } });
    await waitUntil(async () => (await db.query<{ holder: string }>(`SELECT holder FROM cluster_syncs`)).rows[0]?.holder !== first, 15_000);
    await waitUntil(converged, 15_000);
  }, 60_000);
});
