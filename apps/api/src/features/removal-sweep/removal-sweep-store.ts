import { Injectable } from '@nestjs/common';
import type { NodeRemovalRank } from '@taintgate/domain';
import { PrismaService } from '../../platform/database/prisma.service';
import { Prisma, type RemovalSweep } from '../../generated/prisma/client';

export type SweepRow = RemovalSweep;
/** A sweep as lists show it: all but its nodes and results. */
export type SweepSummaryRow = Omit<RemovalSweep, 'nodes' | 'results'> & { nodeCount: number };

/** The removal_sweeps table: sweeps asked, their progress as the worker reports it, their ranked nodes. */
@Injectable()
export class RemovalSweepStore {
  constructor(private readonly prisma: PrismaService) {}

  create(sweep: { id: string; clusterId: number; nodes: string[] }): Promise<SweepRow> {
    return this.prisma.removalSweep.create({ data: sweep });
  }

  /** The cluster's sweep waiting or running, if any: a cluster runs one at a time. */
  active(clusterId: number): Promise<SweepRow | null> {
    return this.prisma.removalSweep.findFirst({ where: { clusterId, phase: { in: ['Pending', 'Running'] } }, orderBy: { createdAt: 'desc' } });
  }

  find(clusterId: number, id: string): Promise<SweepRow | null> {
    return this.prisma.removalSweep.findFirst({ where: { clusterId, id } });
  }

  /** By id alone, with its cluster's name, for the worker (its job names the sweep; gone with its cluster). */
  byId(id: string): Promise<(SweepRow & { cluster: { name: string } }) | null> {
    return this.prisma.removalSweep.findUnique({ where: { id }, include: { cluster: { select: { name: true } } } });
  }

  /** The cluster's sweeps, newest first, at most `take`, without their nodes and results. */
  async list(clusterId: number, take: number): Promise<SweepSummaryRow[]> {
    const rows = await this.prisma.removalSweep.findMany({
      where: { clusterId },
      orderBy: { createdAt: 'desc' },
      take,
      omit: { results: true },
    });
    return rows.map(({ nodes, ...row }) => ({ ...row, nodeCount: nodes.length }));
  }

  /** Taken by a worker (again, if one before it stopped): running from nothing done, at the cluster's revision it reads. */
  async started(id: string, revision: bigint, at: Date): Promise<void> {
    await this.prisma.removalSweep.update({ where: { id }, data: { phase: 'Running', revision, startedAt: at, done: 0, results: Prisma.DbNull, error: null } });
  }

  async progressed(id: string, done: number): Promise<void> {
    await this.prisma.removalSweep.updateMany({ where: { id, phase: 'Running' }, data: { done } });
  }

  async succeeded(id: string, ranks: readonly NodeRemovalRank[], at: Date): Promise<void> {
    await this.prisma.removalSweep.updateMany({
      where: { id },
      data: { phase: 'Succeeded', done: ranks.length, results: ranks as unknown as Prisma.InputJsonValue, finishedAt: at },
    });
  }

  async failed(id: string, error: string, at: Date): Promise<void> {
    await this.prisma.removalSweep.updateMany({ where: { id }, data: { phase: 'Failed', error, finishedAt: at } });
  }
}
