import { beforeAll, describe, expect, it } from 'vitest';
import { impactPodsSchema, impactSummarySchema } from '../../../../../apps/api/src/features/impact/impact-answers';
import { openApiV3Schemas } from '../../../../../apps/api/src/faces/kube-api/openapi/openapi-documents';
import { placementNodesSchema, placementSummarySchema } from '../../../../../apps/api/src/features/placement/placement-answers';
import { useApiFixture } from '../../../../support/api-test-app';
import { type OpenApiDocument, handlerOf, operationsOf, refsIn } from './openapi-operations';

/**
 * The REST document as a client generator and Swagger UI read it: every operation says what it
 * takes (path and query parameters, its body) and what it answers (a schema per status), the
 * schemas are the ones the code serializes and the Kubernetes face publishes, and every reference
 * resolves.
 */

/** The operations that take no body (their handlers read none): any other write must declare one. */
const WITHOUT_BODY = new Set(['Nodes_cordon', 'Nodes_uncordon', 'Taints_remove', 'Clusters_remove', 'ApiKeys_revoke']);
/** Those whose body may be left out: a DeleteOptions. */
const OPTIONAL_BODY = new Set(['Nodes_remove', 'Pods_remove', 'Clusters_put']);
/** Query parameters the operation refuses to go without (400 `key: Required value`). */
const REQUIRED_QUERIES = new Set(['Taints_remove:key']);

describe('the OpenAPI document', () => {
  const t = useApiFixture();
  let document: OpenApiDocument;

  beforeAll(async () => {
    document = (await t.app.inject({ method: 'GET', url: '/docs-json' })).json<OpenApiDocument>();
  });

  it('names every operation once, by its handler and what tells its paths apart', () => {
    const ids = operationsOf(document).map(({ operation }) => operation.operationId);

    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(
      expect.arrayContaining(['Nodes_list', 'Nodes_list_byCluster', 'Pods_list_byNamespace', 'Pods_list_byClusterNamespace', 'Placement_place']),
    );
    for (const id of ids) expect(id).toMatch(/^[A-Za-z]+_[A-Za-z]+(_by[A-Z][A-Za-z]+)?$/);
  });

  it('declares each path parameter of every path, and requires no query parameter an operation can go without', () => {
    for (const { path, operation } of operationsOf(document)) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const parameters = operation.parameters ?? [];
      const pathParameters = parameters.filter((p) => p.in === 'path');

      expect(pathParameters.map((p) => p.name).sort(), path).toEqual([...inPath].sort());
      for (const p of pathParameters) expect(p.required, `${path} {${p.name}}`).toBe(true);
      for (const p of parameters.filter((q) => q.in === 'query')) {
        expect(Boolean(p.required), `${path} ?${p.name}`).toBe(REQUIRED_QUERIES.has(`${handlerOf(operation.operationId)}:${p.name}`));
        expect(p.schema, `${path} ?${p.name}`).toBeDefined();
      }
    }
    const listNodes = document.paths['/v1/nodes']?.['get']?.parameters ?? [];
    expect(listNodes.map((p) => p.name).sort()).toEqual(['continue', 'labelSelector', 'limit']);
  });

  it('declares the body of every operation that reads one, by a named schema', () => {
    for (const { method, path, operation } of operationsOf(document)) {
      const handler = handlerOf(operation.operationId);
      const takesBody = ['post', 'put'].includes(method) ? !WITHOUT_BODY.has(handler) : OPTIONAL_BODY.has(handler);
      if (!takesBody) {
        expect(operation.requestBody, `${method} ${path}`).toBeUndefined();
        continue;
      }
      expect(operation.requestBody?.required ?? false, `${method} ${path}`).toBe(!OPTIONAL_BODY.has(handler));
      expect(operation.requestBody?.content['application/json']?.schema, `${method} ${path}`).toEqual({
        $ref: expect.stringMatching(/^#\/components\/schemas\//),
      });
    }
    const bodyOf = (path: string, method: string) => document.paths[path]?.[method]?.requestBody?.content['application/json']?.schema;
    expect(bodyOf('/v1/nodes/{name}', 'put')).toEqual({ $ref: '#/components/schemas/Node' });
    expect(bodyOf('/v1/clusters/{cluster}/namespaces/{namespace}/pods/{name}', 'put')).toEqual({ $ref: '#/components/schemas/Pod' });
    expect(bodyOf('/v1/nodes/{name}/taints', 'post')).toEqual({ $ref: '#/components/schemas/Taint' });
    expect(bodyOf('/v1/placement', 'post')).toEqual({ $ref: '#/components/schemas/PlacementRequest' });
    expect(bodyOf('/v1/taint-impact', 'post')).toEqual({ $ref: '#/components/schemas/TaintImpactRequest' });
  });

  it('takes an import as JSON or YAML, a List of the kinds kept (any other skipped) or one of them', () => {
    const body = document.paths['/v1/import']?.['post']?.requestBody;

    expect(Object.keys(body?.content ?? {}).sort()).toEqual(['application/json', 'application/x-yaml', 'application/yaml', 'text/x-yaml', 'text/yaml']);
    const kept = ['CSINode', 'Namespace', 'Node', 'PersistentVolume', 'PersistentVolumeClaim', 'Pod', 'PodDisruptionBudget', 'StorageClass'].map(
      (kind) => `#/components/schemas/${kind}`,
    );
    // Each in a List's items and alone.
    expect(refsIn(document.components.schemas['ImportBody']).sort()).toEqual(kept.flatMap((ref) => [ref, ref]));
  });

  it('gives every operation a success answer with a schema, and each error status the error body', () => {
    for (const { method, path, operation } of operationsOf(document)) {
      const successes = Object.entries(operation.responses).filter(([status]) => /^2\d\d$/.test(status));

      expect(successes.length, `${method} ${path}`).toBeGreaterThan(0);
      for (const [status, response] of successes) {
        const media = Object.entries(response.content ?? {});
        expect(media.length, `${method} ${path} ${status}`).toBeGreaterThan(0);
        for (const [, { schema }] of media) expect(schema, `${method} ${path} ${status}`).toBeDefined();
      }
      const errorBody = { $ref: '#/components/schemas/ApiErrorBody' };
      expect(operation.responses['default']?.content?.['application/json']?.schema).toEqual(errorBody);
      for (const [status, response] of Object.entries(operation.responses)) {
        // /healthz answers its report with 503, and /livez and /readyz their text.
        if (/^[45]\d\d$/.test(status) && !path.endsWith('z'))
          expect(response.content?.['application/json']?.schema, `${method} ${path} ${status}`).toEqual(errorBody);
      }
    }
    const answers = (path: string, method: string, status: string) => document.paths[path]?.[method]?.responses[status];
    expect(answers('/v1/nodes/{name}', 'put', '201')?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/Node' });
    expect(Object.keys(answers('/v1/nodes/{name}', 'put', '409') ?? {})).not.toHaveLength(0);
    expect(answers('/v1/placement', 'post', '200')?.content?.['application/json']?.schema).toEqual({
      oneOf: [{ $ref: '#/components/schemas/PlacementSummary' }, { $ref: '#/components/schemas/PlacementNodes' }],
    });
    expect(answers('/v1/import', 'post', '415')).toBeDefined();
    expect(answers('/v1/clusters/{cluster}', 'delete', '403')).toBeDefined();
    expect(answers('/healthz', 'get', '503')?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/HealthReport' });
  });

  it('resolves every reference to a schema it holds', () => {
    const refs = new Set(refsIn(document));

    expect(refs.size).toBeGreaterThan(20);
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(document.components.schemas, ref).toHaveProperty([ref.slice('#/components/schemas/'.length)]);
    }
  });

  it('shows the Kubernetes objects as the Kubernetes API face publishes them, by their short names', () => {
    const published = openApiV3Schemas();
    const shortRefs = (schema: unknown) =>
      JSON.parse(JSON.stringify(schema).replace(/#\/components\/schemas\/io\.k8s\.[\w.]+\.(\w+)"/g, '#/components/schemas/$1"')) as unknown;

    for (const name of ['Node', 'NodeSpec', 'NodeList', 'Taint', 'Toleration', 'Pod', 'PodSpec', 'PodList', 'ObjectMeta']) {
      const fullName = Object.keys(published).find((full) => full.endsWith(`.${name}`)) ?? name;
      expect(document.components.schemas[name], name).toEqual(shortRefs(published[fullName]));
    }
    expect(document.components.schemas['NodeSpec']?.['properties']).toMatchObject({ taints: { type: 'array', items: { $ref: '#/components/schemas/Taint' } } });
    expect(document.components.schemas['PodSpec']?.['properties']).toMatchObject({
      tolerations: { type: 'array', items: { $ref: '#/components/schemas/Toleration' } },
    });
  });

  it('shows the placement and impact answers by the schemas their serializers are compiled from', () => {
    const { schemas } = document.components;

    expect(schemas['PlacementSummary']).toEqual(placementSummarySchema);
    expect(schemas['PlacementNodes']).toEqual(placementNodesSchema);
    expect(schemas['TaintImpactSummary']).toEqual(impactSummarySchema);
    expect(schemas['TaintImpactPods']).toEqual(impactPodsSchema);
  });

  it("fills Swagger UI's Try it out with a body the service accepts, for every operation that takes one", async () => {
    /** The requests in an order that works on an empty cluster: each path's parameters, and what the body is. */
    const tries: [string, string, Record<string, string>][] = [
      ['put', '/v1/nodes/{name}', { name: 'node-1' }],
      ['post', '/v1/nodes/{name}/taints', { name: 'node-1' }],
      ['put', '/v1/namespaces/{namespace}/pods/{name}', { namespace: 'default', name: 'web' }],
      ['post', '/v1/placement', {}],
      ['post', '/v1/taint-impact', {}],
      ['post', '/v1/drain-impact', {}],
      ['post', '/v1/headroom', {}],
      ['post', '/v1/removal-sweep', {}],
      ['post', '/v1/taint', {}],
      ['post', '/v1/import', {}],
      ['post', '/v1/apikeys', {}],
      ['post', '/v1/webhooks', {}],
      ['delete', '/v1/namespaces/{namespace}/pods/{name}', { namespace: 'default', name: 'web' }],
      ['delete', '/v1/nodes/{name}', { name: 'node-1' }],
    ];
    const withBody = operationsOf(document).filter(({ path, operation }) => operation.requestBody && !path.startsWith('/v1/clusters/'));
    expect(withBody.map(({ method, path }) => `${method} ${path}`).sort()).toEqual(tries.map(([method, path]) => `${method} ${path}`).sort());

    for (const [method, template, parameters] of tries) {
      const media = document.paths[template]?.[method]?.requestBody?.content['application/json'];
      const ref = typeof media?.schema?.['$ref'] === 'string' ? media.schema['$ref'] : '';
      // What Swagger UI fills in: the media type's first example, else the schema's own.
      const example = Object.values(media?.examples ?? {})[0]?.value ?? document.components.schemas[ref.replace('#/components/schemas/', '')]?.['example'];
      const url = template.replace(/\{(\w+)\}/g, (_, name: string) => parameters[name] ?? '');

      expect(example, `${method} ${template}`).toBeDefined();
      const response = await t.app.inject({ method: method.toUpperCase() as 'PUT', url, payload: example as object });
      expect(response.statusCode, `${method} ${url}: ${response.body.slice(0, 300)}`).toBeLessThan(300);
    }
  });

  it('lets Swagger UI authorize its requests with an API key', () => {
    const raw = document as unknown as { components: { securitySchemes?: object }; security?: object[] };

    expect(raw.components.securitySchemes).toEqual({ bearer: expect.objectContaining({ type: 'http', scheme: 'bearer' }) });
    expect(raw.security).toEqual([{ bearer: [] }]);
    // Health needs no key.
    for (const path of ['/livez', '/readyz', '/healthz']) expect(document.paths[path]?.['get']).toMatchObject({ security: [] });
  });
});
