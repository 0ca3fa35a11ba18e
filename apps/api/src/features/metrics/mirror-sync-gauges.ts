import { Injectable } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { ClusterSyncs } from '../../store/cluster-syncs';
import { MetricsRegistry } from '../../platform/metrics/metrics-registry';
import { boundedScrape } from '../../platform/metrics/scrape-bounds';
import { sharedRead } from '../../platform/metrics/shared-read';

/**
 * Each synced mirror's sync, read from Postgres when Prometheus scrapes, so that every replica
 * answers the same whichever syncs it: whether it is in step (as Karpenter's
 * karpenter_cluster_state_synced) and how long since it last was.
 */
@Injectable()
export class MirrorSyncGauges {
  constructor({ registry }: MetricsRegistry, syncs: ClusterSyncs) {
    const statuses = sharedRead(() => boundedScrape('mirror syncs', syncs.statuses()));
    new Gauge({
      name: 'taintgate_cluster_synced',
      help: 'Whether a mirror is in step with its source API server (1: every kind listed and watched, every event stored).',
      labelNames: ['cluster'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const sync of (await statuses())?.values() ?? []) this.set({ cluster: sync.name }, sync.state === 'Watching' ? 1 : 0);
      },
    });
    new Gauge({
      name: 'taintgate_cluster_sync_lag_seconds',
      help: 'How long since a mirror was last in step with its source (0 while it is; since its sync began before its first).',
      labelNames: ['cluster'],
      registers: [registry],
      async collect() {
        this.reset();
        const now = Date.now();
        for (const sync of (await statuses())?.values() ?? []) {
          const since = sync.syncedAt ?? sync.since;
          this.set({ cluster: sync.name }, sync.state === 'Watching' ? 0 : (now - since.getTime()) / 1000);
        }
      },
    });
  }
}
