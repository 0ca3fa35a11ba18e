import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../../../../apps/api/src/http/edge/json-depth';
import { NUL_REASON } from '../../../../../apps/api/src/http/edge/json-strings';
import { expectApiError, expectNothingStored } from '../../../../support/api-client';
import { useApiFixture } from '../../../../support/api-test-app';

/**
 * Bodies built to break the service, each once answered 500: now 400 naming the bad field, and
 * nothing stored.
 */
describe('hostile input answers 400, never 5xx', () => {
  const t = useApiFixture();
  const { api, db } = t;

  it('a null among the node names or the taints of POST /v1/taint', async () => {
    await api.putNode('n1');
    const nodes = await expectNothingStored(api, db, () => api.post('/v1/taint', { nodes: ['n1', null], taints: ['a=b:NoSchedule'] }));
    expect(nodes.statusCode).toBe(400);
    expect(nodes.json().details).toEqual([{ field: 'nodes[1]', reason: 'Invalid value: null: must be a string' }]);
    const taints = await expectNothingStored(api, db, () => api.post('/v1/taint', { nodes: ['n1'], taints: [null] }));
    expect(taints.statusCode).toBe(400);
    expect(taints.json().details).toEqual([{ field: 'taints[0]', reason: 'Invalid value: null: must be a string' }]);
  });

  it('a body nested 7,000 deep, to any route and in an import: refused where it passes the limit', async () => {
    const deep = `${'['.repeat(7000)}${']'.repeat(7000)}`;
    const body = `{"spec":{"podCIDR":${deep}}}`;
    const reply = await expectNothingStored(api, db, () => api.raw('PUT', '/v1/nodes/deep', body));
    expectApiError(reply, 400, `the body nests objects or arrays more than ${MAX_JSON_DEPTH} deep (at byte ${19 + MAX_JSON_DEPTH - 2})`);
    const imported = await expectNothingStored(api, db, () => api.raw('POST', '/v1/import', `{"kind":"List","items":[${body}]}`));
    expect(imported.statusCode).toBe(400);
    expect(imported.json().message).toContain(`objects or arrays nested more than ${MAX_JSON_DEPTH} deep in one object`);
  });

  it('a value nested as deep as allowed where a string is expected: its quote in the message stops early', async () => {
    const deep = `${'['.repeat(MAX_JSON_DEPTH - 3)}${']'.repeat(MAX_JSON_DEPTH - 3)}`;
    const reply = await expectNothingStored(api, db, () => api.raw('PUT', '/v1/nodes/deep', `{"metadata":{"labels":{"a":${deep}}}}`));
    expect(reply.statusCode).toBe(400);
    expect(reply.json().details).toEqual([{ field: 'metadata.labels[a]', reason: expect.stringContaining('"..."') }]);
  });

  it('a node with 90,000 copies of one taint (as many as 3 MiB holds); 150,000 pass the body limit', async () => {
    const taints = Array.from({ length: 90_000 }, () => ({ key: 'k', effect: 'NoSchedule' }));
    const reply = await expectNothingStored(api, db, () => api.put('/v1/nodes/many', { metadata: { name: 'many' }, spec: { taints } }));
    expect(reply.statusCode).toBe(400);
    expect(reply.json().details[0]).toEqual({ field: 'spec.taints[1]', reason: expect.stringContaining('Duplicate value') });
    const more = Array.from({ length: 150_000 }, () => ({ key: 'k', effect: 'NoSchedule' }));
    const tooLarge = await expectNothingStored(api, db, () => api.put('/v1/nodes/many', { metadata: { name: 'many' }, spec: { taints: more } }));
    expect(tooLarge.statusCode).toBe(413);
  });

  it('the NUL character, which Postgres cannot store, is refused at its field; a lone surrogate is read as U+FFFD, as Go reads it', async () => {
    const nul = await expectNothingStored(api, db, () =>
      api.raw('PUT', '/v1/nodes/c1', '{"status":{"conditions":[{"type":"Ready","status":"True","message":"a\\u0000b"}]}}'),
    );
    expectApiError(nul, 400, String.raw`status.conditions[0].message: Invalid value: "a\x00b": ${NUL_REASON}`, [
      { field: 'status.conditions[0].message', reason: String.raw`Invalid value: "a\x00b": ${NUL_REASON}` },
    ]);
    const surrogate = await api.raw('PUT', '/v1/nodes/c2', '{"status":{"conditions":[{"type":"Ready","status":"True","message":"a\\ud800b"}]}}');
    expect(surrogate.statusCode).toBe(201);
    expect(surrogate.json().status.conditions[0].message).toBe('a\ufffdb');
  });

  it('an imported object holding NUL is rejected alone; the rest is stored', async () => {
    const good = '{"apiVersion":"v1","kind":"Node","metadata":{"name":"fine"}}';
    const bad = '{"apiVersion":"v1","kind":"Node","metadata":{"name":"bad","annotations":{"a":"\\u0000"}}}';
    const reply = await api.raw('POST', '/v1/clusters/nul/import', `{"kind":"List","items":[${bad},${good}]}`);
    expect(reply.json()).toMatchObject({
      created: 1,
      rejected: [{ position: expect.stringContaining('item 0') as string, message: String.raw`metadata.annotations.a: Invalid value: "\x00": ${NUL_REASON}` }],
    });
  });

  it('NUL in a path or a query value, a repeated query parameter, an object for a taint key: 4xx naming what is wrong', async () => {
    expect((await api.get('/v1/nodes/a%00b')).statusCode).toBe(404);
    const selector = await api.get('/v1/nodes?labelSelector=a%00b');
    expect(selector.statusCode).toBe(400);
    expect(selector.json().message).toContain('labelSelector');
    const repeated = await api.get('/v1/nodes?labelSelector=a&labelSelector=b');
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().details).toEqual([{ field: 'labelSelector', reason: expect.stringContaining('must be a string') as string }]);
    const key = await expectNothingStored(api, db, () => api.put('/v1/nodes/k', { spec: { taints: [{ key: { a: 1 }, effect: 'NoSchedule' }] } }));
    expect(key.statusCode).toBe(400);
    expect(key.json().details).toEqual([{ field: 'spec.taints[0].key', reason: expect.stringContaining('must be a string') as string }]);
  });

  it('a JSON patch moving an object into its own child: 422 as kube-apiserver, the node unchanged', async () => {
    await api.putNode('mv', { metadata: { name: 'mv', labels: { a: 'b' } } });
    const patch = JSON.stringify([{ op: 'move', from: '/metadata', path: '/metadata/labels/x' }]);
    const reply = await expectNothingStored(api, db, () => api.raw('PATCH', '/api/v1/nodes/mv', patch, 'application/json-patch+json'));
    expect(reply.statusCode).toBe(422);
    expect((await api.get('/v1/nodes/mv')).json().metadata.labels).toEqual({ a: 'b' });
  });

  it('an import sent as a patch type (application/merge-patch+json): 415 naming the types an import reads, nothing stored', async () => {
    const body = JSON.stringify({ kind: 'List', items: [{ kind: 'Node', metadata: { name: 'typed' } }] });
    const reply = await expectNothingStored(api, db, () => api.raw('POST', '/v1/import', body, 'application/merge-patch+json'));
    expectApiError(
      reply,
      415,
      'content type "application/merge-patch+json" is not one an import reads: send what kubectl prints as JSON or YAML (application/json, application/yaml, application/x-yaml, text/yaml, text/x-yaml)',
    );
  });

  it("the API documentation's assets asked for through dot segments: 4xx, never 500 (sent raw: clients normalize them)", async () => {
    await t.app.listen(0, '127.0.0.1');
    const port = (t.app.getHttpServer().address() as { port: number }).port;
    for (const path of ['/docs/../x', '/docs/%2e%2e/x', '/docs/../../etc/passwd', '/docs/./x', '/docs//x']) {
      const status = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));
        let answer = '';
        socket.on('data', (chunk) => (answer += String(chunk)));
        socket.on('end', () => resolve(answer.split('\r\n')[0] ?? ''));
        socket.on('error', reject);
      });
      expect(status, path).toMatch(/^HTTP\/1\.1 4\d\d /);
    }
  });
});
