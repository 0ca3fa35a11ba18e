import { PodQOSClasses } from '@taintgate/domain';
import { typeMeta } from './meta-definitions';
import { CORE_V1, type Definitions, META_V1, bool, coreKind, int32, int64, list, listMap, opaque, quantities, ref, refTo, str, time } from './schema-dsl';

/** core/v1 Pod, its list and its status; the spec is in pod-spec-definitions.ts. */

export const podDefinitions: Definitions = {
  [`${CORE_V1}Pod`]: {
    description: 'A group of containers run together on one node. Its tolerations say which tainted nodes it may run on.',
    kinds: [coreKind('Pod')],
    properties: {
      ...typeMeta,
      metadata: ref(`${META_V1}ObjectMeta`, 'Standard object metadata.'),
      spec: ref(`${CORE_V1}PodSpec`, 'What the pod runs and where it may be scheduled.'),
      status: ref(`${CORE_V1}PodStatus`, 'What the pod is doing: its phase, conditions and containers.'),
    },
  },
  [`${CORE_V1}PodList`]: {
    description: 'A list of pods.',
    kinds: [coreKind('PodList')],
    required: ['items'],
    properties: {
      ...typeMeta,
      metadata: ref(`${META_V1}ListMeta`, 'Standard list metadata.'),
      items: list(refTo(`${CORE_V1}Pod`), 'The pods.'),
    },
  },
  [`${CORE_V1}PodStatus`]: {
    description: 'What a pod is doing.',
    properties: {
      observedGeneration: int64('The generation of the pod the status is of.'),
      phase: str('Pending, Running, Succeeded, Failed or Unknown.'),
      conditions: listMap(
        refTo(`${CORE_V1}PodCondition`),
        ['type'],
        "The pod's conditions (PodScheduled, Initialized, ContainersReady, Ready, DisruptionTarget, ...).",
      ),
      message: str('Why the pod is in this state, for a person to read.'),
      reason: str('Why the pod is in this state, in CamelCase (Evicted).'),
      nominatedNodeName: str('The node a preempting pod is to be scheduled onto.'),
      hostIP: str('The IP of the node the pod runs on.'),
      hostIPs: list(refTo(`${CORE_V1}HostIP`), 'The IPs of the node the pod runs on.'),
      podIP: str("The pod's IP."),
      podIPs: listMap(refTo(`${CORE_V1}PodIP`), ['ip'], "The pod's IPs, one per IP family."),
      startTime: time('When the kubelet acknowledged the pod.'),
      initContainerStatuses: list(refTo(`${CORE_V1}ContainerStatus`), "The init containers' statuses."),
      containerStatuses: list(refTo(`${CORE_V1}ContainerStatus`), "The containers' statuses."),
      qosClass: str("Guaranteed, Burstable or BestEffort, from the containers' requests and limits.", PodQOSClasses),
      ephemeralContainerStatuses: list(refTo(`${CORE_V1}ContainerStatus`), "The ephemeral containers' statuses."),
      resize: str('Deprecated: the state of an in-place resize.'),
      resourceClaimStatuses: listMap({ type: 'object' }, ['name'], 'The ResourceClaims made for the pod.'),
      extendedResourceClaimStatus: opaque('The ResourceClaim made for extended resources.'),
      allocatedResources: quantities('Resources allocated to the pod.'),
      resources: ref(`${CORE_V1}ResourceRequirements`, 'The pod-level resources in effect.'),
      nodeAllocatableResourceClaimStatuses: listMap({ type: 'object' }, ['resourceClaimName'], 'Node-allocatable resources claimed by the pod.'),
      volumeHealth: listMap({ type: 'object' }, ['name'], "The health of the pod's volumes."),
    },
  },
  [`${CORE_V1}PodCondition`]: {
    description: 'One condition of a pod.',
    required: ['type', 'status'],
    properties: {
      type: str('The condition (PodScheduled, Ready, DisruptionTarget, ...).'),
      observedGeneration: int64('The generation of the pod the condition is of.'),
      status: str('True, False or Unknown.'),
      lastProbeTime: time('When the condition was last probed.'),
      lastTransitionTime: time('When the status last changed.'),
      reason: str('Why, in CamelCase (EvictionByEvictionAPI, DeletionByTaintManager).'),
      message: str('Details, for a person to read.'),
    },
  },
  [`${CORE_V1}ContainerStatus`]: {
    description: 'The status of one container.',
    required: ['name', 'ready', 'restartCount', 'image', 'imageID'],
    properties: {
      name: str("The container's name."),
      state: opaque('What the container is doing: waiting, running or terminated.'),
      lastState: opaque('How the container last terminated.'),
      ready: bool('Whether it passes its readiness probe.'),
      restartCount: int32('How many times it restarted.'),
      image: str('The image it runs.'),
      imageID: str("The image's ID."),
      containerID: str('<runtime>://<id>.'),
      started: bool('Whether it has started (passed its startup probe).'),
      allocatedResources: quantities('Resources allocated to it.'),
      resources: ref(`${CORE_V1}ResourceRequirements`, 'The resources in effect.'),
      volumeMounts: listMap({ type: 'object' }, ['mountPath'], 'Its volume mounts.'),
      user: opaque('The identity it runs as.'),
      allocatedResourcesStatus: listMap({ type: 'object' }, ['name'], 'The health of its allocated resources.'),
      stopSignal: str('The signal that stops it.'),
    },
  },
  [`${CORE_V1}HostIP`]: {
    description: 'An IP of the node a pod runs on.',
    required: ['ip'],
    properties: { ip: str('The IP.') },
  },
  [`${CORE_V1}PodIP`]: {
    description: 'An IP of a pod.',
    required: ['ip'],
    properties: { ip: str('The IP.') },
  },
};
