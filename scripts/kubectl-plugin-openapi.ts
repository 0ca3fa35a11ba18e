import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { OpenAPI3 } from 'openapi-typescript';
import { AppModule } from '../apps/api/src/app.module';
import { createHttpAdapter } from '../apps/api/src/configure-app';
import { setupOpenApi } from '../apps/api/src/faces/rest-document/setup-openapi';
import { DOCUMENT_FILE, documentTextOf } from './kubectl-plugin-openapi/client-files';

/**
 * `npm run kubectl-plugin:openapi`: writes the kubectl plugin's copy of the OpenAPI document
 * (apps/kubectl-plugin/openapi/), then its types from it. The document is built as the service builds the one
 * it serves (setupOpenApi over every controller), in Nest's preview mode: the modules are read and
 * no provider is made, so no database or Redis is needed.
 */
async function writeClientFiles(): Promise<void> {
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, createHttpAdapter(), { logger: false, preview: true });
  try {
    writeFileSync(DOCUMENT_FILE, documentTextOf(setupOpenApi(app) as OpenAPI3));
    console.log(`wrote ${path.relative(process.cwd(), DOCUMENT_FILE)}`);
  } finally {
    await app.close();
  }
}

writeClientFiles().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
