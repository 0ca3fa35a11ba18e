import { describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';
import { kubectlJson, kubectlYaml, realisticCluster } from '../../../../support/realistic-cluster';

type K8sObject = {
  kind: string;
  metadata: { name: string; namespace?: string; resourceVersion?: string; labels?: Record<string, string> };
  spec?: { taints?: { timeAdded?: string }[] };
};

/**
 * An object as a GET answers it after an import: as kubectl printed it, with taintgate's
 * resourceVersion, and a time on every taint (kept for NoExecute bookkeeping; kubectl prints one
 * only where the node lifecycle controller set it).
 */
function asStored(object: K8sObject, stored: K8sObject): unknown {
  const metadata = { ...object.metadata, resourceVersion: stored.metadata.resourceVersion };
  if (object.kind !== 'Node' || !object.spec?.taints) return { ...object, metadata };
  const taints = object.spec.taints.map((t, i) => ({ ...t, timeAdded: t.timeAdded ?? stored.spec?.taints?.[i]?.timeAdded }));
  return { ...object, metadata, spec: { ...object.spec, taints } };
}

const byKey = (o: K8sObject) => `${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`;

describe('importing a realistic cluster (GKE system, general, GPU and spot pools, Karpenter, DaemonSets), as kubectl prints it', () => {
  const t = useApiFixture();
  const { api } = t;
  const cluster = realisticCluster();

  async function storedObjects(name: string): Promise<Map<string, K8sObject>> {
    const nodes = (await api.get(`/v1/clusters/${name}/nodes`)).json().items as K8sObject[];
    const pods = (await api.get(`/v1/clusters/${name}/pods`)).json().items as K8sObject[];
    return new Map([...nodes, ...pods].map((o) => [byKey({ ...o, kind: o.kind }), o]));
  }

  it.each([
    ['JSON', 'application/json', () => kubectlJson(cluster.list)],
    ['YAML', 'application/yaml', () => kubectlYaml(cluster.list)],
  ])('as %s: every object kept as it was; the same import again changes nothing', async (_format, type, print) => {
    const name = `gke-${type.endsWith('json') ? 'json' : 'yaml'}`;
    const body = print();
    const first = await api.raw('POST', `/v1/clusters/${name}/import`, body, type);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ created: cluster.nodes.length + cluster.pods.length, updated: 0, unchanged: 0, rejected: [] });

    const stored = await storedObjects(name);
    expect(stored.size).toBe(cluster.nodes.length + cluster.pods.length);
    for (const object of cluster.list.items as unknown as K8sObject[]) {
      const kept = stored.get(byKey(object));
      expect(kept, byKey(object)).toBeDefined();
      expect(kept, byKey(object)).toEqual(asStored(object, kept as K8sObject));
    }

    // A list writes each pod from its row's text; a GET and a Table's objects make it an object: the same pod.
    const listed = (await api.get(`/v1/clusters/${name}/pods?limit=5000`)).json<{ items: K8sObject[] }>().items;
    expect((await api.get(`/clusters/${name}/api/v1/pods?limit=5000`)).json<{ items: K8sObject[] }>().items).toEqual(listed);
    for (const pod of listed.slice(0, 25)) {
      expect((await api.get(`/v1/clusters/${name}/namespaces/${pod.metadata.namespace}/pods/${pod.metadata.name}`)).json()).toEqual(pod);
    }

    const again = await api.raw('POST', `/v1/clusters/${name}/import`, body, type);
    expect(again.json()).toMatchObject({ created: 0, updated: 0, unchanged: cluster.nodes.length + cluster.pods.length, deleted: 0, rejected: [] });

    // A pod written since through the API (labelled) is told apart by its digest, which that write
    // cleared: the next import writes it back as sent; every other object is left alone.
    const [touched] = cluster.pods as unknown as K8sObject[];
    const path = `/v1/clusters/${name}/namespaces/${touched?.metadata.namespace}/pods/${touched?.metadata.name}`;
    const written = (await api.get(path)).json<K8sObject>();
    expect((await api.put(path, { ...written, metadata: { ...written.metadata, labels: { ...written.metadata.labels, touched: 'yes' } } })).statusCode).toBe(
      200,
    );
    const third = await api.raw('POST', `/v1/clusters/${name}/import`, body, type);
    expect(third.json()).toMatchObject({ created: 0, updated: 1, unchanged: cluster.nodes.length + cluster.pods.length - 1, deleted: 0, rejected: [] });
    expect((await api.get(path)).json<K8sObject>().metadata.labels).not.toHaveProperty('touched');
  });

  it('keeps what admission would have changed: the DaemonSet pod keeps its 8 tolerations, the 120 s spot toleration stays before the unlimited one', async () => {
    await api.post('/v1/clusters/gke-admission/import', cluster.list);
    const daemon = (cluster.pods as unknown as K8sObject[]).find((p) => p.metadata.name.startsWith('gke-metadata-server')) as unknown as {
      metadata: { name: string };
      spec: { tolerations: unknown[] };
    };
    const storedDaemon = (await api.get(`/v1/clusters/gke-admission/namespaces/kube-system/pods/${daemon.metadata.name}`)).json();
    expect(storedDaemon.spec.tolerations).toEqual(daemon.spec.tolerations);
    expect(storedDaemon.spec.tolerations).toHaveLength(8);
    const sent = (cluster.pods as unknown as K8sObject[]).find((p) => p.metadata.name === 'thumbnailer-lhk72kqnnj-76fx2') as unknown as {
      spec: { tolerations: unknown[] };
    };
    const thumbnailer = (await api.get('/v1/clusters/gke-admission/namespaces/media/pods/thumbnailer-lhk72kqnnj-76fx2')).json();
    expect(thumbnailer.spec.tolerations).toEqual(sent.spec.tolerations);
    const spotNoExecute = thumbnailer.spec.tolerations.filter(
      (tol: { key?: string; effect?: string }) => tol.key === 'cloud.google.com/gke-spot' && tol.effect !== 'NoSchedule',
    );
    expect(spotNoExecute.map((tol: { tolerationSeconds?: number }) => tol.tolerationSeconds)).toEqual([120, undefined]);
  });

  it('placement of the pending trainer: no GPU is free, as kube-scheduler says', async () => {
    await api.post('/v1/clusters/gke-gpu/import', cluster.list);
    const placement = (await api.get('/v1/clusters/gke-gpu/namespaces/ml/pods/llm-finetune-lc7rw/placement?view=nodes')).json();
    expect(placement.feasibleCount).toBe(0);
    expect(placement.summary).toContain('Insufficient nvidia.com/gpu');
    const gpuNodes = placement.nodes.filter((n: { reasons: { code: string; resource?: { name: string } }[] }) =>
      n.reasons.some((r) => r.code === 'InsufficientResource' && r.resource?.name === 'nvidia.com/gpu'),
    );
    expect(gpuNodes.length).toBeGreaterThan(0);
  });

  it('two clusters stay apart: an import with prune into one leaves the other as it was', async () => {
    await api.post('/v1/clusters/gke-a/import', cluster.list);
    await api.post('/v1/clusters/gke-b/import', cluster.list);
    const [firstNode] = cluster.nodes as unknown as K8sObject[];
    const pruned = await api.post('/v1/clusters/gke-a/import?prune=true&pruneKinds=Node,Pod', { apiVersion: 'v1', kind: 'List', items: [firstNode] });
    expect(pruned.json()).toMatchObject({ unchanged: 1, deleted: cluster.nodes.length + cluster.pods.length - 1 });
    expect((await api.get('/v1/clusters/gke-a/pods')).json().items).toEqual([]);
    expect((await api.get('/v1/clusters/gke-b/nodes')).json().items).toHaveLength(cluster.nodes.length);
    expect((await api.get('/v1/clusters/gke-b/pods')).json().items).toHaveLength(cluster.pods.length);
  });
});
