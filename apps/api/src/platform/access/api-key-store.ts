import { Injectable } from '@nestjs/common';
import { EVERY_CLUSTER, type Role } from '@taintgate/domain';
import { PrismaService } from '../database/prisma.service';
import type { ApiKey } from '../../generated/prisma/client';

export type ApiKeyRow = ApiKey;

/** The clusters a key's row holds its role on; a row without any (written by hand) holds every cluster, as the column's default says. */
export const clustersOfRow = (row: ApiKeyRow): readonly string[] => (row.clusters.length > 0 ? row.clusters : EVERY_CLUSTER);

/** The api_keys table: rows are never deleted, a revoked key keeps its name (the audit trail names it). */
@Injectable()
export class ApiKeyStore {
  constructor(private readonly prisma: PrismaService) {}

  create(name: string, role: Role, clusters: readonly string[], prefix: string, hash: string): Promise<ApiKeyRow> {
    return this.prisma.apiKey.create({ data: { name, role, clusters: [...clusters], prefix, hash } });
  }

  list(): Promise<ApiKeyRow[]> {
    return this.prisma.apiKey.findMany({ orderBy: { name: 'asc' } });
  }

  findByName(name: string): Promise<ApiKeyRow | null> {
    return this.prisma.apiKey.findUnique({ where: { name } });
  }

  findByHash(hash: string): Promise<ApiKeyRow | null> {
    return this.prisma.apiKey.findUnique({ where: { hash } });
  }

  /** Revokes the key if it is not already; answers the row as it is after. */
  async revoke(name: string, at: Date): Promise<ApiKeyRow | null> {
    await this.prisma.apiKey.updateMany({ where: { name, revokedAt: null }, data: { revokedAt: at } });
    return this.findByName(name);
  }

  /** Of these keys, those that exist and are not revoked. */
  async liveIds(ids: readonly bigint[]): Promise<bigint[]> {
    const rows = await this.prisma.apiKey.findMany({ where: { id: { in: [...ids] }, revokedAt: null }, select: { id: true } });
    return rows.map((row) => row.id);
  }

  countActive(): Promise<number> {
    return this.prisma.apiKey.count({ where: { revokedAt: null } });
  }
}
