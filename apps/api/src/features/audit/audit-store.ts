import { Injectable } from '@nestjs/common';
import { type ClusterPatterns, EVERY_CLUSTER, coversEveryCluster } from '@taintgate/domain';
import { currentActor } from '../../platform/access/actor';
import { clusterNameFilter } from '../../store/cluster-name-filter';
import { PrismaService } from '../../platform/database/prisma.service';
import type { AuditEvent, Prisma } from '../../generated/prisma/client';
import type { AuditQuery } from './audit-commands';

/** An audit row, with the name its cluster had (none for the deployment's own things; kept when the cluster is deleted). */
export type AuditRow = AuditEvent;

/** A change to something of the deployment's own (an API key, a webhook): its audit row names no cluster. */
export interface DeploymentChange {
  action: string;
  kind: 'APIKey' | 'Webhook';
  name: string;
  /** The thing before the change (none for a create) and after it (none for a delete), as the API answers it. */
  before?: Prisma.InputJsonValue;
  after?: Prisma.InputJsonValue;
}

/**
 * The audit trail (audit_events) outside the clusters' writes, which write their own rows
 * (ClusterWriter's `audit`): read a page at a time, and written for the deployment's own things.
 */
@Injectable()
export class AuditStore {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * The rows the query asks for, newest first, at most `take`: of the clusters `visible` matches
   * only (a key's clusters), and then none of the deployment's own things (keys, webhooks), which
   * belong to no cluster.
   */
  async page(query: AuditQuery, take: number, visible: ClusterPatterns = EVERY_CLUSTER): Promise<AuditRow[]> {
    const where: Prisma.AuditEventWhereInput = {
      ...(coversEveryCluster(visible) ? {} : { OR: visible.map((pattern) => ({ clusterName: clusterNameFilter(pattern) })) }),
      ...(query.cluster === undefined ? {} : { clusterName: query.cluster }),
      ...(query.actor === undefined ? {} : { actor: query.actor }),
      ...(query.action === undefined ? {} : { action: query.action }),
      ...(query.kind === undefined ? {} : { kind: query.kind }),
      ...(query.namespace === undefined ? {} : { namespace: query.namespace }),
      ...(query.name === undefined ? {} : { name: query.name }),
      ...(query.since === undefined && query.until === undefined
        ? {}
        : {
            at: { ...(query.since === undefined ? {} : { gte: new Date(query.since) }), ...(query.until === undefined ? {} : { lt: new Date(query.until) }) },
          }),
      ...(query.upTo === undefined ? {} : { id: { lte: query.upTo } }),
    };
    return this.prisma.auditEvent.findMany({
      where,
      orderBy: { id: 'desc' },
      take,
    });
  }

  /** Records the change, by whoever is acting now (the request's API key, or the system). */
  async record({ action, kind, name, before, after }: DeploymentChange): Promise<void> {
    await this.prisma.auditEvent.create({
      data: {
        action,
        kind,
        name,
        ...currentActor(),
        ...(after === undefined ? {} : { after }),
        ...(before === undefined ? {} : { before }),
      },
    });
  }
}
