import { beforeAll, describe, expect, it } from 'vitest';
import { type Detail, expectApiError, expectNothingStored } from '../../../support/api-client';
import { useApiFixture } from '../../../support/api-test-app';
import { kubectlNode } from '../../../support/kubectl-objects';
import { msg } from '../../../libs/domain/validation/messages';

/** kube-apiserver's summary of an invalid object: one message as it is, several in brackets. */
const invalid = (name: string, details: Detail[]) => {
  const parts = details.map((d) => `${d.field}: ${d.reason}`);
  return `Node "${name}" is invalid: ${parts.length === 1 ? parts[0] : `[${parts.join(', ')}]`}`;
};

describe('PUT /v1/nodes/{name}: bad input is refused with 400 and changes nothing', () => {
  const { api, db } = useApiFixture();
  beforeAll(async () => {
    // something stored, so that "nothing changed" is not trivially an empty cluster
    expect((await api.putNode('existing', { metadata: { labels: { keep: 'me' } }, spec: { taints: [{ key: 'k', value: 'v', effect: 'NoSchedule' }] } })).statusCode).toBe(201);
  });

  /** PUT that must fail: nothing stored, neither for a new name nor over the existing node. */
  const refused = async (urlName: string, body: unknown) => {
    const reply = await expectNothingStored(api, db, () => api.putNode(urlName, body));
    if (urlName !== 'existing') expectApiError(await api.getNode(urlName), 404, `nodes "${decodeURIComponent(urlName)}" not found`);
    return reply;
  };

  describe('bodies that are not a JSON object', () => {
    it('JSON that does not parse', async () => {
      const reply = await expectNothingStored(api, db, () => api.raw('PUT', '/v1/nodes/fresh', '{"metadata": {"name": "fresh"'));
      expectApiError(reply, 400, "Body is not valid JSON but content-type is set to 'application/json'");
      expectApiError(await api.getNode('fresh'), 404, 'nodes "fresh" not found');
    });

    it('an empty body declared as JSON', async () => {
      const reply = await expectNothingStored(api, db, () => api.raw('PUT', '/v1/nodes/fresh', ''));
      expectApiError(reply, 400, "Body cannot be empty when content-type is set to 'application/json'");
    });

    it('no body at all', async () => {
      const reply = await expectNothingStored(api, db, () => api.request('PUT', '/v1/nodes/fresh'));
      expectApiError(reply, 400, 'Node "fresh" is invalid: <body>: Required value', [{ field: '<body>', reason: 'Required value' }]);
    });

    it('a body that is not JSON at all', async () => {
      const reply = await expectNothingStored(api, db, () => api.raw('PUT', '/v1/nodes/fresh', 'name: fresh', 'application/yaml'));
      expectApiError(reply, 415, 'content type "application/yaml" is not supported: send JSON with content-type application/json');
    });

    it.each([
      ['null', 'null', 'Required value'],
      ['an array', '[{"metadata": {"name": "fresh"}}]', 'Invalid value: [{"metadata":{"name":"fresh"}}]: must be an object'],
      ['a string', '"fresh"', 'Invalid value: "fresh": must be an object'],
      ['a number', '42', 'Invalid value: 42: must be an object'],
      ['a boolean', 'true', 'Invalid value: true: must be an object'],
    ])('%s', async (_, payload, reason) => {
      const reply = await expectNothingStored(api, db, () => api.raw('PUT', '/v1/nodes/fresh', payload));
      expectApiError(reply, 400, `Node "fresh" is invalid: <body>: ${reason}`, [{ field: '<body>', reason }]);
    });

    it('the same bodies sent over an existing node leave it as it was', async () => {
      for (const payload of ['null', '[]', '"x"', '{"metadata": ']) {
        const reply = await expectNothingStored(api, db, () => api.raw('PUT', '/v1/nodes/existing', payload));
        expect(reply.statusCode).toBe(400);
      }
      expect((await api.getNode('existing')).json().metadata.labels).toEqual({ keep: 'me' });
    });
  });

  describe('name on the URL versus name in the body', () => {
    it("refuses a different name with kube-apiserver's message", async () => {
      const reply = await refused('fresh', { metadata: { name: 'other' } });
      expectApiError(reply, 400, 'the name of the object (other) does not match the name on the URL (fresh)');
      expectApiError(await api.getNode('other'), 404, 'nodes "other" not found');
    });

    it('refuses to rename an existing node through PUT', async () => {
      const reply = await refused('existing', { metadata: { name: 'renamed' } });
      expectApiError(reply, 400, 'the name of the object (renamed) does not match the name on the URL (existing)');
      expectApiError(await api.getNode('renamed'), 404, 'nodes "renamed" not found');
    });

    it('refuses a kubectl body sent to another node name', async () => {
      const reply = await refused('worker-2', kubectlNode('worker-1'));
      expectApiError(reply, 400, 'the name of the object (worker-1) does not match the name on the URL (worker-2)');
    });
  });

  describe('wrong JSON types name the field', () => {
    it.each<[string, unknown, Detail[]]>([
      ['metadata a string', { metadata: 'fresh' }, [{ field: 'metadata', reason: 'Invalid value: "fresh": must be an object' }]],
      ['metadata an array', { metadata: [] }, [{ field: 'metadata', reason: 'Invalid value: []: must be an object' }]],
      ['metadata.name a number', { metadata: { name: 5 } }, [{ field: 'metadata.name', reason: 'Invalid value: 5: must be a string' }]],
      ['metadata.labels an array', { metadata: { labels: ['a'] } }, [{ field: 'metadata.labels', reason: 'Invalid value: ["a"]: must be an object' }]],
      ['a label value a number', { metadata: { labels: { zone: 1 } } }, [{ field: 'metadata.labels[zone]', reason: 'Invalid value: 1: must be a string' }]],
      ['an annotation value a boolean', { metadata: { annotations: { note: true } } }, [{ field: 'metadata.annotations[note]', reason: 'Invalid value: true: must be a string' }]],
      ['apiVersion a number', { apiVersion: 1 }, [{ field: 'apiVersion', reason: 'Invalid value: 1: must be a string' }]],
      ['spec an array', { spec: [] }, [{ field: 'spec', reason: 'Invalid value: []: must be an object' }]],
      ['spec.taints an object', { spec: { taints: {} } }, [{ field: 'spec.taints', reason: 'Invalid value: {}: must be an array' }]],
      ['a taint a string', { spec: { taints: ['k=v:NoSchedule'] } }, [{ field: 'spec.taints[0]', reason: 'Invalid value: "k=v:NoSchedule": must be an object' }]],
      ['a taint null', { spec: { taints: [null] } }, [{ field: 'spec.taints[0]', reason: 'Required value' }]],
      ['a taint key a number', { spec: { taints: [{ key: 1, effect: 'NoSchedule' }] } }, [{ field: 'spec.taints[0].key', reason: 'Invalid value: 1: must be a string' }]],
      ['a taint value a boolean', { spec: { taints: [{ key: 'k', value: true, effect: 'NoSchedule' }] } }, [{ field: 'spec.taints[0].value', reason: 'Invalid value: true: must be a string' }]],
      ['a taint effect an array', { spec: { taints: [{ key: 'k', effect: ['NoSchedule'] }] } }, [{ field: 'spec.taints[0].effect', reason: 'Invalid value: ["NoSchedule"]: must be a string' }]],
      ['a taint timeAdded a number', { spec: { taints: [{ key: 'k', effect: 'NoExecute', timeAdded: 1700000000 }] } }, [{ field: 'spec.taints[0].timeAdded', reason: 'Invalid value: 1700000000: must be a string' }]],
      ['spec.unschedulable a string', { spec: { unschedulable: 'true' } }, [{ field: 'spec.unschedulable', reason: 'Invalid value: "true": must be a boolean' }]],
      ['status.conditions a string', { status: { conditions: 'Ready' } }, [{ field: 'status.conditions', reason: 'Invalid value: "Ready": must be an array' }]],
      ['status.allocatable a list', { status: { allocatable: ['cpu'] } }, [{ field: 'status.allocatable', reason: 'Invalid value: ["cpu"]: must be an object' }]],
      ['an allocatable quantity a boolean', { status: { allocatable: { cpu: true } } }, [{ field: 'status.allocatable[cpu]', reason: 'Invalid value: true: must be a quantity string' }]],
      [
        'several at once, all reported',
        { metadata: { labels: ['a'] }, spec: { taints: {}, unschedulable: 'yes' }, status: { conditions: 'x' } },
        [
          { field: 'metadata.labels', reason: 'Invalid value: ["a"]: must be an object' },
          { field: 'spec.taints', reason: 'Invalid value: {}: must be an array' },
          { field: 'spec.unschedulable', reason: 'Invalid value: "yes": must be a boolean' },
          { field: 'status.conditions', reason: 'Invalid value: "x": must be an array' },
        ],
      ],
    ])('%s', async (_, body, details) => {
      const reply = await refused('fresh', body);
      expectApiError(reply, 400, invalid('fresh', details), details);
    });

    it('a wrong type over an existing node leaves it unchanged', async () => {
      const details = [{ field: 'spec.taints[0].key', reason: 'Invalid value: 1: must be a string' }];
      expectApiError(await refused('existing', { spec: { taints: [{ key: 1, effect: 'NoSchedule' }] } }), 400, invalid('existing', details), details);
      expectApiError(await refused('existing', { metadata: 'existing' }), 400, invalid('existing', [{ field: 'metadata', reason: 'Invalid value: "existing": must be an object' }]), [
        { field: 'metadata', reason: 'Invalid value: "existing": must be an object' },
      ]);
    });
  });

  describe('values the API server refuses', () => {
    it.each<[string, string, unknown, Detail[]]>([
      ['an upper-case name', 'Worker-1', {}, [{ field: 'metadata.name', reason: `Invalid value: "Worker-1": ${msg.subdomainRegex}` }]],
      ['an underscore in the name', 'worker_1', {}, [{ field: 'metadata.name', reason: `Invalid value: "worker_1": ${msg.subdomainRegex}` }]],
      ['a name ending in a dash', 'worker-', {}, [{ field: 'metadata.name', reason: `Invalid value: "worker-": ${msg.subdomainRegex}` }]],
      ['a name with a space', 'a%20b', {}, [{ field: 'metadata.name', reason: `Invalid value: "a b": ${msg.subdomainRegex}` }]],
      ['a name of 254 characters', 'a'.repeat(254), {}, [{ field: 'metadata.name', reason: `Invalid value: "${'a'.repeat(254)}": ${msg.subdomainTooLong}` }]],
      ['a namespace on a node', 'fresh', { metadata: { namespace: 'default' } }, [{ field: 'metadata.namespace', reason: 'Forbidden: not allowed on this type' }]],
      ['another apiVersion', 'fresh', { apiVersion: 'v2' }, [{ field: 'apiVersion', reason: 'Unsupported value: "v2": supported values: "v1"' }]],
      ['another kind', 'fresh', { kind: 'Pod' }, [{ field: 'kind', reason: 'Unsupported value: "Pod": supported values: "Node"' }]],
      ['a label key with a space', 'fresh', { metadata: { labels: { 'bad key': 'v' } } }, [{ field: 'metadata.labels', reason: `Invalid value: "bad key": ${msg.nameRegex}` }]],
      ['a label key with an upper-case prefix', 'fresh', { metadata: { labels: { 'Example.com/x': 'v' } } }, [{ field: 'metadata.labels', reason: `Invalid value: "Example.com/x": ${msg.prefixRegex}` }]],
      ['a label key with two slashes', 'fresh', { metadata: { labels: { 'a/b/c': 'v' } } }, [{ field: 'metadata.labels', reason: `Invalid value: "a/b/c": ${msg.tooManySlashes}` }]],
      ['a label value with a !', 'fresh', { metadata: { labels: { ok: 'bad value!' } } }, [{ field: 'metadata.labels', reason: `Invalid value: "bad value!": ${msg.labelValueRegex}` }]],
      ['a label value of 64 bytes', 'fresh', { metadata: { labels: { ok: 'v'.repeat(64) } } }, [{ field: 'metadata.labels', reason: `Invalid value: "${'v'.repeat(64)}": ${msg.labelValueTooLong}` }]],
      ['an annotation key with a space', 'fresh', { metadata: { annotations: { 'my note': 'x' } } }, [{ field: 'metadata.annotations', reason: `Invalid value: "my note": ${msg.nameRegex}` }]],
      ['a taint without effect', 'fresh', { spec: { taints: [{ key: 'k' }] } }, [{ field: 'spec.taints[0].effect', reason: 'Required value' }]],
      ['a taint with an unknown effect', 'fresh', { spec: { taints: [{ key: 'k', effect: 'noschedule' }] } }, [{ field: 'spec.taints[0].effect', reason: `Unsupported value: "noschedule": ${msg.effects}` }]],
      ['a taint without key', 'fresh', { spec: { taints: [{ effect: 'NoSchedule' }] } }, [{ field: 'spec.taints[0].key', reason: `Invalid value: "": ${msg.nameEmpty}` }, { field: 'spec.taints[0].key', reason: `Invalid value: "": ${msg.nameRegex}` }]],
      ['a taint with a bad key', 'fresh', { spec: { taints: [{ key: 'bad key', effect: 'NoSchedule' }] } }, [{ field: 'spec.taints[0].key', reason: `Invalid value: "bad key": ${msg.nameRegex}` }]],
      ['a taint with a bad value', 'fresh', { spec: { taints: [{ key: 'k', value: 'a b', effect: 'NoSchedule' }] } }, [{ field: 'spec.taints[0].value', reason: `Invalid value: "a b": ${msg.labelValueRegex}` }]],
      [
        'two taints with the same key and effect',
        'fresh',
        { spec: { taints: [{ key: 'k', value: 'a', effect: 'NoSchedule' }, { key: 'other', effect: 'NoSchedule' }, { key: 'k', value: 'b', effect: 'NoSchedule' }] } },
        [{ field: 'spec.taints[2]', reason: 'Duplicate value: {"Key":"k","Value":"b","Effect":"NoSchedule","TimeAdded":null}: taints must be unique by key and effect pair' }],
      ],
      [
        'a duplicate with its timeAdded',
        'fresh',
        { spec: { taints: [{ key: 'k', effect: 'NoExecute' }, { key: 'k', effect: 'NoExecute', timeAdded: '2026-01-01T10:00:00.250+02:00' }] } },
        [{ field: 'spec.taints[1]', reason: 'Duplicate value: {"Key":"k","Value":"","Effect":"NoExecute","TimeAdded":"2026-01-01T08:00:00Z"}: taints must be unique by key and effect pair' }],
      ],
      ['timeAdded that is not a time', 'fresh', { spec: { taints: [{ key: 'k', effect: 'NoExecute', timeAdded: 'yesterday' }] } }, [{ field: 'spec.taints[0].timeAdded', reason: 'Invalid value: "yesterday": must be an RFC 3339 date and time, e.g. 2026-11-22T10:00:00Z' }]],
      ['timeAdded without a zone', 'fresh', { spec: { taints: [{ key: 'k', effect: 'NoExecute', timeAdded: '2026-01-01T10:00:00' }] } }, [{ field: 'spec.taints[0].timeAdded', reason: 'Invalid value: "2026-01-01T10:00:00": must be an RFC 3339 date and time, e.g. 2026-11-22T10:00:00Z' }]],
      ['timeAdded a date only', 'fresh', { spec: { taints: [{ key: 'k', effect: 'NoExecute', timeAdded: '2026-01-01' }] } }, [{ field: 'spec.taints[0].timeAdded', reason: 'Invalid value: "2026-01-01": must be an RFC 3339 date and time, e.g. 2026-11-22T10:00:00Z' }]],
      ['a condition without type', 'fresh', { status: { conditions: [{ status: 'True' }] } }, [{ field: 'status.conditions[0].type', reason: 'Required value' }]],
      ['a condition status that is not True, False or Unknown', 'fresh', { status: { conditions: [{ type: 'Ready', status: 'true' }] } }, [{ field: 'status.conditions[0].status', reason: 'Unsupported value: "true": supported values: "True", "False", "Unknown"' }]],
      ['an allocatable quantity that does not parse', 'fresh', { status: { allocatable: { cpu: 'four' } } }, [{ field: 'status.allocatable[cpu]', reason: `Invalid value: "four": quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'` }]],
      [
        'bad taints and labels together: every one reported',
        'fresh',
        { metadata: { labels: { 'bad key': 'v' } }, spec: { taints: [{ key: 'k', effect: 'Sometimes' }, { key: 'k2' }] } },
        [
          { field: 'metadata.labels', reason: `Invalid value: "bad key": ${msg.nameRegex}` },
          { field: 'spec.taints[0].effect', reason: `Unsupported value: "Sometimes": ${msg.effects}` },
          { field: 'spec.taints[1].effect', reason: 'Required value' },
        ],
      ],
    ])('%s', async (_, urlName, body, details) => {
      const reply = await refused(urlName, body);
      expectApiError(reply, 400, invalid(decodeURIComponent(urlName), details), details);
    });

    it('a kubectl node body with one bad taint is refused whole', async () => {
      const body = kubectlNode('worker-9');
      body.spec.taints.push({ effect: 'NoExecute', key: 'node.kubernetes.io/unreachable', timeAdded: '2025-10-02T09:31:00Z' });
      const details = [
        {
          field: 'spec.taints[3]',
          reason: 'Duplicate value: {"Key":"node.kubernetes.io/unreachable","Value":"","Effect":"NoExecute","TimeAdded":"2025-10-02T09:31:00Z"}: taints must be unique by key and effect pair',
        },
      ];
      expectApiError(await refused('worker-9', body), 400, invalid('worker-9', details), details);
    });

    it('a bad replacement of an existing node keeps every taint and label it had', async () => {
      const before = (await api.getNode('existing')).json();
      const details = [{ field: 'spec.taints[1]', reason: 'Duplicate value: {"Key":"x","Value":"","Effect":"NoSchedule","TimeAdded":null}: taints must be unique by key and effect pair' }];
      const reply = await refused('existing', { metadata: { labels: { new: 'labels' } }, spec: { taints: [{ key: 'x', effect: 'NoSchedule' }, { key: 'x', effect: 'NoSchedule' }] } });
      expectApiError(reply, 400, invalid('existing', details), details);
      expect((await api.getNode('existing')).json()).toEqual(before);
    });
  });

  it('routes other than the contract answer 404 in the error shape', async () => {
    expectApiError(await api.request('POST', '/v1/nodes/existing'), 404, 'Cannot POST /v1/nodes/existing');
    expectApiError(await api.request('PUT', '/v1/nodes'), 404, 'Cannot PUT /v1/nodes');
  });
});
