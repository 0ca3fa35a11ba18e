import { beforeAll, describe, expect, it } from 'vitest';
import { type Detail, expectApiError, expectNothingStored } from '../../../support/api-client';
import { useApiFixture } from '../../../support/api-test-app';
import { kubectlPod } from '../../../support/kubectl-objects';
import { msg } from '../../../libs/domain/validation/messages';

const invalid = (name: string, details: Detail[]) => {
  const parts = details.map((d) => `${d.field}: ${d.reason}`);
  return `Pod "${name}" is invalid: ${parts.length === 1 ? parts[0] : `[${parts.join(', ')}]`}`;
};
const keyEmptyNeedsExists = 'operator must be Exists when `key` is empty, which means "match all values and all keys"';
const required = 'spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution';

describe('PUT /v1/namespaces/{ns}/pods/{name}: bad input is refused with 400 and changes nothing', () => {
  const { api, db } = useApiFixture();
  beforeAll(async () => {
    expect((await api.putPod('prod', 'existing', { metadata: { labels: { keep: 'me' } }, spec: { tolerations: [{ key: 'k', operator: 'Exists', effect: 'NoSchedule' }] } })).statusCode).toBe(201);
  });

  /** A PUT that must fail and store nothing; a new pod stays absent. */
  const refused = async (namespace: string, name: string, body: unknown) => {
    const reply = await expectNothingStored(api, db, () => api.putPod(namespace, name, body));
    if (name !== 'existing') expectApiError(await api.getPod(namespace, name), 404, `pods "${decodeURIComponent(name)}" not found`);
    return reply;
  };

  describe('bodies that are not a pod', () => {
    it('JSON that does not parse, an empty body, a list, a string, null', async () => {
      expectApiError(
        await expectNothingStored(api, db, () => api.raw('PUT', '/v1/namespaces/prod/pods/p', '{"spec": {')),
        400,
        "Body is not valid JSON but content-type is set to 'application/json'",
      );
      expectApiError(await expectNothingStored(api, db, () => api.raw('PUT', '/v1/namespaces/prod/pods/p', '')), 400, "Body cannot be empty when content-type is set to 'application/json'");
      for (const [payload, reason] of [
        ['[]', 'Invalid value: []: must be an object'],
        ['"pod"', 'Invalid value: "pod": must be an object'],
        ['null', 'Required value'],
      ] as const) {
        const reply = await expectNothingStored(api, db, () => api.raw('PUT', '/v1/namespaces/prod/pods/p', payload));
        expectApiError(reply, 400, `Pod "p" is invalid: <body>: ${reason}`, [{ field: '<body>', reason }]);
      }
      expectApiError(await api.getPod('prod', 'p'), 404, 'pods "p" not found');
    });
  });

  describe('name and namespace on the URL versus in the body', () => {
    it("a different name: kube-apiserver's message", async () => {
      expectApiError(await refused('prod', 'p', { metadata: { name: 'q' } }), 400, 'the name of the object (q) does not match the name on the URL (p)');
      expectApiError(await api.getPod('prod', 'q'), 404, 'pods "q" not found');
    });

    it("a different namespace: kube-apiserver's message", async () => {
      expectApiError(await refused('prod', 'p', { metadata: { namespace: 'dev' } }), 400, 'the namespace of the provided object does not match the namespace sent on the request');
      expectApiError(await api.getPod('dev', 'p'), 404, 'pods "p" not found');
      expectApiError(await refused('prod', 'existing', { metadata: { namespace: 'dev', name: 'existing' } }), 400, 'the namespace of the provided object does not match the namespace sent on the request');
    });

    it('a kubectl pod body sent to another namespace', async () => {
      const body = kubectlPod('web-1', 'shop', 'worker-1');
      expectApiError(await refused('prod', 'web-1', body), 400, 'the namespace of the provided object does not match the namespace sent on the request');
    });

    it('a name or namespace that is not a string names the field', async () => {
      const name = [{ field: 'metadata.name', reason: 'Invalid value: 5: must be a string' }];
      expectApiError(await refused('prod', 'p', { metadata: { name: 5 } }), 400, invalid('p', name), name);
      const namespace = [{ field: 'metadata.namespace', reason: 'Invalid value: ["prod"]: must be a string' }];
      expectApiError(await refused('prod', 'p', { metadata: { namespace: ['prod'] } }), 400, invalid('p', namespace), namespace);
    });

    it.each<[string, string, string, Detail[]]>([
      ['an upper-case pod name', 'prod', 'Web', [{ field: 'metadata.name', reason: `Invalid value: "Web": ${msg.subdomainRegex}` }]],
      ['a pod name with an underscore', 'prod', 'web_1', [{ field: 'metadata.name', reason: `Invalid value: "web_1": ${msg.subdomainRegex}` }]],
      ['a namespace with a dot', 'prod.eu', 'p', [{ field: 'metadata.namespace', reason: `Invalid value: "prod.eu": ${msg.noDots}` }]],
      ['an upper-case namespace', 'Prod', 'p', [{ field: 'metadata.namespace', reason: `Invalid value: "Prod": ${msg.dnsLabelRegex}` }]],
      ['a namespace of 64 characters', 'n'.repeat(64), 'p', [{ field: 'metadata.namespace', reason: `Invalid value: "${'n'.repeat(64)}": ${msg.dnsLabelTooLong}` }]],
    ])('%s', async (_, namespace, name, details) => {
      expectApiError(await refused(namespace, name, {}), 400, invalid(name, details), details);
    });
  });

  describe('tolerations the API server refuses, each with its spec.tolerations[i] path', () => {
    it.each<[string, unknown, Detail[]]>([
      ['an unknown operator', { key: 'k', operator: 'Foo' }, [{ field: 'spec.tolerations[0].operator', reason: 'Unsupported value: "Foo": supported values: "Equal", "Exists"' }]],
      ['a lower-case operator', { key: 'k', operator: 'exists' }, [{ field: 'spec.tolerations[0].operator', reason: 'Unsupported value: "exists": supported values: "Equal", "Exists"' }]],
      ['an empty key without Exists', { operator: 'Equal', value: 'v' }, [{ field: 'spec.tolerations[0].operator', reason: `Invalid value: "Equal": ${keyEmptyNeedsExists}` }]],
      ['an empty key and no operator', { value: 'v' }, [{ field: 'spec.tolerations[0].operator', reason: `Invalid value: "": ${keyEmptyNeedsExists}` }]],
      ['a value with Exists', { key: 'k', operator: 'Exists', value: 'v' }, [{ field: 'spec.tolerations[0].operator', reason: `Invalid value: "v": value must be empty when \`operator\` is 'Exists'` }]],
      ['tolerationSeconds without NoExecute', { key: 'k', operator: 'Exists', effect: 'NoSchedule', tolerationSeconds: 5 }, [{ field: 'spec.tolerations[0].effect', reason: `Invalid value: "NoSchedule": effect must be 'NoExecute' when \`tolerationSeconds\` is set` }]],
      ['tolerationSeconds with every effect', { key: 'k', operator: 'Exists', tolerationSeconds: 5 }, [{ field: 'spec.tolerations[0].effect', reason: `Invalid value: "": effect must be 'NoExecute' when \`tolerationSeconds\` is set` }]],
      ['an unknown effect', { key: 'k', operator: 'Exists', effect: 'Sometimes' }, [{ field: 'spec.tolerations[0].effect', reason: `Unsupported value: "Sometimes": ${msg.effects}` }]],
      ['a bad key', { key: 'bad key', operator: 'Exists' }, [{ field: 'spec.tolerations[0].key', reason: `Invalid value: "bad key": ${msg.nameRegex}` }]],
      ['a bad value for Equal (reported on operator, as Kubernetes does)', { key: 'k', value: 'bad value!' }, [{ field: 'spec.tolerations[0].operator', reason: `Invalid value: "bad value!": ${msg.labelValueRegex}` }]],
      [
        'Gt with a value that is not an integer',
        { key: 'k', operator: 'Gt', value: 'abc', effect: 'NoSchedule' },
        [
          { field: 'spec.tolerations[0].value', reason: 'Invalid value: "abc": must be a valid decimal integer in canonical form' },
          { field: 'spec.tolerations[0].value', reason: 'Invalid value: "abc": strconv.ParseInt: parsing "abc": invalid syntax' },
        ],
      ],
      ['Lt with a leading zero', { key: 'k', operator: 'Lt', value: '007', effect: 'NoSchedule' }, [{ field: 'spec.tolerations[0].value', reason: 'Invalid value: "007": must be a valid decimal integer in canonical form' }]],
    ])('%s', async (_, toleration, details) => {
      expectApiError(await refused('prod', 'p', { spec: { tolerations: [toleration] } }), 400, invalid('p', details), details);
    });

    it('reports every bad toleration of a list, at its index, good ones between them', async () => {
      const tolerations = [
        { key: 'good', operator: 'Exists', effect: 'NoSchedule' },
        { key: 'k', operator: 'Foo' },
        { operator: 'Equal', value: 'v' },
        { key: 'good2', operator: 'Equal', value: 'v', effect: 'NoExecute', tolerationSeconds: 60 },
        { key: 'k', operator: 'Exists', value: 'v' },
        { key: 'k', operator: 'Exists', effect: 'NoSchedule', tolerationSeconds: 5 },
        { key: 'k', operator: 'Exists', effect: 'Sometimes' },
      ];
      const details = [
        { field: 'spec.tolerations[1].operator', reason: 'Unsupported value: "Foo": supported values: "Equal", "Exists"' },
        { field: 'spec.tolerations[2].operator', reason: `Invalid value: "Equal": ${keyEmptyNeedsExists}` },
        { field: 'spec.tolerations[4].operator', reason: `Invalid value: "v": value must be empty when \`operator\` is 'Exists'` },
        { field: 'spec.tolerations[5].effect', reason: `Invalid value: "NoSchedule": effect must be 'NoExecute' when \`tolerationSeconds\` is set` },
        { field: 'spec.tolerations[6].effect', reason: `Unsupported value: "Sometimes": ${msg.effects}` },
      ];
      expectApiError(await refused('prod', 'p', { spec: { tolerations } }), 400, invalid('p', details), details);
    });

    it('accepts Gt and Lt with canonical integers (the comparison operators are on by default)', async () => {
      const reply = await api.putPod('prod', 'gt', { spec: { tolerations: [{ key: 'example.com/gen', operator: 'Gt', value: '3', effect: 'NoSchedule' }, { key: 'example.com/gen', operator: 'Lt', value: '-1', effect: 'NoExecute' }] } });
      expect(reply.statusCode).toBe(201);
    });

    it('a bad toleration added in an update is refused and the stored pod stays as it was', async () => {
      const before = (await api.getPod('prod', 'existing')).json();
      const tolerations = [...before.spec.tolerations, { key: 'new', operator: 'Exists', value: 'x' }];
      const details = [{ field: `spec.tolerations[${tolerations.length - 1}].operator`, reason: `Invalid value: "x": value must be empty when \`operator\` is 'Exists'` }];
      expectApiError(await refused('prod', 'existing', { spec: { tolerations } }), 400, invalid('existing', details), details);
      expect((await api.getPod('prod', 'existing')).json()).toEqual(before);
    });
  });

  describe('wrong JSON types name the field (and are reported alone, before the rules)', () => {
    it.each<[string, unknown, Detail[]]>([
      ['metadata a string', { metadata: 'p' }, [{ field: 'metadata', reason: 'Invalid value: "p": must be an object' }]],
      ['labels a list', { metadata: { labels: ['a'] } }, [{ field: 'metadata.labels', reason: 'Invalid value: ["a"]: must be an object' }]],
      ['an ownerReference without kind', { metadata: { ownerReferences: [{ name: 'x', controller: true }] } }, [{ field: 'metadata.ownerReferences[0].kind', reason: 'Required value' }]],
      ['ownerReference.controller a string', { metadata: { ownerReferences: [{ kind: 'DaemonSet', name: 'x', controller: 'true' }] } }, [{ field: 'metadata.ownerReferences[0].controller', reason: 'Invalid value: "true": must be a boolean' }]],
      ['spec a string', { spec: 'none' }, [{ field: 'spec', reason: 'Invalid value: "none": must be an object' }]],
      ['tolerations an object', { spec: { tolerations: { key: 'k' } } }, [{ field: 'spec.tolerations', reason: 'Invalid value: {"key":"k"}: must be an array' }]],
      ['a toleration a string', { spec: { tolerations: ['k:NoSchedule'] } }, [{ field: 'spec.tolerations[0]', reason: 'Invalid value: "k:NoSchedule": must be an object' }]],
      ['tolerationSeconds a string', { spec: { tolerations: [{ key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: '30' }] } }, [{ field: 'spec.tolerations[0].tolerationSeconds', reason: 'Invalid value: "30": must be an integer' }]],
      ['tolerationSeconds a fraction', { spec: { tolerations: [{ key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 1.5 }] } }, [{ field: 'spec.tolerations[0].tolerationSeconds', reason: 'Invalid value: 1.5: must be an integer' }]],
      ['a toleration key a number', { spec: { tolerations: [{ key: 1, operator: 'Exists' }] } }, [{ field: 'spec.tolerations[0].key', reason: 'Invalid value: 1: must be a string' }]],
      ['a toleration operator a boolean', { spec: { tolerations: [{ key: 'k', operator: true }] } }, [{ field: 'spec.tolerations[0].operator', reason: 'Invalid value: true: must be a string' }]],
      ['nodeName a number', { spec: { nodeName: 1 } }, [{ field: 'spec.nodeName', reason: 'Invalid value: 1: must be a string' }]],
      ['nodeSelector a list', { spec: { nodeSelector: ['a=b'] } }, [{ field: 'spec.nodeSelector', reason: 'Invalid value: ["a=b"]: must be an object' }]],
      ['a nodeSelector value a boolean', { spec: { nodeSelector: { gpu: true } } }, [{ field: 'spec.nodeSelector[gpu]', reason: 'Invalid value: true: must be a string' }]],
      ['containers an object', { spec: { containers: { name: 'c' } } }, [{ field: 'spec.containers', reason: 'Invalid value: {"name":"c"}: must be an array' }]],
      ['a request a boolean', { spec: { containers: [{ name: 'c', resources: { requests: { cpu: true } } }] } }, [{ field: 'spec.containers[0].resources.requests[cpu]', reason: 'Invalid value: true: must be a quantity string' }]],
      ['a limit that is not a quantity', { spec: { initContainers: [{ name: 'i', resources: { limits: { memory: 'lots' } } }] } }, [{ field: 'spec.initContainers[0].resources.limits[memory]', reason: `Invalid value: "lots": quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'` }]],
      ['affinity a list', { spec: { affinity: [] } }, [{ field: 'spec.affinity', reason: 'Invalid value: []: must be an object' }]],
      ['nodeSelectorTerms an object', { spec: { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: {} } } } } }, [{ field: `${required}.nodeSelectorTerms`, reason: 'Invalid value: {}: must be an array' }]],
      ['hostNetwork a string', { spec: { hostNetwork: 'yes' } }, [{ field: 'spec.hostNetwork', reason: 'Invalid value: "yes": must be a boolean' }]],
      ['status.phase a number', { status: { phase: 1 } }, [{ field: 'status.phase', reason: 'Invalid value: 1: must be a string' }]],
      [
        'a type error hides the rule errors of the same body',
        { spec: { nodeName: 5, tolerations: [{ key: 'k', operator: 'Foo' }] } },
        [{ field: 'spec.nodeName', reason: 'Invalid value: 5: must be a string' }],
      ],
    ])('%s', async (_, body, details) => {
      expectApiError(await refused('prod', 'p', body), 400, invalid('p', details), details);
    });
  });

  describe('other fields the API server refuses', () => {
    it.each<[string, unknown, Detail[]]>([
      ['another apiVersion and kind', { apiVersion: 'apps/v1', kind: 'Deployment' }, [
        { field: 'apiVersion', reason: 'Unsupported value: "apps/v1": supported values: "v1"' },
        { field: 'kind', reason: 'Unsupported value: "Deployment": supported values: "Pod"' },
      ]],
      ['a bad nodeName', { spec: { nodeName: 'Worker_1' } }, [{ field: 'spec.nodeName', reason: `Invalid value: "Worker_1": ${msg.subdomainRegex}` }]],
      ['a bad nodeSelector key', { spec: { nodeSelector: { 'bad key': 'x' } } }, [{ field: 'spec.nodeSelector', reason: `Invalid value: "bad key": ${msg.nameRegex}` }]],
      ['a bad nodeSelector value', { spec: { nodeSelector: { zone: 'a b' } } }, [{ field: 'spec.nodeSelector', reason: `Invalid value: "a b": ${msg.labelValueRegex}` }]],
      ['an unknown phase', { status: { phase: 'Sleeping' } }, [{ field: 'status.phase', reason: 'Unsupported value: "Sleeping": supported values: "Pending", "Running", "Succeeded", "Failed", "Unknown"' }]],
      ['a label with a bad value', { metadata: { labels: { app: 'web!' } } }, [{ field: 'metadata.labels', reason: `Invalid value: "web!": ${msg.labelValueRegex}` }]],
      [
        'a node affinity operator that does not exist',
        { spec: { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'Is', values: ['a'] }] }] } } } } },
        [{ field: `${required}.nodeSelectorTerms[0].matchExpressions[0].operator`, reason: 'Invalid value: "Is": not a valid selector operator' }],
      ],
      [
        'In without values',
        { spec: { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'In' }] }] } } } } },
        [{ field: `${required}.nodeSelectorTerms[0].matchExpressions[0].values`, reason: "Required value: must be specified when `operator` is 'In' or 'NotIn'" }],
      ],
      [
        'a required node affinity without terms',
        { spec: { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [] } } } } },
        [{ field: `${required}.nodeSelectorTerms`, reason: 'Required value: must have at least one node selector term' }],
      ],
      [
        'a preferred term weight out of range',
        { spec: { affinity: { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 0, preference: { matchExpressions: [{ key: 'zone', operator: 'Exists' }] } }] } } } },
        [{ field: 'spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight', reason: 'Invalid value: 0: must be in the range 1-100' }],
      ],
    ])('%s', async (_, body, details) => {
      expectApiError(await refused('prod', 'p', body), 400, invalid('p', details), details);
    });
  });

  it('after all of it, only the pods that were accepted are stored', async () => {
    const keys = (await api.get('/v1/pods')).json().items.map((p: { metadata: { namespace: string; name: string } }) => `${p.metadata.namespace}/${p.metadata.name}`);
    expect(keys).toEqual(['prod/existing', 'prod/gt']);
    expect((await api.getPod('prod', 'existing')).json().metadata.labels).toEqual({ keep: 'me' });
  });
});
