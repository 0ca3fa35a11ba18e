import { beforeAll, describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';

/**
 * Placement over a stored cluster (real Postgres) with the default profile's plugins beyond the
 * taint and affinity filters, as their ported upstream tables decide (test/libs/domain/scheduling/):
 * NodePorts, InterPodAffinity, PodTopologySpread, VolumeBinding, and what is not evaluated. Two
 * zones: n1 and n2 in a, n3 in b; web-1 runs on n1 holding host port 8080.
 */
const node = (name: string, zone: string) => ({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name, labels: { 'kubernetes.io/hostname': name, 'topology.kubernetes.io/zone': zone } },
  status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } },
});
const web1 = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web-1', namespace: 'shop', labels: { app: 'web' } },
  spec: { nodeName: 'n1', containers: [{ name: 'c', image: 'nginx', ports: [{ containerPort: 80, hostPort: 8080 }] }] },
  status: { phase: 'Running' },
};
const storage = [
  {
    apiVersion: 'storage.k8s.io/v1',
    kind: 'StorageClass',
    metadata: { name: 'zonal' },
    provisioner: 'pd.csi.storage.gke.io',
    volumeBindingMode: 'WaitForFirstConsumer',
  },
  {
    apiVersion: 'v1',
    kind: 'PersistentVolume',
    metadata: { name: 'pv-b' },
    spec: {
      capacity: { storage: '10Gi' },
      accessModes: ['ReadWriteOnce'],
      storageClassName: 'zonal',
      claimRef: { namespace: 'shop', name: 'data' },
      csi: { driver: 'pd.csi.storage.gke.io', volumeHandle: 'disk-b' },
      nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'topology.kubernetes.io/zone', operator: 'In', values: ['b'] }] }] } },
    },
    status: { phase: 'Bound' },
  },
  {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    // As the PV controller leaves a claim it bound (a volumeName without it is only prebound).
    metadata: { name: 'data', namespace: 'shop', annotations: { 'pv.kubernetes.io/bind-completed': 'yes' } },
    spec: { accessModes: ['ReadWriteOnce'], storageClassName: 'zonal', volumeName: 'pv-b', resources: { requests: { storage: '10Gi' } } },
    status: { phase: 'Bound' },
  },
  {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: { name: 'scratch', namespace: 'shop' },
    spec: { accessModes: ['ReadWriteOnce'], storageClassName: 'zonal', resources: { requests: { storage: '1Gi' } } },
    status: { phase: 'Pending' },
  },
];

const pod = (name: string, spec: Record<string, unknown>, labels: Record<string, string> = {}) => ({
  metadata: { name, namespace: 'shop', labels },
  spec: { containers: [{ name: 'c', image: 'nginx' }], ...spec },
});
const webSelector = { matchLabels: { app: 'web' } };

interface NodeAnswer {
  name: string;
  feasible: boolean;
  score: number | null;
  scores?: Record<string, number>;
  reasons: { code: string; message: string }[];
}

describe('placement with the default profile over a stored cluster', () => {
  const { api } = useApiFixture();
  const place = async (body: unknown) => {
    const reply = await api.post('/v1/clusters/zones/placement?view=nodes', body);
    expect(reply.statusCode).toBe(200);
    return reply.json<{ summary: string; feasibleCount: number; nodes: NodeAnswer[]; notEvaluated?: unknown[]; bestTied?: number }>();
  };
  const feasible = (answer: { nodes: NodeAnswer[] }) => answer.nodes.filter((n) => n.feasible).map((n) => n.name);
  const codes = (answer: { nodes: NodeAnswer[] }, name: string) => answer.nodes.find((n) => n.name === name)?.reasons.map((r) => r.code);

  beforeAll(async () => {
    const items = [node('n1', 'a'), node('n2', 'a'), node('n3', 'b'), web1, ...storage];
    const reply = await api.post('/v1/clusters/zones/import', { apiVersion: 'v1', kind: 'List', items });
    expect(reply.statusCode).toBe(200);
  });

  it('NodePorts: a host port taken on a node rules it out (TestNodePorts "same port")', async () => {
    const answer = await place({ pod: pod('proxy', { containers: [{ name: 'c', image: 'envoy', ports: [{ containerPort: 80, hostPort: 8080 }] }] }) });
    expect(answer.summary).toBe("2/3 nodes are available: 1 node(s) didn't have free ports for the requested pod ports.");
    expect(feasible(answer)).toEqual(['n2', 'n3']);
    expect(codes(answer, 'n1')).toEqual(['NodePortConflict']);
  });

  it('InterPodAffinity: required anti-affinity on the hostname keeps a replica off the node of another', async () => {
    const affinity = {
      podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: webSelector, topologyKey: 'kubernetes.io/hostname' }] },
    };
    const answer = await place({ pod: pod('web-2', { affinity }, { app: 'web' }) });
    expect(answer.summary).toBe("2/3 nodes are available: 1 node(s) didn't match pod anti-affinity rules.");
    expect(codes(answer, 'n1')).toEqual(['PodAntiAffinityMismatch']);
    // and required affinity to the zone of web-1: zone a only
    const near = await place({
      pod: pod('cache', {
        affinity: {
          podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: webSelector, topologyKey: 'topology.kubernetes.io/zone' }] },
        },
      }),
    });
    expect(near.summary).toBe("2/3 nodes are available: 1 node(s) didn't match pod affinity rules.");
    expect(feasible(near).sort()).toEqual(['n1', 'n2']);
  });

  it('PodTopologySpread: DoNotSchedule with maxSkew 1 over zones sends the next replica to zone b', async () => {
    const spread = [{ maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: webSelector }];
    const answer = await place({ pod: pod('web-2', { topologySpreadConstraints: spread }, { app: 'web' }) });
    expect(answer.summary).toBe("1/3 nodes are available: 2 node(s) didn't match pod topology spread constraints.");
    expect(feasible(answer)).toEqual(['n3']);
    expect(codes(answer, 'n2')).toEqual(['TopologySpreadMismatch']);
  });

  it('VolumeBinding: a claim bound to a volume of zone b; an unbound WaitForFirstConsumer claim is named as not evaluated', async () => {
    const bound = await place({ pod: pod('db', { volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }] }) });
    expect(bound.summary).toBe('1/3 nodes are available: 2 node(s) had volume node affinity conflict.');
    expect(feasible(bound)).toEqual(['n3']);
    const waiting = await place({ pod: pod('job', { volumes: [{ name: 'scratch', persistentVolumeClaim: { claimName: 'scratch' } }] }) });
    expect(waiting.feasibleCount).toBe(3);
    expect(waiting.notEvaluated).toEqual([expect.objectContaining({ kind: 'WaitForFirstConsumerClaim', name: 'scratch' })]);
    const missing = await place({ pod: pod('lost', { volumes: [{ name: 'x', persistentVolumeClaim: { claimName: 'nope' } }] }) });
    // PreFilter's UnschedulableAndUnresolvable: preemption cannot help on any node, and says so after DynamicResources' words.
    expect(missing.summary).toBe(
      '0/3 nodes are available: persistentvolumeclaim "nope" not found. no new claims to deallocate, preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.',
    );
  });

  it('scores: each plugin per feasible node, the total weighted; the emptier node ranks first, spread by the default constraints', async () => {
    const answer = await place({
      pod: pod('web-2', { containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu: '1', memory: '1Gi' } } }] }, { app: 'web' }),
    });
    const [best] = answer.nodes;
    expect(Object.keys(best?.scores ?? {})).toEqual([
      'TaintToleration',
      'NodeAffinity',
      'NodeResourcesFit',
      'PodTopologySpread',
      'InterPodAffinity',
      'NodeResourcesBalancedAllocation',
      'ImageLocality',
    ]);
    const weights = [3, 2, 1, 2, 2, 1, 1];
    for (const n of answer.nodes.filter((x) => x.feasible)) {
      expect(n.score).toBe(Object.values(n.scores ?? {}).reduce((sum, s, i) => sum + s * (weights[i] ?? 0), 0));
    }
    // n1 holds web-1 (its non-zero requests count against it): the others score higher.
    expect(answer.nodes.at(-1)?.name).toBe('n1');
  });
});
