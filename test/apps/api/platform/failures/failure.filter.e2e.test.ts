import { Body, Controller, Get, Param, Post, Put } from '@nestjs/common';
import { failure, validateNode } from '@taintgate/domain';
import { describe, expect, it } from 'vitest';
import { FailureException } from '../../../../../apps/api/src/platform/failures/failure.exception';
import { BODY_LIMIT_BYTES } from '../../../../../apps/api/src/configure-app';
import { useApiFixture } from '../../../../support/api-test-app';
import { bootApp } from '../../../../support/boot-app';
import { deleteRedisKeys, uniqueRedisPrefix } from '../../../../support/redis-prefix';

/**
 * Test-only routes, mounted beside the real ones: each makes one kind of failure happen, so the
 * answers the filter gives can be checked before the features that will fail this way exist.
 */
@Controller('test-only')
class FailureController {
  @Post('echo')
  echo(@Body() body: unknown): unknown {
    return body;
  }

  /** Validates a Node as the nodes feature does, and fails with Invalid. */
  @Put('nodes/:name')
  putNode(@Param('name') name: string, @Body() body: unknown): unknown {
    const result = validateNode(body);
    if (!result.ok) throw new FailureException(failure.invalid('Node', name, result.error));
    return result.value;
  }

  @Get('nodes/:name')
  getNode(@Param('name') name: string): never {
    throw new FailureException(failure.notFound('Node', name));
  }

  @Get('bug')
  bug(): never {
    throw new Error('connection string postgresql://secret@db leaked');
  }

  /** Throws what Prisma 7 throws, without Prisma: the filter reads only `code` and `meta`. */
  @Get('prisma/:code')
  prisma(@Param('code') code: string): never {
    const meta =
      code === 'P2002'
        ? { modelName: 'Taint', driverAdapterError: { cause: { constraint: { fields: ['nodeName', 'key', 'effect'] } } } }
        : { modelName: 'Node', cause: 'No record was found for a delete.' };
    throw Object.assign(new Error(`Invalid \`prisma.x()\` invocation: ${code}`), { code, meta, clientVersion: '7.10.0' });
  }
}

const errorShape = (statusCode: number, error: string) => ({ statusCode, error, message: expect.any(String) });

describe('error answers and the OpenAPI document', () => {
  const t = useApiFixture({}, { controllers: [FailureController] });

  it('answers an unknown route with 404 in the error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/nowhere' });

    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Cannot GET /v1/nowhere' });
  });

  it('answers a body that is not JSON with 400 in the error shape', async () => {
    const response = await t.api.raw('POST', '/test-only/echo', '{"nodes": [');

    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual(errorShape(400, 'Bad Request'));
    expect(response.json().message).toMatch(/JSON/);
  });

  it('answers an empty JSON body with 400 in the error shape', async () => {
    const response = await t.api.raw('POST', '/test-only/echo', '');

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errorShape(400, 'Bad Request'));
  });

  it('answers a content type it cannot read with 415 in the error shape', async () => {
    const response = await t.api.raw('POST', '/test-only/echo', '<node/>', 'application/xml');

    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      statusCode: 415,
      error: 'Unsupported Media Type',
      message: 'content type "application/xml" is not supported: send JSON with content-type application/json',
    });
  });

  it('takes a body up to the limit and answers one over it with 413 in the error shape', async () => {
    const atLimit = JSON.stringify({ pad: 'x'.repeat(BODY_LIMIT_BYTES - 20) });
    const overLimit = JSON.stringify({ pad: 'x'.repeat(BODY_LIMIT_BYTES) });
    const post = (payload: string) => t.api.raw('POST', '/test-only/echo', payload);

    expect((await post(atLimit)).statusCode).toBe(201);
    const response = await post(overLimit);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ statusCode: 413, error: 'Payload Too Large', message: 'Request entity too large: limit is 3145728' });
  });

  it('answers Invalid with 400 and the Kubernetes path of every bad field', async () => {
    const node = {
      metadata: { name: 'n1' },
      spec: {
        taints: [
          { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' },
          { key: 'dedicated', value: 'gpu', effect: 'Sometimes' },
          { key: 'bad key!', effect: 'NoExecute' },
        ],
      },
    };

    const response = await t.app.inject({ method: 'PUT', url: '/test-only/nodes/n1', payload: node });

    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(body.message).toMatch(/^Node "n1" is invalid: \[spec\.taints\[1\]\.effect: Unsupported value: "Sometimes"/);
    expect(body.details.map((d: { field: string }) => d.field)).toEqual(['spec.taints[1].effect', 'spec.taints[2].key']);
    for (const detail of body.details) {
      expect(Object.keys(detail)).toEqual(['field', 'reason']);
      expect(body.message).toContain(`${detail.field}: ${detail.reason}`);
    }
  });

  it("answers NotFound with 404 in kube-apiserver's words", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/test-only/nodes/n9' });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'nodes "n9" not found' });
  });

  it('answers an unexpected error with 500 and a message that tells nothing of it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/test-only/bug' });

    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual(errorShape(500, 'Internal Server Error'));
    expect(response.body).not.toContain('secret');
  });

  it("answers Prisma's unique violation (P2002) with 409 and its not-found (P2025) with 404", async () => {
    const conflict = await t.app.inject({ method: 'GET', url: '/test-only/prisma/P2002' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'a Taint with the same nodeName, key, effect already exists',
    });

    const missing = await t.app.inject({ method: 'GET', url: '/test-only/prisma/P2025' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'No record was found for a delete.' });

    const other = await t.app.inject({ method: 'GET', url: '/test-only/prisma/P2003' });
    expect(other.statusCode).toBe(500);
  });

  it('leaves the 503 report of GET /healthz as it is (a body shaped on purpose)', async () => {
    // Its own BullMQ prefix, its keys removed after: the service's queues are made at boot.
    const redisPrefix = uniqueRedisPrefix();
    const down = await bootApp({ DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/taintgate', REDIS_PREFIX: redisPrefix });
    try {
      const response = await down.inject({ method: 'GET', url: '/healthz' });

      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'unavailable', checks: { postgres: 'failed' } });
    } finally {
      await down.close();
      await deleteRedisKeys(redisPrefix);
    }
  });

  it('serves Swagger UI at /docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('swagger-ui');

    const asset = await t.app.inject({ method: 'GET', url: '/docs/swagger-ui-bundle.js' });
    expect(asset.statusCode).toBe(200);
  });

  it.each(['/docs-json', '/docs/json'])('serves the OpenAPI document, error schema included, at %s', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info).toMatchObject({ title: 'taintgate', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(document.paths['/healthz'].get.responses.default.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ApiErrorBody',
    });
    expect(document.components.schemas.ApiErrorBody).toMatchObject({
      required: expect.arrayContaining(['statusCode', 'error', 'message']),
      properties: { details: { type: 'array', items: { $ref: '#/components/schemas/ApiErrorDetail' } } },
    });
  });
});
