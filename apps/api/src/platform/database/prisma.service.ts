import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { AppConfig } from '../config/app-config';
import { PrismaClient } from '../../generated/prisma/client';
import { type NamedStatement, queryOf } from './named-statement';

/** What runs a statement on one connection, as pg's client does. */
export type Connection = Pick<pg.PoolClient, 'query'>;

/**
 * The process's one Prisma client, over the pg driver adapter (Prisma 7 has no built-in
 * driver). Feature modules reach Postgres only through it.
 *
 * The adapter is given a pool of our own. ClusterWriter takes its connections from it directly
 * (`connect`) and begins its transactions past Prisma, with a Prisma client bound to the
 * connection for the stores' model queries (`boundTo`); a Prisma transaction's connection is
 * known by its server process id (`connectionOf`), for statements sent past Prisma in it (a
 * snapshot's load).
 */
@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  private readonly connections: Map<number, pg.PoolClient>;
  private readonly pool: pg.Pool;
  /** Per pooled connection, a Prisma client whose every statement runs on it (boundTo), made when first asked for. */
  private readonly bound = new Map<pg.PoolClient, PrismaClient>();
  /** Where it connects: for a worker thread's connection of its own (snapshot-load-threads.ts). */
  readonly databaseUrl: string;

  constructor(config: AppConfig) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      // Without a limit a connection attempt to an unreachable server waits for the OS.
      connectionTimeoutMillis: 2_000,
    });
    super({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
    const connections = new Map<number, pg.PoolClient>();
    const logger = new Logger(PrismaService.name);
    // A connection cut by the server (a restart, a failover) says so as an 'error' event, on the pool
    // while it is idle and on the client while someone holds it: with no listener either ends the
    // process. Each client keeps one for its whole life, so a holder that listens for nothing (its
    // statements reject anyway) cannot crash it; the pool drops a client that is no longer queryable.
    pool.on('error', (error) => logger.warn(`an idle database connection was lost: ${error.message}`));
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
      connections.set(processIdOf(client), client);
    });
    pool.on('remove', (client) => {
      connections.delete(processIdOf(client));
      const prisma = this.bound.get(client);
      this.bound.delete(client);
      void prisma?.$disconnect();
    });
    this.connections = connections;
    this.pool = pool;
    this.databaseUrl = config.databaseUrl;
  }

  /**
   * One statement on any pooled connection, past Prisma: for the reads on every request's path
   * (the cluster's revision), where Prisma's own work per query costs more than the query.
   */
  async rows<T extends pg.QueryResultRow>(text: string | NamedStatement, values: readonly unknown[]): Promise<T[]> {
    return (await this.pool.query<T>(queryOf(text), values as unknown[])).rows;
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

  /**
   * A connection of the pool for a transaction of the caller's own (ClusterWriter's: its BEGIN sent
   * with its first statement, no statement of Prisma's to find its connection again). Released by
   * the caller, with the error that broke it, if any (the pool then drops it).
   */
  connect(): Promise<pg.PoolClient> {
    return this.pool.connect();
  }

  /**
   * A Prisma client whose statements all run on `client`, so inside the transaction the caller
   * holds open on it: for the stores' statements that are Prisma's own (a model's findMany, an
   * upsert) in a transaction begun past Prisma. It may not begin one of its own.
   */
  boundTo(client: pg.PoolClient): PrismaClient {
    let prisma = this.bound.get(client);
    if (!prisma) {
      prisma = new PrismaClient({ adapter: new PrismaPg(new OneConnection(client)) });
      this.bound.set(client, prisma);
    }
    return prisma;
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([...this.bound.values()].map((prisma) => prisma.$disconnect()));
    this.bound.clear();
    await this.$disconnect();
  }
}

/**
 * What the driver adapter takes for a pool (it asks for a pg.Pool), handing every statement to one
 * connection of the real pool, held by a transaction: a transaction of Prisma's own on it would
 * commit the holder's, so it is refused.
 */
class OneConnection extends pg.Pool {
  constructor(private readonly client: pg.PoolClient) {
    super({ max: 1 });
  }

  override query(...args: unknown[]): never {
    return (this.client.query as (...a: unknown[]) => never)(...args);
  }

  override connect(): never {
    throw new Error("a write's Prisma client runs in the write's transaction and may not begin one of its own");
  }
}

/** pg sets a client's processID from the server's BackendKeyData, before the pool hands it out. */
const processIdOf = (client: pg.PoolClient): number => (client as pg.PoolClient & { processID: number }).processID;
