import { beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../../support/api-client';
import { useApiFixture } from '../../../support/api-test-app';
import { kubectlNode } from '../../../support/kubectl-objects';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** metav1.Time as the API server prints it: RFC 3339, UTC, whole seconds. */
const k8sTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

describe('/v1/nodes', () => {
  const t = useApiFixture();
  const { api } = t;

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

  it('rejects a bad taint with its field path and stores nothing', async () => {
    const response = await t.app.inject({ method: 'PUT', url: '/v1/nodes/bad', payload: { metadata: { name: 'bad' }, spec: { taints: [{ key: 'k', effect: 'Sometimes' }] } } });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ field: 'spec.taints[0].effect', reason: 'Unsupported value: "Sometimes": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"' }]);
    expect((await t.app.inject({ method: 'GET', url: '/v1/nodes/bad' })).statusCode).toBe(404);
  });

  describe('a kubectl get node -o json body', () => {
    it('is accepted as it is and answered with every field it had, server-managed ones replaced', async () => {
      const sent = kubectlNode('worker-1');
      const created = await api.putNode('worker-1', sent);
      expect(created.statusCode).toBe(201);
      expect(created.headers['content-type']).toMatch(/^application\/json/);
      const [gpuTaint, unreachableNoSchedule, unreachableTaint] = sent.spec.taints;
      const expected = {
        ...sent,
        metadata: { ...sent.metadata, uid: expect.stringMatching(uuid), resourceVersion: expect.stringMatching(/^\d+$/), creationTimestamp: expect.stringMatching(k8sTime) },
        // a taint sent without timeAdded is stamped with the time it was stored; one sent with it keeps it
        spec: { ...sent.spec, taints: [{ ...gpuTaint, timeAdded: expect.stringMatching(k8sTime) }, unreachableNoSchedule, unreachableTaint] },
      };
      const node = created.json();
      expect(node).toEqual(expected);
      // the server's identity, not the one copied from another cluster
      expect(node.metadata.uid).not.toBe(sent.metadata.uid);
      expect(node.metadata.resourceVersion).not.toBe(sent.metadata.resourceVersion);

      expect((await api.getNode('worker-1')).json()).toEqual(node);
      const listed = (await api.get('/v1/nodes')).json();
      expect(listed.items.find((n: { metadata: { name: string } }) => n.metadata.name === 'worker-1')).toEqual(node);
    });

    it('replaced with the same body answers 200 and keeps uid, creationTimestamp and taint times', async () => {
      const before = (await api.getNode('worker-1')).json();
      const replaced = await api.putNode('worker-1', kubectlNode('worker-1'));
      expect(replaced.statusCode).toBe(200);
      const after = replaced.json();
      expect(after.metadata.uid).toBe(before.metadata.uid);
      expect(after.metadata.creationTimestamp).toBe(before.metadata.creationTimestamp);
      expect(Number(after.metadata.resourceVersion)).toBeGreaterThan(Number(before.metadata.resourceVersion));
      expect(after.spec.taints).toEqual(before.spec.taints);
      expect({ ...after, metadata: { ...after.metadata, resourceVersion: '' } }).toEqual({ ...before, metadata: { ...before.metadata, resourceVersion: '' } });
    });

    it('replaced by a smaller body loses what the new body leaves out (PUT replaces, it does not merge)', async () => {
      const smaller = kubectlNode('worker-1');
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
      expectApiError(await api.get('/v1/nodes?labelSelector=zone%3Da&labelSelector=zone%3Db'), 400, `labelSelector: ${reason}`, [{ field: 'labelSelector', reason }]);
    });

    it('answers 400 for a bad label key or value in a selector', async () => {
      for (const selector of ['bad key=x', 'zone=bad value!', 'Example.com/x=y']) {
        const reply = await api.get(`/v1/nodes?labelSelector=${encodeURIComponent(selector)}`);
        expectApiError(reply, 400, /^labelSelector: unable to parse requirement /, [{ field: 'labelSelector', reason: expect.stringMatching(/^unable to parse requirement /) }]);
      }
    });
  });
});
