import { Injectable } from '@nestjs/common';
import { type ClusterMode, DEFAULT_CLUSTER, type ClusterPatterns, EVERY_CLUSTER, coversEveryCluster, failure } from '@taintgate/domain';
import { PrismaService } from '../platform/database/prisma.service';
import type { Prisma } from '../generated/prisma/client';
import { fail } from '../platform/failures/failure.exception';
import type { ClusterRef, WriteContext } from './write-context';
import { currentActor } from '../platform/access/actor';
import { clusterNameFilter } from './cluster-name-filter';

/** A mirror's source as stored, without its credentials: `auth` says which kind is held, never what. */
export interface StoredSource {
  server: string;
  caData?: string;
  insecureSkipTLSVerify: boolean;
  context?: string;
  auth: 'token' | 'clientCertificate' | 'none';
}

/** A cluster's spec as stored: its mode, a mirror's source, and that source's credentials as sealed (SecretBox). */
export interface StoredSpec {
  mode: ClusterMode;
  source: StoredSource | null;
  credentials: string | null;
}

/** A cluster's row with how many nodes and pods it holds. */
export interface ClusterRecord extends ClusterRef {
  revision: bigint;
  createdAt: Date;
  mode: ClusterMode;
  source: StoredSource | null;
  nodes: number;
  pods: number;
}

/**
 * The clusters table: which clusters exist, by name. Writes create the cluster they name
 * (ClusterWriter.write); this creates one on its own, lists them and deletes one with everything
 * in it (every table's rows go with their cluster: ON DELETE CASCADE), but its audit trail, which
 * names it and outlives it. Creating and deleting a cluster are audited (cluster.create,
 * cluster.delete), in the statement or transaction that does it.
 */
@Injectable()
export class ClusterDirectory {
  constructor(private readonly prisma: PrismaService) {}

  /** The cluster by name; NotFound if there is none, except the default cluster, which always exists. */
  async require(name: string): Promise<ClusterRef> {
    const row = await this.prisma.cluster.findUnique({ where: { name }, select: { id: true, name: true } });
    if (row) return row;
    if (name === DEFAULT_CLUSTER) return (await this.ensure(name)).cluster;
    return fail(failure.notFound('Cluster', name));
  }

  /** The cluster by name with its current revision, for a list read past the snapshot (evictions); NotFound as require. */
  async current(name: string): Promise<ClusterRef & { revision: bigint }> {
    const { id } = await this.require(name);
    const row = await this.prisma.cluster.findUnique({ where: { id }, select: { id: true, name: true, revision: true } });
    return row ?? fail(failure.notFound('Cluster', name));
  }

  /** Creates the cluster unless it exists; says which. */
  async ensure(name: string): Promise<{ cluster: ClusterRef; created: boolean }> {
    const { actor, actorKeyId, requestId, clientAddress } = currentActor();
    const [inserted] = await this.prisma.$queryRaw<ClusterRef[]>`
      WITH created AS (INSERT INTO clusters (name) VALUES (${name}) ON CONFLICT (name) DO NOTHING RETURNING id, name, revision),
      audited AS (
        INSERT INTO audit_events (cluster_id, cluster_name, revision, action, kind, name, actor, actor_key_id, request_id, client_address)
        SELECT id, name, revision, 'cluster.create', 'Cluster', name, ${actor}, ${actorKeyId}, ${requestId}, ${clientAddress} FROM created)
      SELECT id, name FROM created`;
    if (inserted) return { cluster: inserted, created: true };
    return { cluster: await this.require(name), created: false };
  }

  async get(name: string): Promise<ClusterRecord> {
    return (await this.records({ name }))[0] ?? fail(failure.notFound('Cluster', name));
  }

  /**
   * A page of the clusters by name: those from the start key on, at most `take` of them, and how
   * many there are from there (a list's remainingItemCount) when more than `take`. A start key is
   * a name, or a name followed by NUL (the first name after it), which Postgres cannot hold in a
   * parameter: that one is asked for as "after the name". Only the clusters `visible` matches are
   * listed and counted (a key's clusters: cluster-scope.ts).
   */
  async list(start: string, take: number, visible: ClusterPatterns = EVERY_CLUSTER): Promise<{ records: ClusterRecord[]; fromStart?: number }> {
    const from: Prisma.ClusterWhereInput = { name: start.endsWith('\u0000') ? { gt: start.slice(0, -1) } : { gte: start } };
    const where: Prisma.ClusterWhereInput = coversEveryCluster(visible)
      ? from
      : { AND: [from, { OR: visible.map((pattern) => ({ name: clusterNameFilter(pattern) })) }] };
    const records = await this.records(where, take);
    if (records.length < take) return { records };
    return { records, fromStart: await this.prisma.cluster.count({ where }) };
  }

  /** The current revisions of the named clusters that exist, by name, past Prisma: one indexed read of a few rows. */
  async revisionsOf(names: readonly string[]): Promise<Map<string, bigint>> {
    const rows = await this.prisma.rows<{ name: string; revision: string }>(
      'SELECT name, revision::text AS revision FROM clusters WHERE name = ANY($1::text[])',
      [names],
    );
    return new Map(rows.map((row) => [row.name, BigInt(row.revision)]));
  }

  /**
   * Deletes the cluster and everything in it, in one statement: it waits for the cluster's write
   * under way (the row lock every write takes) and no write to it starts after. Answers what it held.
   */
  async delete(name: string): Promise<ClusterRecord> {
    const record = await this.get(name);
    const { actor, actorKeyId, requestId, clientAddress } = currentActor();
    const before = { name: record.name, revision: String(record.revision), nodes: record.nodes, pods: record.pods, createdAt: record.createdAt.toISOString() };
    await this.prisma.$transaction([
      this.prisma.$executeRaw`
        INSERT INTO audit_events (cluster_id, cluster_name, revision, action, kind, name, before, actor, actor_key_id, request_id, client_address)
        SELECT id, name, revision, 'cluster.delete', 'Cluster', name, ${JSON.stringify(before)}::jsonb, ${actor}, ${actorKeyId}, ${requestId}, ${clientAddress}
        FROM clusters WHERE id = ${record.id}`,
      this.prisma.cluster.deleteMany({ where: { id: record.id } }),
    ]);
    return record;
  }

  /** The cluster's spec, in a write (its row is locked): what a change of it starts from. */
  async specOf(w: WriteContext): Promise<StoredSpec> {
    const [row] = await w.rows<StoredSpec>('SELECT mode::text AS mode, source, source_credentials AS credentials FROM clusters WHERE id = $1', [w.cluster.id]);
    return row ?? { mode: 'managed', source: null, credentials: null };
  }

  /** Stores the cluster's spec, in a write. */
  async writeSpec(w: WriteContext, spec: StoredSpec): Promise<void> {
    await w.sql('UPDATE clusters SET mode = $2::"ClusterMode", source = $3::jsonb, source_credentials = $4 WHERE id = $1', [
      w.cluster.id,
      spec.mode,
      spec.source === null ? null : JSON.stringify(spec.source),
      spec.credentials,
    ]);
  }

  private async records(where: Prisma.ClusterWhereInput, take?: number): Promise<ClusterRecord[]> {
    const rows = await this.prisma.cluster.findMany({
      where,
      ...(take === undefined ? {} : { take }),
      select: { id: true, name: true, revision: true, createdAt: true, mode: true, source: true, _count: { select: { nodes: true, pods: true } } },
      orderBy: { name: 'asc' },
    });
    return rows.map(({ _count, source, ...row }) => ({ ...row, source: source as StoredSource | null, ..._count }));
  }
}
