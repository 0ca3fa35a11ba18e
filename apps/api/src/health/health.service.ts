import { Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { PrismaService } from '../database/prisma.service';
import { connectionProblem } from '../redis/redis-client.provider';
import type { HealthCheckName, HealthReport } from './health-report';
import { withTimeout } from './with-timeout';

/** Longest a single check may take: a liveness probe must get its answer before its own timeout. */
const CHECK_TIMEOUT_MS = 2_000;

/** Asks each dependency for a trivial answer, all at once, and reports which ones gave it. */
@Injectable()
export class HealthService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly redis: Redis,
  ) {}

  async check(): Promise<HealthReport> {
    const probes: Record<HealthCheckName, () => Promise<unknown>> = {
      postgres: () => this.prisma.$queryRaw`SELECT 1`,
      redis: () => this.pingRedis(),
    };
    const names = Object.keys(probes) as HealthCheckName[];
    const outcomes = await Promise.allSettled(names.map((name) => withTimeout(probes[name](), CHECK_TIMEOUT_MS)));

    const report: HealthReport = { status: 'ok', checks: { postgres: 'ok', redis: 'ok' } };
    names.forEach((name, index) => {
      const outcome = outcomes[index];
      if (outcome?.status !== 'rejected') return;
      report.status = 'unavailable';
      report.checks[name] = 'failed';
      report.errors = { ...report.errors, [name]: messageOf(outcome.reason) };
    });
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
