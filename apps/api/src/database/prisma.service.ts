import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { AppConfig } from '../config/app-config';
import { PrismaClient } from '../generated/prisma/client';

/** What runs a statement on one connection, as pg's client does. */
export type Connection = Pick<pg.PoolClient, 'query'>;

/**
 * The process's one Prisma client, over the pg driver adapter (Prisma 7 has no built-in
 * driver). Feature modules reach Postgres only through it.
 *
 * The adapter is given a pool of our own, whose connections are known by their server process
 * id: a write can then send a statement on its own transaction's connection past Prisma
 * (`connectionOf`), which an import's megabytes of JSON need (see WriteContext.sql).
 */
@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  private readonly connections: Map<number, pg.PoolClient>;
  private readonly pool: pg.Pool;

  constructor(config: AppConfig) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      // Without a limit a connection attempt to an unreachable server waits for the OS.
      connectionTimeoutMillis: 2_000,
    });
    super({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
    const connections = new Map<number, pg.PoolClient>();
    pool.on('connect', (client) => connections.set(processIdOf(client), client));
    pool.on('remove', (client) => connections.delete(processIdOf(client)));
    this.connections = connections;
    this.pool = pool;
  }

  /**
   * One statement on any pooled connection, past Prisma: for the reads on every request's path
   * (the cluster's revision), where Prisma's own work per query costs more than the query.
   */
  async rows<T extends pg.QueryResultRow>(text: string, values: readonly unknown[]): Promise<T[]> {
    return (await this.pool.query<T>(text, values as unknown[])).rows;
  }

  /**
   * The pg connection a transaction runs on, told by its server process id (asked through the
   * transaction itself, so it is the one). Statements sent on it run in the transaction, in
   * order with the transaction's own (pg's client queues them).
   */
  async connectionOf(tx: Pick<PrismaClient, '$queryRaw'>): Promise<Connection> {
    const [row] = await tx.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
    const connection = row && this.connections.get(row.pid);
    if (!connection) throw new Error(`no pooled connection has server process ${String(row?.pid)}`);
    return connection;
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
  }
}

/** pg sets a client's processID from the server's BackendKeyData, before the pool hands it out. */
const processIdOf = (client: pg.PoolClient): number => (client as pg.PoolClient & { processID: number }).processID;
