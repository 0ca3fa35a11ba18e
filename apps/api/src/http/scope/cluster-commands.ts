import { DEFAULT_CLUSTER, FieldPath, type ListChunking, ShapeChecker, fieldError, isDNS1123Label } from '@taintgate/domain';
import { operation } from '../edge/operation';
import { checked, listChunking } from '../edge/request-fields';

const root = FieldPath.root();

/**
 * Every path under `/v1/` is also served under `/v1/clusters/{cluster}/`: the same operations,
 * for that cluster. The paths without it serve the cluster named `default`.
 */
export const clusterPaths = (path?: string): string[] => (path ? [`v1/${path}`, `v1/clusters/:cluster/${path}`] : ['v1', 'v1/clusters/:cluster']);

/** A cluster's name: a DNS-1123 label, as Kubernetes names a namespace. */
function clusterNameIn(shape: ShapeChecker, value: unknown, required: boolean): string | undefined {
  const name = shape.string(value, root.child('cluster'), required);
  if (name === undefined) return undefined;
  for (const message of isDNS1123Label(name)) shape.errors.push(fieldError.invalid(root.child('cluster'), name, message));
  return name;
}

/**
 * The cluster a request is about: `{cluster}` in a /v1/clusters/{cluster}/... path, or GraphQL's
 * `cluster` argument; the default cluster when neither names one.
 */
export const clusterScope = operation<string>({
  rest: ({ params }) => ({ cluster: params.cluster }),
  parse(input) {
    const shape = new ShapeChecker();
    const name = clusterNameIn(shape, input.cluster, false);
    return checked(shape, () => name ?? DEFAULT_CLUSTER);
  },
  clusterOf: (cluster) => cluster,
});

/**
 * The cluster a question about access is asked in (`kubectl auth can-i` under /clusters/{cluster}):
 * parsed as clusterScope, but not held to the caller's clusters, as the answer says whether the
 * key holds it (its route takes any cluster: route-access.ts).
 */
export const clusterAsked = operation<string>({
  rest: clusterScope.rest,
  parse: clusterScope.parse,
});

/** PUT, GET and DELETE /v1/clusters/{cluster}, and GraphQL's cluster mutations: the cluster named, required. */
export const clusterName = operation<string>({
  rest: ({ params }) => ({ cluster: params.cluster }),
  parse(input) {
    const shape = new ShapeChecker();
    const name = clusterNameIn(shape, input.cluster, true);
    return checked(shape, () => name ?? '');
  },
  clusterOf: (cluster) => cluster,
});

/** GET /v1/clusters and the `clusters` and `clusterList` queries: a page of the clusters, by name. */
export const listClusters = operation<ListChunking>({
  rest: ({ query }) => query,
  parse(input) {
    const shape = new ShapeChecker();
    const chunking = listChunking(shape, input);
    return checked(shape, () => chunking);
  },
});
