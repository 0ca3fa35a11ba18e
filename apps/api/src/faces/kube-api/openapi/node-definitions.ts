import { TaintEffects } from '@taintgate/domain';
import { typeMeta } from './meta-definitions';
import { CORE_V1, type Definitions, META_V1, bool, coreKind, int32, int64, list, listMap, quantities, ref, refTo, str, strings, time } from './schema-dsl';

/** core/v1 Node and the types below it, every field the Go type has (a Node is applied and patched whole). */

const nodeConfigSource = ref(`${CORE_V1}NodeConfigSource`, 'A kubelet configuration source (dynamic kubelet configuration, removed from the kubelet).');

export const nodeDefinitions: Definitions = {
  [`${CORE_V1}Node`]: {
    description: 'A worker machine. Its taints repel the pods that do not tolerate them; its status says what it has and how it is.',
    kinds: [coreKind('Node')],
    properties: {
      ...typeMeta,
      metadata: ref(`${META_V1}ObjectMeta`, 'Standard object metadata. A node is cluster-scoped: no namespace.'),
      spec: ref(`${CORE_V1}NodeSpec`, 'How the node is to be used: its taints, whether it takes new pods.'),
      status: ref(`${CORE_V1}NodeStatus`, 'What the node reports: conditions, addresses, capacity and allocatable resources.'),
    },
  },
  [`${CORE_V1}NodeList`]: {
    description: 'A list of nodes.',
    kinds: [coreKind('NodeList')],
    required: ['items'],
    properties: {
      ...typeMeta,
      metadata: ref(`${META_V1}ListMeta`, 'Standard list metadata.'),
      items: list(refTo(`${CORE_V1}Node`), 'The nodes.'),
    },
  },
  [`${CORE_V1}NodeSpec`]: {
    description: 'How a node is to be used.',
    properties: {
      podCIDR: str('The pod IP range assigned to the node.'),
      podCIDRs: strings('The pod IP ranges assigned to the node, at most one per IP family; the first equals podCIDR.', { type: 'set' }),
      providerID: str("The node's ID in its cloud provider: <provider>://<id>."),
      unschedulable: bool(
        'When true no new pod is scheduled onto the node (kubectl cordon); pods already there stay. The node.kubernetes.io/unschedulable:NoSchedule taint says the same.',
      ),
      taints: list(
        refTo(`${CORE_V1}Taint`),
        "The node's taints. A pod that does not tolerate a NoSchedule taint is not scheduled here; a running pod that does not tolerate a NoExecute taint is evicted. The list is replaced whole by a patch.",
      ),
      configSource: nodeConfigSource,
      externalID: str('Deprecated; not used.'),
      podPreemptionPolicy: str('Whether pods bound to the node may be preempted by others (node-level preemption policy).'),
    },
  },
  [`${CORE_V1}Taint`]: {
    description: 'A taint on a node: pods that do not tolerate it are kept off the node (NoSchedule), avoided (PreferNoSchedule), or evicted (NoExecute).',
    required: ['key', 'effect'],
    properties: {
      key: str('The taint key, a qualified name such as dedicated or node.kubernetes.io/not-ready.'),
      value: str('The taint value, matched by a toleration with operator Equal.'),
      effect: str(
        'What the taint does to pods that do not tolerate it. NoSchedule: new pods are not scheduled onto the node. PreferNoSchedule: the scheduler avoids the node. NoExecute: new pods are not scheduled and running pods are evicted.',
        TaintEffects,
      ),
      timeAdded: time('When a NoExecute taint was added; tolerationSeconds of a toleration count from it. Set by the server.'),
    },
  },
  [`${CORE_V1}NodeConfigSource`]: {
    description: 'A kubelet configuration source.',
    properties: { configMap: ref(`${CORE_V1}ConfigMapNodeConfigSource`, 'A ConfigMap holding the configuration.') },
  },
  [`${CORE_V1}ConfigMapNodeConfigSource`]: {
    description: 'A ConfigMap holding a kubelet configuration.',
    required: ['namespace', 'name', 'kubeletConfigKey'],
    properties: {
      namespace: str("The ConfigMap's namespace."),
      name: str("The ConfigMap's name."),
      uid: str("The ConfigMap's uid."),
      resourceVersion: str("The ConfigMap's resourceVersion."),
      kubeletConfigKey: str('The key of the ConfigMap that holds the configuration.'),
    },
  },
  [`${CORE_V1}NodeStatus`]: {
    description: 'What a node reports of itself.',
    properties: {
      capacity: quantities('The total resources of the node (cpu, memory, pods, ephemeral-storage, extended resources).'),
      allocatable: quantities('The resources available to pods: capacity less what the system reserves. Scheduling counts requests against it.'),
      phase: str('Deprecated: unused.'),
      conditions: listMap(
        refTo(`${CORE_V1}NodeCondition`),
        ['type'],
        "The node's conditions (Ready, MemoryPressure, DiskPressure, PIDPressure, NetworkUnavailable), one per type.",
      ),
      addresses: listMap(refTo(`${CORE_V1}NodeAddress`), ['type'], "The node's addresses, one per type (InternalIP, ExternalIP, Hostname, ...)."),
      daemonEndpoints: ref(`${CORE_V1}NodeDaemonEndpoints`, 'The ports of the daemons on the node.'),
      nodeInfo: ref(`${CORE_V1}NodeSystemInfo`, "The node's operating system, kernel, runtime and kubelet versions."),
      images: list(refTo(`${CORE_V1}ContainerImage`), 'Container images on the node.'),
      volumesInUse: strings('Volumes attached and mounted on the node.'),
      volumesAttached: list(refTo(`${CORE_V1}AttachedVolume`), 'Volumes attached to the node.'),
      config: ref(`${CORE_V1}NodeConfigStatus`, 'The status of the kubelet configuration sources.'),
      runtimeHandlers: list(refTo(`${CORE_V1}NodeRuntimeHandler`), "The container runtime's handlers."),
      features: ref(`${CORE_V1}NodeFeatures`, 'Features the kubelet supports.'),
      declaredFeatures: strings('Features the node declares it has.'),
    },
  },
  [`${CORE_V1}NodeCondition`]: {
    description:
      'One condition of a node. A condition that is not as it should be (Ready not True, a pressure True) is reflected by a node.kubernetes.io taint.',
    required: ['type', 'status'],
    properties: {
      type: str('The condition: Ready, MemoryPressure, DiskPressure, PIDPressure or NetworkUnavailable.'),
      status: str('True, False or Unknown.'),
      lastHeartbeatTime: time('When the condition was last reported.'),
      lastTransitionTime: time('When the status last changed.'),
      reason: str('Why the condition is as it is, in CamelCase.'),
      message: str('Details, for a person to read.'),
    },
  },
  [`${CORE_V1}NodeAddress`]: {
    description: 'One address of a node.',
    required: ['type', 'address'],
    properties: {
      type: str('Hostname, InternalIP, ExternalIP, InternalDNS or ExternalDNS.'),
      address: str('The address.'),
    },
  },
  [`${CORE_V1}NodeDaemonEndpoints`]: {
    description: 'The ports of the daemons on a node.',
    properties: { kubeletEndpoint: ref(`${CORE_V1}DaemonEndpoint`, "The kubelet's port.") },
  },
  [`${CORE_V1}DaemonEndpoint`]: {
    description: "A daemon's port.",
    required: ['Port'],
    properties: { Port: int32('The port number.') },
  },
  [`${CORE_V1}NodeSystemInfo`]: {
    description: 'What the node runs.',
    required: [
      'machineID',
      'systemUUID',
      'bootID',
      'kernelVersion',
      'osImage',
      'containerRuntimeVersion',
      'kubeletVersion',
      'kubeProxyVersion',
      'operatingSystem',
      'architecture',
    ],
    properties: {
      machineID: str('The machine ID (/etc/machine-id).'),
      systemUUID: str('The system UUID reported by the firmware.'),
      bootID: str('The boot ID, which changes on every boot.'),
      kernelVersion: str('The kernel version (uname -r).'),
      osImage: str('The operating system image (/etc/os-release).'),
      containerRuntimeVersion: str('The container runtime and its version (containerd://1.7.0).'),
      kubeletVersion: str('The kubelet version.'),
      kubeProxyVersion: str('Deprecated: the kube-proxy version, as the kubelet reported it.'),
      operatingSystem: str('linux or windows.'),
      architecture: str('amd64, arm64, ...'),
      swap: ref(`${CORE_V1}NodeSwapStatus`, "The node's swap memory."),
    },
  },
  [`${CORE_V1}NodeSwapStatus`]: {
    description: 'Swap memory on a node.',
    properties: { capacity: int64('Total swap, in bytes.') },
  },
  [`${CORE_V1}ContainerImage`]: {
    description: 'A container image on a node.',
    required: ['names'],
    properties: {
      names: strings('Names (and digests) the image is known by.'),
      sizeBytes: int64('Its size, in bytes.'),
    },
  },
  [`${CORE_V1}AttachedVolume`]: {
    description: 'A volume attached to a node.',
    required: ['name', 'devicePath'],
    properties: {
      name: str("The volume's name."),
      devicePath: str('Where the volume is available on the node.'),
    },
  },
  [`${CORE_V1}NodeConfigStatus`]: {
    description: 'The status of the kubelet configuration sources.',
    properties: {
      assigned: nodeConfigSource,
      active: nodeConfigSource,
      lastKnownGood: nodeConfigSource,
      error: str('Any error with the configuration.'),
    },
  },
  [`${CORE_V1}NodeRuntimeHandler`]: {
    description: 'A container runtime handler.',
    properties: {
      name: str("The handler's name; empty for the default handler."),
      features: ref(`${CORE_V1}NodeRuntimeHandlerFeatures`, 'What the handler supports.'),
    },
  },
  [`${CORE_V1}NodeRuntimeHandlerFeatures`]: {
    description: 'What a runtime handler supports.',
    properties: {
      recursiveReadOnlyMounts: bool('Recursive read-only mounts.'),
      userNamespaces: bool('User namespaces.'),
    },
  },
  [`${CORE_V1}NodeFeatures`]: {
    description: 'Features the kubelet supports.',
    properties: { supplementalGroupsPolicy: bool('The pod-level supplementalGroupsPolicy field.') },
  },
};
