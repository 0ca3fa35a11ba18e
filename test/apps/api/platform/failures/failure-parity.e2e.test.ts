import { beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../../../../../apps/api/src/configure-app';
import { useApiFixture } from '../../../../support/api-test-app';
import { gql } from '../../faces/graphql/graphql-client';

/**
 * The same failure answers the same status over REST and GraphQL (failure-answers.ts): REST's
 * status is GraphQL's `extensions.statusCode`, and the code is its reason phrase. Failures that
 * happen before GraphQL runs (the body's type, its size) are answered by the HTTP status itself,
 * in GraphQL's shape.
 */
describe('one failure, one status, on both faces', () => {
  const t = useApiFixture();
  const { api } = t;
  beforeAll(async () => {
    expect((await api.putNode('n1', { metadata: { name: 'n1' }, spec: { taints: [{ key: 'k', effect: 'NoSchedule' }] } })).statusCode).toBe(201);
  });

  const badNode = { metadata: { name: 'n2' }, spec: { taints: [{ key: 'k', effect: 'Sometimes' }] } };
  it.each([
    {
      kind: 'invalid',
      rest: () => api.putNode('n2', badNode),
      graphql: ['mutation($node: JSON!) { upsertNode(name: "n2", node: $node) { created } }', { node: badNode }] as const,
      status: 400,
      code: 'BAD_REQUEST',
    },
    {
      kind: 'not found',
      rest: () => api.getNode('nope'),
      graphql: ['{ node(name: "nope") { name } }', {}] as const,
      status: 404,
      code: 'NOT_FOUND',
    },
    {
      kind: 'conflict',
      rest: () => api.post('/v1/nodes/n1/taints', { key: 'k', effect: 'NoSchedule' }),
      graphql: ['mutation { addTaint(node: "n1", taint: {key: "k", effect: "NoSchedule"}) { name } }', {}] as const,
      status: 409,
      code: 'CONFLICT',
    },
  ])('$kind: $status over REST and GraphQL, with the same message and details', async ({ rest, graphql, status, code }) => {
    const restReply = await rest();
    const gqlReply = await gql(t.app, graphql[0], graphql[1]);
    expect(restReply.statusCode).toBe(status);
    expect(gqlReply.errors?.[0]?.extensions).toEqual({ code, statusCode: status, details: restReply.json().details ?? [] });
    expect(gqlReply.errors?.[0]?.message).toBe(restReply.json().message);
  });

  it('unsupported media type: 415 from both, GraphQL in its own shape', async () => {
    const payload = JSON.stringify({ query: '{ nodes { name } }' });
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    const restReply = await t.app.inject({ method: 'POST', url: '/v1/placement', payload, headers });
    const gqlReply = await t.app.inject({ method: 'POST', url: '/graphql', payload, headers });
    expect(restReply.statusCode).toBe(415);
    expect(gqlReply.statusCode).toBe(415);
    expect(gqlReply.json()).toEqual({
      errors: [{ message: restReply.json().message, extensions: { code: 'UNSUPPORTED_MEDIA_TYPE', statusCode: 415, details: [] } }],
    });
  });

  it('payload too large: 413 from both, GraphQL in its own shape', async () => {
    const payload = JSON.stringify({ query: '{ nodes { name } }', padding: 'x'.repeat(BODY_LIMIT_BYTES) });
    const headers = { 'content-type': 'application/json' };
    const restReply = await t.app.inject({ method: 'POST', url: '/v1/placement', payload, headers });
    const gqlReply = await t.app.inject({ method: 'POST', url: '/graphql', payload, headers });
    expect(restReply.statusCode).toBe(413);
    expect(gqlReply.statusCode).toBe(413);
    expect(gqlReply.json().errors[0].extensions).toEqual({ code: 'PAYLOAD_TOO_LARGE', statusCode: 413, details: [] });
  });
});
