import { beforeAll, describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';
import { waitUntil } from '../../../../support/waiting';
import { labelSetsOf, sampleOf } from './exposition';

/** Made-up secrets for the deployment under test (at least 32 characters each). */
const ADMIN_TOKEN = 'test-admin-token-0123456789abcdefghij';
const METRICS_TOKEN = 'test-metrics-token-0123456789abcdefgh';

/** kube-controller-manager's buckets for the deletion latency (pkg/controller/tainteviction/metrics/metrics.go). */
const UPSTREAM_BUCKETS = ['0.005', '0.025', '0.1', '0.5', '1', '2.5', '10', '30', '60', '120', '180', '240', '+Inf'];

describe('GET /metrics', () => {
  const t = useApiFixture({
    TAINTGATE_AUTH: 'on',
    TAINTGATE_ADMIN_TOKEN: ADMIN_TOKEN,
    TAINTGATE_METRICS_TOKEN: METRICS_TOKEN,
    EVICTION_RECONCILE_SECONDS: '1',
  });
  const admin = t.api.as(ADMIN_TOKEN);
  let viewerKey = '';
  const scrape = async () => {
    const reply = await t.api.as(METRICS_TOKEN).get('/metrics');
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.body;
  };

  beforeAll(async () => {
    const made = await admin.post('/v1/apikeys', { metadata: { name: 'dashboards' }, spec: { role: 'viewer' } });
    expect(made.statusCode, made.body).toBe(201);
    viewerKey = made.json<{ key: string }>().key;
  });

  describe('who may scrape', () => {
    it('no key: 401, as every other route', async () => {
      const reply = await t.api.get('/metrics');
      expect(reply.statusCode).toBe(401);
      expect(reply.headers['www-authenticate']).toBe('Bearer realm="taintgate"');
    });

    it("a viewer's key: 200, Prometheus' text format with the process's metrics", async () => {
      const reply = await t.api.as(viewerKey).get('/metrics');
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(reply.body).toContain('# TYPE process_cpu_user_seconds_total counter');
      expect(reply.body).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
      expect(reply.body).toContain('# TYPE process_resident_memory_bytes gauge');
    });

    it('the metrics token: 200 on /metrics, and refused on every other route', async () => {
      expect((await t.api.as(METRICS_TOKEN).get('/metrics')).statusCode).toBe(200);
      for (const url of ['/v1/nodes', '/v1/evictions', '/v1/apikeys', '/api/v1/nodes']) {
        expect((await t.api.as(METRICS_TOKEN).get(url)).statusCode, url).toBe(401);
      }
      expect((await t.api.as(METRICS_TOKEN).post('/v1/placement', { pod: { metadata: { name: 'p' } } })).statusCode).toBe(401);
      // A near miss is not the token.
      expect((await t.api.as(`${METRICS_TOKEN}x`).get('/metrics')).statusCode).toBe(401);
    });
  });

  it("counts evictions under the taint eviction controller's own names, with upstream's buckets", async () => {
    const before = await scrape();
    expect(before).toContain('# HELP taint_eviction_controller_pod_deletions_total Total number of Pods deleted by TaintEvictionController since its start.');
    expect(before).toContain('# TYPE taint_eviction_controller_pod_deletion_duration_seconds histogram');
    expect(sampleOf(before, 'taint_eviction_controller_pod_deletions_total')).toBe(0);
    expect(labelSetsOf(before, 'taint_eviction_controller_pod_deletion_duration_seconds_bucket').map((l) => l['le'])).toEqual(UPSTREAM_BUCKETS);

    await admin.putNode('evict-n1');
    const pod = (name: string, tolerationSeconds?: number) => ({
      metadata: { name },
      spec: {
        nodeName: 'evict-n1',
        terminationGracePeriodSeconds: 0,
        tolerations: tolerationSeconds === undefined ? [] : [{ key: 'drain', operator: 'Exists', effect: 'NoExecute', tolerationSeconds }],
      },
    });
    await admin.putPod('default', 'at-once', pod('at-once'));
    await admin.putPod('default', 'in-a-second', pod('in-a-second', 1));
    expect((await admin.post('/v1/nodes/evict-n1/taints', { key: 'drain', effect: 'NoExecute' })).statusCode).toBe(201);

    // At once: counted when the write answers (its report runs after commit, before the answer).
    const now = await scrape();
    expect(sampleOf(now, 'taint_eviction_controller_pod_deletions_total')).toBe(1);
    expect(sampleOf(now, 'taint_eviction_controller_pod_deletion_duration_seconds_count')).toBe(1);
    expect(sampleOf(now, 'taint_eviction_controller_pod_deletion_duration_seconds_bucket', { le: '0.5' })).toBe(1);
    expect(sampleOf(now, 'taintgate_evictions_scheduled', { cluster: 'default' })).toBe(1);
    expect(sampleOf(now, 'taintgate_eviction_queue_jobs', { state: 'delayed' })).toBeGreaterThanOrEqual(1);

    // Its deadline a second later: carried out by its wake-up (or the sweep), counted with its lateness.
    await waitUntil(async () => sampleOf(await scrape(), 'taint_eviction_controller_pod_deletions_total') === 2, 10_000);
    const later = await scrape();
    expect(sampleOf(later, 'taint_eviction_controller_pod_deletion_duration_seconds_count')).toBe(2);
    expect(sampleOf(later, 'taint_eviction_controller_pod_deletion_duration_seconds_bucket', { le: '240' })).toBe(2);
    const late = ['job', 'sweep'].map((by) => sampleOf(later, 'taintgate_eviction_lateness_seconds_count', { woken_by: by }) ?? 0);
    expect(late[0]! + late[1]!).toBe(1);
    expect(sampleOf(later, 'taintgate_evictions_scheduled', { cluster: 'default' })).toBeUndefined();
  });

  it('counts cancellations by reason', async () => {
    await admin.putNode('cancel-n1');
    await admin.putPod('default', 'waits', {
      metadata: { name: 'waits' },
      spec: { nodeName: 'cancel-n1', tolerations: [{ key: 'drain', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 600 }] },
    });
    await admin.post('/v1/nodes/cancel-n1/taints', { key: 'drain', effect: 'NoExecute' });
    expect((await admin.del('/v1/nodes/cancel-n1/taints?key=drain')).statusCode).toBe(200);
    expect(sampleOf(await scrape(), 'taintgate_evictions_cancelled_total', { reason: 'TaintRemoved' })).toBe(1);
  });

  it('times every answer by method, route pattern and status, never by the path asked', async () => {
    await admin.putNode('route-a');
    await admin.getNode('route-a');
    await admin.getNode('route-b');
    await t.api.get('/no/such/path');
    const exposition = await scrape();
    const routes = labelSetsOf(exposition, 'http_request_duration_seconds_count');
    expect(routes).toContainEqual({ method: 'GET', route: '/v1/nodes/:name', status: '200' });
    expect(routes).toContainEqual({ method: 'GET', route: '/v1/nodes/:name', status: '404' });
    expect(routes).toContainEqual({ method: 'PUT', route: '/v1/nodes/:name', status: '201' });
    expect(routes).toContainEqual({ method: 'GET', route: 'unmatched', status: '401' });
    expect(routes.some((labels) => labels['route']?.includes('route-a'))).toBe(false);
    expect(sampleOf(exposition, 'http_request_duration_seconds_count', { method: 'GET', route: '/v1/nodes/:name', status: '404' })).toBe(1);
  });

  it('times placements, taint impacts and snapshot loads, and counts imported objects', async () => {
    await admin.post('/v1/placement', { pod: { metadata: { name: 'p' } } });
    await admin.post('/v1/placement?view=nodes', { pod: { metadata: { name: 'p' } }, nodes: [{ metadata: { name: 'inline' } }] });
    await admin.post('/v1/taint-impact', { taint: { key: 'k', effect: 'NoExecute' }, all: true });
    const imported = await admin.post('/v1/clusters/imported/import', {
      apiVersion: 'v1',
      kind: 'List',
      items: [
        { apiVersion: 'v1', kind: 'Node', metadata: { name: 'i1' } },
        { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'ip', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'nginx' }] } },
      ],
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const exposition = await scrape();
    expect(sampleOf(exposition, 'taintgate_placement_duration_seconds_count', { view: 'summary', source: 'stored' })).toBe(1);
    expect(sampleOf(exposition, 'taintgate_placement_duration_seconds_count', { view: 'nodes', source: 'inline' })).toBe(1);
    expect(sampleOf(exposition, 'taintgate_taint_impact_duration_seconds_count', { view: 'summary', source: 'stored' })).toBe(1);
    expect(sampleOf(exposition, 'taintgate_snapshot_load_duration_seconds_count', { read: 'whole' })).toBeGreaterThanOrEqual(1);
    expect(sampleOf(exposition, 'taintgate_import_objects_total', { kind: 'Node', outcome: 'created' })).toBe(1);
    expect(sampleOf(exposition, 'taintgate_import_objects_total', { kind: 'Pod', outcome: 'created' })).toBe(1);
    // A short body is read on the event loop (IMPORT_THREAD_MIN_MB).
    expect(sampleOf(exposition, 'taintgate_import_duration_seconds_count', { thread: 'false' })).toBe(1);
    // The default cluster's snapshot was read by the placement above: at most a few writes behind since.
    expect(sampleOf(exposition, 'taintgate_snapshot_revision_lag', { cluster: 'default' })).toBeGreaterThanOrEqual(0);
  });

  it('counts only its own application: another in the same process starts from zero', async () => {
    const replica = await t.bootReplica();
    const reply = await replica.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(reply.statusCode).toBe(200);
    expect(sampleOf(reply.body, 'taint_eviction_controller_pod_deletions_total')).toBe(0);
  });
});
