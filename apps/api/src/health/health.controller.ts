import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import type { HealthReport } from './health-report';
import { HealthService } from './health.service';
import { Access } from '../auth/route-access';

@Controller()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /**
   * 200 with the report when every dependency answers, 503 with the same report otherwise
   * (Nest sends an exception's object response as the body, unchanged).
   */
  @Get('healthz')
  @Access('public')
  async healthz(): Promise<HealthReport> {
    const report = await this.health.check();
    if (report.status !== 'ok') throw new ServiceUnavailableException(report);
    return report;
  }
}
