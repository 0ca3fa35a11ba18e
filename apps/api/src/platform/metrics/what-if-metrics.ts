import { Injectable } from '@nestjs/common';
import { Histogram } from 'prom-client';
import { MetricsRegistry } from './metrics-registry';

/** From a placement's tenth of a millisecond to a taint impact over every node of a large cluster. */
const DECISION_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Whether the question was over the stored cluster (its snapshot) or a hypothetical one sent inline. */
export type WhatIfSource = 'stored' | 'inline';

/**
 * The two questions' own time, from the service's call to the answer's object (the snapshot's
 * revision check included, the HTTP and the JSON not): REST and GraphQL alike. By view (summary,
 * nodes or pods; `explain` for the chat answer's every pod and counts) and source.
 */
@Injectable()
export class WhatIfMetrics {
  private readonly placement: Histogram<'view' | 'source'>;
  private readonly impact: Histogram<'view' | 'source'>;

  constructor({ registry }: MetricsRegistry) {
    this.placement = new Histogram({
      name: 'taintgate_placement_duration_seconds',
      help: 'Time to answer where a pod can go (POST /v1/placement, a stored pod’s placement, GraphQL placement), by view and source.',
      labelNames: ['view', 'source'],
      buckets: DECISION_BUCKETS,
      registers: [registry],
    });
    this.impact = new Histogram({
      name: 'taintgate_taint_impact_duration_seconds',
      help: 'Time to answer what a taint would evict (POST /v1/taint-impact, GraphQL taintImpact; view explain: the chat answer), by view and source.',
      labelNames: ['view', 'source'],
      buckets: DECISION_BUCKETS,
      registers: [registry],
    });
  }

  /** A placement answered, begun at `started` (performance.now()). */
  placed(view: string, source: WhatIfSource, started: number): void {
    this.placement.observe({ view, source }, (performance.now() - started) / 1000);
  }

  /** A taint impact answered, begun at `started` (performance.now()). */
  impactAnswered(view: string, source: WhatIfSource, started: number): void {
    this.impact.observe({ view, source }, (performance.now() - started) / 1000);
  }
}
