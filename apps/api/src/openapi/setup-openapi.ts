import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule, getSchemaPath } from '@nestjs/swagger';
import { ApiErrorBody, ApiErrorDetail } from '../failures/error-body';
import { packageVersion } from './package-version';

/** Where the document is served: Swagger UI, and the JSON under both names clients try. */
const OPENAPI_PATHS = {
  ui: 'docs',
  json: '/docs-json',
  jsonAlias: '/docs/json',
} as const;

/**
 * Serves the OpenAPI document of every controller: Swagger UI at /docs, the JSON at /docs-json
 * and /docs/json (and YAML at /docs-yaml, which Nest adds). Must run before app.init(), as it
 * registers routes.
 */
export function setupOpenApi(app: NestFastifyApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('taintgate')
    .setDescription(
      'Scheduling decisions for Kubernetes taints and tolerations: where a pod can go, what a taint ' +
        'would evict, and NoExecute evictions carried out. Objects use Kubernetes JSON shapes. Every ' +
        'error answers {statusCode, error, message, details?} (schema ApiErrorBody).',
    )
    .setVersion(packageVersion())
    .build();
  const document = withErrorResponses(SwaggerModule.createDocument(app, config, { extraModels: [ApiErrorBody, ApiErrorDetail] }));

  SwaggerModule.setup(OPENAPI_PATHS.ui, app, document, { jsonDocumentUrl: OPENAPI_PATHS.json });
  // Nest serves one JSON path; some clients and habits expect the other spelling.
  const json = JSON.stringify(document);
  app.getHttpAdapter().get(OPENAPI_PATHS.jsonAlias, (_request, reply) => {
    reply.type('application/json').send(json);
  });
  return document;
}

/**
 * Declares the error body as every operation's `default` response, unless the operation says
 * otherwise: any status not listed answers with it, which is what ApiExceptionFilter makes true.
 */
function withErrorResponses(document: OpenAPIObject): OpenAPIObject {
  const errorResponse = {
    description: 'Any error: {statusCode, error, message, details?}',
    content: { 'application/json': { schema: { $ref: getSchemaPath(ApiErrorBody) } } },
  };
  for (const pathItem of Object.values(document.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const) {
      const operation = pathItem[method];
      if (operation) operation.responses = { default: errorResponse, ...operation.responses };
    }
  }
  return document;
}
