import { type JsonSchema, constant, described, integerField, listPageSchema, object, stringField } from '../../http/edge/answer-schemas';

/** A cluster as clusterObject (clusters.service.ts) answers it, for the OpenAPI document. */
export const clusterSchema: JsonSchema = object(
  {
    apiVersion: constant('taintgate.io/v1'),
    kind: constant('Cluster'),
    metadata: object({ name: stringField, resourceVersion: described(stringField, "the cluster's revision"), creationTimestamp: stringField }, [
      'name',
      'resourceVersion',
      'creationTimestamp',
    ]),
    status: object({ nodes: described(integerField, 'nodes it holds'), pods: described(integerField, 'pods it holds') }, ['nodes', 'pods']),
  },
  ['apiVersion', 'kind', 'metadata', 'status'],
);

export const clusterListSchema: JsonSchema = listPageSchema('ClusterList', { $ref: '#/components/schemas/Cluster' });
