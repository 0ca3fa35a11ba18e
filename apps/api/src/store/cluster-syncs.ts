import { Injectable } from '@nestjs/common';
import { PrismaService } from '../platform/database/prisma.service';
import type { StoredSource } from './cluster-directory';

/** A mirror this replica holds the sync of: where its source is, and where each kind's watch was. */
export interface ClaimedSync {
  clusterId: number;
  name: string;
  source: StoredSource;
  /** Sealed (SecretBox); none when the source takes none. */
  credentials: string | null;
  /** Per kind, the source's resourceVersion the twin holds it at; none for a server other than the one they are of. */
  resourceVersions: Record<string, string>;
}

/** How a mirror's sync is going, as status.sync and /metrics tell it. */
export interface SyncStatus {
  name: string;
  state: string;
  holder: string | null;
  syncedAt: Date | null;
  lastEventAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
  /** When its row was made: when its sync was first asked for. */
  since: Date;
}

/** What a syncer reports of its cluster. */
export interface SyncReport {
  state: string;
  /** The twin is in step now (every kind watching, every event stored). */
  synced?: boolean;
  /** A batch of events was stored now. */
  event?: boolean;
  error?: string;
}

/**
 * The cluster_syncs table: which replica syncs each mirror (a lease in Postgres, taken by one
 * replica at a time and renewed while it syncs; once it lapses, any replica may take it), where
 * each kind's watch is, and how the sync goes. The lease is taken and renewed in one statement per
 * pass for every mirror, so that a replica's claims never race another's.
 */
@Injectable()
export class ClusterSyncs {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * The mirrors with a source this replica holds the sync of, after renewing its leases and taking
   * those free or lapsed (at most `room` more than it holds). A mirror whose source's server
   * changed since its resourceVersions were taken starts again from a list.
   */
  async claim(holder: string, leaseSeconds: number, room: number): Promise<ClaimedSync[]> {
    await this.prisma.rows(
      `INSERT INTO cluster_syncs (cluster_id) SELECT id FROM clusters WHERE mode = 'mirror' AND source IS NOT NULL ON CONFLICT (cluster_id) DO NOTHING`,
      [],
    );
    return this.prisma.rows<ClaimedSync>(
      `WITH wanted AS (
         SELECT s.cluster_id FROM cluster_syncs s JOIN clusters c ON c.id = s.cluster_id
         WHERE c.mode = 'mirror' AND c.source IS NOT NULL
           AND (s.holder = $1 OR s.holder IS NULL OR s.lease_until < now())
         ORDER BY (s.holder = $1) DESC NULLS LAST, s.cluster_id
         FOR UPDATE OF s SKIP LOCKED),
       mine AS (SELECT cluster_id FROM wanted LIMIT (SELECT count(*) FROM cluster_syncs WHERE holder = $1 AND lease_until >= now()) + $3::int)
       UPDATE cluster_syncs s SET holder = $1, lease_until = now() + make_interval(secs => $2::int),
         resource_versions = CASE WHEN s.server IS DISTINCT FROM c.source->>'server' THEN '{}'::jsonb ELSE s.resource_versions END,
         server = c.source->>'server', updated_at = now()
       FROM clusters c
       WHERE c.id = s.cluster_id AND s.cluster_id IN (SELECT cluster_id FROM mine)
       RETURNING s.cluster_id AS "clusterId", c.name, c.source, c.source_credentials AS credentials, s.resource_versions AS "resourceVersions"`,
      [holder, leaseSeconds, room],
    );
  }

  /** Gives the syncs up (a replica stopping): another replica takes them at its next pass. */
  async release(holder: string): Promise<void> {
    await this.prisma.rows(`UPDATE cluster_syncs SET holder = NULL, lease_until = NULL, state = 'Pending', updated_at = now() WHERE holder = $1`, [holder]);
  }

  /** Where a kind of the mirror is now, while this replica holds its sync. */
  async reached(clusterId: number, holder: string, kind: string, resourceVersion: string): Promise<void> {
    await this.prisma.rows(
      `UPDATE cluster_syncs SET resource_versions = resource_versions || jsonb_build_object($3::text, $4::text), updated_at = now()
       WHERE cluster_id = $1 AND holder = $2`,
      [clusterId, holder, kind, resourceVersion],
    );
  }

  /** How the sync goes, while this replica holds it. */
  async report(clusterId: number, holder: string, report: SyncReport): Promise<void> {
    await this.prisma.rows(
      `UPDATE cluster_syncs SET state = $3,
         synced_at = CASE WHEN $4::boolean THEN now() ELSE synced_at END,
         last_event_at = CASE WHEN $5::boolean THEN now() ELSE last_event_at END,
         last_error = coalesce($6, last_error), last_error_at = CASE WHEN $6 IS NULL THEN last_error_at ELSE now() END,
         updated_at = now()
       WHERE cluster_id = $1 AND holder = $2`,
      [clusterId, holder, report.state, report.synced === true, report.event === true, report.error ?? null],
    );
  }

  /** The syncs of the named clusters (none for a cluster that is no mirror with a source). */
  async statuses(names?: readonly string[]): Promise<Map<string, SyncStatus>> {
    const rows = await this.prisma.rows<SyncStatus>(
      `SELECT c.name, s.state, s.holder, s.synced_at AS "syncedAt", s.last_event_at AS "lastEventAt", s.last_error AS "lastError", s.last_error_at AS "lastErrorAt", s.created_at AS since
       FROM cluster_syncs s JOIN clusters c ON c.id = s.cluster_id
       WHERE c.mode = 'mirror' AND c.source IS NOT NULL${names ? ' AND c.name = ANY($1::text[])' : ''}`,
      names ? [names] : [],
    );
    return new Map(rows.map((row) => [row.name, row]));
  }
}
