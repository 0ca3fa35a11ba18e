import { beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, expectNothingStored } from '../../../../support/api-client';
import { useApiFixture } from '../../../../support/api-test-app';

const advice = 'send JSON with content-type application/json';
const node = JSON.stringify({ metadata: { name: 'n1', labels: { pool: 'gpu' } } });

describe('request bodies: JSON only (edge/json-bodies.ts)', () => {
  const t = useApiFixture();
  const { api, db } = t;
  beforeAll(async () => {
    expect((await api.putNode('existing')).statusCode).toBe(201);
  });

  it.each([
    ["curl -d's form encoding", 'application/x-www-form-urlencoded', node],
    ['an HTML form posted cross-site', 'application/x-www-form-urlencoded', 'metadata[name]=n1'],
    ['multipart form data', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--'],
    ['plain text', 'text/plain', node],
    ['YAML (not accepted yet)', 'application/yaml', 'metadata:\n  name: n1\n'],
  ])('%s: 415 naming the accepted type, nothing stored', async (_name, contentType, payload) => {
    const reply = await expectNothingStored(api, db, () =>
      t.app.inject({ method: 'PUT', url: '/v1/nodes/n1', payload, headers: { 'content-type': contentType } }),
    );
    expectApiError(reply, 415, `content type ${JSON.stringify(contentType)} is not supported: ${advice}`);
  });

  it('a body with no content type at all: 415, nothing stored', async () => {
    const reply = await expectNothingStored(api, db, () =>
      t.app.inject({ method: 'POST', url: '/v1/taint', payload: Buffer.from(JSON.stringify({ all: true, taints: ['k:NoExecute'] })) }),
    );
    expectApiError(reply, 415, `the request body has no content type: ${advice}`);
  });

  it('JSON with a charset parameter is JSON', async () => {
    const reply = await t.app.inject({
      method: 'PUT',
      url: '/v1/nodes/charset',
      payload: node.replace('n1', 'charset'),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(reply.statusCode).toBe(201);
  });

  it('a DELETE that declares JSON and sends no body is answered as one without', async () => {
    expect((await api.putNode('gone')).statusCode).toBe(201);
    const reply = await t.app.inject({ method: 'DELETE', url: '/v1/nodes/gone', headers: { 'content-type': 'application/json' } });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().metadata.name).toBe('gone');
  });

  describe("integers beyond 2^53 are read exactly; the parser is fastify's otherwise", () => {
    const big = '9223372036854775807';
    const tolerating = (extra: string) =>
      `{"metadata":{"name":"big"${extra}},"spec":{"tolerations":[{"key":"k","operator":"Exists","effect":"NoExecute","tolerationSeconds":${big}}]}}`;

    it.each([
      ['a __proto__ key', tolerating(',"labels":{"__proto__":{"polluted":"yes"}}')],
      ['a constructor.prototype key', tolerating(',"labels":{"constructor":{"prototype":{"polluted":"yes"}}}')],
      ['JSON that does not parse', `${tolerating('')}}`],
    ])('%s beside a big integer: refused as fastify refuses it, nothing stored', async (_name, payload) => {
      const reply = await expectNothingStored(api, db, () => api.raw('PUT', '/v1/namespaces/default/pods/big', payload));
      expectApiError(reply, 400, "Body is not valid JSON but content-type is set to 'application/json'");
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    });

    it('of a duplicated key the last value counts, as with JSON.parse', async () => {
      const reply = await api.raw(
        'PUT',
        '/v1/namespaces/default/pods/dup',
        tolerating(',"name":"dup","labels":{"a":"1","a":"2"}').replace('"name":"big",', ''),
      );
      expect(reply.statusCode).toBe(201);
      expect(reply.json().metadata.labels).toEqual({ a: '2' });
      expect(reply.body).toContain(`"tolerationSeconds":${big}`);
    });
  });

  it('a PUT that declares JSON and sends no body is refused as JSON that does not parse, nothing stored', async () => {
    const reply = await expectNothingStored(api, db, () => api.raw('PUT', '/v1/nodes/empty', ''));
    expectApiError(reply, 400, "Body cannot be empty when content-type is set to 'application/json'");
  });
});
