import { Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { PrismaService } from '../../platform/database/prisma.service';
import { OutageLog } from '../../platform/failures/outages';
import { connectionProblem } from '../../platform/redis/redis-client.provider';
import type { CheckOutcome, HealthCheckName, HealthReport } from './health-report';
import { withTimeout } from '../../platform/time-limits/with-timeout';

/** Longest a single check may take: a probe must get its answer before its own timeout. */
const CHECK_TIMEOUT_MS = 2_000;

/** The checks of each endpoint, in the order they are listed (kube-apiserver lists `ping` first). */
export const LIVEZ_CHECKS: readonly HealthCheckName[] = ['ping'];
export const READYZ_CHECKS: readonly HealthCheckName[] = ['ping', 'postgres'];
const HEALTHZ_CHECKS: readonly HealthCheckName[] = ['postgres', 'redis'];

/**
 * Runs the health checks, all at once, each bounded by CHECK_TIMEOUT_MS. A failed check's cause
 * goes to the log (once per interval, as an outage) and into the answer only when `detailed`:
 * the seam for callers allowed to see hosts and driver errors; anonymous callers get none.
 */
@Injectable()
export class HealthService {
  private readonly probes: Record<HealthCheckName, () => Promise<unknown>> = {
    ping: () => Promise.resolve(),
    postgres: () => this.prisma.$queryRaw`SELECT 1`,
    redis: () => this.pingRedis(),
  };

  constructor(
    private readonly prisma: PrismaService,
    private readonly redis: Redis,
  ) {}

  /** Each named check's outcome, in the order named. */
  async run(names: readonly HealthCheckName[], detailed: boolean): Promise<CheckOutcome[]> {
    const outcomes = await Promise.allSettled(names.map((name) => withTimeout(this.probes[name](), CHECK_TIMEOUT_MS)));
    return names.map((name, i) => {
      const outcome = outcomes[i];
      if (outcome?.status !== 'rejected') {
        if (name === 'postgres') OutageLog.of('Postgres').recovered();
        return { name, ok: true };
      }
      const error = messageOf(outcome.reason);
      if (name === 'postgres' || name === 'redis') OutageLog.of(name === 'postgres' ? 'Postgres' : 'Redis').report(`${name} check failed: ${error}`);
      return detailed ? { name, ok: false, error } : { name, ok: false };
    });
  }

  /** GET /healthz's report: its status follows Postgres alone (readiness); Redis is reported beside it. */
  async report(detailed: boolean): Promise<HealthReport> {
    const outcomes = await this.run(HEALTHZ_CHECKS, detailed);
    const statusOf = (name: HealthCheckName) => (outcomes.find((o) => o.name === name)?.ok ? 'ok' : 'failed');
    const report: HealthReport = {
      status: statusOf('postgres') === 'ok' ? 'ok' : 'unavailable',
      checks: { postgres: statusOf('postgres'), redis: statusOf('redis') },
    };
    for (const { name, error } of outcomes) if (error !== undefined) report.errors = { ...report.errors, [name]: error };
    return report;
  }

  /** PING, and when it fails for want of a connection, say why there is none. */
  private async pingRedis(): Promise<void> {
    try {
      await this.redis.ping();
    } catch (error) {
      const problem = connectionProblem(this.redis);
      throw problem ? new Error(`not connected: ${problem}`) : error;
    }
  }
}

function messageOf(reason: unknown): string {
  if (reason instanceof AggregateError && reason.errors.length > 0) {
    // Node reports a refused connection to "localhost" as one error per address tried.
    return reason.errors.map(messageOf).join('; ');
  }
  const text = reason instanceof Error ? reason.message : String(reason);
  // Prisma wraps the driver's words in several lines ("Invalid `prisma.$queryRaw()` invocation: ...
  // Message: `Can't reach database server at ...`"): keep only those words.
  return /Message: `([^`]*)`/.exec(text)?.[1] ?? text.trim();
}
