import { Injectable } from '@nestjs/common';
import { Histogram } from 'prom-client';
import { MetricsRegistry } from './metrics-registry';

/** Sub-millisecond answers (a read, a placement summary) up to the seconds of a large import. */
const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** The route label of a request that matched none (a 404, or a 401 before routing mattered): one series for all. */
const UNMATCHED_ROUTE = 'unmatched';

/**
 * Every answer's time by method, route pattern (`/v1/nodes/:name`, never the path asked: one
 * series per route, not per node) and status. Written by the request hook (logs/request-lines.ts).
 */
@Injectable()
export class HttpMetrics {
  private readonly duration: Histogram<'method' | 'route' | 'status'>;

  constructor({ registry }: MetricsRegistry) {
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request’s arrival to its answer sent, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: DURATION_BUCKETS,
      registers: [registry],
    });
  }

  answered(method: string, route: string | undefined, status: number, milliseconds: number): void {
    this.duration.observe({ method, route: route ?? UNMATCHED_ROUTE, status }, milliseconds / 1000);
  }
}
