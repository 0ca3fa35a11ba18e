import type { OpenAPIObject, OperationObject, ParameterObject, ReferenceObject } from '@nestjs/swagger';
import { schemaRef } from '../../http/operation-docs/schema-names';
import { componentSchemas } from './rest-schemas';

/**
 * What Nest's explorer leaves out of the document and no decorator can say, added once it is
 * made: the named schemas, the path parameters, operation ids a generated client can use, and the
 * error body as every operation's `default` answer.
 */

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/** The path parameters of taintgate's routes, by name: what each holds. */
const PATH_PARAMETERS: Readonly<Record<string, string>> = {
  cluster: 'the cluster (a DNS-1123 label); the paths without it serve the cluster named default',
  namespace: "the pod's namespace",
  name: "the object's name",
};

function* operationsOf(document: OpenAPIObject): Generator<{ path: string; operation: OperationObject }> {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation) yield { path, operation };
    }
  }
}

const isParameter = (p: ParameterObject | ReferenceObject): p is ParameterObject => 'name' in p;

/**
 * Declares `{cluster}`, `{namespace}` and `{name}` of every path, required as a path parameter
 * must be. The handlers read them through @Command, and a handler serves /v1/... and
 * /v1/clusters/{cluster}/... alike, so no decorator could declare `cluster` for one and not the other.
 */
function withPathParameters(path: string, operation: OperationObject): void {
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
  const declared = new Set((operation.parameters ?? []).filter(isParameter).map((p) => `${p.in}:${p.name}`));
  const added: ParameterObject[] = names
    .filter((name) => !declared.has(`path:${name}`))
    .map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' }, description: PATH_PARAMETERS[name] ?? name }));
  operation.parameters = [...added, ...(operation.parameters ?? [])];
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * `Nodes_get`, `Nodes_get_byCluster`, `Pods_list_byNamespace`: Nest names an operation after its
 * controller and method, and numbers the paths of a method that has several (`NodesController_get[1]`),
 * which says nothing of which path is which. The parameters that tell a method's paths apart say it.
 */
function withOperationIds(document: OpenAPIObject): void {
  const byHandler = new Map<string, { path: string; operation: OperationObject }[]>();
  for (const entry of operationsOf(document)) {
    const handler = (entry.operation.operationId ?? '').replace(/\[\d+\]$/, '').replace('Controller_', '_');
    byHandler.set(handler, [...(byHandler.get(handler) ?? []), entry]);
  }
  const taken = new Set<string>();
  for (const [handler, entries] of byHandler) {
    const parametersOf = entries.map(({ path }) => new Set([...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string)));
    const common = [...(parametersOf[0] ?? [])].filter((name) => parametersOf.every((names) => names.has(name)));
    entries.forEach(({ operation }, i) => {
      const distinct = [...(parametersOf[i] ?? [])].filter((name) => !common.includes(name));
      const id = distinct.length ? `${handler}_by${distinct.map(capitalized).join('')}` : handler;
      if (taken.has(id)) throw new Error(`two operations would be ${id}`);
      taken.add(id);
      operation.operationId = id;
    });
  }
}

/**
 * The error body as every operation's `default` response: any status not listed answers with it,
 * which is what ApiExceptionFilter makes true.
 */
function withDefaultError(operation: OperationObject): void {
  const errorResponse = {
    description: 'Any error: {statusCode, error, message, details?}',
    content: { 'application/json': { schema: schemaRef('ApiErrorBody') } },
  };
  operation.responses = { default: errorResponse, ...operation.responses };
}

/** The document Nest made, completed as above (in place, and answered). */
export function completeDocument(document: OpenAPIObject): OpenAPIObject {
  document.components = { ...document.components, schemas: { ...document.components?.schemas, ...(componentSchemas() as Record<string, object>) } };
  for (const { path, operation } of operationsOf(document)) {
    withPathParameters(path, operation);
    withDefaultError(operation);
  }
  withOperationIds(document);
  return document;
}
