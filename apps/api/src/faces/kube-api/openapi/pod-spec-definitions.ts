import { NodeSelectorOperators, TaintEffects, TolerationOperators, VOLUME_SOURCES } from '@taintgate/domain';
import {
  CORE_V1,
  type Definitions,
  META_V1,
  type Property,
  bool,
  int32,
  int64,
  list,
  listMap,
  opaque,
  quantities,
  ref,
  refTo,
  str,
  stringMap,
  strings,
} from './schema-dsl';

/**
 * core/v1 PodSpec and what scheduling reads of it (containers' resources, tolerations,
 * nodeSelector, node affinity), described field by field. The rest of a pod (probes, security
 * contexts, volume sources, pod affinity) is named, so that a manifest using it is valid, and kept
 * as sent, without its inner fields described.
 */

const containerFields: Record<string, Property> = {
  name: str("The container's name (a DNS label), unique in the pod."),
  image: str('The container image.'),
  command: strings("The entrypoint, instead of the image's."),
  args: strings("Arguments to the entrypoint, instead of the image's."),
  workingDir: str("The working directory, instead of the image's."),
  ports: listMap(refTo(`${CORE_V1}ContainerPort`), ['containerPort', 'protocol'], 'Ports the container exposes (informational).'),
  envFrom: list({ type: 'object' }, 'Sources (ConfigMaps, Secrets) of environment variables.'),
  env: listMap(refTo(`${CORE_V1}EnvVar`), ['name'], 'Environment variables.'),
  resources: ref(`${CORE_V1}ResourceRequirements`, 'The compute resources the container requests (counted when scheduling) and may use at most.'),
  resizePolicy: list({ type: 'object' }, 'How each resource may be resized in place.'),
  restartPolicy: str('On an init container, Always makes it a sidecar, which keeps running beside the others.'),
  restartPolicyRules: list({ type: 'object' }, 'Rules, by exit code, that override restartPolicy.'),
  volumeMounts: listMap(refTo(`${CORE_V1}VolumeMount`), ['mountPath'], 'Volumes of the pod mounted into the container.'),
  volumeDevices: listMap({ type: 'object' }, ['devicePath'], 'Block volumes of the pod exposed to the container.'),
  livenessProbe: opaque('When the container is restarted.'),
  readinessProbe: opaque('When the container is ready for traffic.'),
  startupProbe: opaque('When the container has started.'),
  lifecycle: opaque('Actions taken after the container starts and before it stops.'),
  terminationMessagePath: str('Where the container writes its termination message.'),
  terminationMessagePolicy: str('File or FallbackToLogsOnError.'),
  imagePullPolicy: str('Always, Never or IfNotPresent.'),
  securityContext: opaque("The container's security options."),
  stdin: bool('Whether the container has a stdin buffer.'),
  stdinOnce: bool('Whether stdin closes after the first attach.'),
  tty: bool('Whether the container has a TTY.'),
};

const selectorRequirements = (description: string) => list(refTo(`${CORE_V1}NodeSelectorRequirement`), description);

export const podSpecDefinitions: Definitions = {
  [`${CORE_V1}PodSpec`]: {
    description: 'What a pod runs and where it may be scheduled.',
    required: ['containers'],
    properties: {
      volumes: listMap(refTo(`${CORE_V1}Volume`), ['name'], 'Volumes the containers may mount.'),
      initContainers: listMap(
        refTo(`${CORE_V1}Container`),
        ['name'],
        "Containers run in order before the others start; their requests count towards the pod's.",
      ),
      containers: listMap(refTo(`${CORE_V1}Container`), ['name'], "The pod's containers; at least one."),
      ephemeralContainers: listMap(refTo(`${CORE_V1}EphemeralContainer`), ['name'], 'Containers added to a running pod for debugging.'),
      restartPolicy: str('Always, OnFailure or Never.'),
      terminationGracePeriodSeconds: int64('Seconds the pod is given to stop when deleted (30 by default); also how long an eviction takes.'),
      activeDeadlineSeconds: int64('Seconds the pod may run before it is failed.'),
      dnsPolicy: str('ClusterFirst, ClusterFirstWithHostNet, Default or None.'),
      nodeSelector: stringMap('Labels a node must have, every one, for the pod to be scheduled onto it.'),
      serviceAccountName: str('The service account the pod runs as.'),
      serviceAccount: str('Deprecated: use serviceAccountName.'),
      automountServiceAccountToken: bool('Whether the service account token is mounted.'),
      nodeName: str(
        'The node the pod is bound to. Set, it bypasses scheduling: taints with NoSchedule do not keep the pod off, NoExecute ones still evict it.',
      ),
      hostNetwork: bool("Whether the pod uses the node's network namespace."),
      hostPID: bool("Whether the pod uses the node's PID namespace."),
      hostIPC: bool("Whether the pod uses the node's IPC namespace."),
      shareProcessNamespace: bool('Whether the containers share one PID namespace.'),
      securityContext: opaque('Pod-level security options.'),
      imagePullSecrets: listMap(refTo(`${CORE_V1}LocalObjectReference`), ['name'], 'Secrets used to pull the images.'),
      hostname: str("The pod's hostname."),
      subdomain: str("The pod's subdomain."),
      affinity: ref(`${CORE_V1}Affinity`, 'Scheduling constraints: node affinity, and pod (anti-)affinity.'),
      schedulerName: str('The scheduler that schedules the pod.'),
      tolerations: list(
        refTo(`${CORE_V1}Toleration`),
        'The taints the pod tolerates. A pod may be scheduled onto a node whose NoSchedule taints it all tolerates, and keeps running on a node whose NoExecute taints it tolerates (for tolerationSeconds, if set). The list is replaced whole by a patch.',
      ),
      hostAliases: listMap(refTo(`${CORE_V1}HostAlias`), ['ip'], "Entries added to the pod's /etc/hosts."),
      priorityClassName: str("The pod's PriorityClass."),
      priority: int32("The pod's priority, from its PriorityClass."),
      dnsConfig: opaque('DNS settings beyond dnsPolicy.'),
      readinessGates: list(refTo(`${CORE_V1}PodReadinessGate`), 'Conditions that must be True for the pod to be ready.'),
      runtimeClassName: str('The RuntimeClass the pod runs with.'),
      enableServiceLinks: bool("Whether services' addresses are injected as environment variables."),
      preemptionPolicy: str('PreemptLowerPriority or Never.'),
      overhead: quantities('What running the pod costs beyond its containers (from its RuntimeClass); added to its requests when scheduling.'),
      topologySpreadConstraints: listMap(
        refTo(`${CORE_V1}TopologySpreadConstraint`),
        ['topologyKey', 'whenUnsatisfiable'],
        "How the pod's replicas spread across topology domains.",
      ),
      setHostnameAsFQDN: bool("Whether the hostname is the pod's FQDN."),
      os: ref(`${CORE_V1}PodOS`, 'The operating system the pod needs.'),
      hostUsers: bool("Whether the pod uses the node's user namespace."),
      schedulingGates: listMap(refTo(`${CORE_V1}PodSchedulingGate`), ['name'], 'While any remains, the pod is not scheduled.'),
      resourceClaims: listMap({ type: 'object' }, ['name'], 'Dynamic resources the pod claims.'),
      resources: ref(`${CORE_V1}ResourceRequirements`, 'Pod-level requests and limits (cpu, memory, hugepages), for the pod as a whole.'),
      hostnameOverride: str("A hostname instead of the pod's name."),
      workloadRef: opaque('The workload the pod belongs to, for gang scheduling.'),
      schedulingGroup: opaque('The scheduling group the pod belongs to.'),
      evictionResponders: listMap({ type: 'object' }, ['name'], 'Those told before the pod is evicted.'),
    },
  },
  [`${CORE_V1}Container`]: {
    description: 'A container of a pod.',
    required: ['name'],
    properties: containerFields,
  },
  [`${CORE_V1}EphemeralContainer`]: {
    description: 'A container added to a running pod, for debugging. It has no resources of its own.',
    required: ['name'],
    properties: { ...containerFields, targetContainerName: str('The container whose namespaces it shares.') },
  },
  [`${CORE_V1}ContainerPort`]: {
    description: 'A port a container exposes.',
    required: ['containerPort'],
    properties: {
      name: str("The port's name (an IANA service name), unique in the pod."),
      hostPort: int32('The port on the node it is also exposed at; a node can host one pod per host port.'),
      containerPort: int32('The port number in the pod.'),
      protocol: str('TCP, UDP or SCTP; TCP by default.'),
      hostIP: str("The node's IP a hostPort binds."),
    },
  },
  [`${CORE_V1}EnvVar`]: {
    description: 'An environment variable.',
    required: ['name'],
    properties: {
      name: str("The variable's name."),
      value: str('Its value; $(VAR) references are expanded.'),
      valueFrom: opaque('Where its value comes from (a field, a resource, a ConfigMap or a Secret key).'),
    },
  },
  [`${CORE_V1}VolumeMount`]: {
    description: 'A volume mounted into a container.',
    required: ['name', 'mountPath'],
    properties: {
      name: str("The pod volume's name."),
      readOnly: bool('Mounted read-only.'),
      recursiveReadOnly: str('Disabled, IfPossible or Enabled.'),
      mountPath: str('Where in the container.'),
      subPath: str('The path inside the volume to mount instead of its root.'),
      mountPropagation: str('None, HostToContainer or Bidirectional.'),
      subPathExpr: str('subPath with $(VAR) references expanded.'),
      bindMountOptions: strings('Bind mount options.', { type: 'set' }),
    },
  },
  [`${CORE_V1}Volume`]: {
    description: "A volume the pod's containers may mount: a name and one source.",
    required: ['name'],
    properties: {
      name: str("The volume's name (a DNS label), unique in the pod."),
      ...Object.fromEntries(VOLUME_SOURCES.map((source) => [source, opaque(`A ${source} volume.`)])),
    },
  },
  [`${CORE_V1}ResourceRequirements`]: {
    description: 'Compute resources: what is requested, what may be used at most.',
    properties: {
      limits: quantities('The most of each resource that may be used.'),
      requests: quantities(
        "What is requested of each resource; the scheduler counts requests against a node's allocatable. When absent, a limit stands for its request.",
      ),
      claims: listMap(refTo(`${CORE_V1}ResourceClaim`), ['name'], "The pod's resource claims the container uses."),
    },
  },
  [`${CORE_V1}ResourceClaim`]: {
    description: 'A resource claim of the pod a container uses.',
    required: ['name'],
    properties: {
      name: str("The claim's name in spec.resourceClaims."),
      request: str('One request of the claim.'),
    },
  },
  [`${CORE_V1}Toleration`]: {
    description:
      'A toleration lets the pod be scheduled onto (NoSchedule, PreferNoSchedule) or stay on (NoExecute) a node with a matching taint: same key (or any key when empty with Exists), value matched by the operator, same effect (or any when empty).',
    properties: {
      key: str('The taint key it matches; empty matches every key, with operator Exists.'),
      operator: str(
        'How the value is matched: Equal (the default), Exists (any value), or Gt and Lt (the taint value, an integer, greater or less than value).',
        TolerationOperators,
      ),
      value: str('The value matched; empty with Exists.'),
      effect: str('The taint effect it matches; empty matches every effect.', TaintEffects),
      tolerationSeconds: int64(
        'Only with effect NoExecute: how long the pod stays on the node after the taint is added, in seconds. Unset: forever. Zero or less: evicted at once.',
      ),
    },
  },
  [`${CORE_V1}Affinity`]: {
    description: 'Scheduling constraints.',
    properties: {
      nodeAffinity: ref(`${CORE_V1}NodeAffinity`, 'The nodes the pod may be, or prefers to be, scheduled onto.'),
      podAffinity: opaque('Pods the pod is to be scheduled near.'),
      podAntiAffinity: opaque('Pods the pod is to be scheduled away from.'),
    },
  },
  [`${CORE_V1}NodeAffinity`]: {
    description: 'Node affinity: which nodes, by label or field, the pod may be or prefers to be scheduled onto.',
    properties: {
      requiredDuringSchedulingIgnoredDuringExecution: ref(`${CORE_V1}NodeSelector`, 'Nodes the pod may be scheduled onto; once bound it stays if they change.'),
      preferredDuringSchedulingIgnoredDuringExecution: list(refTo(`${CORE_V1}PreferredSchedulingTerm`), 'Nodes the scheduler prefers, by weight.'),
    },
  },
  [`${CORE_V1}NodeSelector`]: {
    description: 'Terms ORed: a node matches when it matches any term.',
    required: ['nodeSelectorTerms'],
    properties: { nodeSelectorTerms: list(refTo(`${CORE_V1}NodeSelectorTerm`), 'The terms.') },
  },
  [`${CORE_V1}NodeSelectorTerm`]: {
    description: 'Requirements ANDed; a term with none matches no node.',
    properties: {
      matchExpressions: selectorRequirements("Requirements on the node's labels."),
      matchFields: selectorRequirements("Requirements on the node's fields (metadata.name)."),
    },
  },
  [`${CORE_V1}NodeSelectorRequirement`]: {
    description: 'A key, an operator and values.',
    required: ['key', 'operator'],
    properties: {
      key: str('The label key (or field) the requirement is on.'),
      operator: str('In, NotIn, Exists, DoesNotExist, Gt or Lt.', NodeSelectorOperators),
      values: strings('For In and NotIn, one or more; for Exists and DoesNotExist, none; for Gt and Lt, one integer.'),
    },
  },
  [`${CORE_V1}PreferredSchedulingTerm`]: {
    description: 'A term with a weight: the scheduler prefers nodes with a greater sum of the weights of the terms they match.',
    required: ['weight', 'preference'],
    properties: {
      weight: int32('1 to 100.'),
      preference: ref(`${CORE_V1}NodeSelectorTerm`, 'The term.'),
    },
  },
  [`${CORE_V1}LocalObjectReference`]: {
    description: 'An object in the same namespace, by name.',
    properties: { name: str('Its name.') },
  },
  [`${CORE_V1}HostAlias`]: {
    description: 'An /etc/hosts entry.',
    required: ['ip'],
    properties: { ip: str('The IP address.'), hostnames: strings('Its hostnames.') },
  },
  [`${CORE_V1}TopologySpreadConstraint`]: {
    description: 'How matching pods spread across the domains of a topology key.',
    required: ['maxSkew', 'topologyKey', 'whenUnsatisfiable'],
    properties: {
      maxSkew: int32('The greatest difference allowed between the number of matching pods in two domains.'),
      topologyKey: str('The node label whose values are the domains.'),
      whenUnsatisfiable: str('DoNotSchedule or ScheduleAnyway.'),
      labelSelector: ref(`${META_V1}LabelSelector`, 'The pods counted.'),
      minDomains: int32('The fewest domains counted.'),
      nodeAffinityPolicy: str('Honor or Ignore: whether node affinity limits the domains.'),
      nodeTaintsPolicy: str('Honor or Ignore: whether nodes whose taints the pod does not tolerate are domains.'),
      matchLabelKeys: strings('Labels of the pod whose values narrow labelSelector.'),
    },
  },
  [`${META_V1}LabelSelector`]: {
    description: 'A label query: matchLabels and matchExpressions ANDed.',
    properties: {
      matchLabels: stringMap('Labels that must all be present with these values.'),
      matchExpressions: list({ type: 'object' }, 'Requirements (key, operator In, NotIn, Exists, DoesNotExist, values).'),
    },
  },
  [`${CORE_V1}PodOS`]: {
    description: 'The operating system a pod needs.',
    required: ['name'],
    properties: { name: str('linux or windows.') },
  },
  [`${CORE_V1}PodSchedulingGate`]: {
    description: 'A gate that keeps a pod from being scheduled until it is removed.',
    required: ['name'],
    properties: { name: str("The gate's name.") },
  },
  [`${CORE_V1}PodReadinessGate`]: {
    description: 'A pod condition that must be True for the pod to be ready.',
    required: ['conditionType'],
    properties: { conditionType: str("The condition's type.") },
  },
};
