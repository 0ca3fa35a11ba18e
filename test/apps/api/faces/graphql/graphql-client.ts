import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { expect } from 'vitest';

export interface GqlError {
  message: string;
  extensions?: { code?: string; statusCode?: number; details?: { field: string; reason: string }[] };
}
export interface GqlReply<T = Record<string, any>> {
  statusCode: number;
  data?: T | null;
  errors?: GqlError[];
}

/** One GraphQL operation over POST /graphql, through app.inject. */
export async function gql<T = Record<string, any>>(app: NestFastifyApplication, query: string, variables?: Record<string, unknown>): Promise<GqlReply<T>> {
  const reply = await app.inject({ method: 'POST', url: '/graphql', payload: { query, variables } });
  const body = reply.json();
  return { statusCode: reply.statusCode, data: body.data, errors: body.errors };
}

/** The data of an operation that must succeed. */
export async function gqlData<T = Record<string, any>>(app: NestFastifyApplication, query: string, variables?: Record<string, unknown>): Promise<T> {
  const reply = await gql<T>(app, query, variables);
  expect(reply.errors, JSON.stringify(reply.errors)).toBeUndefined();
  return reply.data as T;
}

/** The single error of an operation that must fail, with its code. */
export async function gqlError(app: NestFastifyApplication, query: string, variables: Record<string, unknown> | undefined, code: string): Promise<GqlError> {
  const reply = await gql(app, query, variables);
  expect(reply.errors, JSON.stringify(reply)).toHaveLength(1);
  const error = reply.errors![0]!;
  expect(error.extensions?.code, JSON.stringify(error)).toBe(code);
  return error;
}
