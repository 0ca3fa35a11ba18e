import { Logger } from '@nestjs/common';

/**
 * Telling a dependency's outage from a bug. Postgres unreachable, restarting or refusing
 * connections is no failure of the request nor of our code: it is answered 503 with
 * `Retry-After` (failure-answers.ts), and logged once per interval (OutageLog), not as a stack
 * per request.
 */

/**
 * What Prisma says when it cannot reach the database or loses it: P1001 can't reach, P1002
 * timed out, P1008 operation timed out, P1017 server closed the connection, P2024 no connection
 * from the pool in time.
 */
const PRISMA_CONNECTION_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);

/** The driver adapter's kinds for the same (Prisma's DriverAdapterError `cause.kind`). */
const ADAPTER_CONNECTION_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);

/** The network's words, from Node (pg's own errors, a raw connection). */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Postgres' SQLSTATEs for a server going or gone: class 08 (connection exception), 57P01 admin
 * shutdown, 57P02 crash shutdown, 57P03 cannot connect now (starting up or shutting down),
 * 53300 too many connections.
 */
const isUnavailableSqlState = (code: string): boolean => /^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code) || code === '53300';

/** pg's and Prisma's messages for a connection lost or never had (they carry no code). */
const CONNECTION_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Can't reach database server/i,
  /Server has closed the connection/i,
  /Timed out fetching a new connection from the connection pool/i,
  /Unable to start a transaction in the given time/i,
  /Client has encountered a connection error/i,
];

/**
 * Whether `thrown` says Postgres cannot be reached or is going away (as opposed to a query it
 * refused): Prisma's codes, the adapter's kinds, SQLSTATEs, socket codes or pg's messages, looked
 * for in the error, its `meta.driverAdapterError.cause` and its `cause` chain.
 */
export function isPostgresUnreachable(thrown: unknown, depth = 0): boolean {
  if (depth > 4 || thrown === null || typeof thrown !== 'object') return false;
  if (thrown instanceof AggregateError && thrown.errors.some((e) => isPostgresUnreachable(e, depth + 1))) return true;
  const { code, message, meta, cause } = thrown as { code?: unknown; message?: unknown; meta?: unknown; cause?: unknown };
  if (typeof code === 'string' && (PRISMA_CONNECTION_CODES.has(code) || SOCKET_CODES.has(code) || isUnavailableSqlState(code))) return true;
  const adapterCause = (meta as { driverAdapterError?: { cause?: Record<string, unknown> } } | undefined)?.driverAdapterError?.cause;
  if (adapterCause) {
    if (typeof adapterCause['kind'] === 'string' && ADAPTER_CONNECTION_KINDS.has(adapterCause['kind'])) return true;
    const sqlState = adapterCause['originalCode'] ?? adapterCause['code'];
    if (typeof sqlState === 'string' && isUnavailableSqlState(sqlState)) return true;
  }
  if (typeof message === 'string' && CONNECTION_MESSAGES.some((words) => words.test(message))) return true;
  return isPostgresUnreachable(cause, depth + 1);
}

/** The driver's own words for an outage, for the log: Prisma's "Message: `...`" when it wraps them. */
export function outageDetail(thrown: unknown): string {
  if (thrown instanceof AggregateError && thrown.errors.length > 0) return thrown.errors.map(outageDetail).join('; ');
  const text = thrown instanceof Error ? thrown.message : String(thrown);
  return /Message: `([^`]*)`/.exec(text)?.[1] ?? text.trim().split('\n').pop() ?? text;
}

/** Thrown where Redis is needed and not connected: an outage, told by OutageLog, not a bug. */
export class RedisUnreachableError extends Error {
  constructor(detail: string) {
    super(`Redis unreachable: ${detail}`);
    this.name = 'RedisUnreachableError';
  }
}

/**
 * Reports `thrown` to its dependency's OutageLog when it is an outage (Postgres or Redis
 * unreachable) and answers true; false for anything else, which the caller logs as it would.
 */
export function reportIfOutage(thrown: unknown): boolean {
  if (thrown instanceof RedisUnreachableError) {
    OutageLog.of('Redis').report(thrown.message.replace(/^Redis unreachable: /, ''));
    return true;
  }
  if (!isPostgresUnreachable(thrown)) return false;
  OutageLog.of('Postgres').report(outageDetail(thrown));
  return true;
}

/** How often an outage that lasts is told again in the log. */
const OUTAGE_LOG_INTERVAL_MS = 30_000;

/**
 * Tells the log that a dependency is unreachable once per interval (the first time at once, then
 * at most every 30 s with how many more times it was met meanwhile), so an outage under load
 * writes a line every half minute rather than a stack per request. One per dependency and
 * process (`OutageLog.of('Postgres')`).
 */
export class OutageLog {
  private static readonly logs = new Map<string, OutageLog>();
  private readonly logger: Logger;
  private lastToldAt = -Infinity;
  private untold = 0;

  private constructor(private readonly dependency: string) {
    this.logger = new Logger(`${dependency}Outage`);
  }

  static of(dependency: 'Postgres' | 'Redis'): OutageLog {
    let log = OutageLog.logs.get(dependency);
    if (!log) OutageLog.logs.set(dependency, (log = new OutageLog(dependency)));
    return log;
  }

  /** Met the outage once more (`detail`: what the driver said); logged if the interval has passed. */
  report(detail: string, now = Date.now()): void {
    if (now - this.lastToldAt < OUTAGE_LOG_INTERVAL_MS) {
      this.untold += 1;
      return;
    }
    const meanwhile = this.untold > 0 ? ` (${this.untold} more time(s) since the last report)` : '';
    this.logger.warn(`${this.dependency} unreachable: ${detail}${meanwhile}`);
    this.lastToldAt = now;
    this.untold = 0;
  }

  /** It answers again: the next outage is told at once. */
  recovered(): void {
    if (this.lastToldAt === -Infinity) return;
    this.logger.log(`${this.dependency} reachable again`);
    this.lastToldAt = -Infinity;
    this.untold = 0;
  }
}
