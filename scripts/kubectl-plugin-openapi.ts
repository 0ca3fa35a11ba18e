import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { OpenAPI3 } from 'openapi-typescript';
import { AppModule } from '../apps/api/src/app.module';
import { createHttpAdapter } from '../apps/api/src/configure-app';
import { setupOpenApi } from '../apps/api/src/faces/rest-document/setup-openapi';
import { CLIENT_FILES, clientFilesOf } from './kubectl-plugin-openapi/client-files';

/**
 * `npm run kubectl-plugin:openapi`: writes the kubectl plugin's copy of the OpenAPI document and
 * its types (apps/kubectl-plugin/openapi/). The document is built as the service builds the one
 * it serves (setupOpenApi over every controller), in Nest's preview mode: the modules are read and
 * no provider is made, so no database or Redis is needed.
 */
async function writeClientFiles(): Promise<void> {
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, createHttpAdapter(), { logger: false, preview: true });
  try {
    const files = await clientFilesOf(setupOpenApi(app) as OpenAPI3);
    writeFileSync(CLIENT_FILES.document, files.document);
    writeFileSync(CLIENT_FILES.types, files.types);
    for (const file of Object.values(CLIENT_FILES)) console.log(`wrote ${path.relative(process.cwd(), file)}`);
  } finally {
    await app.close();
  }
}

writeClientFiles().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
