import { Injectable } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { AppConfig } from '../../platform/config/app-config';
import { MetricsRegistry } from '../../platform/metrics/metrics-registry';
import { ClusterSnapshots } from '../../store/cluster-snapshots';

/** The most clusters the gauge names: those held in memory, which the memory budget already bounds. */
const MAX_CLUSTERS_NAMED = 100;

/**
 * What each snapshot this replica holds costs in memory, as the budget counts it (measured when
 * loaded, or estimated for a small cluster: `measured`), and the budget itself, read when
 * Prometheus scrapes.
 */
@Injectable()
export class SnapshotBytesGauge {
  constructor({ registry }: MetricsRegistry, snapshots: ClusterSnapshots, config: AppConfig) {
    new Gauge({
      name: 'taintgate_snapshot_bytes',
      help: 'Bytes of V8 heap each cluster snapshot held by this replica costs, as the memory budget counts them: measured at its load, or estimated for a small cluster.',
      labelNames: ['cluster', 'measured'],
      registers: [registry],
      collect() {
        this.reset();
        // Not one still waiting for its first load: it holds nothing yet.
        const loaded = snapshots.held().filter((s) => s.revision >= 0n);
        for (const { cluster, bytes, measured } of loaded.slice(0, MAX_CLUSTERS_NAMED)) this.set({ cluster, measured: String(measured) }, bytes);
      },
    });
    new Gauge({
      name: 'taintgate_snapshot_memory_budget_bytes',
      help: 'SNAPSHOT_MEMORY_BUDGET_MB in bytes: past it, the snapshots read least recently are dropped.',
      registers: [registry],
      collect() {
        this.set(config.snapshots.memoryBudgetBytes);
      },
    });
  }
}
