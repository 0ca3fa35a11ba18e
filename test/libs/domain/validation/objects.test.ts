import { describe, expect, it } from 'vitest';
import { defaultSettings, fieldErrorText, type Pod, settingsWith, type Validated, validateNode, validatePod, validateTaintBody } from '@taintgate/domain';
import { msg } from './messages';

/** `kubectl get node worker-1 -o json`, trimmed of nothing that matters. */
const kubectlNode = () => ({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: {
    annotations: {
      'kubeadm.alpha.kubernetes.io/cri-socket': 'unix:///var/run/containerd/containerd.sock',
      'node.alpha.kubernetes.io/ttl': '0',
      'volumes.kubernetes.io/controller-managed-attach-detach': 'true',
    },
    creationTimestamp: '2024-05-01T09:12:44Z',
    labels: {
      'beta.kubernetes.io/arch': 'amd64',
      'beta.kubernetes.io/os': 'linux',
      'kubernetes.io/arch': 'amd64',
      'kubernetes.io/hostname': 'worker-1',
      'kubernetes.io/os': 'linux',
      'node-role.kubernetes.io/worker': '',
      'node.kubernetes.io/instance-type': 'm5.xlarge',
      'topology.kubernetes.io/zone': 'eu-west-1a',
    },
    name: 'worker-1',
    resourceVersion: '184467',
    uid: '5a7d6c1e-3f0b-4c59-9a43-2f1f7f3bd0a1',
  },
  spec: {
    podCIDR: '10.244.1.0/24',
    podCIDRs: ['10.244.1.0/24'],
    providerID: 'aws:///eu-west-1a/i-0abc123def4567890',
    taints: [
      { effect: 'NoSchedule', key: 'dedicated', value: 'gpu' },
      { effect: 'NoExecute', key: 'node.kubernetes.io/unreachable', timeAdded: '2024-05-02T10:00:00Z' },
    ],
  },
  status: {
    addresses: [
      { address: '10.0.1.23', type: 'InternalIP' },
      { address: 'worker-1', type: 'Hostname' },
    ],
    allocatable: {
      cpu: '3920m',
      'ephemeral-storage': '94580335255',
      'hugepages-1Gi': '0',
      'hugepages-2Mi': '0',
      memory: '15574316Ki',
      'nvidia.com/gpu': '1',
      pods: '110',
    },
    capacity: {
      cpu: '4',
      'ephemeral-storage': '102626232Ki',
      'hugepages-1Gi': '0',
      'hugepages-2Mi': '0',
      memory: '16294188Ki',
      'nvidia.com/gpu': '1',
      pods: '110',
    },
    conditions: [
      {
        lastHeartbeatTime: '2024-05-02T09:58:12Z',
        lastTransitionTime: '2024-05-01T09:12:44Z',
        message: 'kubelet has sufficient memory available',
        reason: 'KubeletHasSufficientMemory',
        status: 'False',
        type: 'MemoryPressure',
      },
      {
        lastHeartbeatTime: '2024-05-02T09:58:12Z',
        lastTransitionTime: '2024-05-02T09:59:40Z',
        message: 'Kubelet stopped posting node status.',
        reason: 'NodeStatusUnknown',
        status: 'Unknown',
        type: 'Ready',
      },
    ],
    daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
    images: [
      {
        names: ['registry.k8s.io/kube-proxy@sha256:2f6f4f0c7bc1e3a0b0a84fcb1f2ad1b3a6d5f9f6c1a8e5b7e3d0c2f4a6b8d0e2', 'registry.k8s.io/kube-proxy:v1.30.0'],
        sizeBytes: 29020473,
      },
    ],
    nodeInfo: {
      architecture: 'amd64',
      bootID: '0b2a8b5e-7e63-4b1e-8c41-6f1d2a3b4c5d',
      containerRuntimeVersion: 'containerd://1.7.13',
      kernelVersion: '6.1.0-18-cloud-amd64',
      kubeProxyVersion: 'v1.30.0',
      kubeletVersion: 'v1.30.0',
      machineID: 'ec2a1b2c3d4e5f60718293a4b5c6d7e8',
      operatingSystem: 'linux',
      osImage: 'Debian GNU/Linux 12 (bookworm)',
      systemUUID: 'ec2a1b2c-3d4e-5f60-7182-93a4b5c6d7e8',
    },
  },
});

/** `kubectl get pod -n shop web-7d9c6b5f4-x2x7q -o json`. */
const kubectlPod = () => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: {
    annotations: { 'kubectl.kubernetes.io/restartedAt': '2024-05-01T09:00:00Z' },
    creationTimestamp: '2024-05-01T09:20:03Z',
    generateName: 'web-7d9c6b5f4-',
    labels: { app: 'web', 'pod-template-hash': '7d9c6b5f4' },
    name: 'web-7d9c6b5f4-x2x7q',
    namespace: 'shop',
    ownerReferences: [
      {
        apiVersion: 'apps/v1',
        blockOwnerDeletion: true,
        controller: true,
        kind: 'ReplicaSet',
        name: 'web-7d9c6b5f4',
        uid: '8c0c4a52-6a7f-4ad1-bb0a-3f1e5d2c9b10',
      },
    ],
    resourceVersion: '184001',
    uid: 'f3b0c1d2-e3f4-4a5b-8c6d-7e8f9a0b1c2d',
  },
  spec: {
    affinity: {
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/os', operator: 'In', values: ['linux'] }] }],
        },
        preferredDuringSchedulingIgnoredDuringExecution: [
          { weight: 50, preference: { matchExpressions: [{ key: 'topology.kubernetes.io/zone', operator: 'In', values: ['eu-west-1a'] }] } },
        ],
      },
    },
    containers: [
      {
        env: [{ name: 'PORT', value: '8080' }],
        image: 'registry.example.com/shop/web:1.4.2',
        imagePullPolicy: 'IfNotPresent',
        name: 'web',
        ports: [{ containerPort: 8080, name: 'http', protocol: 'TCP' }],
        resources: { limits: { cpu: '500m', memory: '256Mi' }, requests: { cpu: '250m', memory: '128Mi' } },
        terminationMessagePath: '/dev/termination-log',
        terminationMessagePolicy: 'File',
        volumeMounts: [{ mountPath: '/var/run/secrets/kubernetes.io/serviceaccount', name: 'kube-api-access-9xk2p', readOnly: true }],
      },
    ],
    dnsPolicy: 'ClusterFirst',
    enableServiceLinks: true,
    nodeName: 'worker-1',
    nodeSelector: { 'kubernetes.io/os': 'linux' },
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
    ],
    volumes: [
      {
        name: 'kube-api-access-9xk2p',
        projected: {
          defaultMode: 420,
          sources: [{ serviceAccountToken: { expirationSeconds: 3607, path: 'token' } }],
        },
      },
    ],
  },
  status: {
    conditions: [{ lastProbeTime: null, lastTransitionTime: '2024-05-01T09:20:05Z', status: 'True', type: 'Ready' }],
    containerStatuses: [
      {
        containerID: 'containerd://4b8c2f',
        image: 'registry.example.com/shop/web:1.4.2',
        imageID: 'registry.example.com/shop/web@sha256:aa11',
        lastState: {},
        name: 'web',
        ready: true,
        restartCount: 0,
        started: true,
        state: { running: { startedAt: '2024-05-01T09:20:04Z' } },
      },
    ],
    hostIP: '10.0.1.23',
    hostIPs: [{ ip: '10.0.1.23' }],
    phase: 'Running',
    podIP: '10.244.1.17',
    podIPs: [{ ip: '10.244.1.17' }],
    qosClass: 'Burstable',
    startTime: '2024-05-01T09:20:03Z',
  },
});

type Json = Record<string, any>;
const lines = (result: Validated<unknown>): string[] => (result.ok ? [] : result.error.map(fieldErrorText));
const withChange = <T extends Json>(make: () => T, change: (o: T) => void): T => {
  const o = make();
  change(o);
  return o;
};
const quantityFormat = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

describe('validateNode: kubectl output is accepted as it is', () => {
  it('accepts `kubectl get node -o json` unchanged', () => {
    const input = kubectlNode();
    const result = validateNode(input);
    expect(result).toEqual({ ok: true, value: kubectlNode() });
    expect(input).toEqual(kubectlNode());
  });

  it.each<{ name: string; node: Json }>([
    { name: 'minimal', node: { metadata: { name: 'n1' } } },
    {
      name: 'without apiVersion and kind',
      node: withChange(kubectlNode, (n) => {
        delete (n as Json).apiVersion;
        delete (n as Json).kind;
      }),
    },
    {
      name: 'without taints',
      node: withChange(kubectlNode, (n) => {
        delete (n.spec as Json).taints;
      }),
    },
    { name: 'null spec and status', node: { metadata: { name: 'n1' }, spec: null, status: null } },
    {
      name: 'unschedulable',
      node: withChange(kubectlNode, (n) => {
        (n.spec as Json).unschedulable = true;
      }),
    },
    {
      name: 'numeric quantities',
      node: withChange(kubectlNode, (n) => {
        n.status.allocatable.cpu = 4 as never;
      }),
    },
    {
      name: 'annotation keys are checked lower-cased',
      node: withChange(kubectlNode, (n) => {
        (n.metadata.annotations as Json)['Example.com/Some-Key'] = 'x';
      }),
    },
  ])('accepts $name', ({ node }) => {
    expect(validateNode(node).ok).toBe(true);
  });
});

describe('validateNode: wrong JSON types, with a field path', () => {
  it.each<{ name: string; node: unknown; lines: string[] }>([
    { name: 'not an object', node: 'worker-1', lines: ['<body>: Invalid value: "worker-1": must be an object'] },
    { name: 'null', node: null, lines: ['<body>: Required value'] },
    { name: 'no metadata', node: { spec: {} }, lines: ['metadata: Required value'] },
    {
      name: 'taint key is a number',
      node: withChange(kubectlNode, (n) => {
        (n.spec.taints[0] as Json).key = 5;
      }),
      lines: ['spec.taints[0].key: Invalid value: 5: must be a string'],
    },
    {
      name: 'taints is an object',
      node: withChange(kubectlNode, (n) => {
        (n.spec as Json).taints = { key: 'k' };
      }),
      lines: ['spec.taints: Invalid value: {"key":"k"}: must be an array'],
    },
    {
      name: 'a taint is a string',
      node: withChange(kubectlNode, (n) => {
        (n.spec as Json).taints = ['dedicated=gpu:NoSchedule'];
      }),
      lines: ['spec.taints[0]: Invalid value: "dedicated=gpu:NoSchedule": must be an object'],
    },
    {
      name: 'a label value is a boolean',
      node: withChange(kubectlNode, (n) => {
        (n.metadata.labels as Json).gpu = true;
      }),
      lines: ['metadata.labels[gpu]: Invalid value: true: must be a string'],
    },
    {
      name: 'unschedulable is a string',
      node: withChange(kubectlNode, (n) => {
        (n.spec as Json).unschedulable = 'yes';
      }),
      lines: ['spec.unschedulable: Invalid value: "yes": must be a boolean'],
    },
    { name: 'name is a number', node: { metadata: { name: 7 } }, lines: ['metadata.name: Invalid value: 7: must be a string'] },
    {
      name: 'wrong kind',
      node: withChange(kubectlNode, (n) => {
        (n as Json).kind = 'Pod';
      }),
      lines: ['kind: Unsupported value: "Pod": supported values: "Node"'],
    },
    {
      name: 'condition status',
      node: withChange(kubectlNode, (n) => {
        n.status.conditions[0]!.status = 'Maybe';
      }),
      lines: ['status.conditions[0].status: Unsupported value: "Maybe": supported values: "True", "False", "Unknown"'],
    },
    {
      name: 'quantity is an object',
      node: withChange(kubectlNode, (n) => {
        (n.status.capacity as Json).cpu = { value: 4 };
      }),
      lines: ['status.capacity[cpu]: Invalid value: {"value":4}: must be a quantity string'],
    },
    {
      name: 'type errors are reported alone (decoding fails before validation)',
      node: { metadata: { name: 'Bad_Name' }, spec: { taints: [{ key: 5, effect: 'Foo' }] } },
      lines: ['spec.taints[0].key: Invalid value: 5: must be a string'],
    },
  ])('$name', ({ node, lines: expected }) => {
    expect(lines(validateNode(node))).toEqual(expected);
  });
});

describe('validateNode: Kubernetes rules', () => {
  it.each<{ name: string; node: Json; lines: string[] }>([
    { name: 'no name', node: { metadata: {} }, lines: ['metadata.name: Required value: name or generateName is required'] },
    { name: 'empty name', node: { metadata: { name: '' } }, lines: ['metadata.name: Required value: name or generateName is required'] },
    { name: 'bad name', node: { metadata: { name: 'Worker_1' } }, lines: [`metadata.name: Invalid value: "Worker_1": ${msg.subdomainRegex}`] },
    { name: 'a namespace', node: { metadata: { name: 'n1', namespace: 'default' } }, lines: ['metadata.namespace: Forbidden: not allowed on this type'] },
    {
      name: 'bad label key',
      node: withChange(kubectlNode, (n) => {
        (n.metadata.labels as Json)['bad key'] = 'x';
      }),
      lines: [`metadata.labels: Invalid value: "bad key": ${msg.nameRegex}`],
    },
    {
      name: 'bad label value',
      node: withChange(kubectlNode, (n) => {
        (n.metadata.labels as Json).zone = 'eu west';
      }),
      lines: [`metadata.labels: Invalid value: "eu west": ${msg.labelValueRegex}`],
    },
    {
      name: 'bad annotation key',
      node: withChange(kubectlNode, (n) => {
        (n.metadata.annotations as Json)['a/b/c'] = 'x';
      }),
      lines: [`metadata.annotations: Invalid value: "a/b/c": ${msg.tooManySlashes}`],
    },
    {
      name: 'annotations over 256 KiB',
      node: { metadata: { name: 'n1', annotations: { big: 'x'.repeat(256 * 1024 - 2) } } },
      lines: ['metadata.annotations: Too long: may not be more than 262144 bytes'],
    },
    { name: 'annotations of exactly 256 KiB', node: { metadata: { name: 'n1', annotations: { big: 'x'.repeat(256 * 1024 - 3) } } }, lines: [] },
    {
      name: 'taint errors name spec.taints (the contract; ValidateNode says metadata.taints)',
      node: withChange(kubectlNode, (n) => {
        n.spec.taints[1]!.effect = 'Foo';
      }),
      lines: [`spec.taints[1].effect: Unsupported value: "Foo": ${msg.effects}`],
    },
    {
      name: 'duplicate taint',
      node: {
        metadata: { name: 'n1' },
        spec: {
          taints: [
            { key: 'k', value: 'a', effect: 'NoSchedule' },
            { key: 'k', value: 'b', effect: 'NoSchedule' },
          ],
        },
      },
      lines: ['spec.taints[1]: Duplicate value: {"Key":"k","Value":"b","Effect":"NoSchedule","TimeAdded":null}: taints must be unique by key and effect pair'],
    },
    {
      name: 'taint without key or effect',
      node: { metadata: { name: 'n1' }, spec: { taints: [{ value: 'v' }] } },
      lines: [
        `spec.taints[0].key: Invalid value: "": ${msg.nameEmpty}`,
        `spec.taints[0].key: Invalid value: "": ${msg.nameRegex}`,
        'spec.taints[0].effect: Required value',
      ],
    },
    {
      name: 'metadata and taint errors together, metadata first',
      node: { metadata: { name: 'Bad_Name' }, spec: { taints: [{ key: 'k', effect: '' }] } },
      lines: [`metadata.name: Invalid value: "Bad_Name": ${msg.subdomainRegex}`, 'spec.taints[0].effect: Required value'],
    },
  ])('$name', ({ node, lines: expected }) => {
    expect(lines(validateNode(node))).toEqual(expected);
  });
});

describe('validateNode: quantities (ParseQuantity)', () => {
  it.each<{ name: string; quantity: unknown; lines: string[] }>([
    { name: 'milli-cores', quantity: '3920m', lines: [] },
    { name: 'exponent', quantity: '1e3', lines: [] },
    { name: 'surrounding spaces are trimmed', quantity: ' 2 ', lines: [] },
    { name: 'words', quantity: '4 cores', lines: [`status.allocatable[cpu]: Invalid value: "4 cores": ${quantityFormat}`] },
    { name: 'empty', quantity: '', lines: [`status.allocatable[cpu]: Invalid value: "": ${quantityFormat}`] },
    { name: 'bytes unit', quantity: '1GiB', lines: [`status.allocatable[cpu]: Invalid value: "1GiB": ${quantityFormat}`] },
    { name: 'unknown suffix', quantity: '1ki', lines: [`status.allocatable[cpu]: Invalid value: "1ki": unable to parse quantity's suffix`] },
  ])('allocatable cpu $name', ({ quantity, lines: expected }) => {
    const node = withChange(kubectlNode, (n) => {
      (n.status.allocatable as Json).cpu = quantity;
    });
    expect(lines(validateNode(node))).toEqual(expected);
  });

  it('paths use the resource name as a key', () => {
    const node = withChange(kubectlNode, (n) => {
      (n.status.capacity as Json)['nvidia.com/gpu'] = 'one';
    });
    expect(lines(validateNode(node))).toEqual([`status.capacity[nvidia.com/gpu]: Invalid value: "one": ${quantityFormat}`]);
  });
});

describe('validateTaintBody: one taint sent on its own', () => {
  it('accepts a taint', () => {
    expect(validateTaintBody({ key: 'k', value: 'v', effect: 'NoSchedule' })).toEqual({ ok: true, value: { key: 'k', value: 'v', effect: 'NoSchedule' } });
  });
  it.each<{ name: string; input: unknown; lines: string[] }>([
    { name: 'type error', input: { key: 'k', effect: 1 }, lines: ['effect: Invalid value: 1: must be a string'] },
    { name: 'rule error', input: { key: 'k', effect: 'Foo' }, lines: [`effect: Unsupported value: "Foo": ${msg.effects}`] },
    { name: 'missing effect', input: { key: 'k' }, lines: ['effect: Required value'] },
    { name: 'bad value', input: { key: 'k', value: 'a b', effect: 'NoSchedule' }, lines: [`value: Invalid value: "a b": ${msg.labelValueRegex}`] },
    { name: 'not an object', input: ['k'], lines: ['<body>: Invalid value: ["k"]: must be an object'] },
    {
      name: 'timeAdded that is no time',
      input: { key: 'k', effect: 'NoExecute', timeAdded: 'yesterday' },
      lines: ['timeAdded: Invalid value: "yesterday": must be an RFC 3339 date and time, e.g. 2026-11-22T10:00:00Z'],
    },
  ])('$name', ({ input, lines: expected }) => {
    expect(lines(validateTaintBody(input))).toEqual(expected);
  });
});

describe('validatePod: kubectl output is accepted as it is', () => {
  it('accepts `kubectl get pod -o json` unchanged', () => {
    const input = kubectlPod();
    expect(validatePod(input, defaultSettings)).toEqual({ ok: true, value: kubectlPod() });
    expect(input).toEqual(kubectlPod());
  });

  it('accepts it as an update of itself', () => {
    expect(validatePod(kubectlPod(), defaultSettings, kubectlPod() as unknown as Pod).ok).toBe(true);
  });

  it.each<{ name: string; pod: Json }>([
    { name: 'minimal', pod: { metadata: { name: 'p', namespace: 'default' }, spec: { containers: [{ name: 'c' }] } } },
    { name: 'without a namespace', pod: { metadata: { name: 'p' } } },
    {
      name: 'init containers with resources',
      pod: withChange(kubectlPod, (p) => {
        (p.spec as Json).initContainers = [{ name: 'init', resources: { limits: { cpu: 1 } } }];
      }),
    },
    {
      name: 'Gt toleration with the setting on',
      pod: withChange(kubectlPod, (p) => {
        p.spec.tolerations.push({ key: 'sla', operator: 'Gt', value: '950', effect: 'NoSchedule' } as never);
      }),
    },
    {
      name: 'match-everything toleration',
      pod: withChange(kubectlPod, (p) => {
        p.spec.tolerations.push({ operator: 'Exists' } as never);
      }),
    },
    {
      name: 'matchFields on metadata.name',
      pod: withChange(kubectlPod, (p) => {
        (p.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0] as Json).matchFields = [
          { key: 'metadata.name', operator: 'In', values: ['worker-1'] },
        ];
      }),
    },
  ])('accepts $name', ({ pod }) => {
    expect(lines(validatePod(pod, defaultSettings))).toEqual([]);
  });
});

describe('validatePod: tolerations with spec.tolerations[i] paths', () => {
  const addToleration = (t: Json) =>
    withChange(kubectlPod, (p) => {
      p.spec.tolerations.push(t as never);
    });
  it.each<{ name: string; toleration: Json; settings?: ReturnType<typeof settingsWith>; lines: string[] }>([
    {
      name: 'bad key',
      toleration: { key: 'nospecialchars^=@', operator: 'Equal', value: 'bar', effect: 'NoSchedule' },
      lines: [`spec.tolerations[2].key: Invalid value: "nospecialchars^=@": ${msg.nameRegex}`],
    },
    {
      name: 'unknown operator',
      toleration: { key: 'foo', operator: 'In', value: 'bar' },
      lines: ['spec.tolerations[2].operator: Unsupported value: "In": supported values: "Equal", "Exists"'],
    },
    {
      name: 'Exists with a value',
      toleration: { key: 'foo', operator: 'Exists', value: 'bar' },
      lines: ['spec.tolerations[2].operator: Invalid value: "bar": value must be empty when `operator` is \'Exists\''],
    },
    {
      name: 'empty key with Equal',
      toleration: { operator: 'Equal', value: 'bar' },
      lines: ['spec.tolerations[2].operator: Invalid value: "Equal": operator must be Exists when `key` is empty, which means "match all values and all keys"'],
    },
    {
      name: 'seconds without NoExecute',
      toleration: { key: 'k', operator: 'Exists', effect: 'NoSchedule', tolerationSeconds: 20 },
      lines: ['spec.tolerations[2].effect: Invalid value: "NoSchedule": effect must be \'NoExecute\' when `tolerationSeconds` is set'],
    },
    {
      name: 'Gt with the setting off',
      toleration: { key: 'sla', operator: 'Gt', value: '950' },
      settings: settingsWith({ tolerationComparisonOperators: false }),
      lines: ['spec.tolerations[2].operator: Unsupported value: "Gt": supported values: "Equal", "Exists", "Lt", "Gt"'],
    },
    {
      name: 'Lt with a leading zero',
      toleration: { key: 'sla', operator: 'Lt', value: '0950' },
      lines: ['spec.tolerations[2].value: Invalid value: "0950": must be a valid decimal integer in canonical form'],
    },
    {
      name: 'tolerationSeconds is a string',
      toleration: { key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: '300' },
      lines: ['spec.tolerations[2].tolerationSeconds: Invalid value: "300": must be an integer'],
    },
    {
      name: 'tolerationSeconds is a fraction',
      toleration: { key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 1.5 },
      lines: ['spec.tolerations[2].tolerationSeconds: Invalid value: 1.5: must be an integer'],
    },
    { name: 'operator is a number', toleration: { key: 'k', operator: 1 }, lines: ['spec.tolerations[2].operator: Invalid value: 1: must be a string'] },
    {
      // What kube-apiserver's JSON decoder says before any validation (encoding/json's UnmarshalTypeError).
      name: 'tolerationSeconds one past int64',
      toleration: { key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 2n ** 63n },
      lines: [
        'spec.tolerations[2].tolerationSeconds: Invalid value: 9223372036854775808: json: cannot unmarshal number 9223372036854775808 into Go struct field Toleration.spec.tolerations.tolerationSeconds of type int64',
      ],
    },
    {
      name: 'tolerationSeconds one below int64',
      toleration: { key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: -(2n ** 63n) - 1n },
      lines: [
        'spec.tolerations[2].tolerationSeconds: Invalid value: -9223372036854775809: json: cannot unmarshal number -9223372036854775809 into Go struct field Toleration.spec.tolerations.tolerationSeconds of type int64',
      ],
    },
    {
      // A double past 2^53 has lost its digits: which int64 was meant cannot be told.
      name: 'tolerationSeconds a double past 2^53',
      toleration: { key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 2 ** 63 },
      lines: ['spec.tolerations[2].tolerationSeconds: Invalid value: 9223372036854776000: must be an integer'],
    },
  ])('$name', ({ toleration, settings, lines: expected }) => {
    expect(lines(validatePod(addToleration(toleration), settings ?? defaultSettings))).toEqual(expected);
  });

  // ValidateTolerations sets no range: any int64 is valid, negative ones too (evict at once).
  it.each<{ seconds: number | bigint; held: number | bigint }>([
    { seconds: 2n ** 63n - 1n, held: 2n ** 63n - 1n },
    { seconds: -(2n ** 63n), held: -(2n ** 63n) },
    { seconds: 2147483648, held: 2147483648 },
    { seconds: Number.MAX_SAFE_INTEGER, held: Number.MAX_SAFE_INTEGER },
    { seconds: 2n ** 53n, held: 2n ** 53n },
    { seconds: -1, held: -1 },
    { seconds: 0, held: 0 },
    // The domain holds a safe integer as a number, whatever form it came in.
    { seconds: 300n, held: 300 },
  ])('tolerationSeconds $seconds is valid, held as $held', ({ seconds, held }) => {
    const result = validatePod(addToleration({ key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: seconds }), defaultSettings);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value.spec?.tolerations?.[2]?.tolerationSeconds).toBe(held);
  });
});

describe('validatePod: other rules', () => {
  it.each<{ name: string; pod: Json; lines: string[] }>([
    {
      name: 'bad name',
      pod: withChange(kubectlPod, (p) => {
        p.metadata.name = 'Web';
      }),
      lines: [`metadata.name: Invalid value: "Web": ${msg.subdomainRegex}`],
    },
    {
      name: 'namespace with dots',
      pod: withChange(kubectlPod, (p) => {
        p.metadata.namespace = 'shop.eu';
      }),
      lines: [`metadata.namespace: Invalid value: "shop.eu": ${msg.noDots}`],
    },
    {
      name: 'uppercase namespace',
      pod: withChange(kubectlPod, (p) => {
        p.metadata.namespace = 'Shop';
      }),
      lines: [`metadata.namespace: Invalid value: "Shop": ${msg.dnsLabelRegex}`],
    },
    {
      name: 'bad label',
      pod: withChange(kubectlPod, (p) => {
        (p.metadata.labels as Json).app = 'web app';
      }),
      lines: [`metadata.labels: Invalid value: "web app": ${msg.labelValueRegex}`],
    },
    {
      name: 'bad nodeName',
      pod: withChange(kubectlPod, (p) => {
        p.spec.nodeName = 'Worker_1';
      }),
      lines: [`spec.nodeName: Invalid value: "Worker_1": ${msg.subdomainRegex}`],
    },
    {
      name: 'bad nodeSelector',
      pod: withChange(kubectlPod, (p) => {
        (p.spec.nodeSelector as Json)['disk type'] = 'ssd';
      }),
      lines: [`spec.nodeSelector: Invalid value: "disk type": ${msg.nameRegex}`],
    },
    {
      name: 'invalid value in required node affinity',
      pod: withChange(kubectlPod, (p) => {
        p.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0]!.matchExpressions[0]!.values = ['linux os'];
      }),
      lines: [
        `spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values[0]: Invalid value: "linux os": ${msg.labelValueRegex}`,
      ],
    },
    {
      name: 'invalid value in preferred node affinity is allowed',
      pod: withChange(kubectlPod, (p) => {
        p.spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0]!.preference.matchExpressions[0]!.values = ['eu west'];
      }),
      lines: [],
    },
    {
      name: 'bad preferred weight',
      pod: withChange(kubectlPod, (p) => {
        p.spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0]!.weight = 0;
      }),
      lines: ['spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid value: 0: must be in the range 1-100'],
    },
    {
      name: 'node selector requirement without an operator',
      pod: withChange(kubectlPod, (p) => {
        delete (p.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0]!.matchExpressions[0] as Json).operator;
      }),
      lines: [
        'spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].operator: Invalid value: "": not a valid selector operator',
      ],
    },
    {
      name: 'values is not a list of strings',
      pod: withChange(kubectlPod, (p) => {
        (p.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0]!.matchExpressions[0] as Json).values = ['linux', 3];
      }),
      lines: [
        'spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values[1]: Invalid value: 3: must be a string',
      ],
    },
    {
      name: 'bad container quantity',
      pod: withChange(kubectlPod, (p) => {
        p.spec.containers[0]!.resources.limits.memory = '256MB';
      }),
      lines: [`spec.containers[0].resources.limits[memory]: Invalid value: "256MB": ${quantityFormat}`],
    },
    {
      name: 'unknown phase',
      pod: withChange(kubectlPod, (p) => {
        p.status.phase = 'Sleeping';
      }),
      lines: ['status.phase: Unsupported value: "Sleeping": supported values: "Pending", "Running", "Succeeded", "Failed", "Unknown"'],
    },
    {
      name: 'errors in ValidatePodSpec order: nodeSelector, affinity, nodeName, tolerations',
      pod: withChange(kubectlPod, (p) => {
        p.spec.tolerations[0]!.effect = 'Foo';
        p.spec.nodeName = 'Worker_1';
        p.spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0]!.weight = 101;
        p.spec.nodeSelector = { '-': 'x' } as never;
      }),
      lines: [
        `spec.nodeSelector: Invalid value: "-": ${msg.nameRegex}`,
        'spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid value: 101: must be in the range 1-100',
        `spec.nodeName: Invalid value: "Worker_1": ${msg.subdomainRegex}`,
        'spec.tolerations[0].effect: Invalid value: "Foo": effect must be \'NoExecute\' when `tolerationSeconds` is set',
        `spec.tolerations[0].effect: Unsupported value: "Foo": ${msg.effects}`,
      ],
    },
  ])('$name', ({ pod, lines: expected }) => {
    expect(lines(validatePod(pod, defaultSettings))).toEqual(expected);
  });
});

describe('validatePod: update rules', () => {
  const forbidden = 'spec.tolerations: Forbidden: existing toleration can not be modified except its tolerationSeconds';
  const before = (change: (p: ReturnType<typeof kubectlPod>) => void = () => {}) => withChange(kubectlPod, change) as unknown as Pod;

  it.each<{ name: string; previous: Pod; next: Json; settings?: ReturnType<typeof settingsWith>; lines: string[] }>([
    { name: 'unchanged', previous: before(), next: kubectlPod(), lines: [] },
    {
      name: 'adding a toleration',
      previous: before(),
      next: withChange(kubectlPod, (p) => {
        p.spec.tolerations.push({ key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' } as never);
      }),
      lines: [],
    },
    {
      name: 'changing tolerationSeconds',
      previous: before(),
      next: withChange(kubectlPod, (p) => {
        p.spec.tolerations[0]!.tolerationSeconds = 60;
      }),
      lines: [],
    },
    {
      name: 'dropping tolerationSeconds',
      previous: before(),
      next: withChange(kubectlPod, (p) => {
        delete (p.spec.tolerations[1] as Json).tolerationSeconds;
      }),
      lines: [],
    },
    {
      name: 'changing the key',
      previous: before(),
      next: withChange(kubectlPod, (p) => {
        p.spec.tolerations[0]!.key = 'node.kubernetes.io/other';
      }),
      lines: [forbidden],
    },
    {
      name: 'changing the effect',
      previous: before(),
      next: withChange(kubectlPod, (p) => {
        p.spec.tolerations[0]!.effect = 'NoSchedule';
        delete (p.spec.tolerations[0] as Json).tolerationSeconds;
      }),
      lines: [forbidden],
    },
    {
      name: 'removing a toleration',
      previous: before(),
      next: withChange(kubectlPod, (p) => {
        p.spec.tolerations.pop();
      }),
      lines: [forbidden],
    },
    {
      name: 'removing all tolerations',
      previous: before(),
      next: withChange(kubectlPod, (p) => {
        delete (p.spec as Json).tolerations;
      }),
      lines: [forbidden],
    },
    {
      name: 'a removal plus an invalid new toleration: both reported (ValidatePodSpec runs too)',
      previous: before(),
      next: withChange(kubectlPod, (p) => {
        p.spec.tolerations[1] = { key: 'k', operator: 'Exists', value: 'v' } as never;
      }),
      lines: ['spec.tolerations[1].operator: Invalid value: "v": value must be empty when `operator` is \'Exists\'', forbidden],
    },
    {
      name: 'an invalid new toleration is reported once',
      previous: before(),
      next: withChange(kubectlPod, (p) => {
        p.spec.tolerations.push({ key: 'k', operator: 'Exists', value: 'v' } as never);
      }),
      lines: ['spec.tolerations[2].operator: Invalid value: "v": value must be empty when `operator` is \'Exists\''],
    },
    {
      name: 'binding: nodeName set once',
      previous: before((p) => {
        delete (p.spec as Json).nodeName;
      }),
      next: kubectlPod(),
      lines: [],
    },
    {
      name: 'nodeName empty before',
      previous: before((p) => {
        p.spec.nodeName = '';
      }),
      next: kubectlPod(),
      lines: [],
    },
    {
      name: 'nodeName changed',
      previous: before(),
      next: withChange(kubectlPod, (p) => {
        p.spec.nodeName = 'worker-2';
      }),
      lines: ['spec.nodeName: Forbidden: may not be changed once the pod is bound (was "worker-1")'],
    },
    {
      name: 'nodeName removed',
      previous: before(),
      next: withChange(kubectlPod, (p) => {
        delete (p.spec as Json).nodeName;
      }),
      lines: ['spec.nodeName: Forbidden: may not be changed once the pod is bound (was "worker-1")'],
    },
    {
      name: 'Gt stays allowed with the setting off when the old pod uses it (ratchet)',
      previous: before((p) => {
        p.spec.tolerations.push({ key: 'sla', operator: 'Gt', value: '5' } as never);
      }),
      next: withChange(kubectlPod, (p) => {
        p.spec.tolerations.push({ key: 'sla', operator: 'Gt', value: '5' } as never, { key: 'sla', operator: 'Lt', value: '9' } as never);
      }),
      settings: settingsWith({ tolerationComparisonOperators: false }),
      lines: [],
    },
    {
      name: 'Gt rejected with the setting off when the old pod does not use it',
      previous: before(),
      next: withChange(kubectlPod, (p) => {
        p.spec.tolerations.push({ key: 'sla', operator: 'Gt', value: '5' } as never);
      }),
      settings: settingsWith({ tolerationComparisonOperators: false }),
      lines: ['spec.tolerations[2].operator: Unsupported value: "Gt": supported values: "Equal", "Exists", "Lt", "Gt"'],
    },
    {
      name: 'invalid required node affinity values stay allowed when the old pod had some (ratchet)',
      previous: before((p) => {
        p.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0]!.matchExpressions[0]!.values = ['linux os'];
      }),
      next: withChange(kubectlPod, (p) => {
        p.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0]!.matchExpressions[0]!.values = ['linux os'];
      }),
      lines: [],
    },
  ])('$name', ({ previous, next, settings, lines: expected }) => {
    expect(lines(validatePod(next, settings ?? defaultSettings, previous))).toEqual(expected);
  });
});
