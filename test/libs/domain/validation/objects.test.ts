import { describe, expect, it } from 'vitest';
import { defaultSettings, fieldErrorText, type Pod, settingsWith, validateNode, validatePod, validateTaintBody } from '@taintgate/domain';
import type { Validated } from '../../../../libs/domain/src/validation/objects';
import { kubectlNode, kubectlPod as kubectlPodOnWorker } from '../../../support/kubectl-objects';
import { msg } from './messages';

/**
 * The pod of kubectl-objects as its Deployment would place it: a nodeSelector, and node affinity
 * that requires Linux and prefers the zone of worker-1.
 */
const kubectlPod = () => {
  const pod = kubectlPodOnWorker();
  return {
    ...pod,
    spec: {
      ...pod.spec,
      nodeSelector: { 'kubernetes.io/os': 'linux' },
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
    },
  };
};

type Json = Record<string, any>;
const lines = (result: Validated<unknown>): string[] => (result.ok ? [] : result.error.map(fieldErrorText));
const withChange = <T extends Json>(make: () => T, change: (o: T) => void): T => {
  const o = make();
  change(o);
  return o;
};
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
/** A JSON merge patch (RFC 7386, `kubectl patch --type merge`): objects merge, null removes a key, anything else replaces. */
const mergePatch = (target: unknown, patch: unknown): unknown => {
  if (!isObject(patch)) return patch;
  const merged = new Map(Object.entries(isObject(target) ? target : {}));
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) merged.delete(key);
    else merged.set(key, mergePatch(merged.get(key), value));
  }
  return Object.fromEntries(merged);
};
/** The kubectl node or pod with a merge patch applied. */
const nodeWith = (patch: Json) => mergePatch(kubectlNode(), patch) as Json;
const podWith = (patch: Json) => mergePatch(kubectlPod(), patch) as Json;
/** The kubectl pod with one more toleration, after its three; `added` is an error line about that one. */
const addToleration = (t: Json) =>
  withChange(kubectlPod, (p) => {
    p.spec.tolerations.push(t as never);
  });
const added = (field: string, reason: string) => `spec.tolerations[3].${field}: ${reason}`;
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
    { name: 'without apiVersion and kind', node: nodeWith({ apiVersion: null, kind: null }) },
    { name: 'without taints', node: nodeWith({ spec: { taints: null } }) },
    { name: 'null spec and status', node: { metadata: { name: 'n1' }, spec: null, status: null } },
    { name: 'unschedulable', node: nodeWith({ spec: { unschedulable: true } }) },
    { name: 'numeric quantities', node: nodeWith({ status: { allocatable: { cpu: 4 } } }) },
    { name: 'annotation keys are checked lower-cased', node: nodeWith({ metadata: { annotations: { 'Example.com/Some-Key': 'x' } } }) },
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
      name: 'generateName is a number',
      node: { metadata: { name: 'n1', generateName: 5 } },
      lines: ['metadata.generateName: Invalid value: 5: must be a string'],
    },
    { name: 'taints is an object', node: nodeWith({ spec: { taints: { key: 'k' } } }), lines: ['spec.taints: Invalid value: {"key":"k"}: must be an array'] },
    {
      name: 'a taint is a string',
      node: nodeWith({ spec: { taints: ['dedicated=gpu:NoSchedule'] } }),
      lines: ['spec.taints[0]: Invalid value: "dedicated=gpu:NoSchedule": must be an object'],
    },
    {
      name: 'a label value is a boolean',
      node: nodeWith({ metadata: { labels: { gpu: true } } }),
      lines: ['metadata.labels[gpu]: Invalid value: true: must be a string'],
    },
    {
      name: 'unschedulable is a string',
      node: nodeWith({ spec: { unschedulable: 'yes' } }),
      lines: ['spec.unschedulable: Invalid value: "yes": must be a boolean'],
    },
    { name: 'name is a number', node: { metadata: { name: 7 } }, lines: ['metadata.name: Invalid value: 7: must be a string'] },
    { name: 'wrong kind', node: nodeWith({ kind: 'Pod' }), lines: ['kind: Unsupported value: "Pod": supported values: "Node"'] },
    {
      name: 'condition status',
      node: withChange(kubectlNode, (n) => {
        n.status.conditions[0]!.status = 'Maybe';
      }),
      lines: ['status.conditions[0].status: Unsupported value: "Maybe": supported values: "True", "False", "Unknown"'],
    },
    {
      name: 'quantity is an object',
      node: nodeWith({ status: { capacity: { cpu: { value: 4 } } } }),
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
      node: nodeWith({ metadata: { labels: { 'bad key': 'x' } } }),
      lines: [`metadata.labels: Invalid value: "bad key": ${msg.nameRegex}`],
    },
    {
      name: 'bad label value',
      node: nodeWith({ metadata: { labels: { zone: 'eu west' } } }),
      lines: [`metadata.labels: Invalid value: "eu west": ${msg.labelValueRegex}`],
    },
    {
      name: 'bad annotation key',
      node: nodeWith({ metadata: { annotations: { 'a/b/c': 'x' } } }),
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
    const node = nodeWith({ status: { allocatable: { cpu: quantity } } });
    expect(lines(validateNode(node))).toEqual(expected);
  });

  it('paths use the resource name as a key', () => {
    const node = nodeWith({ status: { capacity: { 'nvidia.com/gpu': 'one' } } });
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
    { name: 'init containers with resources', pod: podWith({ spec: { initContainers: [{ name: 'init', resources: { limits: { cpu: 1 } } }] } }) },
    { name: 'Gt toleration with the setting on', pod: addToleration({ key: 'sla', operator: 'Gt', value: '950', effect: 'NoSchedule' }) },
    { name: 'match-everything toleration', pod: addToleration({ operator: 'Exists' }) },
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
  it.each<{ name: string; toleration: Json; settings?: ReturnType<typeof settingsWith>; lines: string[] }>([
    {
      name: 'bad key',
      toleration: { key: 'nospecialchars^=@', operator: 'Equal', value: 'bar', effect: 'NoSchedule' },
      lines: [added('key', `Invalid value: "nospecialchars^=@": ${msg.nameRegex}`)],
    },
    {
      name: 'unknown operator',
      toleration: { key: 'foo', operator: 'In', value: 'bar' },
      lines: [added('operator', 'Unsupported value: "In": supported values: "Equal", "Exists"')],
    },
    {
      name: 'Exists with a value',
      toleration: { key: 'foo', operator: 'Exists', value: 'bar' },
      lines: [added('operator', 'Invalid value: "bar": value must be empty when `operator` is \'Exists\'')],
    },
    {
      name: 'empty key with Equal',
      toleration: { operator: 'Equal', value: 'bar' },
      lines: [added('operator', 'Invalid value: "Equal": operator must be Exists when `key` is empty, which means "match all values and all keys"')],
    },
    {
      name: 'seconds without NoExecute',
      toleration: { key: 'k', operator: 'Exists', effect: 'NoSchedule', tolerationSeconds: 20 },
      lines: [added('effect', 'Invalid value: "NoSchedule": effect must be \'NoExecute\' when `tolerationSeconds` is set')],
    },
    {
      name: 'Gt with the setting off',
      toleration: { key: 'sla', operator: 'Gt', value: '950' },
      settings: settingsWith({ tolerationComparisonOperators: false }),
      lines: [added('operator', 'Unsupported value: "Gt": supported values: "Equal", "Exists", "Lt", "Gt"')],
    },
    {
      name: 'Lt with a leading zero',
      toleration: { key: 'sla', operator: 'Lt', value: '0950' },
      lines: [added('value', 'Invalid value: "0950": must be a valid decimal integer in canonical form')],
    },
    {
      name: 'tolerationSeconds is a string',
      toleration: { key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: '300' },
      lines: [added('tolerationSeconds', 'Invalid value: "300": must be an integer')],
    },
    {
      name: 'tolerationSeconds is a fraction',
      toleration: { key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 1.5 },
      lines: [added('tolerationSeconds', 'Invalid value: 1.5: must be an integer')],
    },
    { name: 'operator is a number', toleration: { key: 'k', operator: 1 }, lines: [added('operator', 'Invalid value: 1: must be a string')] },
    {
      // What kube-apiserver's JSON decoder says before any validation (encoding/json's UnmarshalTypeError).
      name: 'tolerationSeconds one past int64',
      toleration: { key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 2n ** 63n },
      lines: [
        added(
          'tolerationSeconds',
          'Invalid value: 9223372036854775808: json: cannot unmarshal number 9223372036854775808 into Go struct field Toleration.spec.tolerations.tolerationSeconds of type int64',
        ),
      ],
    },
    {
      name: 'tolerationSeconds one below int64',
      toleration: { key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: -(2n ** 63n) - 1n },
      lines: [
        added(
          'tolerationSeconds',
          'Invalid value: -9223372036854775809: json: cannot unmarshal number -9223372036854775809 into Go struct field Toleration.spec.tolerations.tolerationSeconds of type int64',
        ),
      ],
    },
    {
      // A double past 2^53 has lost its digits: which int64 was meant cannot be told.
      name: 'tolerationSeconds a double past 2^53',
      toleration: { key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 2 ** 63 },
      lines: [added('tolerationSeconds', 'Invalid value: 9223372036854776000: must be an integer')],
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
    if (result.ok) expect(result.value.spec?.tolerations?.[3]?.tolerationSeconds).toBe(held);
  });
});

describe('validatePod: other rules', () => {
  it.each<{ name: string; pod: Json; lines: string[] }>([
    { name: 'bad name', pod: podWith({ metadata: { name: 'Web' } }), lines: [`metadata.name: Invalid value: "Web": ${msg.subdomainRegex}`] },
    {
      name: 'namespace with dots',
      pod: podWith({ metadata: { namespace: 'shop.eu' } }),
      lines: [`metadata.namespace: Invalid value: "shop.eu": ${msg.noDots}`],
    },
    {
      name: 'uppercase namespace',
      pod: podWith({ metadata: { namespace: 'Shop' } }),
      lines: [`metadata.namespace: Invalid value: "Shop": ${msg.dnsLabelRegex}`],
    },
    {
      name: 'bad label',
      pod: podWith({ metadata: { labels: { app: 'web app' } } }),
      lines: [`metadata.labels: Invalid value: "web app": ${msg.labelValueRegex}`],
    },
    { name: 'bad nodeName', pod: podWith({ spec: { nodeName: 'Worker_1' } }), lines: [`spec.nodeName: Invalid value: "Worker_1": ${msg.subdomainRegex}`] },
    {
      name: 'bad nodeSelector',
      pod: podWith({ spec: { nodeSelector: { 'disk type': 'ssd' } } }),
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
      pod: podWith({ status: { phase: 'Sleeping' } }),
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
      next: addToleration({ key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' }),
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
    { name: 'removing all tolerations', previous: before(), next: podWith({ spec: { tolerations: null } }), lines: [forbidden] },
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
      next: addToleration({ key: 'k', operator: 'Exists', value: 'v' }),
      lines: [added('operator', 'Invalid value: "v": value must be empty when `operator` is \'Exists\'')],
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
      name: 'nodeName changed: the spec comparison of ValidatePodUpdate refuses it',
      previous: before(),
      next: podWith({ spec: { nodeName: 'worker-2' } }),
      lines: [`spec: Forbidden: ${msg.podUpdateForbidden}\n- spec.nodeName: "worker-1"\n+ spec.nodeName: "worker-2"`],
    },
    {
      name: 'nodeName removed',
      previous: before(),
      next: podWith({ spec: { nodeName: null } }),
      lines: [`spec: Forbidden: ${msg.podUpdateForbidden}\n- spec.nodeName: "worker-1"`],
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
      next: addToleration({ key: 'sla', operator: 'Gt', value: '5' }),
      settings: settingsWith({ tolerationComparisonOperators: false }),
      lines: [added('operator', 'Unsupported value: "Gt": supported values: "Equal", "Exists", "Lt", "Gt"')],
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
