import { Injectable } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { ClusterSnapshots } from '../../store/cluster-snapshots';
import { PrismaService } from '../../platform/database/prisma.service';
import { MetricsRegistry } from '../../platform/metrics/metrics-registry';
import { boundedScrape } from '../../platform/metrics/scrape-bounds';

/** The most clusters the gauge names: those held in memory, which the memory budget already bounds. */
const MAX_CLUSTERS_NAMED = 100;

/** The revisions of the clusters named, past Prisma: one indexed read of a few rows. */
const REVISIONS = 'SELECT name, revision::text AS revision FROM clusters WHERE name = ANY($1::text[])';

/**
 * How many revisions each snapshot this replica holds is behind its cluster in Postgres, read when
 * Prometheus scrapes. Snapshots refresh on read, so an idle cluster's lag grows with the writes
 * other replicas take, and its next read fetches them first.
 */
@Injectable()
export class SnapshotLagGauge {
  constructor({ registry }: MetricsRegistry, snapshots: ClusterSnapshots, prisma: PrismaService) {
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
        const rows = await boundedScrape('snapshot revisions', prisma.rows<{ name: string; revision: string }>(REVISIONS, [held.map((s) => s.cluster)]));
        if (!rows) return;
        const current = new Map(rows.map((row) => [row.name, BigInt(row.revision)]));
        for (const { cluster, revision } of held) {
          const now = current.get(cluster);
          if (now !== undefined) this.set({ cluster }, Number(now > revision ? now - revision : 0n));
        }
      },
    });
  }
}
