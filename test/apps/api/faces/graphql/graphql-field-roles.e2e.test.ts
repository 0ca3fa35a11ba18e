import { GraphQLSchemaHost } from '@nestjs/graphql';
import type { GraphQLObjectType } from 'graphql';
import { createClient } from 'graphql-ws';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { roleOfRootField } from '../../../../../apps/api/src/faces/graphql/graphql-roles';
import { useApiFixture } from '../../../../support/api-test-app';
import { callOf, formsOf } from '../../../../support/graphql-operations';

/**
 * Every query and mutation of the schema, in every form a field can be reached by (plain, aliased,
 * in an inline fragment on the root type or with no type, in a named fragment, in a fragment spread
 * by a fragment), sent with a key of each role: refused with 403 before anything runs exactly when
 * the role is below the field's (a mutation operates; deleting a cluster is an admin's), as the REST
 * route doing the same. Over graphql-ws, queries and mutations are refused (HTTP serves them) and a
 * subscription reached through fragments runs.
 */

const ADMIN_TOKEN = 'test-admin-token-0123456789abcdefghij';
type Role = 'viewer' | 'operator' | 'admin';
const ROLES: readonly Role[] = ['viewer', 'operator', 'admin'];

describe('GraphQL: every field a role may not run is refused, in every form (TAINTGATE_AUTH=on)', () => {
  const t = useApiFixture({ TAINTGATE_AUTH: 'on', TAINTGATE_ADMIN_TOKEN: ADMIN_TOKEN });
  const admin = t.api.as(ADMIN_TOKEN);
  const keys: Record<Role, string> = { viewer: '', operator: '', admin: '' };
  let query: GraphQLObjectType;
  let mutation: GraphQLObjectType;

  beforeAll(async () => {
    for (const role of ROLES) {
      const reply = await admin.post('/v1/apikeys', { metadata: { name: `${role}-key` }, spec: { role } });
      keys[role] = reply.json<{ key: string }>().key;
    }
    expect((await admin.put('/v1/nodes/n1', { metadata: { name: 'n1' } })).statusCode).toBe(201);
    const schema = t.app.get(GraphQLSchemaHost).schema;
    query = schema.getQueryType() as GraphQLObjectType;
    mutation = schema.getMutationType() as GraphQLObjectType;
  });

  const post = (key: string, body: unknown) =>
    t.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, payload: body as object });

  /** What an operation's answer says of its role check: refused (403, FORBIDDEN) or let through (anything else, a failure of the made-up values included). */
  async function refused(role: Role, source: string): Promise<boolean> {
    const reply = await post(keys[role], { query: source });
    const errors = (reply.json<{ errors?: { extensions?: { code?: string } }[] }>().errors ?? []).map((e) => e.extensions?.code);
    // Never a validation failure: the walk must reach the role check (or the resolver) with every form.
    expect(errors, `${role}: ${source}: ${reply.body}`).not.toContain('GRAPHQL_VALIDATION_FAILED');
    expect(reply.statusCode, `${role}: ${source}`).toBeLessThan(500);
    const forbidden = reply.statusCode === 403;
    expect(errors.includes('FORBIDDEN'), `${role}: ${source}: ${reply.body}`).toBe(forbidden);
    return forbidden;
  }

  it('every mutation: refused below its role in every form, nothing done; let through at its role', async () => {
    const fields = Object.values(mutation.getFields());
    expect(fields.map((f) => f.name)).toContain('deleteCluster');
    const seen: string[] = [];
    for (const field of fields) {
      const needed = roleOfRootField('mutation' as never, field.name);
      for (const [form, source] of Object.entries(formsOf('mutation', mutation.name, callOf(field)))) {
        for (const role of ROLES) {
          const below = ROLES.indexOf(role) < ROLES.indexOf(needed);
          // Past the role, only the lowest role allowed runs it: the others would only run it again.
          if (!below && role !== needed) continue;
          expect(await refused(role, source), `${field.name} (${form}) as ${role}`).toBe(below);
        }
      }
      seen.push(`${field.name}: ${needed}`);
    }
    expect(seen).toContain('deleteCluster: admin');
    expect(seen).toContain('cordon: operator');
  }, 120_000);

  it("a viewer's cordon in each form is refused before it runs: the node is not cordoned", async () => {
    for (const source of Object.values(formsOf('mutation', 'Mutation', 'cordon(name: "n1") { name }'))) expect(await refused('viewer', source)).toBe(true);
    expect((await admin.get('/v1/nodes/n1')).json().spec?.unschedulable).toBeUndefined();
  });

  it('every query: a viewer runs it in every form', async () => {
    for (const field of Object.values(query.getFields())) {
      for (const [form, source] of Object.entries(formsOf('query', query.name, callOf(field)))) {
        expect(await refused('viewer', source), `${field.name} (${form})`).toBe(false);
      }
    }
  }, 120_000);

  it('an operator deleting a cluster through a fragment is refused and the cluster stays', async () => {
    expect((await admin.put('/v1/clusters/kept', { metadata: { name: 'kept' } })).statusCode).toBeLessThan(300);
    const reply = await post(keys.operator, { query: 'mutation { ... on Mutation { deleteCluster(name: "kept") { name } } }' });
    expect(reply.statusCode).toBe(403);
    expect(reply.json().errors[0].message).toBe(
      'forbidden: API key "operator-key" has the operator role and cannot mutation deleteCluster: the admin role is needed',
    );
    expect((await admin.get('/v1/clusters/kept')).statusCode).toBe(200);
  });

  it('a batch of operations is refused whole (batching is off): a refused mutation cannot ride in it', async () => {
    const reply = await post(keys.viewer, [{ query: '{ nodes { name } }' }, { query: 'mutation { cordon(name: "n1") { name } }' }]);
    expect(reply.statusCode).toBe(400);
  });

  describe('over graphql-ws', () => {
    let url = '';
    beforeAll(async () => {
      await t.app.listen(0, '127.0.0.1');
      url = `ws://127.0.0.1:${(t.app.getHttpServer().address() as { port: number }).port}/graphql`;
    });

    /** The first thing the socket answers the operation: its errors' messages, or 'next' for a result. */
    function first(key: string, source: string): Promise<string[] | 'next'> {
      const client = createClient({ url, webSocketImpl: WebSocket, retryAttempts: 0, connectionParams: { Authorization: `Bearer ${key}` } });
      return new Promise<string[] | 'next'>((resolve) => {
        const dispose = client.subscribe(
          { query: source },
          {
            next: () => resolve('next'),
            error: (errors) => resolve((errors as { message: string }[]).map((e) => e.message)),
            complete: () => resolve([]),
          },
        );
        // A subscription admitted answers nothing until an event: give it a moment, then call it running.
        setTimeout(() => resolve('next'), 400);
        return dispose;
      }).finally(() => void client.dispose());
    }

    it('queries and mutations are refused whatever the key (HTTP serves them), in any form', async () => {
      expect(await first(keys.admin, 'mutation { ...F } fragment F on Mutation { deleteCluster(name: "kept") { name } }')).toEqual([
        'mutations are served over HTTP at POST /graphql, not over WebSocket',
      ]);
      expect(await first(keys.viewer, '{ ... on Query { nodes { name } } }')).toEqual(['queries are served over HTTP at POST /graphql, not over WebSocket']);
      expect((await admin.get('/v1/clusters/kept')).statusCode).toBe(200);
    });

    it('a subscription reached through fragments runs for a viewer', async () => {
      const subscription = t.app.get(GraphQLSchemaHost).schema.getSubscriptionType() as GraphQLObjectType;
      for (const field of Object.values(subscription.getFields())) {
        for (const source of Object.values(formsOf('subscription', subscription.name, callOf(field)))) {
          expect(await first(keys.viewer, source), source).toBe('next');
        }
      }
    });
  });
});
