import { readFileSync } from 'node:fs';
import path from 'node:path';
import { NestFactory } from '@nestjs/core';
import { GraphQLSchemaBuilderModule, GraphQLSchemaFactory } from '@nestjs/graphql';
import { type GraphQLSchema, lexicographicSortSchema, printSchema } from 'graphql';
import { packageRoot } from '../rest-document/package-version';
import { RESOLVERS } from './resolvers';

/** The committed schema, at the repository root, for clients and reviewers to read. */
export const SCHEMA_FILE = path.join(packageRoot(), 'schema.graphql');

/** How the committed file is written: sorted, as the server sorts it (sortSchema: true). */
export const printSortedSchema = (schema: GraphQLSchema): string => `${printSchema(lexicographicSortSchema(schema))}\n`;

/**
 * The schema the resolvers describe, built from their decorators alone: no database, no
 * server (`npm run graphql:schema` writes it; a test compares it with the committed file).
 */
export async function buildSchemaText(): Promise<string> {
  const app = await NestFactory.createApplicationContext(GraphQLSchemaBuilderModule, { logger: false });
  try {
    await app.init();
    const schema = await app.get(GraphQLSchemaFactory).create(RESOLVERS);
    return printSortedSchema(schema);
  } finally {
    await app.close();
  }
}

export const committedSchemaText = (): string => readFileSync(SCHEMA_FILE, 'utf8');
