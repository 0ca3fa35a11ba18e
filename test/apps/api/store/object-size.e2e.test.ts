import { MAX_OBJECT_BYTES, MAX_REQUEST_BODY_BYTES } from '@taintgate/domain';
import { describe, expect, it } from 'vitest';
import { expectApiError, expectNothingStored } from '../../../support/api-client';
import { useApiFixture } from '../../../support/api-test-app';
import { gqlError } from '../faces/graphql/graphql-client';

/**
 * The sizes a Kubernetes cluster bounds: a request body of at most 3 MiB (kube-apiserver's
 * MaxRequestBodyBytes, `Request entity too large: limit is 3145728`) on every route but the
 * import, which reads its body as it arrives; an object of at most 1.5 MiB (etcd's request limit,
 * `etcdserver: request is too large`), by whatever write stores it, and rejected alone in an import.
 */
const bytesOf = (value: unknown): number => Buffer.byteLength(JSON.stringify(value));
/** A node made large by a field nothing validates (annotations are limited to 256 KiB by validation). */
const padded = (name: string, padding: number) => ({ metadata: { name }, spec: { podCIDR: 'x'.repeat(padding) } });
const tooLargeMessage = (resource: string, name: string, bytes: number) =>
  `Request entity too large: ${resource} "${name}" is ${bytes} bytes as JSON, limit is 1572864 (etcdserver: request is too large)`;

describe('size limits', () => {
  const t = useApiFixture();
  const { api, db } = t;

  it('a body over 3 MiB: 413 with the limit, nothing stored', async () => {
    const body = padded('huge', MAX_REQUEST_BODY_BYTES);
    const reply = await expectNothingStored(api, db, () => api.putNode('huge', body));
    expectApiError(reply, 413, 'Request entity too large: limit is 3145728');
    const placement = await api.post('/v1/placement', { pod: { metadata: { name: 'p' } }, nodes: [body] });
    expectApiError(placement, 413, 'Request entity too large: limit is 3145728');
  });

  it('a node or pod over 1.5 MiB: 413 naming it and the limit, nothing stored', async () => {
    const node = padded('big', MAX_OBJECT_BYTES);
    const reply = await expectNothingStored(api, db, () => api.putNode('big', node));
    expect(reply.statusCode).toBe(413);
    expect(reply.json().message).toMatch(/^Request entity too large: nodes "big" is \d+ bytes as JSON, limit is 1572864 \(etcdserver: request is too large\)$/);

    const pod = { metadata: { name: 'heavy' }, spec: { containers: [{ name: 'c', image: 'busybox' }] }, status: { message: 'x'.repeat(MAX_OBJECT_BYTES) } };
    const podReply = await expectNothingStored(api, db, () => api.putPod('default', 'heavy', pod));
    expect(podReply.statusCode).toBe(413);
    expect(podReply.json().message).toMatch(/^Request entity too large: pods "heavy" is \d+ bytes as JSON, limit is 1572864/);

    const viaGraphql = await gqlError(t.app, 'mutation ($node: JSON!) { upsertNode(name: "big", node: $node) { created } }', { node }, 'PAYLOAD_TOO_LARGE');
    expect(viaGraphql.extensions?.statusCode).toBe(413);
    expect((await api.getNode('big')).statusCode).toBe(404);
  });

  it('a node just under the limit is stored; a taint that takes it over is refused, the node left as it was', async () => {
    await api.putNode('edge', padded('edge', 1000));
    const first = bytesOf((await api.getNode('edge')).json());
    const stored = await api.putNode('edge', padded('edge', 1000 + (MAX_OBJECT_BYTES - 40 - first)));
    expect(stored.statusCode).toBe(200);
    expect(bytesOf(stored.json())).toBeLessThanOrEqual(MAX_OBJECT_BYTES);
    const reply = await expectNothingStored(api, db, () =>
      api.post('/v1/nodes/edge/taints', { key: 'dedicated', value: 'gpu-a100-80gb', effect: 'NoSchedule' }),
    );
    expect(reply.statusCode).toBe(413);
    expect(reply.json().message).toMatch(/^Request entity too large: nodes "edge" is \d+ bytes as JSON/);
  });

  it('an import rejects an object over 1.5 MiB on its own and stores the rest', async () => {
    const big = { apiVersion: 'v1', kind: 'Node', ...padded('big-import', MAX_OBJECT_BYTES) };
    const items = [{ apiVersion: 'v1', kind: 'Node', metadata: { name: 'small' } }, big, { apiVersion: 'v1', kind: 'Node', metadata: { name: 'small-2' } }];
    // Pretty-printed, as kubectl prints it: the limit is on the object as stored (compact JSON), not on its spaces.
    const reply = await api.raw('POST', '/v1/clusters/imported/import', JSON.stringify({ apiVersion: 'v1', kind: 'List', items }, null, 4));
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      created: 2,
      rejected: [
        {
          kind: 'Node',
          name: 'big-import',
          position: expect.stringMatching(/^document 0, item 1 /),
          message: tooLargeMessage('nodes', 'big-import', bytesOf(big)),
        },
      ],
    });
    const names = (await api.get('/v1/clusters/imported/nodes')).json().items.map((n: any) => n.metadata.name);
    expect(names).toEqual(['small', 'small-2']);

    // Spaces alone do not make an object too large.
    const roomy = { apiVersion: 'v1', kind: 'Node', ...padded('roomy', 1000) };
    const spaced = `{"apiVersion":"v1","kind":"List","items":[{${' '.repeat(MAX_OBJECT_BYTES)}${JSON.stringify(roomy).slice(1)}]}`;
    expect(Buffer.byteLength(spaced)).toBeGreaterThan(MAX_OBJECT_BYTES);
    expect((await api.raw('POST', '/v1/clusters/imported/import', spaced)).json()).toMatchObject({ created: 1, rejected: [] });
  });
});
