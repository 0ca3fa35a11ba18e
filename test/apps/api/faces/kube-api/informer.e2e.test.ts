import { CoreV1Api, KubeConfig, type KubernetesObject, type V1Node, type V1Pod, makeInformer } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetentionService } from '../../../../../apps/api/src/control-loops/retention/retention.service';
import { useApiFixture } from '../../../../support/api-test-app';

/**
 * The JavaScript client's informers (list, then watch from the list's resourceVersion, again at
 * each watch's end, and a new list after 410 Gone) against the service: after any series of
 * changes, an informer's cache is the stored list.
 */

// Watches end every 3 s, so the informers watch again from their last resourceVersion many times.
const t = useApiFixture({ WATCH_TIMEOUT_SECONDS: '3' });

const pod = (namespace: string, name: string, nodeName: string, extra: Record<string, unknown> = {}) => ({
  metadata: { name, namespace, labels: { app: name } },
  spec: { nodeName, terminationGracePeriodSeconds: 1, containers: [{ name: 'c', image: 'nginx:1' }], ...extra },
  status: { phase: 'Running' },
});

/** `namespace/name` (or name) to resourceVersion. */
const versions = (objects: readonly KubernetesObject[]) =>
  Object.fromEntries(objects.map((o) => [`${o.metadata?.namespace ?? ''}/${o.metadata?.name ?? ''}`, o.metadata?.resourceVersion ?? '']).sort());

describe('@kubernetes/client-node informers', () => {
  let kc: KubeConfig;
  let core: CoreV1Api;
  const lists = { nodes: 0, pods: 0 };
  let nodes: ReturnType<typeof makeInformer<V1Node>>;
  let pods: ReturnType<typeof makeInformer<V1Pod>>;
  const errors: unknown[] = [];

  const stored = async (path: string) => {
    const reply = await t.api.get(path);
    expect(reply.statusCode).toBe(200);
    return versions(reply.json<{ items: KubernetesObject[] }>().items);
  };

  /** Waits until both caches are what is stored. */
  const settled = async () => {
    const until = Date.now() + 15_000;
    for (;;) {
      const [storedNodes, storedPods] = [await stored('/api/v1/nodes'), await stored('/api/v1/pods')];
      const cached = { nodes: versions(nodes.list()), pods: versions(pods.list()) };
      if (JSON.stringify(cached) === JSON.stringify({ nodes: storedNodes, pods: storedPods })) return cached;
      if (Date.now() > until) expect(cached).toEqual({ nodes: storedNodes, pods: storedPods });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  beforeAll(async () => {
    await t.app.listen(0, '127.0.0.1');
    const server = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    kc = new KubeConfig();
    kc.loadFromOptions({
      clusters: [{ name: 'taintgate', server, skipTLSVerify: true }],
      users: [{ name: 'taintgate' }],
      contexts: [{ name: 'taintgate', cluster: 'taintgate', user: 'taintgate' }],
      currentContext: 'taintgate',
    });
    core = kc.makeApiClient(CoreV1Api);
    for (const name of ['n1', 'n2', 'n3']) expect((await t.api.putNode(name, { metadata: { name, labels: { pool: name } } })).statusCode).toBe(201);
    expect((await t.api.putPod('web', 'before', pod('web', 'before', 'n2'))).statusCode).toBe(201);
    nodes = makeInformer(kc, '/api/v1/nodes', () => {
      lists.nodes++;
      return core.listNode();
    });
    pods = makeInformer(kc, '/api/v1/pods', () => {
      lists.pods++;
      return core.listPodForAllNamespaces();
    });
    for (const informer of [nodes, pods]) informer.on('error', (error) => errors.push(error));
    await nodes.start();
    await pods.start();
  });

  afterAll(async () => {
    await nodes.stop();
    await pods.stop();
  });

  it('keeps its caches equal to the stored lists through creates, replaces, taints, evictions and deletes', async () => {
    expect(Object.keys(versions(pods.list()))).toEqual(['web/before']);
    for (const [namespace, name, nodeName] of [
      ['web', 'w1', 'n1'],
      ['web', 'w2', 'n1'],
      ['batch', 'b1', 'n2'],
      ['batch', 'b2', 'n3'],
      ['default', 'd1', 'n1'],
    ] as const) {
      expect((await t.api.putPod(namespace, name, pod(namespace, name, nodeName))).statusCode).toBe(201);
    }
    // A replace (a new image), a cordon, a pod deleted, a pod evicted (policy/v1), a node deleted.
    expect((await t.api.putPod('web', 'before', pod('web', 'before', 'n2', { containers: [{ name: 'c', image: 'nginx:2' }] }))).statusCode).toBe(200);
    expect((await t.api.post('/v1/nodes/n2/cordon', {})).statusCode).toBe(200);
    expect((await t.api.del('/v1/namespaces/batch/pods/b1')).statusCode).toBe(200);
    const eviction = { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name: 'b2', namespace: 'batch' } };
    expect((await t.api.post('/api/v1/namespaces/batch/pods/b2/eviction', eviction)).statusCode).toBe(201);
    // A NoExecute taint: the pods on n1 are Terminating, then gone a second later.
    expect((await t.api.post('/v1/taint', { nodes: ['n1'], taints: ['maintenance=now:NoExecute'] })).statusCode).toBe(200);
    const terminating = await settled();
    expect(Object.keys(terminating.pods)).toContain('web/w1');
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await t.api.del('/v1/nodes/n3')).statusCode).toBe(200);
    const after = await settled();
    expect(Object.keys(after.nodes)).toEqual(['/n1', '/n2']);
    expect(Object.keys(after.pods)).toEqual(['web/before']);
    // Watches ended every 3 s meanwhile and were taken up again from the last resourceVersion, without a new list.
    expect(lists).toEqual({ nodes: 1, pods: 1 });
    expect(errors).toEqual([]);
  });

  it('answers 410 Gone to a watch from a resourceVersion whose deletions retention pruned, and the informer lists again', async () => {
    // The pod informer's last resourceVersion is that of its last pod event; a node deleted after it leaves the newest tombstone.
    const podVersion = BigInt(versions(pods.list())['web/before'] ?? '0');
    // Each seen by the node informer (made and deleted between two reads, n4 would be no event at
    // all, and the node informer would stay behind too), and by this replica's snapshot: pruned
    // before that, the snapshot could not learn the deletion, and every watch would end with 410.
    expect((await t.api.putNode('n4')).statusCode).toBe(201);
    await settled();
    expect((await t.api.del('/v1/nodes/n4')).statusCode).toBe(200);
    await settled();
    // Retention run as if 40 days had passed: every tombstone pruned, the cluster's mark raised to the newest.
    const pruned = await t.app.get(RetentionService).prune(Date.now() + 40 * 86_400_000);
    expect(pruned.tombstones).toBeGreaterThan(0);
    const { rows } = await t.db.query<{ through: string }>("SELECT tombstones_pruned_through::text AS through FROM clusters WHERE name = 'default'");
    const through = BigInt(rows[0]?.through ?? '0');
    expect(through).toBeGreaterThan(podVersion);

    const gone = await t.api.get(`/api/v1/pods?watch=true&resourceVersion=${podVersion}`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: `too old resource version: ${podVersion} (${through})`,
      reason: 'Expired',
      code: 410,
    });

    // The pod informer's watch ends within 3 s, is refused with 410 from its resourceVersion, and lists again.
    const until = Date.now() + 10_000;
    while (lists.pods < 2 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(lists.pods).toBe(2);
    // The node informer had seen the newest deletion: its watches go on.
    expect(lists.nodes).toBe(1);
    expect((await t.api.putPod('web', 'later', pod('web', 'later', 'n2'))).statusCode).toBe(201);
    expect(Object.keys((await settled()).pods)).toEqual(['web/before', 'web/later']);
    expect(errors).toEqual([]);
  });
});
