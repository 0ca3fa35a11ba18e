import { beforeAll, describe, expect, it } from 'vitest';
import { type Detail, expectApiError, expectNothingStored, expectNotJsonRefused, expectRawRefused, invalidMessage } from '../../../../support/api-client';
import { useApiFixture } from '../../../../support/api-test-app';
import { kubectlNode, withoutResourceVersion } from '../../../../support/kubectl-objects';
import { asStored, k8sTime } from '../../../../support/server-fields';
import { msg } from '../../../../libs/domain/validation/messages';

const invalid = (name: string, details: Detail[]) => invalidMessage('Node', name, details);

// One service for the whole file: the refusals store only the node "existing", which no list
// in the first block counts.
const t = useApiFixture();
const { api, db } = t;

describe('/v1/nodes', () => {
  it('creates, reads, replaces, lists and deletes a node', async () => {
    const body = {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name: 'n1', labels: { zone: 'a' }, annotations: { note: 'x' } },
      spec: { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }], podCIDR: '10.0.0.0/24' },
      status: { conditions: [{ type: 'Ready', status: 'True' }], allocatable: { cpu: '4' }, nodeInfo: { kubeletVersion: 'v1.34.0' } },
    };
    const created = await t.app.inject({ method: 'PUT', url: '/v1/nodes/n1', payload: body });
    expect(created.statusCode).toBe(201);
    const node = created.json();
    expect(node.metadata).toMatchObject({ name: 'n1', labels: { zone: 'a' }, annotations: { note: 'x' } });
    expect(node.spec.podCIDR).toBe('10.0.0.0/24');
    expect(node.spec.taints).toEqual([{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule', timeAdded: expect.any(String) }]);
    expect(node.status.nodeInfo).toEqual({ kubeletVersion: 'v1.34.0' });

    const read = await t.app.inject({ method: 'GET', url: '/v1/nodes/n1' });
    expect(read.json()).toEqual(node);

    const replaced = await t.app.inject({ method: 'PUT', url: '/v1/nodes/n1', payload: { ...body, metadata: { name: 'n1', labels: { zone: 'b' } } } });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().spec.taints[0].timeAdded).toBe(node.spec.taints[0].timeAdded);

    const list = await t.app.inject({ method: 'GET', url: '/v1/nodes?labelSelector=zone%3Db' });
    expect(list.json()).toMatchObject({ kind: 'NodeList', items: [{ metadata: { name: 'n1' } }] });

    const deleted = await t.app.inject({ method: 'DELETE', url: '/v1/nodes/n1' });
    expect(deleted.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/nodes/n1' })).statusCode).toBe(404);
  });

  describe('a kubectl get node -o json body', () => {
    // worker-1 is unreachable: alone, it would fully disrupt every zone, and the node lifecycle
    // controller would take its unreachable NoExecute taint off (master disruption mode).
    beforeAll(async () => {
      await api.putNode('ready-elsewhere', { metadata: { name: 'ready-elsewhere' }, status: { conditions: [{ type: 'Ready', status: 'True' }] } });
    });

    it('with its foreign resourceVersion is an update of a node not stored: 404, nothing stored', async () => {
      // Store.Update: nodes do not allow create on update; the version named is another cluster's.
      const reply = await expectNothingStored(api, db, () => api.putNode('worker-1', kubectlNode('worker-1')));
      expectApiError(reply, 404, 'nodes "worker-1" not found');
    });

    it('without its resourceVersion is accepted as it is and answered with every field it had, server-managed ones replaced', async () => {
      const sent = withoutResourceVersion(kubectlNode('worker-1'));
      const created = await api.putNode('worker-1', sent);
      expect(created.statusCode).toBe(201);
      expect(created.headers['content-type']).toMatch(/^application\/json/);
      const [gpuTaint, unreachableNoSchedule, unreachableTaint] = sent.spec.taints;
      const expected = {
        ...asStored(sent),
        // a taint sent without timeAdded is stamped with the time it was stored; one sent with it keeps it
        spec: { ...sent.spec, taints: [{ ...gpuTaint, timeAdded: expect.stringMatching(k8sTime) }, unreachableNoSchedule, unreachableTaint] },
      };
      const node = created.json();
      expect(node).toEqual(expected);
      // the server's identity, not the one copied from another cluster
      expect(node.metadata.uid).not.toBe(sent.metadata.uid);
      expect(node.metadata.resourceVersion).not.toBe(kubectlNode('worker-1').metadata.resourceVersion);

      expect((await api.getNode('worker-1')).json()).toEqual(node);
      const listed = (await api.get('/v1/nodes')).json();
      expect(listed.items.find((n: { metadata: { name: string } }) => n.metadata.name === 'worker-1')).toEqual(node);
    });

    it('with its foreign resourceVersion, over the node stored, answers 409 and changes nothing', async () => {
      const reply = await expectNothingStored(api, db, () => api.putNode('worker-1', kubectlNode('worker-1')));
      expectApiError(
        reply,
        409,
        'Operation cannot be fulfilled on nodes "worker-1": the object has been modified; please apply your changes to the latest version and try again',
      );
    });

    it('replaced with the same body answers 200 and keeps uid, creationTimestamp and taint times', async () => {
      const before = (await api.getNode('worker-1')).json();
      const replaced = await api.putNode('worker-1', withoutResourceVersion(kubectlNode('worker-1')));
      expect(replaced.statusCode).toBe(200);
      const after = replaced.json();
      expect(after.metadata.uid).toBe(before.metadata.uid);
      expect(after.metadata.creationTimestamp).toBe(before.metadata.creationTimestamp);
      expect(Number(after.metadata.resourceVersion)).toBeGreaterThan(Number(before.metadata.resourceVersion));
      expect(after.spec.taints).toEqual(before.spec.taints);
      expect({ ...after, metadata: { ...after.metadata, resourceVersion: '' } }).toEqual({ ...before, metadata: { ...before.metadata, resourceVersion: '' } });
    });

    it('replaced by a smaller body loses what the new body leaves out (PUT replaces, it does not merge)', async () => {
      const smaller = withoutResourceVersion(kubectlNode('worker-1'));
      delete (smaller.status as Partial<typeof smaller.status>).images;
      delete (smaller.metadata as Partial<typeof smaller.metadata>).annotations;
      smaller.spec.taints = [smaller.spec.taints[2] as (typeof smaller.spec.taints)[number]];
      const replaced = await api.putNode('worker-1', smaller);
      expect(replaced.statusCode).toBe(200);
      const read = (await api.getNode('worker-1')).json();
      expect(read).toEqual(replaced.json());
      expect(read.status.images).toBeUndefined();
      expect(read.metadata.annotations).toBeUndefined();
      expect(read.spec.taints).toEqual([{ key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: '2025-10-02T09:30:00Z' }]);
      expect(read.status.nodeInfo).toEqual(smaller.status.nodeInfo);
    });
  });

  it('takes the name from the URL when the body has none, and needs neither apiVersion nor kind', async () => {
    for (const body of [{}, { metadata: {} }, { metadata: { name: '' } }, { spec: { unschedulable: true } }]) {
      const name = `bare-${Object.keys(body).join('') || 'empty'}-${JSON.stringify(body).length}`;
      const created = await api.putNode(name, body);
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ apiVersion: 'v1', kind: 'Node', metadata: { name } });
      expect((await api.getNode(name)).statusCode).toBe(200);
    }
    const cordoned = (await api.get('/v1/nodes')).json().items.filter((n: { spec: { unschedulable?: boolean } }) => n.spec.unschedulable);
    expect(cordoned).toHaveLength(1);
  });

  it('serves names of every valid length, up to the 253 characters of a DNS subdomain', async () => {
    const long = `${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(9)}`;
    expect(long).toHaveLength(253);
    for (const name of ['x', 'ip-10-0-1-17.eu-west-1.compute.internal', 'n'.repeat(101), long]) {
      const created = await api.putNode(name, { spec: { taints: [{ key: 'k', effect: 'NoSchedule' }] } });
      expect(created.statusCode).toBe(201);
      expect(created.json().metadata.name).toBe(name);
      expect((await api.getNode(name)).json().metadata.name).toBe(name);
      expect((await api.post(`/v1/nodes/${name}/taints`, { key: 'k2', effect: 'NoExecute' })).statusCode).toBe(201);
      expect((await api.del(`/v1/nodes/${name}/taints?key=k2`)).statusCode).toBe(200);
      expect((await api.del(`/v1/nodes/${name}`)).statusCode).toBe(200);
    }
  });

  it('answers 201 on create and 200 on every replace, with resourceVersion growing', async () => {
    const versions: number[] = [];
    for (const [i, expected] of [201, 200, 200].entries()) {
      const reply = await api.putNode('twice', { metadata: { name: 'twice', labels: { round: String(i) } } });
      expect(reply.statusCode).toBe(expected);
      versions.push(Number(reply.json().metadata.resourceVersion));
    }
    expect(versions[1]).toBeGreaterThan(versions[0] as number);
    expect(versions[2]).toBeGreaterThan(versions[1] as number);
    expect((await api.getNode('twice')).json().metadata.labels).toEqual({ round: '2' });
  });

  it('DELETE answers the deleted node, then 404 for it on GET, DELETE and in the list', async () => {
    await api.putNode('doomed', { metadata: { labels: { a: 'b' } }, spec: { taints: [{ key: 'k', effect: 'NoExecute' }] } });
    const stored = (await api.getNode('doomed')).json();
    const deleted = await api.del('/v1/nodes/doomed');
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual(stored);
    expectApiError(await api.getNode('doomed'), 404, 'nodes "doomed" not found');
    expectApiError(await api.del('/v1/nodes/doomed'), 404, 'nodes "doomed" not found');
    const names = (await api.get('/v1/nodes')).json().items.map((n: { metadata: { name: string } }) => n.metadata.name);
    expect(names).not.toContain('doomed');
    // and it can be created again, as a new object
    const again = await api.putNode('doomed');
    expect(again.statusCode).toBe(201);
    expect(again.json().metadata.uid).not.toBe(stored.metadata.uid);
    expect(again.json().spec.taints).toBeUndefined();
  });

  it('answers 404 in the error shape for a node that never existed', async () => {
    expectApiError(await api.getNode('nowhere'), 404, 'nodes "nowhere" not found');
    expectApiError(await api.del('/v1/nodes/nowhere'), 404, 'nodes "nowhere" not found');
  });

  describe('GET /v1/nodes?labelSelector=', () => {
    const names = async (selector: string): Promise<string[]> => {
      const reply = await api.get(`/v1/nodes?labelSelector=${encodeURIComponent(selector)}`);
      expect(reply.statusCode).toBe(200);
      const list = reply.json();
      expect(list).toMatchObject({ apiVersion: 'v1', kind: 'NodeList', metadata: { resourceVersion: expect.stringMatching(/^\d+$/) } });
      return list.items.map((n: { metadata: { name: string } }) => n.metadata.name);
    };

    beforeAll(async () => {
      const nodes: [string, Record<string, string>][] = [
        ['s1', { suite: 'sel', zone: 'a', tier: '3', 'example.com/gpu': 'true' }],
        ['s2', { suite: 'sel', zone: 'b', tier: '5' }],
        ['s3', { suite: 'sel', zone: 'c' }],
        ['s4', { suite: 'sel' }],
      ];
      for (const [name, labels] of nodes) expect((await api.putNode(name, { metadata: { name, labels } })).statusCode).toBe(201);
    });

    it('lists every node, by name, without a selector or with an empty one', async () => {
      const all = await names('');
      expect(all).toEqual([...all].sort());
      expect(all).toEqual(expect.arrayContaining(['s1', 's2', 's3', 's4', 'worker-1']));
      const unfiltered = (await api.get('/v1/nodes')).json().items.map((n: { metadata: { name: string } }) => n.metadata.name);
      expect(unfiltered).toEqual(all);
    });

    it.each([
      ['suite=sel,zone=a', ['s1']],
      ['suite=sel,zone==a', ['s1']],
      ['suite=sel,zone!=a', ['s2', 's3', 's4']],
      ['suite = sel , zone != a', ['s2', 's3', 's4']],
      ['suite=sel,zone in (a,b)', ['s1', 's2']],
      ['suite=sel, zone in ( a , b )', ['s1', 's2']],
      ['suite=sel,zone notin (a,b)', ['s3', 's4']],
      ['suite=sel,zone', ['s1', 's2', 's3']],
      ['suite=sel,!zone', ['s4']],
      ['suite=sel,tier>4', ['s2']],
      ['suite=sel,tier<4', ['s1']],
      ['suite=sel,example.com/gpu=true', ['s1']],
      ['suite=sel,zone=a,zone=b', []],
      ['suite in (sel),tier', ['s1', 's2']],
      ['suite=other', []],
    ])('%s', async (selector, expected) => {
      expect(await names(selector)).toEqual(expected);
    });

    it.each([
      ['zone in (a', 'unable to parse selector "zone in (a": unbalanced parentheses'],
      ['a=b=c', 'unable to parse requirement "a=b=c": expected k=v, k==v, k!=v, k in (v1,v2), k notin (v1,v2), k, !k, k>n or k<n'],
      ['tier>x', `unable to parse requirement "tier>x": invalid value "x": for 'Gt', 'Lt' operators, the value must be an integer`],
      ['zone=a,', `unable to parse requirement "": found '', expected: identifier`],
    ])('answers 400 naming labelSelector for the bad selector %s', async (selector, reason) => {
      const reply = await api.get(`/v1/nodes?labelSelector=${encodeURIComponent(selector)}`);
      expectApiError(reply, 400, `labelSelector: ${reason}`, [{ field: 'labelSelector', reason }]);
    });

    it('answers 400, not a 500, for a labelSelector given twice', async () => {
      const reason = 'Invalid value: ["zone=a","zone=b"]: must be a string';
      expectApiError(await api.get('/v1/nodes?labelSelector=zone%3Da&labelSelector=zone%3Db'), 400, `labelSelector: ${reason}`, [
        { field: 'labelSelector', reason },
      ]);
    });

    it('answers 400 for a bad label key or value in a selector', async () => {
      for (const selector of ['bad key=x', 'zone=bad value!', 'Example.com/x=y']) {
        const reply = await api.get(`/v1/nodes?labelSelector=${encodeURIComponent(selector)}`);
        expectApiError(reply, 400, /^labelSelector: unable to parse requirement /, [
          { field: 'labelSelector', reason: expect.stringMatching(/^unable to parse requirement /) },
        ]);
      }
    });
  });
});

describe('PUT /v1/nodes/{name}: bad input is refused with 400 and changes nothing', () => {
  beforeAll(async () => {
    // something stored, so that "nothing changed" is not trivially an empty cluster
    expect(
      (await api.putNode('existing', { metadata: { labels: { keep: 'me' } }, spec: { taints: [{ key: 'k', value: 'v', effect: 'NoSchedule' }] } })).statusCode,
    ).toBe(201);
  });

  /** PUT that must fail: nothing stored, neither for a new name nor over the existing node. */
  const refused = async (urlName: string, body: unknown) => {
    const reply = await expectNothingStored(api, db, () => api.putNode(urlName, body));
    if (urlName !== 'existing') expectApiError(await api.getNode(urlName), 404, `nodes "${decodeURIComponent(urlName)}" not found`);
    return reply;
  };
  /** A body sent as the new node "fresh" and refused with `details`, in kube-apiserver's words. */
  const refusedAsFresh = async (body: unknown, details: Detail[]) => {
    expectApiError(await refused('fresh', body), 400, invalid('fresh', details), details);
  };

  describe('bodies that are not a JSON object', () => {
    it('JSON that does not parse', async () => {
      await expectNotJsonRefused(api, db, 'PUT', '/v1/nodes/fresh', '{"metadata": {"name": "fresh"');
      expectApiError(await api.getNode('fresh'), 404, 'nodes "fresh" not found');
    });

    it('an empty body declared as JSON', async () => {
      await expectRawRefused(api, db, 'PUT', '/v1/nodes/fresh', '', "Body cannot be empty when content-type is set to 'application/json'");
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
      await expectRawRefused(api, db, 'PUT', '/v1/nodes/fresh', payload, `Node "fresh" is invalid: <body>: ${reason}`, [{ field: '<body>', reason }]);
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
      [
        'an annotation value a boolean',
        { metadata: { annotations: { note: true } } },
        [{ field: 'metadata.annotations[note]', reason: 'Invalid value: true: must be a string' }],
      ],
      ['apiVersion a number', { apiVersion: 1 }, [{ field: 'apiVersion', reason: 'Invalid value: 1: must be a string' }]],
      ['spec an array', { spec: [] }, [{ field: 'spec', reason: 'Invalid value: []: must be an object' }]],
      ['spec.taints an object', { spec: { taints: {} } }, [{ field: 'spec.taints', reason: 'Invalid value: {}: must be an array' }]],
      [
        'a taint a string',
        { spec: { taints: ['k=v:NoSchedule'] } },
        [{ field: 'spec.taints[0]', reason: 'Invalid value: "k=v:NoSchedule": must be an object' }],
      ],
      ['a taint null', { spec: { taints: [null] } }, [{ field: 'spec.taints[0]', reason: 'Required value' }]],
      [
        'a taint key a number',
        { spec: { taints: [{ key: 1, effect: 'NoSchedule' }] } },
        [{ field: 'spec.taints[0].key', reason: 'Invalid value: 1: must be a string' }],
      ],
      [
        'a taint value a boolean',
        { spec: { taints: [{ key: 'k', value: true, effect: 'NoSchedule' }] } },
        [{ field: 'spec.taints[0].value', reason: 'Invalid value: true: must be a string' }],
      ],
      [
        'a taint effect an array',
        { spec: { taints: [{ key: 'k', effect: ['NoSchedule'] }] } },
        [{ field: 'spec.taints[0].effect', reason: 'Invalid value: ["NoSchedule"]: must be a string' }],
      ],
      [
        'a taint timeAdded a number',
        { spec: { taints: [{ key: 'k', effect: 'NoExecute', timeAdded: 1700000000 }] } },
        [{ field: 'spec.taints[0].timeAdded', reason: 'Invalid value: 1700000000: must be a string' }],
      ],
      [
        'spec.unschedulable a string',
        { spec: { unschedulable: 'true' } },
        [{ field: 'spec.unschedulable', reason: 'Invalid value: "true": must be a boolean' }],
      ],
      ['status.conditions a string', { status: { conditions: 'Ready' } }, [{ field: 'status.conditions', reason: 'Invalid value: "Ready": must be an array' }]],
      [
        'status.allocatable a list',
        { status: { allocatable: ['cpu'] } },
        [{ field: 'status.allocatable', reason: 'Invalid value: ["cpu"]: must be an object' }],
      ],
      [
        'an allocatable quantity a boolean',
        { status: { allocatable: { cpu: true } } },
        [{ field: 'status.allocatable[cpu]', reason: 'Invalid value: true: must be a quantity string' }],
      ],
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
    ])('%s', (_, body, details) => refusedAsFresh(body, details));

    it('a wrong type over an existing node leaves it unchanged', async () => {
      const details = [{ field: 'spec.taints[0].key', reason: 'Invalid value: 1: must be a string' }];
      expectApiError(await refused('existing', { spec: { taints: [{ key: 1, effect: 'NoSchedule' }] } }), 400, invalid('existing', details), details);
      expectApiError(
        await refused('existing', { metadata: 'existing' }),
        400,
        invalid('existing', [{ field: 'metadata', reason: 'Invalid value: "existing": must be an object' }]),
        [{ field: 'metadata', reason: 'Invalid value: "existing": must be an object' }],
      );
    });
  });

  describe('values the API server refuses', () => {
    it.each<[string, string, string]>([
      ['an upper-case name', 'Worker-1', `Invalid value: "Worker-1": ${msg.subdomainRegex}`],
      ['an underscore in the name', 'worker_1', `Invalid value: "worker_1": ${msg.subdomainRegex}`],
      ['a name ending in a dash', 'worker-', `Invalid value: "worker-": ${msg.subdomainRegex}`],
      ['a name with a space', 'a%20b', `Invalid value: "a b": ${msg.subdomainRegex}`],
      ['a name of 254 characters', 'a'.repeat(254), `Invalid value: "${'a'.repeat(254)}": ${msg.subdomainTooLong}`],
    ])('%s', async (_, urlName, reason) => {
      const details = [{ field: 'metadata.name', reason }];
      expectApiError(await refused(urlName, {}), 400, invalid(decodeURIComponent(urlName), details), details);
    });

    it.each<[string, Record<string, string>, string]>([
      ['a label key with a space', { 'bad key': 'v' }, `Invalid value: "bad key": ${msg.nameRegex}`],
      ['a label key with an upper-case prefix', { 'Example.com/x': 'v' }, `Invalid value: "Example.com/x": ${msg.prefixRegex}`],
      ['a label key with two slashes', { 'a/b/c': 'v' }, `Invalid value: "a/b/c": ${msg.tooManySlashes}`],
      ['a label value with a !', { ok: 'bad value!' }, `Invalid value: "bad value!": ${msg.labelValueRegex}`],
      ['a label value of 64 bytes', { ok: 'v'.repeat(64) }, `Invalid value: "${'v'.repeat(64)}": ${msg.labelValueTooLong}`],
    ])('%s', (_, labels, reason) => refusedAsFresh({ metadata: { labels } }, [{ field: 'metadata.labels', reason }]));

    it.each<[string, unknown, Detail[]]>([
      ['a namespace on a node', { metadata: { namespace: 'default' } }, [{ field: 'metadata.namespace', reason: 'Forbidden: not allowed on this type' }]],
      ['another apiVersion', { apiVersion: 'v2' }, [{ field: 'apiVersion', reason: 'Unsupported value: "v2": supported values: "v1"' }]],
      ['another kind', { kind: 'Pod' }, [{ field: 'kind', reason: 'Unsupported value: "Pod": supported values: "Node"' }]],
      [
        'an annotation key with a space',
        { metadata: { annotations: { 'my note': 'x' } } },
        [{ field: 'metadata.annotations', reason: `Invalid value: "my note": ${msg.nameRegex}` }],
      ],
      ['a taint without effect', { spec: { taints: [{ key: 'k' }] } }, [{ field: 'spec.taints[0].effect', reason: 'Required value' }]],
      [
        'a taint with an unknown effect',
        { spec: { taints: [{ key: 'k', effect: 'noschedule' }] } },
        [{ field: 'spec.taints[0].effect', reason: `Unsupported value: "noschedule": ${msg.effects}` }],
      ],
      [
        'a taint without key',
        { spec: { taints: [{ effect: 'NoSchedule' }] } },
        [
          { field: 'spec.taints[0].key', reason: `Invalid value: "": ${msg.nameEmpty}` },
          { field: 'spec.taints[0].key', reason: `Invalid value: "": ${msg.nameRegex}` },
        ],
      ],
      [
        'a taint with a bad key',
        { spec: { taints: [{ key: 'bad key', effect: 'NoSchedule' }] } },
        [{ field: 'spec.taints[0].key', reason: `Invalid value: "bad key": ${msg.nameRegex}` }],
      ],
      [
        'a taint with a bad value',
        { spec: { taints: [{ key: 'k', value: 'a b', effect: 'NoSchedule' }] } },
        [{ field: 'spec.taints[0].value', reason: `Invalid value: "a b": ${msg.labelValueRegex}` }],
      ],
      [
        'two taints with the same key and effect',
        {
          spec: {
            taints: [
              { key: 'k', value: 'a', effect: 'NoSchedule' },
              { key: 'other', effect: 'NoSchedule' },
              { key: 'k', value: 'b', effect: 'NoSchedule' },
            ],
          },
        },
        [
          {
            field: 'spec.taints[2]',
            reason: 'Duplicate value: {"Key":"k","Value":"b","Effect":"NoSchedule","TimeAdded":null}: taints must be unique by key and effect pair',
          },
        ],
      ],
      [
        'a duplicate with its timeAdded',
        {
          spec: {
            taints: [
              { key: 'k', effect: 'NoExecute' },
              { key: 'k', effect: 'NoExecute', timeAdded: '2026-01-01T10:00:00.250+02:00' },
            ],
          },
        },
        [
          {
            field: 'spec.taints[1]',
            reason:
              'Duplicate value: {"Key":"k","Value":"","Effect":"NoExecute","TimeAdded":"2026-01-01T08:00:00Z"}: taints must be unique by key and effect pair',
          },
        ],
      ],
      [
        'timeAdded that is not a time',
        { spec: { taints: [{ key: 'k', effect: 'NoExecute', timeAdded: 'yesterday' }] } },
        [{ field: 'spec.taints[0].timeAdded', reason: 'Invalid value: "yesterday": must be an RFC 3339 date and time, e.g. 2026-11-22T10:00:00Z' }],
      ],
      [
        'timeAdded without a zone',
        { spec: { taints: [{ key: 'k', effect: 'NoExecute', timeAdded: '2026-01-01T10:00:00' }] } },
        [{ field: 'spec.taints[0].timeAdded', reason: 'Invalid value: "2026-01-01T10:00:00": must be an RFC 3339 date and time, e.g. 2026-11-22T10:00:00Z' }],
      ],
      [
        'timeAdded a date only',
        { spec: { taints: [{ key: 'k', effect: 'NoExecute', timeAdded: '2026-01-01' }] } },
        [{ field: 'spec.taints[0].timeAdded', reason: 'Invalid value: "2026-01-01": must be an RFC 3339 date and time, e.g. 2026-11-22T10:00:00Z' }],
      ],
      ['a condition without type', { status: { conditions: [{ status: 'True' }] } }, [{ field: 'status.conditions[0].type', reason: 'Required value' }]],
      [
        'a condition status that is not True, False or Unknown',
        { status: { conditions: [{ type: 'Ready', status: 'true' }] } },
        [{ field: 'status.conditions[0].status', reason: 'Unsupported value: "true": supported values: "True", "False", "Unknown"' }],
      ],
      [
        'an allocatable quantity that does not parse',
        { status: { allocatable: { cpu: 'four' } } },
        [
          {
            field: 'status.allocatable[cpu]',
            reason: `Invalid value: "four": quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`,
          },
        ],
      ],
      [
        'bad taints and labels together: every one reported',
        { metadata: { labels: { 'bad key': 'v' } }, spec: { taints: [{ key: 'k', effect: 'Sometimes' }, { key: 'k2' }] } },
        [
          { field: 'metadata.labels', reason: `Invalid value: "bad key": ${msg.nameRegex}` },
          { field: 'spec.taints[0].effect', reason: `Unsupported value: "Sometimes": ${msg.effects}` },
          { field: 'spec.taints[1].effect', reason: 'Required value' },
        ],
      ],
    ])('%s', (_, body, details) => refusedAsFresh(body, details));

    it('a kubectl node body with one bad taint is refused whole', async () => {
      const body = kubectlNode('worker-9');
      body.spec.taints.push({ effect: 'NoExecute', key: 'node.kubernetes.io/unreachable', timeAdded: '2025-10-02T09:31:00Z' });
      const details = [
        {
          field: 'spec.taints[3]',
          reason:
            'Duplicate value: {"Key":"node.kubernetes.io/unreachable","Value":"","Effect":"NoExecute","TimeAdded":"2025-10-02T09:31:00Z"}: taints must be unique by key and effect pair',
        },
      ];
      expectApiError(await refused('worker-9', body), 400, invalid('worker-9', details), details);
    });

    it('a bad replacement of an existing node keeps every taint and label it had', async () => {
      const before = (await api.getNode('existing')).json();
      const details = [
        {
          field: 'spec.taints[1]',
          reason: 'Duplicate value: {"Key":"x","Value":"","Effect":"NoSchedule","TimeAdded":null}: taints must be unique by key and effect pair',
        },
      ];
      const reply = await refused('existing', {
        metadata: { labels: { new: 'labels' } },
        spec: {
          taints: [
            { key: 'x', effect: 'NoSchedule' },
            { key: 'x', effect: 'NoSchedule' },
          ],
        },
      });
      expectApiError(reply, 400, invalid('existing', details), details);
      expect((await api.getNode('existing')).json()).toEqual(before);
    });
  });

  it('routes other than the contract answer 404 in the error shape', async () => {
    expectApiError(await api.request('POST', '/v1/nodes/existing'), 404, 'Cannot POST /v1/nodes/existing');
    expectApiError(await api.request('PUT', '/v1/nodes'), 404, 'Cannot PUT /v1/nodes');
  });
});
