import { type JsonSchema, booleanField, constant, described, integerField, listPageSchema, object, stringField } from '../../http/edge/answer-schemas';

const modeField = described(
  { type: 'string', enum: ['managed', 'mirror'] },
  'managed: taintgate holds the truth and carries NoExecute out; mirror: a copy of a cluster that runs elsewhere, where evictions are predicted',
);

/** A mirror's source as answered (cluster-view.ts): never its credentials, only which kind it holds. */
const sourceSchema: JsonSchema = object(
  {
    server: described(stringField, 'the API server, with any path prefix'),
    caData: described(stringField, 'PEM root certificates, base64'),
    insecureSkipTLSVerify: booleanField,
    context: described(stringField, 'the kubeconfig context it was read from'),
    auth: described({ type: 'string', enum: ['token', 'clientCertificate', 'none'] }, 'which credentials are held (write-only, encrypted at rest)'),
  },
  ['server', 'insecureSkipTLSVerify', 'auth'],
);

const nullableTime = (description: string): JsonSchema => ({ type: 'string', nullable: true, description });

/** A mirror's sync as syncView (cluster-view.ts) answers it. */
const syncSchema: JsonSchema = object(
  {
    state: described({ type: 'string', enum: ['Pending', 'Listing', 'Watching', 'Retrying'] }, 'Watching: every kind listed and watched, every event stored'),
    synced: booleanField,
    syncedAt: nullableTime('when the twin was last in step with its source'),
    lagSeconds: described(integerField, 'how long since it was last in step (before its first sync: since it was asked for); 0 while Watching'),
    lastEventTime: nullableTime('when the last change from the source was stored'),
    lastError: { type: 'string', nullable: true },
    lastErrorTime: nullableTime('when'),
  },
  ['state', 'synced', 'syncedAt', 'lagSeconds', 'lastEventTime', 'lastError', 'lastErrorTime'],
);

/** A cluster as clusterObject (cluster-view.ts) answers it, for the OpenAPI document. */
export const clusterSchema: JsonSchema = object(
  {
    apiVersion: constant('taintgate.io/v1'),
    kind: constant('Cluster'),
    metadata: object({ name: stringField, resourceVersion: described(stringField, "the cluster's revision"), creationTimestamp: stringField }, [
      'name',
      'resourceVersion',
      'creationTimestamp',
    ]),
    spec: object({ mode: modeField, source: sourceSchema }, ['mode']),
    status: object(
      {
        nodes: described(integerField, 'nodes it holds'),
        pods: described(integerField, 'pods it holds'),
        sync: described(syncSchema, 'a mirror with a source: how its sync goes'),
      },
      ['nodes', 'pods'],
    ),
  },
  ['apiVersion', 'kind', 'metadata', 'spec', 'status'],
);

export const clusterListSchema: JsonSchema = listPageSchema('ClusterList', { $ref: '#/components/schemas/Cluster' });

/** PUT /v1/clusters/{name}'s body (cluster-put.ts): none, `{"spec": ...}`, or the Cluster object. */
export const clusterPutSchema: JsonSchema = object({
  apiVersion: constant('taintgate.io/v1'),
  kind: constant('Cluster'),
  metadata: object({ name: described(stringField, 'the name in the path, if given') }),
  spec: object({
    mode: described(modeField, 'managed when absent'),
    source: described(
      object({
        server: described(stringField, 'https:// URL of the API server, with any path prefix'),
        caData: described(stringField, "PEM root certificates, base64 (a kubeconfig's certificate-authority-data)"),
        insecureSkipTLSVerify: booleanField,
        token: described(stringField, 'a bearer token (write-only: never answered; encrypted at rest)'),
        kubeconfig: described(stringField, 'a kubeconfig (YAML or JSON text), instead of the fields above: read once, its context kept'),
        context: described(stringField, "the kubeconfig's context; its current-context when absent"),
      }),
      "a mirror's only: the API server it is kept in step from; credentials left out keep those stored for the same server",
    ),
  }),
});
