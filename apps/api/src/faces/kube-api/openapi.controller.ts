import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { kubePaths } from './kube-paths';
import type { Served } from './openapi/openapi-documents';
import { openApiV3Discovery, servedDocuments } from './openapi/served-documents';

/**
 * kubectl asks /openapi/v2 for application/com.github.proto-openapi.spec.v2@v1.0+protobuf (the
 * older name) and kube-apiserver answers with the newer one; anything else is answered JSON.
 */
const V2_PROTOBUF_TYPES = ['application/com.github.proto-openapi.spec.v2@v1.0+protobuf', 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf'];
const V2_PROTOBUF = 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf';

/** A year, for a URL whose hash pins its content (kube-apiserver says Expires a year on). */
const YEAR_MS = 365 * 24 * 3600 * 1000;

/**
 * The OpenAPI documents of the Kubernetes API face (for every cluster the same): v3 for
 * kubectl explain and apply, v2 (protobuf) for kubectl's client-side validation. Readable by any
 * caller that may read discovery. Answers carry an ETag (the content's hash) and honour
 * If-None-Match, as kube-apiserver's do.
 */
@ApiExcludeController()
@Controller()
export class OpenApiController {
  @Get(kubePaths('openapi/v3'))
  v3Discovery() {
    return openApiV3Discovery();
  }

  /** ?hash= names the content: the current one is cached for good; an old one redirects to the current. */
  @Get(kubePaths('openapi/v3/api/v1'))
  v3CoreV1(@Query('hash') hash: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const document = servedDocuments().v3;
    if (typeof hash === 'string' && hash !== '' && hash !== document.hash) {
      const path = request.url.split('?')[0] ?? '';
      return reply.code(301).header('location', `${path}?hash=${document.hash}`).send();
    }
    if (hash === document.hash) reply.header('cache-control', 'public, immutable').header('expires', new Date(Date.now() + YEAR_MS).toUTCString());
    return send(request, reply, document, 'application/json');
  }

  @Get(kubePaths('openapi/v2'))
  v2(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const accept = request.headers.accept ?? '';
    const protobuf = V2_PROTOBUF_TYPES.some((type) => accept.includes(type));
    const documents = servedDocuments();
    reply.header('vary', 'Accept');
    return protobuf ? send(request, reply, documents.v2Protobuf, V2_PROTOBUF) : send(request, reply, documents.v2Json, 'application/json');
  }
}

function send(request: FastifyRequest, reply: FastifyReply, document: Served, contentType: string) {
  const etag = `"${document.hash}"`;
  reply.header('etag', etag);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.header('content-type', contentType).send(document.body);
}
