import { Controller, Get, Header, Query, Res, ServiceUnavailableException, applyDecorators } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { HealthCheckName, HealthReport } from './health-report';
import { LIVEZ_CHECKS, READYZ_CHECKS, HealthService } from './health.service';
import { checksToRun, healthText } from './health-text';
import { currentRequest } from '../../platform/access/request-context';
import { Access } from '../../platform/access/route-access';
import { Answers, OptionalQuery } from '../../http/operation-docs/operation-docs';
import { schemaRef } from '../../http/operation-docs/schema-names';

/** The query of /livez and /readyz: `?verbose` (any value, or none), `?exclude=name` (repeatable). */
interface HealthQuery {
  verbose?: unknown;
  exclude?: unknown;
}

/**
 * Whether this caller may see why a check failed (hosts, driver errors): an admin's key only.
 * Health needs no key, so anyone else, and everyone while authentication is off, sees `failed`.
 */
const detailed = (): boolean => {
  const caller = currentRequest()?.caller;
  return caller?.kind === 'apiKey' && caller.role === 'admin';
};

/** The document's /livez and /readyz: kube-apiserver's text, and its query. */
const HealthTextDocs = (): MethodDecorator =>
  applyDecorators(
    ApiProduces('text/plain'),
    OptionalQuery('verbose', 'any value (or none): every check on a line of its own'),
    OptionalQuery('exclude', 'a check to leave out (repeatable)'),
    ApiResponse({ status: 200, description: 'ok, or each check with [+] (verbose)', schema: { type: 'string' } }),
    ApiResponse({ status: 503, description: 'a check failed: each check with [+] or [-]', schema: { type: 'string' } }),
  );

/**
 * GET /livez (the process answers), GET /readyz (Postgres answers: the service can serve), in
 * kube-apiserver's plain-text shape, and GET /healthz, the JSON report kept for probes set up
 * before them, whose status is /readyz's. Redis is never required: evictions are carried out
 * from Postgres while it is away.
 */
@ApiTags('health')
@Controller()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get('livez')
  @Access('public')
  @Header('content-type', 'text/plain; charset=utf-8')
  @Header('x-content-type-options', 'nosniff')
  @ApiOperation({ summary: "Liveness, in kube-apiserver's text: the process answers", security: [] })
  @HealthTextDocs()
  livez(@Query() query: HealthQuery, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return this.answer('livez', LIVEZ_CHECKS, query, reply);
  }

  @Get('readyz')
  @Access('public')
  @Header('content-type', 'text/plain; charset=utf-8')
  @Header('x-content-type-options', 'nosniff')
  @ApiOperation({ summary: "Readiness, in kube-apiserver's text: Postgres answers", security: [] })
  @HealthTextDocs()
  readyz(@Query() query: HealthQuery, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return this.answer('readyz', READYZ_CHECKS, query, reply);
  }

  /**
   * 200 with the report when Postgres answers, 503 with the same report otherwise (Nest sends an
   * exception's object response as the body, unchanged).
   */
  @Get('healthz')
  @Access('public')
  @ApiOperation({ summary: 'The JSON report of /readyz, for probes set up before it', security: [] })
  @Answers(200, 'Postgres answers', 'HealthReport')
  @ApiResponse({ status: 503, description: 'Postgres does not answer', schema: schemaRef('HealthReport') })
  async healthz(): Promise<HealthReport> {
    const report = await this.health.report(detailed());
    if (report.status !== 'ok') throw new ServiceUnavailableException(report);
    return report;
  }

  private async answer(endpoint: 'livez' | 'readyz', checks: readonly HealthCheckName[], query: HealthQuery, reply: FastifyReply): Promise<string> {
    const exclude = [query.exclude ?? []].flat().flatMap((names) => (typeof names === 'string' ? names.split(',') : []));
    const outcomes = await this.health.run(checksToRun(checks, exclude), detailed());
    const { ok, body } = healthText(endpoint, checks, outcomes, { verbose: query.verbose !== undefined, exclude });
    // 503 rather than kube-apiserver's 500: not ready is not a failure of ours, and says to come back.
    if (!ok) void reply.status(503);
    return body;
  }
}
