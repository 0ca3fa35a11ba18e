import { GraphQLSchemaHost } from '@nestjs/graphql';
import { describe, expect, it } from 'vitest';
import { buildSchemaText, committedSchemaText, printSortedSchema } from '../../../../../apps/api/src/faces/graphql/schema-file';
import { MAX_QUERY_COST } from '../../../../../apps/api/src/faces/graphql/query-cost';
import { MAX_QUERY_COMPLEXITY, MAX_QUERY_DEPTH } from '../../../../../apps/api/src/faces/graphql/query-limits';
import { useApiFixture } from '../../../../support/api-test-app';
import { gql, gqlData } from './graphql-client';

const REGENERATE = 'schema.graphql is out of date: run `npm run graphql:schema` and commit the file';

describe('GraphQL: the committed schema, and the query limits', () => {
  const t = useApiFixture();

  it('schema.graphql is what the resolvers describe', async () => {
    expect(await buildSchemaText(), REGENERATE).toBe(committedSchemaText());
  });

  it('the server serves the committed schema', () => {
    expect(printSortedSchema(t.app.get(GraphQLSchemaHost).schema), REGENERATE).toBe(committedSchemaText());
  });

  it('introspection is allowed however deep its ofType chains go', async () => {
    const data = await gqlData(
      t.app,
      '{ __schema { types { name fields { name type { ofType { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } } }',
    );
    expect(data.__schema.types.length).toBeGreaterThan(10);
  });

  it(`refuses an operation nested deeper than ${MAX_QUERY_DEPTH} levels`, async () => {
    // Fragments count where they are spread; the schema has no honest path this deep.
    const deep = 'query { placement { nodes { reasons { taint { ...A } } } } } fragment A on Taint { a { b { c { d { e { f } } } } } }';
    const reply = await gql(t.app, deep);
    expect(reply.data ?? undefined).toBeUndefined();
    expect(reply.errors?.map((e) => e.message)).toContain(`query is nested 10 levels deep; the limit is ${MAX_QUERY_DEPTH}`);
    expect(reply.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    // A query at the limit's side passes the rule.
    await gqlData(t.app, 'query { placement(pod: {}) { nodes { reasons { taint { key } } } } }');
  });

  it(`refuses an operation selecting more than ${MAX_QUERY_COMPLEXITY} fields`, async () => {
    const aliases = Array.from({ length: 300 }, (_, i) => `n${i}: nodes { name labels taints { key } }`).join(' ');
    const reply = await gql(t.app, `query { ${aliases} }`);
    expect(reply.data ?? undefined).toBeUndefined();
    expect(reply.errors).toEqual([
      expect.objectContaining({
        message: `query selects 1500 fields; the limit is ${MAX_QUERY_COMPLEXITY}`,
        extensions: expect.objectContaining({ code: 'GRAPHQL_VALIDATION_FAILED' }),
      }),
    ]);
    const fewer = Array.from({ length: 100 }, (_, i) => `n${i}: nodes { name }`).join(' ');
    await gqlData(t.app, `query { ${fewer} }`);
  });

  it('measures each fragment once: fragments that each spread the next twice (2^40 fields) are refused at once', async () => {
    // Inlining every spread anew took 19 s for 20 levels; 40 would never end.
    const levels = 40;
    const fragments = Array.from({ length: levels }, (_, i) => `fragment F${i} on Taint { ...F${i + 1} ...F${i + 1} }`).join(' ');
    const document = `query { placement { nodes { reasons { taint { ...F0 } } } } } ${fragments} fragment F${levels} on Taint { key }`;
    expect(document.length).toBeLessThan(2048);
    const reply = await gql(t.app, document);
    expect(reply.data ?? undefined).toBeUndefined();
    // 2^40 keys, and placement, nodes, reasons and taint: counted, not walked.
    expect(reply.errors?.map((e) => e.message)).toEqual([`query selects ${2 ** levels + 4} fields; the limit is ${MAX_QUERY_COMPLEXITY}`]);
  });

  it(`refuses an operation whose estimated cost is over ${MAX_QUERY_COST} (graphql-query-complexity, lists by their items)`, async () => {
    // Each pods list is a page of 500 (its limit) whole objects (10 each): 5,001; thirty of them, 150,030.
    const aliases = Array.from({ length: 30 }, (_, i) => `p${i}: pods { object }`).join(' ');
    const reply = await t.app.inject({ method: 'POST', url: '/graphql', payload: { query: `query { ${aliases} }` } });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().errors).toEqual([
      expect.objectContaining({
        message: `query costs 150030 (each field 1, a list its items times theirs, an object 10); the limit is ${MAX_QUERY_COST}`,
        extensions: expect.objectContaining({ code: 'QUERY_TOO_COSTLY' }),
      }),
    ]);
    // Ten of them, and an honest placement with every reason and taint, cost less.
    await gqlData(t.app, `query { ${Array.from({ length: 10 }, (_, i) => `p${i}: pods { object }`).join(' ')} }`);
    await gqlData(t.app, 'query { placement(pod: {}) { summary nodes { name feasible score reasons { code message taint { key value effect } } } } }');
  });
});
