import { describe, expect, it } from 'vitest';
import { expectApiError, expectNothingStored } from '../../../../support/api-client';
import { useApiFixture } from '../../../../support/api-test-app';
import { sleep } from '../../../../support/waiting';
import { sampleOf } from '../metrics/exposition';

/** Objects as `kubectl get -o json` prints them from a live cluster (trimmed, but every kind of field kept). */
const spotNode = {
  apiVersion: 'v1',
  kind: 'Node',
  metadata: {
    name: 'gke-spot-1',
    uid: '6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b',
    resourceVersion: '998877',
    creationTimestamp: '2026-01-10T08:00:00Z',
    labels: { 'cloud.google.com/gke-spot': 'true', 'topology.kubernetes.io/zone': 'europe-west1-b' },
    annotations: { 'node.alpha.kubernetes.io/ttl': '0' },
  },
  spec: {
    podCIDR: '10.4.1.0/24',
    providerID: 'gce://proj/europe-west1-b/gke-spot-1',
    taints: [{ key: 'cloud.google.com/gke-spot', value: 'true', effect: 'NoSchedule' }],
  },
  status: {
    allocatable: { cpu: '3920m', memory: '13594164Ki', pods: '110', 'ephemeral-storage': '47060071478' },
    capacity: { cpu: '4', memory: '16393268Ki', pods: '110' },
    conditions: [
      { type: 'Ready', status: 'True', reason: 'KubeletReady', lastHeartbeatTime: '2026-11-23T07:00:00Z', lastTransitionTime: '2026-01-10T08:01:00Z' },
    ],
    nodeInfo: { kubeletVersion: 'v1.32.4-gke.1106000', osImage: 'Container-Optimized OS from Google' },
  },
};

/** 120 s on a spot node's shutdown, then an unlimited toleration of the same key: re-running admission would lose the first. */
const batchPod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: {
    name: 'batch-7d9f-x2x',
    namespace: 'jobs',
    uid: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    resourceVersion: '123',
    creationTimestamp: '2026-11-20T12:00:00Z',
    labels: { app: 'batch', 'pod-template-hash': '7d9f' },
    ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'batch-7d9f', uid: '11111111-2222-4333-8444-555555555555', controller: true }],
  },
  spec: {
    nodeName: 'gke-spot-1',
    containers: [{ name: 'main', image: 'busybox', resources: { requests: { cpu: '250m', memory: '64Mi' } } }],
    tolerations: [
      { key: 'cloud.google.com/gke-spot', operator: 'Equal', value: 'true', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 120 },
      { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' },
    ],
    securityContext: {},
    terminationGracePeriodSeconds: 0,
  },
  status: { phase: 'Running', qosClass: 'Burstable', podIP: '10.4.1.7', startTime: '2026-11-20T12:00:05Z' },
};

const list = (...items: unknown[]) => ({ apiVersion: 'v1', kind: 'List', metadata: { resourceVersion: '' }, items });

/** What a GET answers for an imported object: the object as it was, with taintgate's resourceVersion. */
const asStored = <T extends { metadata: object }>(object: T) => ({ ...object, metadata: { ...object.metadata, resourceVersion: expect.any(String) } });

/**
 * The import's cases, run by import.e2e.test.ts on the event loop (the bodies are small) and by
 * import-thread.e2e.test.ts with every body read on a worker thread: the answers are the same.
 */
export function describeImportCases(title: string, onThread: boolean, env: Record<string, string> = {}): void {
  describe(title, () => {
    const t = useApiFixture(env);
    const { api, db } = t;

    it('stores a kubectl List as it is: uids, creation times, labels, annotations, status and tolerations kept, no admission', async () => {
      const reply = await api.post('/v1/clusters/prod/import', list(spotNode, batchPod));
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toMatchObject({ kind: 'ImportResult', cluster: 'prod', created: 2, updated: 0, unchanged: 0, deleted: 0, rejected: [] });

      const pod = (await api.get('/v1/clusters/prod/namespaces/jobs/pods/batch-7d9f-x2x')).json();
      expect(pod).toEqual(asStored(batchPod));
      const node = (await api.get('/v1/clusters/prod/nodes/gke-spot-1')).json();
      // A taint's timeAdded is kept for NoExecute bookkeeping: one that came without gets the import's time.
      expect(node).toEqual(asStored({ ...spotNode, spec: { ...spotNode.spec, taints: [{ ...spotNode.spec.taints[0], timeAdded: expect.any(String) }] } }));
    });

    it('stores pods as they are whatever their JSON holds: control characters (the separator of the JSON values it sends) where the API allows them, affinity or none', async () => {
      const controls = Array.from({ length: 31 }, (_, i) => String.fromCharCode(i + 1)).join('');
      const affinity = {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'pool', operator: 'In', values: ['a'] }] }] },
        },
      };
      const named = (name: string, extra: object) => ({ ...batchPod, metadata: { ...batchPod.metadata, name, uid: undefined, ...extra } });
      const odd = named('odd', { annotations: { note: `a${controls}b`, sep: '\u001e\u001e' } });
      const placed = { ...named('placed', {}), spec: { ...batchPod.spec, affinity, nodeSelector: { pool: 'a' } } };
      const plain = named('plain', { labels: undefined });
      const reply = await api.post('/v1/clusters/odd/import', list(odd, placed, plain));
      expect(reply.json()).toMatchObject({ created: 3, rejected: [] });
      for (const sent of [odd, placed, plain]) {
        const stored = (await api.get(`/v1/clusters/odd/namespaces/jobs/pods/${sent.metadata.name}`)).json();
        expect(stored).toEqual(asStored({ ...sent, metadata: { ...sent.metadata, uid: expect.any(String) } }));
      }
    });

    it('the same import again changes nothing; a changed object is updated, a missing one pruned only on prune=true', async () => {
      await api.post('/v1/clusters/again/import', list(spotNode, batchPod));
      const again = await expectNothingStoredIn(() => api.post('/v1/clusters/again/import', list(spotNode, batchPod)));
      expect(again.json()).toMatchObject({ created: 0, updated: 0, unchanged: 2, deleted: 0 });

      const relabelled = { ...spotNode, metadata: { ...spotNode.metadata, labels: { ...spotNode.metadata.labels, pool: 'spot' } } };
      expect((await api.post('/v1/clusters/again/import', list(relabelled))).json()).toMatchObject({ updated: 1, unchanged: 0, deleted: 0 });
      expect((await api.get('/v1/clusters/again/pods')).json().items).toHaveLength(1);

      // Nodes alone: prune takes only the kinds the body holds, so the pod stays...
      const nodesPruned = await api.post('/v1/clusters/again/import?prune=true', list(relabelled));
      expect(nodesPruned.json()).toMatchObject({ unchanged: 1, deleted: 0, prunedKinds: ['Node'] });
      expect((await api.get('/v1/clusters/again/pods')).json().items).toHaveLength(1);
      // ...unless pruneKinds names pods: a cluster whose pods are all gone prints none.
      const pruned = await api.post('/v1/clusters/again/import?prune=true&pruneKinds=Node,Pod', list(relabelled));
      expect(pruned.json()).toMatchObject({ unchanged: 1, deleted: 1, pods: { deleted: 1 }, prunedKinds: ['Node', 'Pod'] });
      expect((await api.get('/v1/clusters/again/pods')).json().items).toEqual([]);
    });

    it('prune=true with pods alone leaves every node; a rejected pod still makes pods a kind to prune; pruneKinds as a repeated parameter', async () => {
      const other = { ...batchPod, metadata: { ...batchPod.metadata, name: 'other', uid: undefined } };
      await api.post('/v1/clusters/kinds/import', list(spotNode, batchPod, other));
      const podsOnly = await api.post('/v1/clusters/kinds/import?prune=true', list(batchPod));
      expect(podsOnly.json()).toMatchObject({ unchanged: 1, deleted: 1, nodes: { deleted: 0 }, pods: { deleted: 1 }, prunedKinds: ['Pod'] });
      expect((await api.get('/v1/clusters/kinds/nodes/gke-spot-1')).statusCode).toBe(200);

      const bad = { ...batchPod, metadata: { ...batchPod.metadata, name: 'Not_A_Name' } };
      const rejectedOnly = await api.post('/v1/clusters/kinds/import?prune=true&dryRun=true', list(bad));
      expect(rejectedOnly.json()).toMatchObject({ rejectedCount: 1, pods: { deleted: 1 }, nodes: { deleted: 0 }, prunedKinds: ['Pod'] });

      const repeated = await api.post('/v1/clusters/kinds/import?prune=true&dryRun=true&pruneKinds=Node&pruneKinds=Namespace', list(batchPod));
      expect(repeated.json()).toMatchObject({ nodes: { deleted: 1 }, pods: { deleted: 0 }, prunedKinds: ['Node', 'Namespace'] });
      const none = await api.post('/v1/clusters/kinds/import?prune=true&dryRun=true', list());
      expect(none.json()).toMatchObject({ deleted: 0, prunedKinds: [] });
    });

    it('pruneKinds: a kind not kept, or without prune=true, is refused naming the field, and nothing is stored', async () => {
      const unknown = await expectNothingStored(api, db, () => api.post('/v1/clusters/refused/import?prune=true&pruneKinds=Node,Deployment', list(spotNode)));
      const supported = '"Node", "Pod", "Namespace", "PersistentVolume", "PersistentVolumeClaim", "StorageClass", "CSINode", "PodDisruptionBudget"';
      const reason = `Unsupported value: "Deployment": supported values: ${supported}`;
      expectApiError(unknown, 400, `pruneKinds: ${reason}`, [{ field: 'pruneKinds', reason }]);
      const withoutPrune = await expectNothingStored(api, db, () => api.post('/v1/clusters/refused/import?pruneKinds=Node', list(spotNode)));
      expectApiError(withoutPrune, 400, 'pruneKinds: Invalid value: "Node": is taken only with prune=true', [
        { field: 'pruneKinds', reason: 'Invalid value: "Node": is taken only with prune=true' },
      ]);
    });

    it('an object sent as it is stored is unchanged, once: named twice, the second is rejected; another object with its uid is refused', async () => {
      await api.post('/v1/clusters/twice/import', list(spotNode, batchPod));
      const twice = await api.post('/v1/clusters/twice/import', list(spotNode, spotNode, batchPod));
      expect(twice.json()).toMatchObject({
        unchanged: 2,
        rejected: [{ kind: 'Node', name: 'gke-spot-1', position: expect.stringContaining('item 1'), details: [{ field: 'metadata.name' }] }],
      });
      // Another node sent with the stored node's uid is refused; the stored node, sent as it is, stays unchanged.
      const thief = { ...spotNode, metadata: { ...spotNode.metadata, name: 'thief' } };
      const taken = await api.post('/v1/clusters/twice/import', list(thief, spotNode));
      expect(taken.json()).toMatchObject({ created: 0, unchanged: 1, rejected: [{ name: 'thief', details: [{ field: 'metadata.uid' }] }] });
    });

    /** The import's own audit row aside, nothing of the cluster moves. */
    async function expectNothingStoredIn(act: () => ReturnType<typeof api.get>) {
      const objects = async () => [(await api.get('/v1/clusters/again/nodes')).json().items, (await api.get('/v1/clusters/again/pods')).json().items];
      const before = await objects();
      const reply = await act();
      expect(await objects()).toEqual(before);
      return reply;
    }

    it('rejects a bad object alone, with its field errors; the rest is stored, a kind the twin does not keep skipped', async () => {
      const bad = {
        ...batchPod,
        metadata: { ...batchPod.metadata, name: 'bad', uid: 'not-a-uid' },
        spec: { ...batchPod.spec, tolerations: [{ key: 'k', operator: 'Sometimes' }] },
      };
      const reply = await api.post('/v1/clusters/mixed/import', list(spotNode, bad, { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' } }));
      expect(reply.statusCode).toBe(200);
      const result = reply.json();
      expect(result).toMatchObject({ created: 1 });
      expect(result.rejected).toEqual([
        {
          kind: 'Pod',
          namespace: 'jobs',
          name: 'bad',
          position: expect.stringContaining('item 1'),
          message: expect.stringMatching(/^Pod "bad" is invalid: /),
          details: [
            { field: 'spec.tolerations[0].operator', reason: expect.stringContaining('Unsupported value: "Sometimes"') },
            { field: 'metadata.uid', reason: expect.stringContaining('Invalid value: "not-a-uid"') },
          ],
        },
      ]);
      expect(result.skipped).toEqual([{ kind: 'Deployment', apiVersion: 'apps/v1', count: 1 }]);
    });

    it('takes YAML: several documents, or a List', async () => {
      const yaml = [
        'apiVersion: v1\nkind: Node\nmetadata:\n  name: y1\n  uid: 7a1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b\n',
        'apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Pod\n  metadata:\n    name: yp\n    namespace: default\n  spec:\n    nodeName: y1\n',
      ].join('---\n');
      const reply = await api.raw('POST', '/v1/clusters/yaml/import', yaml, 'application/yaml');
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toMatchObject({ created: 2, rejected: [] });
      expect((await api.get('/v1/clusters/yaml/nodes/y1')).json().metadata.uid).toBe('7a1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b');
    });

    it('dryRun=true answers the same and stores nothing; a body that is not JSON stores nothing either', async () => {
      const dry = await expectNothingStored(api, db, () => api.post('/v1/import?dryRun=true', list(spotNode, batchPod)));
      expect(dry.json()).toMatchObject({ dryRun: true, cluster: 'default', created: 2 });
      const broken = await expectNothingStored(api, db, () => api.raw('POST', '/v1/import', '{"kind":"List","items":[{"kind":"Node",'));
      expect(broken.statusCode).toBe(400);
    });

    it('keeps a pod imported as terminating as its cluster shows it: its kubelet, not taintgate, ends its deletion', async () => {
      const terminating = {
        ...batchPod,
        metadata: { ...batchPod.metadata, name: 'stuck', uid: undefined, deletionTimestamp: '2026-01-01T00:00:00Z', deletionGracePeriodSeconds: 30 },
      };
      await api.post('/v1/clusters/stuck/import', list(spotNode, terminating));
      // The terminating-pod reaper passes every second: two of them.
      await sleep(2500);
      const pod = (await api.get('/v1/clusters/stuck/namespaces/jobs/pods/stuck')).json();
      expect(pod.metadata).toMatchObject({ deletionTimestamp: '2026-01-01T00:00:00Z', deletionGracePeriodSeconds: 30 });
    });

    it('decides imported pods on NoExecute-tainted nodes as the controller decides a pod it sees first', async () => {
      const draining = {
        ...spotNode,
        metadata: { ...spotNode.metadata, name: 'draining' },
        spec: { taints: [{ key: 'maintenance', effect: 'NoExecute', timeAdded: '2026-11-23T07:00:00Z' }] },
      };
      const evicted = { ...batchPod, metadata: { ...batchPod.metadata, name: 'evicted', uid: undefined }, spec: { ...batchPod.spec, nodeName: 'draining' } };
      const waiting = {
        ...evicted,
        metadata: { ...evicted.metadata, name: 'waiting' },
        spec: { ...evicted.spec, tolerations: [{ key: 'maintenance', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 3600 }] },
      };
      const dry = await api.post('/v1/clusters/drain/import?dryRun=true', list(draining, evicted, waiting));
      expect(dry.json()).not.toHaveProperty('evictions');
      const reply = await api.post('/v1/clusters/drain/import', list(draining, evicted, waiting));
      expect(reply.json()).toMatchObject({ created: 3, rejected: [] });
      const evictions = (await api.get('/v1/clusters/drain/evictions')).json().items;
      expect(evictions.map((e: { pod: { name: string }; status: string }) => [e.pod.name, e.status]).sort()).toEqual([
        ['evicted', 'Executed'],
        ['waiting', 'Scheduled'],
      ]);
      expect((await api.get('/v1/clusters/drain/pods')).json().items.map((p: { metadata: { name: string } }) => p.metadata.name)).toEqual(['waiting']);
      // The import's answer lists them, as GET /v1/evictions shows them.
      const byId = (a: { id: string }, b: { id: string }) => Number(a.id) - Number(b.id);
      expect(reply.json().evictions).toEqual({ executed: 1, scheduled: 1, predicted: 0, queuedNodes: 0, items: [...evictions].sort(byId) });
      // The same import again decides nothing new: the scheduled eviction stands, and is not listed again.
      expect((await api.post('/v1/clusters/drain/import', list(draining, waiting))).json().evictions).toEqual({
        executed: 0,
        scheduled: 0,
        predicted: 0,
        queuedNodes: 0,
        items: [],
      });
    });

    it(`reads the bodies ${onThread ? 'on a worker thread' : 'on the event loop'}, as the import metrics say`, async () => {
      const exposition = (await api.get('/metrics')).body;
      expect(sampleOf(exposition, 'taintgate_import_duration_seconds_count', { thread: String(onThread) })).toBeGreaterThanOrEqual(5);
      expect(sampleOf(exposition, 'taintgate_import_duration_seconds_count', { thread: String(!onThread) })).toBeUndefined();
    });
  });
}
