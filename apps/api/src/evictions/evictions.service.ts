import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import type { EvictionStatus, Prisma } from '../generated/prisma/client';
import { ApiError } from '../common/api-error';
import { evictionView } from './eviction-records';

export interface EvictionFilters {
  status?: string;
  nodeName?: string;
  namespace?: string;
  pod?: string;
  limit?: string;
}

const statuses: EvictionStatus[] = ['Scheduled', 'Cancelled', 'Executed'];

/** GET /v1/evictions: scheduled, cancelled and executed evictions, newest first. */
@Injectable()
export class EvictionsService {
  constructor(private readonly prisma: PrismaService) {}

  async list(filters: EvictionFilters) {
    const where: Prisma.EvictionWhereInput = {};
    if (filters.status !== undefined) {
      if (!statuses.includes(filters.status as EvictionStatus)) {
        throw ApiError.badRequest(`status: Unsupported value: "${filters.status}": supported values: ${statuses.map((s) => `"${s}"`).join(', ')}`, [
          { field: 'status', reason: `Unsupported value: "${filters.status}"` },
        ]);
      }
      where.status = filters.status as EvictionStatus;
    }
    if (filters.nodeName !== undefined) where.nodeName = filters.nodeName;
    if (filters.namespace !== undefined) where.podNamespace = filters.namespace;
    if (filters.pod !== undefined) where.podName = filters.pod;
    const limit = filters.limit === undefined ? 500 : Number(filters.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) {
      throw ApiError.badRequest('limit must be a whole number from 1 to 10000', [{ field: 'limit', reason: `Invalid value: "${filters.limit}"` }]);
    }
    const rows = await this.prisma.eviction.findMany({ where, orderBy: { id: 'desc' }, take: limit });
    return { kind: 'EvictionList', items: rows.map(evictionView) };
  }
}
