/**
 * Objects as `kubectl get ... -o json` prints them from a real cluster (a worker node of a
 * kubeadm cluster on AWS, a Deployment's pod running on it), server-managed fields and all.
 * Functions, so that each test gets a fresh copy to change.
 */

export function kubectlNode(name = 'worker-1') {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      annotations: {
        'kubeadm.alpha.kubernetes.io/cri-socket': 'unix:///run/containerd/containerd.sock',
        'node.alpha.kubernetes.io/ttl': '0',
        'volumes.kubernetes.io/controller-managed-attach-detach': 'true',
      },
      creationTimestamp: '2025-10-01T08:12:45Z',
      labels: {
        'beta.kubernetes.io/arch': 'amd64',
        'beta.kubernetes.io/os': 'linux',
        'kubernetes.io/arch': 'amd64',
        'kubernetes.io/hostname': name,
        'kubernetes.io/os': 'linux',
        'node-role.kubernetes.io/worker': '',
        'node.kubernetes.io/instance-type': 'g4dn.xlarge',
        'topology.kubernetes.io/region': 'eu-west-1',
        'topology.kubernetes.io/zone': 'eu-west-1a',
      },
      managedFields: [
        {
          apiVersion: 'v1',
          fieldsType: 'FieldsV1',
          fieldsV1: {
            'f:metadata': { 'f:labels': { '.': {}, 'f:kubernetes.io/hostname': {} } },
            'f:spec': { 'f:podCIDR': {}, 'f:podCIDRs': { '.': {}, 'v:"10.244.1.0/24"': {} } },
          },
          manager: 'kubelet',
          operation: 'Update',
          time: '2025-10-01T08:12:45Z',
        },
      ],
      name,
      resourceVersion: '482913',
      uid: '8c4f2b1e-7d3a-4c8e-9f61-2a5b0e7d9c13',
    },
    spec: {
      podCIDR: '10.244.1.0/24',
      podCIDRs: ['10.244.1.0/24'],
      providerID: 'aws:///eu-west-1a/i-0abc123def4567890',
      taints: [
        { effect: 'NoSchedule', key: 'nvidia.com/gpu', value: 'present' },
        // Ready is Unknown below: the node lifecycle controller keeps both unreachable taints.
        { effect: 'NoSchedule', key: 'node.kubernetes.io/unreachable', timeAdded: '2025-10-02T09:30:00Z' },
        { effect: 'NoExecute', key: 'node.kubernetes.io/unreachable', timeAdded: '2025-10-02T09:30:00Z' },
      ],
    },
    status: {
      addresses: [
        { address: '10.0.1.17', type: 'InternalIP' },
        { address: 'ip-10-0-1-17.eu-west-1.compute.internal', type: 'InternalDNS' },
        { address: name, type: 'Hostname' },
      ],
      allocatable: {
        cpu: '3920m',
        'ephemeral-storage': '95491281146',
        'hugepages-1Gi': '0',
        'hugepages-2Mi': '0',
        memory: '15214048Ki',
        'nvidia.com/gpu': '1',
        pods: '110',
      },
      capacity: {
        cpu: '4',
        'ephemeral-storage': '103609164Ki',
        'hugepages-1Gi': '0',
        'hugepages-2Mi': '0',
        memory: '16133600Ki',
        'nvidia.com/gpu': '1',
        pods: '110',
      },
      conditions: [
        {
          lastHeartbeatTime: '2025-10-02T09:29:12Z',
          lastTransitionTime: '2025-10-01T08:12:45Z',
          message: 'kubelet has sufficient memory available',
          reason: 'KubeletHasSufficientMemory',
          status: 'False',
          type: 'MemoryPressure',
        },
        {
          lastHeartbeatTime: '2025-10-02T09:29:12Z',
          lastTransitionTime: '2025-10-01T08:12:45Z',
          message: 'kubelet has no disk pressure',
          reason: 'KubeletHasNoDiskPressure',
          status: 'False',
          type: 'DiskPressure',
        },
        {
          lastHeartbeatTime: '2025-10-02T09:29:12Z',
          lastTransitionTime: '2025-10-02T09:30:00Z',
          message: 'Kubelet stopped posting node status.',
          reason: 'NodeStatusUnknown',
          status: 'Unknown',
          type: 'Ready',
        },
      ],
      daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
      images: [
        {
          names: ['registry.k8s.io/kube-proxy@sha256:5a3b7f7e1d2c9b8a7f6e5d4c3b2a1f0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a', 'registry.k8s.io/kube-proxy:v1.34.1'],
          sizeBytes: 30230147,
        },
      ],
      nodeInfo: {
        architecture: 'amd64',
        bootID: '2f7c1d9e-3b4a-4e5f-8a6b-7c8d9e0f1a2b',
        containerRuntimeVersion: 'containerd://2.1.3',
        kernelVersion: '6.8.0-1021-aws',
        kubeProxyVersion: '',
        kubeletVersion: 'v1.34.1',
        machineID: 'ec2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d',
        operatingSystem: 'linux',
        osImage: 'Ubuntu 24.04.2 LTS',
        systemUUID: 'ec2b3c4d-5e6f-7a8b-9c0d-1e2f3a4b5c6d',
      },
    },
  };
}

export function kubectlPod(name = 'web-7d4b9c8f6d-x2k9p', namespace = 'shop', nodeName = 'worker-1') {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      creationTimestamp: '2025-10-03T11:02:17Z',
      generateName: 'web-7d4b9c8f6d-',
      labels: { app: 'web', 'pod-template-hash': '7d4b9c8f6d' },
      name,
      namespace,
      ownerReferences: [
        {
          apiVersion: 'apps/v1',
          blockOwnerDeletion: true,
          controller: true,
          kind: 'ReplicaSet',
          name: 'web-7d4b9c8f6d',
          uid: '4b1d7e2a-9c3f-4a8b-b6d5-0e1f2a3b4c5d',
        },
      ],
      resourceVersion: '512044',
      uid: 'f3a9c2d1-6b7e-4f80-9a1b-2c3d4e5f6a7b',
    },
    spec: {
      containers: [
        {
          image: 'nginx:1.27',
          imagePullPolicy: 'IfNotPresent',
          name: 'nginx',
          ports: [{ containerPort: 80, protocol: 'TCP' }],
          resources: { limits: { memory: '256Mi' }, requests: { cpu: '100m', memory: '128Mi' } },
          terminationMessagePath: '/dev/termination-log',
          terminationMessagePolicy: 'File',
          volumeMounts: [{ mountPath: '/var/run/secrets/kubernetes.io/serviceaccount', name: 'kube-api-access-7hx2q', readOnly: true }],
        },
      ],
      dnsPolicy: 'ClusterFirst',
      enableServiceLinks: true,
      nodeName,
      preemptionPolicy: 'PreemptLowerPriority',
      priority: 0,
      restartPolicy: 'Always',
      schedulerName: 'default-scheduler',
      securityContext: {},
      serviceAccount: 'default',
      serviceAccountName: 'default',
      terminationGracePeriodSeconds: 30,
      tolerations: [
        { effect: 'NoExecute', key: 'node.kubernetes.io/not-ready', operator: 'Exists', tolerationSeconds: 300 },
        { effect: 'NoExecute', key: 'node.kubernetes.io/unreachable', operator: 'Exists', tolerationSeconds: 300 },
        { effect: 'NoSchedule', key: 'node.kubernetes.io/memory-pressure', operator: 'Exists' },
      ],
      volumes: [
        {
          name: 'kube-api-access-7hx2q',
          projected: {
            defaultMode: 420,
            sources: [
              { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
              { configMap: { items: [{ key: 'ca.crt', path: 'ca.crt' }], name: 'kube-root-ca.crt' } },
            ],
          },
        },
      ],
    },
    status: {
      conditions: [
        { lastProbeTime: null, lastTransitionTime: '2025-10-03T11:02:19Z', status: 'True', type: 'Ready' },
        { lastProbeTime: null, lastTransitionTime: '2025-10-03T11:02:17Z', status: 'True', type: 'PodScheduled' },
      ],
      containerStatuses: [
        {
          containerID: 'containerd://9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b2a1f0e9d8c',
          image: 'docker.io/library/nginx:1.27',
          imageID: 'docker.io/library/nginx@sha256:0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9',
          lastState: {},
          name: 'nginx',
          ready: true,
          restartCount: 0,
          started: true,
          state: { running: { startedAt: '2025-10-03T11:02:18Z' } },
        },
      ],
      hostIP: '10.0.1.17',
      hostIPs: [{ ip: '10.0.1.17' }],
      phase: 'Running',
      podIP: '10.244.1.23',
      podIPs: [{ ip: '10.244.1.23' }],
      qosClass: 'Burstable',
      startTime: '2025-10-03T11:02:17Z',
    },
  };
}

/**
 * kubectl output as it is sent to replace an object unconditionally: without
 * `metadata.resourceVersion`, which names a version of the cluster it came from, never one of
 * taintgate's (a PUT naming it answers 409, or 404 when nothing is stored: docs/contract.md,
 * "Concurrency"). Everything else stays as kubectl printed it.
 */
export function withoutResourceVersion<T extends { metadata: { resourceVersion?: string } }>(object: T): T {
  const { resourceVersion: _foreign, ...metadata } = object.metadata;
  return { ...object, metadata };
}
