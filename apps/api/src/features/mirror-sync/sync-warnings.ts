import { Injectable } from '@nestjs/common';
import { DEFAULT_CLUSTER } from '@taintgate/domain';
import { ClusterSyncs, type SyncStatus } from '../../store/cluster-syncs';

/** How old the known syncs may be before a request reads them again (in the background: the request does not wait). */
const FRESH_MS = 1000;

/** The cluster a path is about: /v1/clusters/{c}/..., /clusters/{c}/... (the Kubernetes API), or the default cluster's. */
const CLUSTER_IN_PATH = /^\/(?:v1\/)?clusters\/([a-z0-9-]+)(?:[/?]|$)/;

/**
 * A warning on every answer about a mirror that is not in step with its source (kubectl prints it
 * as `Warning: ...`), as Karpenter will not decide while its cluster state is not synced: the
 * answer is given, and says how far behind it may be. The syncs are read at most once a second,
 * and only while requests come.
 */
@Injectable()
export class SyncWarnings {
  private known = new Map<string, SyncStatus>();
  private readAt = 0;
  private reading: Promise<void> | undefined;

  constructor(private readonly syncs: ClusterSyncs) {}

  /** The warning for an answer to `url`, if it is about a mirror out of step. */
  warningFor(url: string, now = Date.now()): string | undefined {
    this.refresh(now);
    if (this.known.size === 0) return undefined;
    const cluster =
      url === '/api' || url.startsWith('/api/') || url.startsWith('/apis') || url.startsWith('/v1/')
        ? (CLUSTER_IN_PATH.exec(url)?.[1] ?? DEFAULT_CLUSTER)
        : CLUSTER_IN_PATH.exec(url)?.[1];
    const sync = cluster === undefined ? undefined : this.known.get(cluster);
    if (!sync || sync.state === 'Watching') return undefined;
    const behind = Math.max(0, Math.round((now - (sync.syncedAt ?? sync.since).getTime()) / 1000));
    const why = sync.lastError ? `: ${sync.lastError}` : '';
    return `cluster ${JSON.stringify(sync.name)} is a mirror not in step with its source (${sync.state}, ${behind} s behind${why}); this answer may be out of date`;
  }

  private refresh(now: number): void {
    if (now - this.readAt < FRESH_MS || this.reading) return;
    this.readAt = now;
    this.reading = this.syncs
      .statuses()
      .then((known) => {
        this.known = known;
      })
      // Postgres away: the last known stand, and the next request tries again.
      .catch(() => undefined)
      .finally(() => (this.reading = undefined));
  }
}
