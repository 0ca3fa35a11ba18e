import { CORE_V1, type GroupVersionKind, META_V1, coreKind } from './schema-dsl';

/**
 * The operations of /api/v1 this service serves, as OpenAPI v3 paths: kubectl explain finds a
 * resource's kind from them (x-kubernetes-group-version-kind of /api/v1/nodes' operations), and
 * kubectl apply reads the patch types a PATCH accepts. Only the query parameters the server
 * honours are listed: kubectl sends fieldValidation and dryRun only where the document lists them
 * (without fieldValidation it validates against the v2 schema itself; dryRun, which every write
 * honours, is listed on each; without it kubectl would refuse
 * --dry-run=server rather than have the server ignore it).
 */

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Action = 'get' | 'list' | 'post' | 'put' | 'patch' | 'delete';

interface Parameter {
  readonly name: string;
  readonly in: 'query' | 'path';
  readonly description: string;
  readonly required?: boolean;
  readonly schema: { readonly type: 'string' | 'integer' | 'boolean'; readonly uniqueItems?: true };
}

const query = (name: string, type: 'string' | 'integer' | 'boolean', description: string): Parameter => ({
  name,
  in: 'query',
  description,
  schema: { type, uniqueItems: true },
});
const pathParameter = (name: string, description: string): Parameter => ({
  name,
  in: 'path',
  description,
  required: true,
  schema: { type: 'string', uniqueItems: true },
});

const labelSelector = query('labelSelector', 'string', 'Only the objects whose labels match (k=v, k!=v, k in (a,b), !k).');
const fieldSelector = query(
  'fieldSelector',
  'string',
  'Only the objects whose fields match (metadata.name=x, spec.nodeName=y); each kind selects on a few fields.',
);
const limit = query('limit', 'integer', 'At most this many objects; metadata.continue then reads the rest.');
const continueToken = query('continue', 'string', 'The metadata.continue of the previous page.');
const watch = query('watch', 'boolean', 'Stream changes (WatchEvents) instead of answering a list.');
const resourceVersion = query('resourceVersion', 'string', 'For a watch: the version of the list to start from.');

/** metav1.CreateOptions', UpdateOptions', PatchOptions' and DeleteOptions' dryRun, on every write. */
const dryRun = query('dryRun', 'string', 'All: the write is checked, decided and answered as it would be, and nothing is stored.');
const WRITES: ReadonlySet<Method> = new Set(['post', 'put', 'patch', 'delete']);

const listParameters = (selectable: boolean) => [...(selectable ? [labelSelector] : []), fieldSelector, limit, continueToken, watch, resourceVersion];

const json = (schema: string) => ({ 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } });

/** kube-apiserver's accepted patch types but server-side apply's application/apply-patch+yaml. */
const patchBody = {
  required: true,
  content: Object.fromEntries(
    ['application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json'].map((type) => [
      type,
      { schema: { $ref: `#/components/schemas/${META_V1}Patch` } },
    ]),
  ),
};

interface OperationSpec {
  readonly method: Method;
  readonly action: Action;
  readonly id: string;
  readonly description: string;
  readonly kind: GroupVersionKind;
  /** The definition of the answer (200). */
  readonly answer: string;
  /** The definition of the body, or 'patch'. */
  readonly body?: string;
  readonly parameters?: readonly Parameter[];
  readonly created?: boolean;
}

function operation(spec: OperationSpec) {
  const responses: Record<string, unknown> = {
    '200': { description: 'OK', content: json(spec.answer) },
    ...(spec.created ? { '201': { description: 'Created', content: json(spec.answer) } } : {}),
    '401': { description: 'Unauthorized' },
  };
  const body = spec.body === undefined ? {} : { requestBody: spec.body === 'patch' ? patchBody : { required: true, content: json(spec.body) } };
  return {
    [spec.method]: {
      description: spec.description,
      operationId: spec.id,
      tags: ['core_v1'],
      ...parametersOf(spec),
      ...body,
      responses,
      'x-kubernetes-action': spec.action,
      'x-kubernetes-group-version-kind': spec.kind,
    },
  };
}

function parametersOf(spec: OperationSpec) {
  const parameters = [...(spec.parameters ?? []), ...(WRITES.has(spec.method) ? [dryRun] : [])];
  return parameters.length > 0 ? { parameters } : {};
}

const name = (kind: string) => pathParameter('name', `The ${kind}'s name.`);
const namespace = pathParameter('namespace', 'The namespace.');

/** Read, replace, patch and delete of one object at `path`; `Kind` for ids ("Node", "NamespacedPod"). */
function objectPaths(kind: string, idKind: string, scope: readonly Parameter[]) {
  const gvk = coreKind(kind);
  const type = `${CORE_V1}${kind}`;
  const lower = kind.toLowerCase();
  return {
    parameters: [...scope, name(lower)],
    ...operation({ method: 'get', action: 'get', id: `readCoreV1${idKind}`, description: `read the ${lower}`, kind: gvk, answer: type }),
    ...operation({
      method: 'put',
      action: 'put',
      id: `replaceCoreV1${idKind}`,
      description: `replace the ${lower}`,
      kind: gvk,
      answer: type,
      body: type,
      created: true,
    }),
    ...operation({
      method: 'patch',
      action: 'patch',
      id: `patchCoreV1${idKind}`,
      description: `partially update the ${lower}`,
      kind: gvk,
      answer: type,
      body: 'patch',
    }),
    ...operation({
      method: 'delete',
      action: 'delete',
      id: `deleteCoreV1${idKind}`,
      description: `delete the ${lower}`,
      kind: gvk,
      answer: type,
      body: `${META_V1}DeleteOptions`,
    }),
  };
}

function listPath(kind: string, id: string, selectable: boolean, scope: readonly Parameter[], create: boolean) {
  const gvk = coreKind(kind);
  const type = `${CORE_V1}${kind}`;
  return {
    ...(scope.length > 0 ? { parameters: scope } : {}),
    ...operation({
      method: 'get',
      action: 'list',
      id: `listCoreV1${id}`,
      description: `list or watch ${kind} objects`,
      kind: gvk,
      answer: `${type}List`,
      parameters: listParameters(selectable),
    }),
    ...(create
      ? operation({
          method: 'post',
          action: 'post',
          id: `createCoreV1${id}`,
          description: `create a ${kind.toLowerCase()}`,
          kind: gvk,
          answer: type,
          body: type,
          created: true,
        })
      : {}),
  };
}

export const coreV1Paths = () => ({
  '/api/v1/nodes': listPath('Node', 'Node', true, [], true),
  '/api/v1/nodes/{name}': objectPaths('Node', 'Node', []),
  '/api/v1/pods': listPath('Pod', 'PodForAllNamespaces', true, [], false),
  '/api/v1/namespaces/{namespace}/pods': listPath('Pod', 'NamespacedPod', true, [namespace], true),
  '/api/v1/namespaces/{namespace}/pods/{name}': objectPaths('Pod', 'NamespacedPod', [namespace]),
  '/api/v1/namespaces/{namespace}/pods/{name}/eviction': {
    parameters: [namespace, pathParameter('name', "The pod's name.")],
    ...operation({
      method: 'post',
      action: 'post',
      id: 'createCoreV1NamespacedPodEviction',
      description: 'evict the pod: it is deleted gracefully unless that would break a disruption budget',
      kind: { group: 'policy', version: 'v1', kind: 'Eviction' },
      answer: 'io.k8s.api.policy.v1.Eviction',
      body: 'io.k8s.api.policy.v1.Eviction',
      created: true,
    }),
  },
  '/api/v1/events': listPath('Event', 'EventForAllNamespaces', false, [], false),
  '/api/v1/namespaces/{namespace}/events': listPath('Event', 'NamespacedEvent', false, [namespace], false),
  '/api/v1/namespaces': listPath('Namespace', 'Namespace', false, [], false),
  '/api/v1/namespaces/{name}': {
    parameters: [name('namespace')],
    ...operation({
      method: 'get',
      action: 'get',
      id: 'readCoreV1Namespace',
      description: 'read the namespace',
      kind: coreKind('Namespace'),
      answer: `${CORE_V1}Namespace`,
    }),
  },
});
