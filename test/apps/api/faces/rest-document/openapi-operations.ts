/**
 * The parts of an OpenAPI 3.0 document the tests read, and a walk over its operations: enough
 * to check what a generated client and Swagger UI rely on, without a validator's types.
 */

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: object;
}

interface MediaType {
  schema?: Record<string, unknown>;
  examples?: Record<string, { value?: unknown }>;
}

interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, { description: string; content?: Record<string, MediaType> }>;
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Record<string, unknown>> };
}

export interface Located {
  method: string;
  path: string;
  operation: Operation;
}

export function operationsOf(document: OpenApiDocument): Located[] {
  return Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ method, path, operation })));
}

/** `Nodes_get_byCluster` -> `Nodes_get`: the handler an operation is one path of. */
export const handlerOf = (operationId: string | undefined): string => (operationId ?? '').replace(/_by[A-Z]\w*$/, '');

/** Every `$ref` string anywhere under `value`. */
export function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, field] of Object.entries(value)) {
      if (key === '$ref' && typeof field === 'string') found.push(field);
      else refsIn(field, found);
    }
  }
  return found;
}
