import { ago, hour, minute } from './clock';
import { allocatableMemoryKi, allocatableMillicores, cluster, versions } from './gke';
import { images, nodeImages } from './images';
import { frozen, type JsonObject, type KubeObject } from './json';
import type { NodePlan, PoolKind } from './node-layout';
import { between, hex, IdKind, randomStream, uuid, type Random } from './random';
import { sortedKeys, sortedRecord } from './sorted';

/** The taints GKE sets from the node pool's configuration (and records in node.gke.io/last-applied-node-taints). */
const poolTaints: Readonly<Record<PoolKind, readonly { key: string; value: string }[]>> = {
  system: [],
  general: [],
  gpuA100: [{ key: 'nvidia.com/gpu', value: 'present' }],
  gpuL4: [{ key: 'nvidia.com/gpu', value: 'present' }],
  spot: [{ key: 'cloud.google.com/gke-spot', value: 'true' }],
  sandbox: [{ key: 'sandbox.gke.io/runtime', value: 'gvisor' }],
  karpenter: [],
};

/** What each pool's nodes have pulled: the DaemonSets' images and the pool's usual workloads. */
const daemonImages = [
  images.pause,
  images.kubeProxy,
  images.fluentBit,
  images.fluentBitExporter,
  images.metadataServer,
  images.pdCsiDriver,
  images.csiRegistrar,
];
const pulledImages: Readonly<Record<PoolKind, ReturnType<typeof nodeImages>>> = {
  system: nodeImages([
    ...daemonImages,
    images.kubeDns,
    images.dnsmasq,
    images.dnsSidecar,
    images.konnectivityAgent,
    images.metricsServer,
    images.addonResizer,
    images.eventExporter,
    images.prometheusToSd,
    images.karpenter,
  ]),
  general: nodeImages([...daemonImages, images.web, images.api, images.cartWorker, images.checkout, images.migrate, images.cloudSqlProxy, images.report]),
  gpuA100: nodeImages([...daemonImages, images.gpuDevicePlugin, images.llmServe]),
  gpuL4: nodeImages([...daemonImages, images.gpuDevicePlugin, images.embedder]),
  spot: nodeImages([...daemonImages, images.thumbnailer, images.queueWorker]),
  sandbox: nodeImages([...daemonImages, images.renderer]),
  karpenter: nodeImages([...daemonImages, images.web, images.api, images.cartWorker]),
};
// A node that joined 25 s ago has pulled only what its DaemonSets run.
const freshNodeImages = nodeImages(daemonImages);

/** The node's labels, and those of them GKE manages (which it also records in an annotation). */
export function labelsOf(node: NodePlan): { labels: JsonObject; managed: JsonObject } {
  const { machine } = node;
  const gke = node.pool !== 'karpenter';
  const spot = node.capacityType === 'spot';
  const registered = node.role !== 'unregistered';
  // GKE's own labels, which it also records in node.gke.io/last-applied-node-labels.
  const managed = sortedRecord([
    ['cloud.google.com/gke-accelerator', machine.accelerator],
    ['cloud.google.com/gke-boot-disk', 'pd-balanced'],
    ['cloud.google.com/gke-container-runtime', 'containerd'],
    ['cloud.google.com/gke-cpu-scaling-level', String(machine.cpus)],
    ['cloud.google.com/gke-gpu-driver-version', machine.gpus > 0 ? 'default' : undefined],
    ['cloud.google.com/gke-logging-variant', 'DEFAULT'],
    ['cloud.google.com/gke-max-pods-per-node', '110'],
    ['cloud.google.com/gke-memory-gb-scaling-level', String(machine.memoryGb)],
    ['cloud.google.com/gke-netd-ready', 'true'],
    ['cloud.google.com/gke-nodepool', gke ? node.poolName : undefined],
    ['cloud.google.com/gke-os-distribution', 'cos'],
    ['cloud.google.com/gke-provisioning', gke ? (spot ? 'spot' : 'standard') : undefined],
    ['cloud.google.com/gke-spot', gke && spot ? 'true' : undefined],
    ['cloud.google.com/gke-stack-type', 'IPV4'],
    ['cloud.google.com/machine-family', machine.family],
    ['cloud.google.com/private-node', 'true'],
    ['iam.gke.io/gke-metadata-server-enabled', 'true'],
    ['node.kubernetes.io/masq-agent-ds-ready', 'true'],
    ['sandbox.gke.io/runtime', node.pool === 'sandbox' ? 'gvisor' : undefined],
  ]);
  const karpenter: [string, string | undefined][] =
    node.pool === 'karpenter'
      ? [
          ['karpenter.k8s.gcp/gcenodeclass', 'default'],
          ['karpenter.k8s.gcp/instance-category', machine.family.slice(0, 1)],
          ['karpenter.k8s.gcp/instance-cpu', String(machine.cpus)],
          ['karpenter.k8s.gcp/instance-family', machine.family],
          ['karpenter.k8s.gcp/instance-memory', String(machine.memoryGb * 1024)],
          ['karpenter.sh/capacity-type', node.capacityType],
          // Karpenter's registration adds `registered`; its initialization controller `initialized`.
          ['karpenter.sh/initialized', registered ? 'true' : undefined],
          ['karpenter.sh/nodepool', node.poolName],
          ['karpenter.sh/registered', registered ? 'true' : undefined],
        ]
      : [];
  return {
    labels: sortedRecord([
      ...Object.entries(managed),
      ...karpenter,
      ['beta.kubernetes.io/arch', 'amd64'],
      ['beta.kubernetes.io/instance-type', machine.name],
      ['beta.kubernetes.io/os', 'linux'],
      // GKE's cloud provider still sets the deprecated failure-domain labels.
      ['failure-domain.beta.kubernetes.io/region', cluster.region],
      ['failure-domain.beta.kubernetes.io/zone', node.zone],
      ['kubernetes.io/arch', 'amd64'],
      ['kubernetes.io/hostname', node.name],
      ['kubernetes.io/os', 'linux'],
      ['node.kubernetes.io/instance-type', machine.name],
      ['topology.gke.io/zone', node.zone],
      ['topology.kubernetes.io/region', cluster.region],
      ['topology.kubernetes.io/zone', node.zone],
    ]),
    managed,
  };
}

function annotationsOf(node: NodePlan, managedLabels: JsonObject, random: Random): JsonObject {
  const gke = node.pool !== 'karpenter';
  // Karpenter copies its NodeClaim's annotations onto the node when it registers it.
  const karpenterSynced = node.pool === 'karpenter' && node.role !== 'unregistered';
  const instanceId = `${between(random, 1_000_000_000, 9_999_999_999)}${String(between(random, 0, 999_999_999)).padStart(9, '0')}`;
  return sortedRecord([
    ['container.googleapis.com/instance_id', instanceId],
    ['csi.volume.kubernetes.io/nodeid', `{"pd.csi.storage.gke.io":"projects/${cluster.project}/zones/${node.zone}/instances/${node.name}"}`],
    ['karpenter.k8s.gcp/gcenodeclass-hash', karpenterSynced ? '14071383926371254133' : undefined],
    ['karpenter.k8s.gcp/gcenodeclass-hash-version', karpenterSynced ? 'v1' : undefined],
    ['karpenter.sh/nodepool-hash', karpenterSynced ? '6821555240594823858' : undefined],
    ['karpenter.sh/nodepool-hash-version', karpenterSynced ? 'v3' : undefined],
    ['node.alpha.kubernetes.io/ttl', '0'],
    [
      'node.gke.io/last-applied-node-labels',
      gke
        ? Object.entries(managedLabels)
            .map(([k, v]) => `${k}=${v as string}`)
            .join(',')
        : undefined,
    ],
    ['node.gke.io/last-applied-node-taints', gke ? poolTaints[node.pool].map((t) => `${t.key}=${t.value}:NoSchedule`).join(',') : undefined],
    ['volumes.kubernetes.io/controller-managed-attach-detach', 'true'],
  ]);
}

/** When the node went unreachable: the node lifecycle controller's grace period after the last heartbeat. */
export const unreachableSince = 95;
const cordonedSince = 2 * hour + 14 * minute;

export function taintsOf(node: NodePlan): JsonObject[] {
  const taints: JsonObject[] = poolTaints[node.pool].map((t) => ({ effect: 'NoSchedule', key: t.key, value: t.value }));
  switch (node.role) {
    case 'notReady':
      // TaintNodesByCondition's NoSchedule taint, then the NoExecute one the evictions count from.
      taints.push({ effect: 'NoSchedule', key: 'node.kubernetes.io/unreachable', timeAdded: ago(unreachableSince) });
      taints.push({ effect: 'NoExecute', key: 'node.kubernetes.io/unreachable', timeAdded: ago(unreachableSince - 1) });
      break;
    case 'cordoned':
      taints.push({ effect: 'NoSchedule', key: 'node.kubernetes.io/unschedulable', timeAdded: ago(cordonedSince) });
      break;
    case 'disrupted':
      // Karpenter's taints carry no timeAdded.
      taints.push({ effect: 'NoSchedule', key: 'karpenter.sh/disrupted' });
      break;
    case 'unregistered':
      // The kubelet registers with it (--register-with-taints); Karpenter removes it on registration.
      taints.push({ effect: 'NoExecute', key: 'karpenter.sh/unregistered' });
      break;
    case 'ready':
      break;
  }
  return taints;
}

interface ConditionText {
  readonly type: string;
  readonly reason: string;
  readonly message: string;
}

// node-problem-detector's conditions (GKE runs it on every node), in the order they are stored.
const problemDetectorConditions: readonly ConditionText[] = [
  { type: 'FrequentUnregisterNetDevice', reason: 'NoFrequentUnregisterNetDevice', message: 'node is functioning properly' },
  { type: 'FrequentKubeletRestart', reason: 'NoFrequentKubeletRestart', message: 'kubelet is functioning properly' },
  { type: 'FrequentDockerRestart', reason: 'NoFrequentDockerRestart', message: 'docker is functioning properly' },
  { type: 'FrequentContainerdRestart', reason: 'NoFrequentContainerdRestart', message: 'containerd is functioning properly' },
  { type: 'KernelDeadlock', reason: 'KernelHasNoDeadlock', message: 'kernel has no deadlock' },
  { type: 'ReadonlyFilesystem', reason: 'FilesystemIsNotReadOnly', message: 'Filesystem is not read-only' },
  { type: 'CorruptDockerOverlay2', reason: 'NoCorruptDockerOverlay2', message: 'docker overlay2 is functioning properly' },
];
const kubeletConditions: readonly ConditionText[] = [
  { type: 'MemoryPressure', reason: 'KubeletHasSufficientMemory', message: 'kubelet has sufficient memory available' },
  { type: 'DiskPressure', reason: 'KubeletHasNoDiskPressure', message: 'kubelet has no disk pressure' },
  { type: 'PIDPressure', reason: 'KubeletHasSufficientPID', message: 'kubelet has sufficient PID available' },
  { type: 'Ready', reason: 'KubeletReady', message: 'kubelet is posting ready status' },
];

function condition(text: ConditionText, status: string, heartbeatAgo: number, transitionAgo: number): JsonObject {
  return { lastHeartbeatTime: ago(heartbeatAgo), lastTransitionTime: ago(transitionAgo), message: text.message, reason: text.reason, status, type: text.type };
}

function conditionsOf(node: NodePlan, random: Random): JsonObject[] {
  const created = node.createdAgo;
  const silent = node.role === 'notReady';
  // The kubelet turns Ready half a minute after registering (a few seconds for the newest node).
  const readyAgo = node.role === 'unregistered' ? 12 : created - between(random, 20, 35);
  // It posts unchanged status every 5 minutes (the lease says it is alive in between).
  const heartbeat = silent ? 260 : Math.min(between(random, 5, 290), readyAgo - 1);
  const npdHeartbeat = silent ? 245 : between(random, 5, 290);
  const npd = node.role === 'unregistered' ? [] : problemDetectorConditions.map((c) => condition(c, 'False', npdHeartbeat, readyAgo - 8));
  const network = condition(
    { type: 'NetworkUnavailable', reason: 'RouteCreated', message: 'NodeController create implicit route' },
    'False',
    created - 5,
    created - 5,
  );
  const kubelet = kubeletConditions.map((c) => {
    if (silent) {
      // The node lifecycle controller's verdict once the kubelet fell silent.
      return condition({ ...c, reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.' }, 'Unknown', heartbeat, unreachableSince);
    }
    return c.type === 'Ready' ? condition(c, 'True', heartbeat, readyAgo) : condition(c, 'False', heartbeat, created);
  });
  return [...npd, network, ...kubelet];
}

function resources(node: NodePlan, allocatable: boolean): JsonObject {
  const { machine } = node;
  return sortedRecord([
    ['cpu', allocatable ? `${allocatableMillicores(machine.cpus)}m` : String(machine.cpus)],
    ['ephemeral-storage', allocatable ? machine.ephemeralAllocatable : machine.ephemeralCapacity],
    ['hugepages-1Gi', '0'],
    ['hugepages-2Mi', '0'],
    ['memory', `${allocatable ? allocatableMemoryKi(machine.memoryKi) : machine.memoryKi}Ki`],
    ['nvidia.com/gpu', machine.gpus > 0 ? String(machine.gpus) : undefined],
    ['pods', '110'],
  ]);
}

/** Karpenter's NodeClaim uid, for the node's ownerReference. */
function nodeClaimUid(seed: number, node: NodePlan): string {
  return uuid(seed, IdKind.nodeClaim, node.index);
}

export function nodeUid(seed: number, node: NodePlan): string {
  return uuid(seed, IdKind.node, node.index);
}

/** A Node as `kubectl get nodes -o json` prints it (managedFields hidden, as kubectl does by default). */
export function buildNode(node: NodePlan, seed: number): KubeObject {
  const random = randomStream(seed, 0x2000000 + node.index);
  const { labels, managed } = labelsOf(node);
  const registeredByKarpenter = node.pool === 'karpenter' && node.role !== 'unregistered';
  const taints = taintsOf(node);
  const systemUUID = uuid(seed, IdKind.system, node.index);
  const metadata = sortedKeys({
    annotations: annotationsOf(node, managed, random),
    creationTimestamp: ago(node.createdAgo),
    // Karpenter deleted the NodeClaim; its termination finalizer holds the node while it drains.
    deletionGracePeriodSeconds: node.role === 'disrupted' ? 0 : undefined,
    deletionTimestamp: node.role === 'disrupted' ? ago(20) : undefined,
    finalizers: registeredByKarpenter ? ['karpenter.sh/termination'] : undefined,
    labels,
    name: node.name,
    ownerReferences:
      registeredByKarpenter && node.nodeClaim !== undefined
        ? [{ apiVersion: 'karpenter.sh/v1', blockOwnerDeletion: true, kind: 'NodeClaim', name: node.nodeClaim, uid: nodeClaimUid(seed, node) }]
        : undefined,
    // Distinct per node (an odd multiplier is a bijection modulo 2^20), and above the pods': heartbeats keep nodes recent.
    resourceVersion: String(1_870_000_000 + ((node.index * 40_503 + seed) % 1_048_576)),
    uid: nodeUid(seed, node),
  }) as KubeObject['metadata'];
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata,
    spec: sortedKeys({
      podCIDR: node.podCIDR,
      podCIDRs: [node.podCIDR],
      providerID: `gce://${cluster.project}/${node.zone}/${node.name}`,
      taints: taints.length > 0 ? taints : undefined,
      unschedulable: node.role === 'cordoned' ? true : undefined,
    }),
    status: {
      addresses: [
        { address: node.internalIP, type: 'InternalIP' },
        { address: node.name, type: 'Hostname' },
      ],
      allocatable: resources(node, true),
      capacity: resources(node, false),
      conditions: conditionsOf(node, random),
      daemonEndpoints: daemonEndpoints,
      images: node.role === 'unregistered' ? freshNodeImages : pulledImages[node.pool],
      nodeInfo: {
        architecture: 'amd64',
        bootID: uuid(seed, IdKind.boot, node.index),
        containerRuntimeVersion: versions.containerRuntime,
        kernelVersion: versions.kernel,
        // Deprecated (KEP-4004), but the 1.32 kubelet still fills it in.
        kubeProxyVersion: versions.kubelet,
        kubeletVersion: versions.kubelet,
        machineID: hex(random, 32),
        operatingSystem: 'linux',
        osImage: versions.osImage,
        systemUUID,
      },
    },
  };
}

const daemonEndpoints = frozen({ kubeletEndpoint: { Port: 10250 } });
