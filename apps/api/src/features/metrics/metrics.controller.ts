import { Controller, Get, Header } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { AccessOrToken } from '../../platform/access/route-access';
import { requireEveryCluster } from '../../platform/access/cluster-access';
import { MetricsRegistry } from '../../platform/metrics/metrics-registry';

/** Prometheus' text format, version 0.0.4 (what prom-client's registry writes). */
const PROMETHEUS_TEXT = 'text/plain; version=0.0.4; charset=utf-8';

/**
 * GET /metrics: the registry's series in Prometheus' text format, for a viewer's key or the scrape
 * token (TAINTGATE_METRICS_TOKEN), which no other route takes; a key must hold every cluster. Gauges that need a read (evictions
 * waiting, the queue, snapshot lag) are read now, each bounded. Prometheus' scrape endpoint, not
 * the REST contract (its answer is Prometheus' text, no JSON schema): left out of the OpenAPI document.
 */
@ApiExcludeController()
@Controller()
export class MetricsController {
  constructor(private readonly metrics: MetricsRegistry) {}

  @Get('metrics')
  @AccessOrToken('viewer', 'metrics')
  @Header('content-type', PROMETHEUS_TEXT)
  @Header('cache-control', 'no-store')
  exposition(): Promise<string> {
    // Its series name every cluster: a key of some clusters may not read them (the scrape token names no key, and may).
    requireEveryCluster("read the service's metrics");
    return this.metrics.exposition();
  }
}
