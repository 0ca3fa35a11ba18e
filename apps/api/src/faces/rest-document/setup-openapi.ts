import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { ApiErrorBody, ApiErrorDetail } from '../../platform/failures/error-body';
import { completeDocument } from './document-completion';
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
    // What Swagger UI's Authorize sends, and a generated client's headers carry, when TAINTGATE_AUTH is on.
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'An API key (POST /v1/apikeys, or TAINTGATE_ADMIN_TOKEN); needed when authentication is on' })
    .addSecurityRequirements('bearer')
    .build();
  const document = completeDocument(SwaggerModule.createDocument(app, config, { extraModels: [ApiErrorBody, ApiErrorDetail] }));

  SwaggerModule.setup(OPENAPI_PATHS.ui, app, document, { jsonDocumentUrl: OPENAPI_PATHS.json });
  // Nest serves one JSON path; some clients and habits expect the other spelling.
  const json = JSON.stringify(document);
  app.getHttpAdapter().get(OPENAPI_PATHS.jsonAlias, (_request, reply) => {
    reply.type('application/json').send(json);
  });
  return document;
}
