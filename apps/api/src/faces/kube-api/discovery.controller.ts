import { Controller, Get, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import {
  apiGroups,
  appsGroup,
  appsV1Resources,
  coreApiVersions,
  coreV1Resources,
  policyGroup,
  policyV1Resources,
  storageGroup,
  storageV1Resources,
  versionInfo,
} from './discovery';
import { kubePaths } from './kube-paths';

/**
 * Discovery, as kube-apiserver serves it (legacy, unaggregated: kubectl asks for the aggregated
 * form first and falls back on a plain application/json answer). Every cluster has the same.
 */
@ApiExcludeController()
@Controller()
export class DiscoveryController {
  @Get(kubePaths('version'))
  version() {
    return versionInfo();
  }

  @Get(kubePaths('api'))
  api(@Req() request: FastifyRequest) {
    return coreApiVersions(request.host);
  }

  @Get(kubePaths('api/v1'))
  coreV1() {
    return coreV1Resources();
  }

  @Get(kubePaths('apis'))
  groups() {
    return apiGroups();
  }

  @Get(kubePaths('apis/apps'))
  apps() {
    return appsGroup();
  }

  @Get(kubePaths('apis/apps/v1'))
  appsV1() {
    return appsV1Resources();
  }

  @Get(kubePaths('apis/policy'))
  policy() {
    return policyGroup();
  }

  @Get(kubePaths('apis/policy/v1'))
  policyV1() {
    return policyV1Resources();
  }

  @Get(kubePaths('apis/storage.k8s.io'))
  storage() {
    return storageGroup();
  }

  @Get(kubePaths('apis/storage.k8s.io/v1'))
  storageV1() {
    return storageV1Resources();
  }
}
