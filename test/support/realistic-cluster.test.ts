import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubectlJson, realisticCluster, realisticClusterYaml, snapshotTime, writeClusterJson, type KubeObject } from './realistic-cluster';
import { kubectlListChunks } from './realistic-cluster/kubectl-json';

/**
 * The fixture stands in for a real cluster's `kubectl get nodes,pods -A -o json`: these check
 * that it is what kubectl would print (and was checked byte for byte against kubectl 1.32's
 * printers), that it holds together as a cluster, and that each case it exists for is in it.
 */

const cluster = realisticCluster();
const { nodes, pods } = cluster;
const any = (o: unknown) => o as any;
const nodeNamed = (name: string) => nodes.find((n) => n.metadata.name === name)!;
const podsNamed = (prefix: string) => pods.filter((p) => p.metadata.name.startsWith(prefix));
const ownerKind = (p: KubeObject) => any(p).metadata.ownerReferences?.[0]?.kind as string | undefined;
const pool = (n: KubeObject) => any(n).metadata.labels['cloud.google.com/gke-nodepool'] ?? `karpenter:${any(n).metadata.labels['karpenter.sh/nodepool']}`;
const taints = (n: KubeObject) => (any(n).spec.taints ?? []) as { key: string; value?: string; effect: string; timeAdded?: string }[];
const running = (p: KubeObject) => any(p).status.phase === 'Running' || any(p).status.phase === 'Pending';

/** Go's encoding/json writes map keys in byte order; kubectl's output has every object's keys that way. */
function unsortedKeys(value: unknown, at = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => unsortedKeys(v, `${at}[${i}]`));
  if (typeof value !== 'object' || value === null) return [];
  const keys = Object.keys(value);
  const own = keys.some((k, i) => i > 0 && keys[i - 1]! >= k) ? [at] : [];
  return [...own, ...keys.flatMap((k) => unsortedKeys((value as Record<string, unknown>)[k], `${at}.${k}`))];
}

const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('realisticCluster: a kubectl List', () => {
  it('is the same for the same seed, byte for byte, and another for another seed', () => {
    expect(kubectlJson(realisticCluster().list)).toBe(kubectlJson(cluster.list));
    const other = realisticCluster({ seed: 2 });
    expect(other.pods.map((p) => p.metadata.uid)).not.toEqual(pods.map((p) => p.metadata.uid));
    expect(other.nodes.map((n) => n.metadata.name)).not.toEqual(nodes.map((n) => n.metadata.name));
  });

  it('is a List of the nodes by name, then the pods by namespace/name, as the API server lists them', () => {
    expect(cluster.list).toMatchObject({ apiVersion: 'v1', kind: 'List', metadata: { resourceVersion: '' } });
    expect(cluster.list.items).toEqual([...nodes, ...pods]);
    const nodeNames = nodes.map((n) => n.metadata.name);
    expect(nodeNames).toEqual([...nodeNames].sort());
    const podKeys = pods.map((p) => `${any(p).metadata.namespace}/${p.metadata.name}`);
    expect(podKeys).toEqual([...podKeys].sort());
  });

  it('has its keys in Go’s order at every level, as kubectl prints them', () => {
    expect(unsortedKeys(cluster.list)).toEqual([]);
  });

  it('survives a JSON round trip unchanged, and prints as kubectl prints (4-space indent, Go’s escapes)', () => {
    const text = kubectlJson(cluster.list);
    expect(JSON.parse(text)).toEqual(cluster.list);
    expect(text.startsWith('{\n    "apiVersion": "v1",\n    "items": [\n        {\n            "apiVersion": "v1",\n            "kind": "Node",')).toBe(true);
    expect(text.endsWith('\n    ],\n    "kind": "List",\n    "metadata": {\n        "resourceVersion": ""\n    }\n}\n')).toBe(true);
    // kube-proxy's command redirects its log: Go escapes > and &.
    expect(text).toContain('1\\u003e\\u003e/var/log/kube-proxy.log 2\\u003e\\u00261');
    expect(text).not.toMatch(/[<>&]/);
  });

  it('has distinct, valid version-4 uids, owners included, and names unique per kind and namespace', () => {
    const uids = cluster.list.items.map((o) => o.metadata.uid);
    const ownerUids = new Set(cluster.list.items.flatMap((o) => (any(o).metadata.ownerReferences ?? []).map((r: any) => r.uid as string)));
    for (const uid of [...uids, ...ownerUids]) expect(uid).toMatch(uuidV4);
    expect(new Set(uids).size).toBe(uids.length);
    expect(uids.filter((u) => ownerUids.has(u) && !nodes.some((n) => n.metadata.uid === u))).toEqual([]);
    const names = cluster.list.items.map((o) => `${o.kind}/${any(o).metadata.namespace ?? ''}/${o.metadata.name}`);
    expect(new Set(names).size).toBe(names.length);
  });

  it('binds every pod to a node of the list, but the pending trainer', () => {
    const nodeNames = new Set(nodes.map((n) => n.metadata.name));
    const unbound = pods.filter((p) => any(p).spec.nodeName === undefined);
    expect(unbound.map((p) => p.metadata.name)).toEqual([expect.stringMatching(/^llm-finetune-/)]);
    for (const p of pods) if (any(p).spec.nodeName !== undefined) expect(nodeNames.has(any(p).spec.nodeName)).toBe(true);
  });

  it('never puts more on a node than it allocates (pods, CPU, memory, GPUs), at the default size or a larger one', () => {
    for (const c of [cluster, realisticCluster({ nodes: 300, podsPerNode: 30, seed: 7 })]) {
      const parse = (q: string) => {
        const m = /^(\d+)(m|Ki|Mi|Gi)?$/.exec(q)!;
        const scale: Record<string, number> = { m: 0.001, Ki: 1024, Mi: 1024 ** 2, Gi: 1024 ** 3 };
        return Number(m[1]) * (m[2] === undefined ? 1 : scale[m[2]]!);
      };
      for (const node of c.nodes) {
        const on = c.pods.filter((p) => any(p).spec.nodeName === node.metadata.name);
        expect(on.length).toBeLessThanOrEqual(Number(any(node).status.allocatable.pods));
        for (const resource of ['cpu', 'memory', 'nvidia.com/gpu']) {
          const requested = on
            .filter(running)
            .flatMap((p) => [
              ...any(p).spec.containers,
              ...(any(p).spec.initContainers ?? []).filter((i: any) => i.restartPolicy === 'Always'),
              { resources: { requests: any(p).spec.overhead ?? {} } },
            ])
            .reduce((sum: number, c: any) => sum + (c.resources.requests?.[resource] !== undefined ? parse(c.resources.requests[resource]) : 0), 0);
          expect(requested).toBeLessThanOrEqual(parse(any(node).status.allocatable[resource] ?? '0'));
        }
      }
    }
  });

  it('writes quantities in the forms the API server returns', () => {
    const text = kubectlJson(cluster.list);
    for (const q of ['"3920m"', '"15Gi"', '"100Mi"', '"1"', '"250m"', '"107374182400"', '"98831908Ki"']) expect(text).toContain(q);
  });
});

describe('realisticCluster: nodes', () => {
  it('has the default pools: system, general, A100 and L4 GPUs, spot, gVisor sandbox and Karpenter', () => {
    const counts: Record<string, number> = {};
    for (const n of nodes) counts[pool(n)] = (counts[pool(n)] ?? 0) + 1;
    expect(counts).toEqual({
      'system-pool': 3,
      'general-pool': 6,
      'gpu-a100-pool': 1,
      'gpu-l4-pool': 1,
      'spot-pool': 3,
      'sandbox-pool': 1,
      'karpenter:default': 5,
    });
    const system = nodes.find((n) => pool(n) === 'system-pool')!;
    expect(any(system).metadata.labels).toMatchObject({
      'node.kubernetes.io/instance-type': 'e2-standard-4',
      'beta.kubernetes.io/instance-type': 'e2-standard-4',
      'topology.kubernetes.io/region': 'europe-west4',
      'failure-domain.beta.kubernetes.io/region': 'europe-west4',
      'kubernetes.io/os': 'linux',
      'kubernetes.io/arch': 'amd64',
      'kubernetes.io/hostname': system.metadata.name,
    });
    expect(any(system).metadata.labels['topology.kubernetes.io/zone']).toBe(any(system).metadata.labels['failure-domain.beta.kubernetes.io/zone']);
  });

  it('carries the metadata, spec and status a GKE node has', () => {
    for (const n of nodes) {
      expect(Object.keys(any(n).metadata.annotations)).toEqual(
        expect.arrayContaining([
          'node.alpha.kubernetes.io/ttl',
          'volumes.kubernetes.io/controller-managed-attach-detach',
          'container.googleapis.com/instance_id',
        ]),
      );
      expect(any(n).spec.podCIDRs).toEqual([any(n).spec.podCIDR]);
      expect(any(n).spec.providerID).toBe(`gce://acme-prod-4821/${any(n).metadata.labels['topology.kubernetes.io/zone']}/${n.metadata.name}`);
      expect(Object.keys(any(n).status)).toEqual(['addresses', 'allocatable', 'capacity', 'conditions', 'daemonEndpoints', 'images', 'nodeInfo']);
      expect(Object.keys(any(n).status.capacity)).toEqual(
        expect.arrayContaining(['cpu', 'ephemeral-storage', 'hugepages-1Gi', 'hugepages-2Mi', 'memory', 'pods']),
      );
      expect(any(n).status.daemonEndpoints).toEqual({ kubeletEndpoint: { Port: 10250 } });
      expect(any(n).status.nodeInfo.kubeletVersion).toMatch(/^v1\.32\./);
      for (const c of any(n).status.conditions) {
        expect(c.lastHeartbeatTime <= snapshotTime && c.lastTransitionTime <= snapshotTime).toBe(true);
        expect(c.lastTransitionTime >= n.metadata.creationTimestamp).toBe(true);
      }
    }
  });

  it('taints the GPU nodes and lists their GPUs; taints and labels the spot nodes', () => {
    const gpu = nodes.filter((n) => pool(n).startsWith('gpu-'));
    expect(gpu.map((n) => any(n).metadata.labels['node.kubernetes.io/instance-type']).sort()).toEqual(['a2-highgpu-2g', 'g2-standard-12']);
    for (const n of gpu) {
      expect(taints(n)).toContainEqual({ effect: 'NoSchedule', key: 'nvidia.com/gpu', value: 'present' });
      expect(any(n).status.capacity['nvidia.com/gpu']).toBe(any(n).status.allocatable['nvidia.com/gpu']);
    }
    for (const n of nodes.filter((x) => pool(x) === 'spot-pool')) {
      expect(any(n).metadata.labels['cloud.google.com/gke-spot']).toBe('true');
      expect(taints(n)).toEqual([{ effect: 'NoSchedule', key: 'cloud.google.com/gke-spot', value: 'true' }]);
    }
  });

  it('has one NotReady node with both unreachable taints, and one cordoned node', () => {
    const unreachable = nodes.filter((n) => taints(n).some((t) => t.key === 'node.kubernetes.io/unreachable'));
    expect(unreachable).toHaveLength(1);
    expect(taints(unreachable[0]!).map((t) => `${t.key}:${t.effect}:${t.timeAdded === undefined ? 'no time' : 'timeAdded'}`)).toEqual([
      'node.kubernetes.io/unreachable:NoSchedule:timeAdded',
      'node.kubernetes.io/unreachable:NoExecute:timeAdded',
    ]);
    expect(any(unreachable[0]).status.conditions.find((c: any) => c.type === 'Ready')).toMatchObject({ status: 'Unknown', reason: 'NodeStatusUnknown' });
    const cordoned = nodes.filter((n) => any(n).spec.unschedulable === true);
    expect(cordoned).toHaveLength(1);
    expect(taints(cordoned[0]!)).toEqual([{ effect: 'NoSchedule', key: 'node.kubernetes.io/unschedulable', timeAdded: expect.any(String) }]);
  });

  it('has Karpenter nodes as Karpenter leaves them: registered ones owned by their NodeClaim, one disrupted, one not yet registered', () => {
    const karpenter = nodes.filter((n) => any(n).metadata.labels['karpenter.sh/nodepool'] === 'default');
    for (const n of karpenter) expect(['on-demand', 'spot']).toContain(any(n).metadata.labels['karpenter.sh/capacity-type']);
    const unregistered = karpenter.filter((n) => taints(n).some((t) => t.key === 'karpenter.sh/unregistered'));
    expect(unregistered).toHaveLength(1);
    expect(taints(unregistered[0]!)).toEqual([{ effect: 'NoExecute', key: 'karpenter.sh/unregistered' }]);
    expect(any(unregistered[0]).metadata.labels['karpenter.sh/registered']).toBeUndefined();
    const disrupted = karpenter.filter((n) => taints(n).some((t) => t.key === 'karpenter.sh/disrupted'));
    expect(disrupted).toHaveLength(1);
    expect(taints(disrupted[0]!)).toEqual([{ effect: 'NoSchedule', key: 'karpenter.sh/disrupted' }]);
    expect(any(disrupted[0]).metadata.deletionTimestamp).toBeDefined();
    for (const n of karpenter.filter((x) => x !== unregistered[0])) {
      expect(any(n).metadata.labels['karpenter.sh/registered']).toBe('true');
      expect(any(n).metadata.finalizers).toEqual(['karpenter.sh/termination']);
      expect(any(n).metadata.ownerReferences).toEqual([
        {
          apiVersion: 'karpenter.sh/v1',
          blockOwnerDeletion: true,
          kind: 'NodeClaim',
          name: n.metadata.name.replace(/^karpenter-/, ''),
          uid: expect.stringMatching(uuidV4),
        },
      ]);
    }
  });
});

describe('realisticCluster: pods', () => {
  it('has 108 pods by default, and nodes × podsPerNode when asked', () => {
    expect(pods).toHaveLength(108);
    expect(realisticCluster({ nodes: 50, podsPerNode: 30 }).pods).toHaveLength(1500);
  });

  it('runs kube-proxy (a mirror pod owned by its Node) and three DaemonSets on every node, the GPU plugin on GPU nodes', () => {
    const byNode = (prefix: string) => podsNamed(prefix).map((p) => any(p).spec.nodeName as string);
    const all = nodes.map((n) => n.metadata.name).sort();
    for (const ds of ['fluentbit-gke-', 'gke-metadata-server-', 'pdcsi-node-']) expect(byNode(ds).sort()).toEqual(all);
    expect(podsNamed('nvidia-gpu-device-plugin-').map((p) => any(nodeNamed(any(p).spec.nodeName)).metadata.labels['cloud.google.com/gke-accelerator'])).toEqual(
      expect.arrayContaining(['nvidia-tesla-a100', 'nvidia-l4']),
    );
    const daemonPods = pods.filter((p) => ownerKind(p) === 'DaemonSet');
    expect(daemonPods).toHaveLength(nodes.length * 3 + 2);
    for (const p of daemonPods) {
      expect(any(p).spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms).toEqual([
        { matchFields: [{ key: 'metadata.name', operator: 'In', values: [any(p).spec.nodeName] }] },
      ]);
      const keys = any(p)
        .spec.tolerations.map((t: any) => t.key)
        .filter(Boolean);
      expect(keys).toEqual(expect.arrayContaining(['node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable', 'node.kubernetes.io/unschedulable']));
      expect(keys.includes('node.kubernetes.io/network-unavailable')).toBe(any(p).spec.hostNetwork === true);
    }
    expect(any(podsNamed('gke-metadata-server-')[0]).spec.tolerations).toHaveLength(8);
    const proxies = podsNamed('kube-proxy-');
    expect(proxies).toHaveLength(nodes.length);
    for (const p of proxies) {
      expect(any(p).metadata.ownerReferences).toEqual([
        { apiVersion: 'v1', controller: true, kind: 'Node', name: any(p).spec.nodeName, uid: nodeNamed(any(p).spec.nodeName).metadata.uid },
      ]);
      expect(any(p).metadata.annotations['kubernetes.io/config.source']).toBe('file');
    }
  });

  it('gives Deployment pods a ReplicaSet owner, its pod-template-hash, and DefaultTolerationSeconds’ 300 s', () => {
    const web = podsNamed('web-');
    expect(web.length).toBeGreaterThan(1);
    for (const p of pods.filter((x) => ownerKind(x) === 'ReplicaSet')) {
      const rs = any(p).metadata.ownerReferences[0].name as string;
      expect(rs).toBe(`${rs.slice(0, rs.lastIndexOf('-'))}-${any(p).metadata.labels['pod-template-hash']}`);
      expect(any(p).metadata.generateName).toBe(`${rs}-`);
      expect(any(p).spec.tolerations).toEqual(
        expect.arrayContaining([
          { effect: 'NoExecute', key: 'node.kubernetes.io/not-ready', operator: 'Exists', tolerationSeconds: 300 },
          { effect: 'NoExecute', key: 'node.kubernetes.io/unreachable', operator: 'Exists', tolerationSeconds: 300 },
        ]),
      );
    }
  });

  it('has the pod that tolerates the spot taint 120 s, then without limit: the order that re-running admission would lose', () => {
    const [thumbnailer] = podsNamed('thumbnailer-');
    const spot = any(thumbnailer).spec.tolerations.filter((t: any) => t.key === 'cloud.google.com/gke-spot' && t.effect === 'NoExecute');
    expect(spot).toEqual([
      { effect: 'NoExecute', key: 'cloud.google.com/gke-spot', operator: 'Equal', tolerationSeconds: 120, value: 'true' },
      { effect: 'NoExecute', key: 'cloud.google.com/gke-spot', operator: 'Equal', value: 'true' },
    ]);
    expect(pool(nodeNamed(any(thumbnailer).spec.nodeName))).toBe('spot-pool');
  });

  it('has a pending trainer asking for 1 GPU, 8 CPUs and 60Gi, which no node takes', () => {
    const [trainer] = podsNamed('llm-finetune-');
    expect(any(trainer).spec.containers[0].resources.requests).toEqual({ cpu: '8', memory: '60Gi', 'nvidia.com/gpu': '1' });
    expect(any(trainer).status).toEqual({
      conditions: [
        {
          lastProbeTime: null,
          lastTransitionTime: expect.any(String),
          message:
            "0/20 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) had untolerated taint {karpenter.sh/disrupted: }, 1 node(s) had untolerated taint {karpenter.sh/unregistered: }, 1 node(s) had untolerated taint {node.kubernetes.io/unreachable: }, 1 node(s) had untolerated taint {sandbox.gke.io/runtime: gvisor}, 1 node(s) were unschedulable, 11 node(s) didn't match Pod's node affinity/selector, 3 node(s) had untolerated taint {cloud.google.com/gke-spot: true}. preemption: 0/20 nodes are available: 1 No preemption victims found for incoming pod, 19 Preemption is not helpful for scheduling..",
          reason: 'Unschedulable',
          status: 'False',
          type: 'PodScheduled',
        },
      ],
      phase: 'Pending',
      qosClass: 'Burstable',
    });
    expect(any(trainer).metadata.finalizers).toEqual(['batch.kubernetes.io/job-tracking']);
  });

  it('uses every GPU of every GPU node', () => {
    for (const n of nodes.filter((x) => any(x).status.capacity['nvidia.com/gpu'] !== undefined)) {
      const used = pods
        .filter((p) => any(p).spec.nodeName === n.metadata.name && running(p))
        .reduce((sum, p) => sum + Number(any(p).spec.containers[0].resources.requests['nvidia.com/gpu'] ?? 0), 0);
      expect(used).toBe(Number(any(n).status.capacity['nvidia.com/gpu']));
    }
  });

  it('has a Succeeded and a Failed Job pod, finalizer removed, containers terminated', () => {
    const terminal = pods.filter((p) => ['Succeeded', 'Failed'].includes(any(p).status.phase));
    expect(terminal.map((p) => any(p).status.phase).sort()).toEqual(['Failed', 'Succeeded']);
    for (const p of terminal) {
      expect(ownerKind(p)).toBe('Job');
      expect(any(p).metadata.finalizers).toBeUndefined();
      expect(any(p).status.containerStatuses[0].state.terminated.reason).toBe(any(p).status.phase === 'Succeeded' ? 'Completed' : 'Error');
      expect(any(p).status.conditions.find((c: any) => c.type === 'Ready').reason).toBe(any(p).status.phase === 'Succeeded' ? 'PodCompleted' : 'PodFailed');
    }
  });

  it('has a pod being evicted from the disrupted Karpenter node, inside its grace period', () => {
    const terminating = pods.filter((p) => any(p).metadata.deletionTimestamp !== undefined);
    expect(terminating).toHaveLength(1);
    const [p] = terminating;
    expect(any(p).metadata.deletionGracePeriodSeconds).toBe(30);
    expect(any(p).metadata.deletionTimestamp > snapshotTime).toBe(true);
    expect(taints(nodeNamed(any(p).spec.nodeName)).map((t) => t.key)).toContain('karpenter.sh/disrupted');
    expect(any(p).status.conditions[0]).toMatchObject({ type: 'DisruptionTarget', reason: 'EvictionByEvictionAPI' });
  });

  it('has a pod with an init container and a sidecar, and a gVisor pod with RuntimeClass overhead', () => {
    const [checkout] = podsNamed('checkout-');
    expect(any(checkout).spec.initContainers.map((c: any) => c.restartPolicy ?? null)).toEqual([null, 'Always']);
    expect(any(checkout).status.initContainerStatuses.map((s: any) => Object.keys(s.state)[0])).toEqual(['terminated', 'running']);
    const sandboxed = pods.filter((p) => any(p).spec.runtimeClassName === 'gvisor');
    expect(sandboxed).toHaveLength(1);
    expect(any(sandboxed[0]).spec.overhead).toEqual({ cpu: '250m', memory: '100Mi' });
    expect(pool(nodeNamed(any(sandboxed[0]).spec.nodeName))).toBe('sandbox-pool');
  });

  it('marks pods on the NotReady node not ready, and gives running pods a full status', () => {
    const lost = nodes.find((n) => taints(n).some((t) => t.key === 'node.kubernetes.io/unreachable'))!;
    const onLost = pods.filter((p) => any(p).spec.nodeName === lost.metadata.name);
    expect(onLost.some((p) => ownerKind(p) === 'ReplicaSet')).toBe(true);
    for (const p of onLost) expect(any(p).status.conditions.find((c: any) => c.type === 'Ready').status).toBe('False');
    for (const p of pods.filter((x) => any(x).status.phase === 'Running')) {
      expect(Object.keys(any(p).status)).toEqual(
        expect.arrayContaining(['conditions', 'containerStatuses', 'hostIP', 'hostIPs', 'phase', 'podIP', 'podIPs', 'qosClass', 'startTime']),
      );
      for (const s of any(p).status.containerStatuses) {
        expect(s.containerID).toMatch(/^containerd:\/\/[0-9a-f]{64}$/);
        expect(s.imageID).toContain('@sha256:');
      }
    }
    expect(new Set(pods.map((p) => any(p).status.qosClass))).toEqual(new Set(['Guaranteed', 'Burstable', 'BestEffort']));
  });

  it('keeps the special pods in a larger cluster and spreads the rest over general, Karpenter and spot nodes', () => {
    const large = realisticCluster({ nodes: 200, podsPerNode: 30 });
    expect(large.pods).toHaveLength(6000);
    const names = large.pods.map((p) => p.metadata.name);
    for (const prefix of ['llm-finetune-', 'thumbnailer-', 'checkout-', 'pdf-renderer-', 'netshoot', 'db-migrate-', 'nightly-report-']) {
      expect(names.filter((n) => n.startsWith(prefix))).toHaveLength(1);
    }
    expect(large.pods.filter((p) => any(p).metadata.deletionTimestamp !== undefined)).toHaveLength(1);
    expect(large.pods.filter((p) => ownerKind(p) === 'DaemonSet').length).toBeGreaterThan(600);
  });

  it('refuses sizes a realistic cluster cannot have', () => {
    expect(() => realisticCluster({ nodes: 5 })).toThrow(RangeError);
    expect(() => realisticCluster({ nodes: 20, podsPerNode: 2 })).toThrow(/need at least/);
    expect(() => realisticCluster({ nodes: 20, podsPerNode: 200 })).toThrow(/too many pods per node/);
  });
});

describe('writeClusterJson and realisticClusterYaml', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'realistic-cluster-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('streams exactly what kubectlJson prints for the whole List', async () => {
    const file = path.join(dir, 'cluster.json');
    const bytes = await writeClusterJson(file);
    const text = await readFile(file, 'utf8');
    expect(text).toBe(kubectlJson(cluster.list));
    expect(bytes).toBe(Buffer.byteLength(text));
  });

  it('writes the same text whatever the chunk size, and an empty List as kubectl does', () => {
    const whole = kubectlJson(cluster.list);
    for (const size of [1, 7, 1000]) expect([...kubectlListChunks(cluster.list.items, size)].join('')).toBe(whole);
    expect([...kubectlListChunks([])].join('')).toBe(kubectlJson({ apiVersion: 'v1', items: [], kind: 'List', metadata: { resourceVersion: '' } }));
  });

  it('prints the List as `kubectl get -o yaml` does', () => {
    const yaml = realisticClusterYaml();
    expect(yaml).toBe(realisticClusterYaml());
    expect(yaml.startsWith('apiVersion: v1\nitems:\n- apiVersion: v1\n  kind: Node\n  metadata:\n    annotations:\n')).toBe(true);
    expect(yaml.endsWith('kind: List\nmetadata:\n  resourceVersion: ""\n')).toBe(true);
    expect(yaml).toContain('      node.alpha.kubernetes.io/ttl: "0"\n');
  });
});
