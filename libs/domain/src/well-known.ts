/** Taint keys that Kubernetes itself manages (k8s.io/api/core/v1 well_known_taints.go). */
export const TaintKeys = {
  notReady: 'node.kubernetes.io/not-ready',
  unreachable: 'node.kubernetes.io/unreachable',
  unschedulable: 'node.kubernetes.io/unschedulable',
  memoryPressure: 'node.kubernetes.io/memory-pressure',
  diskPressure: 'node.kubernetes.io/disk-pressure',
  pidPressure: 'node.kubernetes.io/pid-pressure',
  networkUnavailable: 'node.kubernetes.io/network-unavailable',
  outOfService: 'node.kubernetes.io/out-of-service',
  cloudProviderUninitialized: 'node.cloudprovider.kubernetes.io/uninitialized',
  cloudProviderShutdown: 'node.cloudprovider.kubernetes.io/shutdown',
} as const;

/** Node condition types that the node lifecycle controller turns into taints. */
export const NodeConditionTypes = {
  ready: 'Ready',
  memoryPressure: 'MemoryPressure',
  diskPressure: 'DiskPressure',
  pidPressure: 'PIDPressure',
  networkUnavailable: 'NetworkUnavailable',
} as const;

export const ConditionStatus = { true: 'True', false: 'False', unknown: 'Unknown' } as const;
