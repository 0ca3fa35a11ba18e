import { type OperationDefinitionNode, getOperationAST, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { roleNeeded, rootFieldsOf } from '../../../../../apps/api/src/faces/graphql/graphql-roles';

/**
 * The role a GraphQL operation needs is read from every root field it may execute, however the
 * fields are reached: a role check that reads only the operation's own top-level fields lets an
 * operator delete a cluster from inside a fragment.
 */

const operationOf = (source: string, name?: string) => {
  const document = parse(source);
  return { document, operation: getOperationAST(document, name) as OperationDefinitionNode };
};

describe('rootFieldsOf and roleNeeded: every root field an operation may execute', () => {
  const cases = [
    { name: 'a query views', source: '{ nodes { name } }', fields: ['nodes'], role: 'viewer', field: 'nodes' },
    { name: 'a mutation operates', source: 'mutation { cordon(name: "n1") { name } }', fields: ['cordon'], role: 'operator', field: 'cordon' },
    {
      name: "deleting a cluster is an admin's",
      source: 'mutation { deleteCluster(name: "c") { name } }',
      fields: ['deleteCluster'],
      role: 'admin',
      field: 'deleteCluster',
    },
    {
      name: 'an alias is its field',
      source: 'mutation { gone: deleteCluster(name: "c") { name } }',
      fields: ['deleteCluster'],
      role: 'admin',
      field: 'deleteCluster',
    },
    {
      name: 'in an inline fragment on the root type',
      source: 'mutation { ... on Mutation { deleteCluster(name: "c") { name } } }',
      fields: ['deleteCluster'],
      role: 'admin',
      field: 'deleteCluster',
    },
    {
      name: 'in an inline fragment with no type, under @include',
      source: 'mutation($x: Boolean!) { ... @include(if: $x) { deleteCluster(name: "c") { name } } }',
      fields: ['deleteCluster'],
      role: 'admin',
      field: 'deleteCluster',
    },
    {
      name: 'in a named fragment spread',
      source: 'mutation { ...Gone } fragment Gone on Mutation { deleteCluster(name: "c") { name } }',
      fields: ['deleteCluster'],
      role: 'admin',
      field: 'deleteCluster',
    },
    {
      name: 'in a fragment spread by a fragment, beside a field that needs less',
      source: 'mutation { cordon(name: "n") { name } ...A } fragment A on Mutation { ...B } fragment B on Mutation { deleteCluster(name: "c") { name } }',
      fields: ['cordon', 'deleteCluster'],
      role: 'admin',
      field: 'deleteCluster',
    },
    {
      name: 'under @skip: it may run, so it counts',
      source: 'mutation { cordon(name: "n") { name } deleteCluster(name: "c") @skip(if: true) { name } }',
      fields: ['cordon', 'deleteCluster'],
      role: 'admin',
      field: 'deleteCluster',
    },
    {
      name: 'a fragment cycle (the validation refuses it) is walked once, and an unknown fragment adds nothing',
      source: 'mutation { ...A ...Missing } fragment A on Mutation { cordon(name: "n") { name } ...A }',
      fields: ['cordon'],
      role: 'operator',
      field: 'cordon',
    },
    {
      name: 'a subscription views',
      source: 'subscription { evictionEvents(cluster: "c") { kind } }',
      fields: ['evictionEvents'],
      role: 'viewer',
      field: 'evictionEvents',
    },
  ] as const;

  it.each(cases)('$name', ({ source, fields, role, field }) => {
    const { document, operation } = operationOf(source);
    expect(rootFieldsOf(document, operation)).toEqual(fields);
    expect(roleNeeded(document, operation)).toEqual({ role, field });
  });

  it('reads the operation asked for by name, not the others of the document', () => {
    const { document, operation } = operationOf('query Q { nodes { name } } mutation M { deleteCluster(name: "c") { name } }', 'Q');
    expect(roleNeeded(document, operation)).toEqual({ role: 'viewer', field: 'nodes' });
  });
});
