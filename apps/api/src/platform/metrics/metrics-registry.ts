import { Injectable } from '@nestjs/common';
import { Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The application's own Prometheus registry, with the process's metrics (CPU, memory, heap, event
 * loop lag, handles, GC) collected on it. One per application rather than prom-client's global
 * one: the tests boot several applications in one process, and each must count only its own.
 */
@Injectable()
export class MetricsRegistry {
  readonly registry = new Registry();

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** The exposition, in Prometheus' text format. */
  exposition(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
