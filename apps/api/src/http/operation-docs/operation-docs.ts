import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiQuery, ApiResponse } from '@nestjs/swagger';
import { type SchemaName, schemaRef } from './schema-names';

/**
 * The decorators that tell the OpenAPI document what an operation takes and answers. The handlers
 * read their inputs through `@Command(op)`, which Nest's explorer cannot see into, so each
 * operation says here what its command reads (a body, a query) and what its service answers, by
 * the named schemas of schema-names.ts.
 */

/**
 * What Swagger UI's "Try it out" fills a Kubernetes object's body with: a small object that is
 * accepted as it is. Without one it would build an object of every field the schema has (each
 * `"string"`), which validation refuses. taintgate's own request schemas carry their examples.
 */
const BODY_EXAMPLES: Partial<Record<SchemaName, object>> = {
  Node: {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: 'node-1', labels: { pool: 'gpu' } },
    spec: { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] },
  },
  Pod: {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web', namespace: 'default' },
    spec: { containers: [{ name: 'web', image: 'nginx' }], tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' }] },
  },
  Taint: { key: 'maintenance', value: 'true', effect: 'PreferNoSchedule' },
  // A dry run: trying it out deletes nothing.
  DeleteOptions: { dryRun: ['All'] },
};

/** A JSON body of a component schema; `required: false` for one that may be left out (DeleteOptions). */
export const JsonBody = (name: SchemaName, options: { required?: boolean; description?: string } = {}): MethodDecorator => {
  const example = BODY_EXAMPLES[name];
  return ApiBody({
    schema: schemaRef(name),
    required: options.required ?? true,
    ...(options.description ? { description: options.description } : {}),
    ...(example ? { examples: { [name]: { value: example } } } : {}),
  });
};

/** A success answer: one schema, or one of several (the views of placement and impact, told apart by their `view`). */
export const Answers = (status: 200 | 201 | 202, description: string, ...names: [SchemaName, ...SchemaName[]]): MethodDecorator =>
  ApiResponse({ status, description, schema: names.length === 1 ? schemaRef(names[0]) : { oneOf: names.map(schemaRef) } });

/** What each error status means at taintgate's REST face (failure-answers.ts decides which a failure gets). */
const ERROR_MEANINGS = {
  400: 'Bad request: a field is missing or invalid (details name each, by its Kubernetes path)',
  401: 'No API key, or one that is unknown or revoked (when authentication is on)',
  403: "The key's role may not do this, or the object may not be changed",
  404: 'No such object (or cluster)',
  409: 'Conflict: metadata.resourceVersion or a precondition no longer holds, or the object exists',
  410: 'The continue token has expired: list again from the start',
  413: 'The body is larger than the limit',
  415: 'The body is not JSON (content-type application/json)',
  503: 'The database is unavailable; retry after Retry-After seconds',
} as const;

export type ErrorStatus = keyof typeof ERROR_MEANINGS;

/**
 * The error statuses an operation answers, each with the error body. On a controller it applies
 * to each of its operations. Any other status is the document's `default` (setup-openapi.ts).
 */
export const Fails = (...statuses: ErrorStatus[]): MethodDecorator & ClassDecorator =>
  applyDecorators(...statuses.map((status) => ApiResponse({ status, description: ERROR_MEANINGS[status], schema: schemaRef('ApiErrorBody') })));

/** What every operation behind an API key can answer: no key or a role too small (401, 403), and the database away (503). */
export const GuardedOperations = (): ClassDecorator => Fails(401, 403, 503);

/** The errors of a write with a JSON body: invalid (400), not JSON (415), too large (413). */
export const BodyFailures = (): MethodDecorator => Fails(400, 413, 415);

/** A query parameter that may be left out (Nest's explorer would otherwise mark it required). */
export const OptionalQuery = (name: string, description: string, type: 'string' | 'boolean' | 'integer' = 'string'): MethodDecorator =>
  ApiQuery({ name, required: false, description, schema: { type } });

/**
 * A success answer that also has a chat form (chat/answer-format.ts): the JSON schemas, and the
 * same answer as Markdown or plain text, asked by `Accept` or `?format=`.
 */
export const AnswersWithChat = (description: string, ...names: [SchemaName, ...SchemaName[]]): MethodDecorator => {
  const text = { schema: { type: 'string', description: 'at most 20 lines of Markdown, for chat' } };
  return applyDecorators(
    ApiQuery({
      name: 'format',
      required: false,
      description: 'json (the default), markdown or text: the chat answer (as Accept: text/markdown)',
      enum: ['json', 'markdown', 'text'],
    }),
    ApiResponse({
      status: 200,
      description,
      content: {
        'application/json': { schema: names.length === 1 ? schemaRef(names[0]) : { oneOf: names.map(schemaRef) } },
        'text/markdown': text,
        'text/plain': text,
      },
    }),
  );
};
