import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Node, Pod } from '@taintgate/domain';
import { PrismaService } from '../database/prisma.service';
import { nodeOfRow } from './node-record';
import { podKey, podOfRow } from './pod-record';

/** The cluster as one consistent revision. Read-only: callers must not mutate the objects. */
export interface ClusterView {
  revision: bigint;
  nodes: ReadonlyMap<string, Node>;
  /** By `namespace/name`. */
  pods: ReadonlyMap<string, Pod>;
}

/**
 * The whole cluster in memory, never stale: each read first asks Postgres for the current
 * revision (one indexed single-row read) and, if it moved, fetches only what changed since,
 * in one repeatable-read transaction so that the view is a consistent revision.
 */
@Injectable()
export class ClusterSnapshot implements OnApplicationBootstrap {
  private revision = -1n;
  private readonly nodes = new Map<string, Node>();
  private readonly pods = new Map<string, Pod>();
  private refreshing: Promise<void> | null = null;

  constructor(private readonly prisma: PrismaService) {}

  /** Loads the cluster while the server starts, so the first request does not pay for it. */
  onApplicationBootstrap(): void {
    this.view().catch((error: unknown) => {
      new Logger(ClusterSnapshot.name).warn(`could not load the cluster yet: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  async view(): Promise<ClusterView> {
    const latest = await this.latestRevision();
    while (this.revision < latest) {
      // One refresh at a time; a refresh that started before `latest` was committed is followed by another.
      this.refreshing ??= this.refresh().finally(() => {
        this.refreshing = null;
      });
      await this.refreshing;
    }
    return { revision: this.revision, nodes: this.nodes, pods: this.pods };
  }

  private async latestRevision(): Promise<bigint> {
    const row = await this.prisma.clusterRevision.findUnique({ where: { id: 1 } });
    return row?.revision ?? 0n;
  }

  private async refresh(): Promise<void> {
    const since = this.revision;
    const changes = await this.prisma.$transaction(
      async (tx) => {
        const revision = (await tx.clusterRevision.findUnique({ where: { id: 1 } }))?.revision ?? 0n;
        const after = { revision: { gt: since } };
        // One after the other: a transaction is one connection, and pg will not queue for us.
        const tombstones = await tx.tombstone.findMany({ where: after, orderBy: { revision: 'asc' } });
        const nodes = await tx.node.findMany({ where: after, include: { taints: true } });
        const pods = await tx.pod.findMany({ where: after });
        return { revision, tombstones, nodes, pods };
      },
      { isolationLevel: 'RepeatableRead', timeout: 120_000, maxWait: 15_000 },
    );
    // Deletions first: a row still present was written after its tombstone and is the truth.
    for (const t of changes.tombstones) (t.kind === 'Node' ? this.nodes : this.pods).delete(t.key);
    for (const row of changes.nodes) this.nodes.set(row.name, nodeOfRow(row));
    for (const row of changes.pods) this.pods.set(podKey(row.namespace, row.name), podOfRow(row));
    this.revision = changes.revision;
  }
}
