import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Body, Controller, HttpCode, Param, Post, Put } from '@nestjs/common';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_IMPORT_BODY_LIMIT_BYTES,
  IMPORT_BODY_TYPES,
  isImportBody,
  readImportBodiesAsChunks,
} from '../../../../../apps/api/src/features/import/import-body-parser';
import type { WholeJsonBodyParser } from '../../../../../apps/api/src/http/edge/json-bodies';
import { BodyNotReceivedError } from '../../../../../apps/api/src/features/import/import-body';
import { readKubectlObjects } from '../../../../../apps/api/src/features/import/kubectl-objects';
import { kubectlNode, kubectlPod } from '../../../../support/kubectl-objects';
import { kubectlJson } from './read-body';

const BODY_LIMIT = 4096;
const IMPORT_LIMIT = 64 * 1024;

/**
 * What an import handler sees: the body's format, declared length and chunk count, and the objects
 * read from it; a body that did not arrive whole answers as the import service answers it.
 */
async function describeImport(body: unknown, reply?: FastifyReply) {
  if (!isImportBody(body)) return { notAnImportBody: body };
  let chunks = 0;
  const counted = {
    async *[Symbol.asyncIterator]() {
      for await (const chunk of body.chunks) {
        chunks++;
        yield chunk;
      }
    },
  };
  const objects: unknown[] = [];
  try {
    for await (const entry of readKubectlObjects({ ...body, chunks: counted })) {
      objects.push(entry.ok ? (entry.object as { metadata?: { name?: string } }).metadata?.name : entry.message);
    }
  } catch (error) {
    if (!(error instanceof BodyNotReceivedError) || !reply) throw error;
    return reply.code(error.tooLarge ? 413 : 400).send({ message: error.message, objects });
  }
  return { format: body.format, chunks, bytes: body.bytes, objects };
}

/** fastify's JSON parser on the whole body, as json-bodies.ts parses every other route's JSON. */
function fastifyJson(app: FastifyInstance): WholeJsonBodyParser {
  const parse = app.getDefaultJsonParser('error', 'error');
  return (request, body, done) => {
    void parse(request, body.toString(), done);
  };
}

/** A bare fastify app with json-bodies.ts's setup (one JSON parser, nothing else), then the import parsers. */
async function fastifyApp(): Promise<FastifyInstance> {
  const app = Fastify({ bodyLimit: BODY_LIMIT });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request: FastifyRequest, body: Buffer, done) => {
    done(null, { parsedAsBefore: JSON.parse(body.toString()) as unknown });
  });
  readImportBodiesAsChunks(app, { parseOtherJson: fastifyJson(app), importBodyLimit: IMPORT_LIMIT });
  app.post('/v1/import', (request, reply) => describeImport(request.body, reply));
  app.post('/v1/clusters/:cluster/import', (request, reply) => describeImport(request.body, reply));
  app.put('/v1/nodes/:name', (request) => ({ route: 'node', body: request.body }));
  await app.ready();
  return app;
}

const list = kubectlJson([kubectlNode('worker-1'), kubectlPod('web-1')]);
const yamlNode = 'apiVersion: v1\nkind: Node\nmetadata:\n  name: worker-9\n';

describe('import bodies reach their handler as chunks (import/import-body-parser.ts)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await fastifyApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it.each(['/v1/import', '/v1/clusters/prod/import'])('JSON to %s: the body as received, past the app body limit', async (url) => {
    expect(Buffer.byteLength(list)).toBeGreaterThan(BODY_LIMIT);
    const reply = await app.inject({ method: 'POST', url, payload: list, headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ format: 'json', chunks: 1, bytes: Buffer.byteLength(list), objects: ['worker-1', 'web-1'] });
  });

  it.each(Object.entries(IMPORT_BODY_TYPES).filter(([, format]) => format === 'yaml'))('%s to an import route is YAML', async (type) => {
    const reply = await app.inject({ method: 'POST', url: '/v1/import', payload: yamlNode, headers: { 'content-type': type } });
    expect(reply.json()).toEqual({ format: 'yaml', chunks: 1, bytes: yamlNode.length, objects: ['worker-9'] });
  });

  it('an import over its limit: 413, as fastify answers a body over its limit', async () => {
    const big = ' '.repeat(IMPORT_LIMIT + 1);
    const reply = await app.inject({ method: 'POST', url: '/v1/import', payload: big, headers: { 'content-type': 'application/json' } });
    expect(reply.statusCode).toBe(413);
    expect(reply.json()).toMatchObject({ code: 'FST_ERR_CTP_BODY_TOO_LARGE', message: 'Request body is too large' });
  });

  it('a body whose length is not the declared one: the reading fails, 400', async () => {
    const reply = await app.inject({
      method: 'POST',
      url: '/v1/import',
      payload: list,
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(list) + 10) },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      message: `the body is ${Buffer.byteLength(list)} bytes long, not the ${Buffer.byteLength(list) + 10} its Content-Length says`,
    });
  });

  it('any other route parses its JSON as before, with the app body limit', async () => {
    const node = JSON.stringify({ metadata: { name: 'n1' } });
    const reply = await app.inject({ method: 'PUT', url: '/v1/nodes/n1', payload: node, headers: { 'content-type': 'application/json' } });
    expect(reply.json()).toEqual({ route: 'node', body: { metadata: { name: 'n1' } } });
    const tooBig = await app.inject({ method: 'PUT', url: '/v1/nodes/n1', payload: list, headers: { 'content-type': 'application/json' } });
    expect(tooBig.statusCode).toBe(413);
    const poisoned = await app.inject({
      method: 'PUT',
      url: '/v1/nodes/n1',
      payload: '{"__proto__":{"x":1}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(poisoned.statusCode).toBe(400);
  });

  it('a node named "import" is no import route: the route pattern counts, not the path', async () => {
    const reply = await app.inject({
      method: 'PUT',
      url: '/v1/nodes/import',
      payload: '{"metadata":{"name":"import"}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(reply.json()).toEqual({ route: 'node', body: { metadata: { name: 'import' } } });
  });

  it('YAML to any other route: 415, as before', async () => {
    const reply = await app.inject({ method: 'PUT', url: '/v1/nodes/n1', payload: yamlNode, headers: { 'content-type': 'application/yaml' } });
    expect(reply.statusCode).toBe(415);
    expect(reply.json()).toMatchObject({ code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' });
  });

  /**
   * POSTs `pieces` to /v1/import of a listening app over a socket, in chunked transfer, each piece
   * written (and flushed) on its own after `pauseMs`; answers the status and the body.
   */
  async function postInPieces(pieces: string[], pauseMs: number): Promise<{ status: number; body: string }> {
    const server = await fastifyApp();
    await server.listen({ host: '127.0.0.1', port: 0 });
    try {
      const { port } = server.server.address() as AddressInfo;
      return await new Promise((resolve, reject) => {
        const request = httpRequest(
          { host: '127.0.0.1', port, method: 'POST', path: '/v1/import', headers: { 'content-type': 'application/json' } },
          (response) => {
            let text = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (text += chunk));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
          },
        );
        request.on('error', reject);
        const writeNext = (index: number) => {
          const piece = pieces[index];
          if (piece === undefined) request.end();
          else request.write(piece, () => setTimeout(() => writeNext(index + 1), pauseMs));
        };
        writeNext(0);
      });
    } finally {
      await server.close();
    }
  }

  it('a body sent in pieces over a socket arrives as several chunks, read as one body', async () => {
    const answer = await postInPieces([list.slice(0, 1000), list.slice(1000, 2500), list.slice(2500)], 20);
    const described = JSON.parse(answer.body) as { chunks: number };
    // Sent in chunks, without a Content-Length: no length was declared.
    expect(described).toEqual({ format: 'json', chunks: expect.any(Number) as number, objects: ['worker-1', 'web-1'] });
    expect(described.chunks).toBeGreaterThan(1);
  });

  it('a body sent in chunks past the import limit: 413 once the limit is passed, what came before read', async () => {
    // Whitespace after the List, past the limit: the client may keep sending; the answer comes anyway.
    const filler = ' '.repeat(16 * 1024);
    const answer = await postInPieces([list, ...Array<string>(Math.ceil(IMPORT_LIMIT / filler.length) + 1).fill(filler)], 0);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      message: `the body is larger than the import limit of ${IMPORT_LIMIT} bytes (IMPORT_BODY_LIMIT_MB)`,
      objects: ['worker-1', 'web-1'],
    });
  });

  it('the default import limit is 2 GiB', () => {
    expect(DEFAULT_IMPORT_BODY_LIMIT_BYTES).toBe(2 ** 31);
  });
});

@Controller('v1')
class ImportProbeController {
  @Post('clusters/:cluster/import')
  @HttpCode(200)
  async import(@Param('cluster') cluster: string, @Body() body: unknown) {
    return { cluster, ...(await describeImport(body)) };
  }

  @Put('nodes/:name')
  putNode(@Body() body: unknown) {
    return { parsedAsBefore: body };
  }
}

describe('with Nest, set up as json-bodies.ts sets it up', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ controllers: [ImportProbeController] }).compile();
    app = moduleRef.createNestApplication<NestFastifyApplication>(new FastifyAdapter({ bodyLimit: BODY_LIMIT }), { logger: false });
    const fastify = app.getHttpAdapter().getInstance();
    // json-bodies.ts: every parser removed, one JSON parser registered through Nest (so Nest adds none at init).
    fastify.removeAllContentTypeParsers();
    const parseOtherJson = fastifyJson(fastify);
    app.useBodyParser('application/json', { bodyLimit: BODY_LIMIT }, parseOtherJson);
    readImportBodiesAsChunks(fastify, { parseOtherJson, importBodyLimit: IMPORT_LIMIT });
    await app.init();
    await fastify.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('the import handler gets the chunks through @Body()', async () => {
    const reply = await app.inject({ method: 'POST', url: '/v1/clusters/prod/import', payload: list, headers: { 'content-type': 'application/json' } });
    expect(reply.json()).toEqual({ cluster: 'prod', format: 'json', chunks: 1, bytes: Buffer.byteLength(list), objects: ['worker-1', 'web-1'] });
  });

  it('other routes get parsed JSON; form bodies are still refused (Nest added no parser at init)', async () => {
    const json = await app.inject({ method: 'PUT', url: '/v1/nodes/n1', payload: { metadata: { name: 'n1' } } });
    expect(json.json()).toEqual({ parsedAsBefore: { metadata: { name: 'n1' } } });
    const form = await app.inject({ method: 'PUT', url: '/v1/nodes/n1', payload: 'a=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.statusCode).toBe(415);
    const yaml = await app.inject({ method: 'PUT', url: '/v1/nodes/n1', payload: yamlNode, headers: { 'content-type': 'text/yaml' } });
    expect(yaml.statusCode).toBe(415);
  });
});
