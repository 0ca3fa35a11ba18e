import { Controller, Delete, Get, Patch, Post, Put, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { type Failure } from '@taintgate/domain';
import type { FastifyRequest } from 'fastify';
import { Access } from '../../platform/access/route-access';
import { fail } from '../../platform/failures/failure.exception';
import { kubePaths, resourceOfPath } from './kube-paths';

/** Every path under /api and /apis (and a cluster's) that no controller of the face serves. */
const UNKNOWN = [...kubePaths('api/*'), ...kubePaths('apis/*')];

/**
 * What the Kubernetes API face answers for a resource it does not serve (services, deployments,
 * configmaps, a group it does not know): a Status 404 NotFound naming the resource, in the words
 * client-go gives a 404 (`the server could not find the requested resource (get deployments.apps)`),
 * never the web framework's own text. Any key that may read may ask: an unknown path is 404
 * whatever the method, as kube-apiserver routes before it authorizes a verb on a resource it has.
 */
@ApiExcludeController()
@Controller()
export class KubeUnknownController {
  @Get(UNKNOWN)
  @Access('viewer')
  get(@Req() request: FastifyRequest): never {
    return fail(notServed(request));
  }

  @Post(UNKNOWN)
  @Access('viewer')
  post(@Req() request: FastifyRequest): never {
    return fail(notServed(request));
  }

  @Put(UNKNOWN)
  @Access('viewer')
  put(@Req() request: FastifyRequest): never {
    return fail(notServed(request));
  }

  @Patch(UNKNOWN)
  @Access('viewer')
  patch(@Req() request: FastifyRequest): never {
    return fail(notServed(request));
  }

  @Delete(UNKNOWN)
  @Access('viewer')
  remove(@Req() request: FastifyRequest): never {
    return fail(notServed(request));
  }
}

/** kube-apiserver's NotFound for a resource it has no handler of, with client-go's words for the verb and the resource. */
function notServed(request: FastifyRequest): Failure {
  const found = resourceOfPath(request.url);
  const message = 'the server could not find the requested resource';
  if (!found) return { reason: 'NotFound', message };
  const qualified = found.group ? `${found.resource}.${found.group}` : found.resource;
  const what = [request.method.toLowerCase(), qualified, ...(found.name === undefined ? [] : [found.name])].join(' ');
  return {
    reason: 'NotFound',
    message: `${message} (${what})`,
    subject: { kind: found.resource, name: found.name ?? '', ...(found.group ? { group: found.group } : {}) },
  };
}
