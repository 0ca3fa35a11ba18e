import { Injectable } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { ClusterDirectory } from '../../store/cluster-directory';
import { ClusterSnapshots } from '../../store/cluster-snapshots';
import { MetricsRegistry } from '../../platform/metrics/metrics-registry';
import { boundedScrape } from '../../platform/metrics/scrape-bounds';

/** The most clusters the gauge names: those held in memory, which the memory budget already bounds. */
const MAX_CLUSTERS_NAMED = 100;

/**
 * How many revisions each snapshot this replica holds is behind its cluster in Postgres, read when
 * Prometheus scrapes. Snapshots refresh on read, so an idle cluster's lag grows with the writes
 * other replicas take, and its next read fetches them first.
 */
@Injectable()
export class SnapshotLagGauge {
  constructor({ registry }: MetricsRegistry, snapshots: ClusterSnapshots, clusters: ClusterDirectory) {
    new Gauge({
      name: 'taintgate_snapshot_revision_lag',
      help: 'Revisions a cluster snapshot held by this replica is behind the cluster in Postgres, at scrape time (snapshots refresh on read).',
      labelNames: ['cluster'],
      registers: [registry],
      async collect() {
        this.reset();
        const held = snapshots
          .held()
          .filter((s) => s.revision >= 0n)
          .slice(0, MAX_CLUSTERS_NAMED);
        if (held.length === 0) return;
        const current = await boundedScrape('snapshot revisions', clusters.revisionsOf(held.map((s) => s.cluster)));
        if (!current) return;
        for (const { cluster, revision } of held) {
          const now = current.get(cluster);
          if (now !== undefined) this.set({ cluster }, Number(now > revision ? now - revision : 0n));
        }
      },
    });
  }
}
