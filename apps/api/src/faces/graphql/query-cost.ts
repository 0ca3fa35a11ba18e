import type { ApolloServerPlugin } from '@apollo/server';
import type { ComplexityEstimatorArgs } from '@nestjs/graphql';
import type { ComplexityEstimator } from 'graphql-query-complexity';
import { fieldExtensionsEstimator, getComplexity, simpleEstimator } from 'graphql-query-complexity';
import { GraphQLError } from 'graphql';

/**
 * What an operation may cost, by graphql-query-complexity's estimate: each field 1, a list its
 * items' cost times how many it may hold, a whole Kubernetes object (`object`) 10. Room for a
 * page of 500 nodes with their taints, or a placement with its reasons, ten times over; not for a
 * hundred aliased placements or a page of 100,000 objects.
 */
export const MAX_QUERY_COST = 100_000;

/** Items a list of the stored cluster is counted as: a page (the `limit` argument, or 500). */
export const PAGE_ITEMS = 500;
/** A list the server sizes (every node of a placement, every eviction of an impact): counted as this many. */
export const RESULT_ITEMS = 100;
/** A list inside one object (its taints, a node's reasons): counted as this many. */
export const INNER_ITEMS = 10;
/** A whole Kubernetes object as JSON: what makes an answer large. */
export const OBJECT_COST = 10;

/**
 * A list field's cost for `complexity` in `@Field`/`@Query`: its items times what each selects, the
 * items being the `limit` argument when the field takes one, else `items`.
 */
export const listCost =
  (items: number) =>
  ({ args, childComplexity }: ComplexityEstimatorArgs): number => {
    const limit = typeof args['limit'] === 'number' && args['limit'] > 0 ? args['limit'] : items;
    return 1 + limit * Math.max(1, childComplexity);
  };

const estimators: ComplexityEstimator[] = [fieldExtensionsEstimator(), simpleEstimator({ defaultComplexity: 1 })];

/**
 * Refuses, before anything runs, an operation whose estimated cost is over MAX_QUERY_COST, with
 * its variables counted (a `limit` given as a variable). Runs after validation, whose SizeOf
 * rules (query-limits.ts) have already refused documents too deep or of too many fields: this walk
 * inlines fragments at each spread, which only those rules keep bounded.
 */
export const queryCost: ApolloServerPlugin = {
  requestDidStart() {
    return Promise.resolve({
      didResolveOperation({ request, document, schema }) {
        let cost: number;
        try {
          cost = getComplexity({ schema, query: document, variables: request.variables ?? {}, operationName: request.operationName, estimators });
        } catch (error) {
          // Variables that do not fit their types: nothing will run, and execution says so with
          // its own 400; thrown from here it would be answered as an internal error.
          if (error instanceof GraphQLError) return Promise.resolve();
          throw error;
        }
        if (cost <= MAX_QUERY_COST) return Promise.resolve();
        throw new GraphQLError(`query costs ${cost} (each field 1, a list its items times theirs, an object ${OBJECT_COST}); the limit is ${MAX_QUERY_COST}`, {
          extensions: { code: 'QUERY_TOO_COSTLY', http: { status: 400 } },
        });
      },
    });
  },
};
