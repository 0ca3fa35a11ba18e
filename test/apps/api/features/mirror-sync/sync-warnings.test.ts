import { describe, expect, it } from 'vitest';
import type { ClusterSyncs, SyncStatus } from '../../../../../apps/api/src/store/cluster-syncs';
import { SyncWarnings } from '../../../../../apps/api/src/features/mirror-sync/sync-warnings';

const now = Date.UTC(2026, 11, 1, 12, 0, 0);
const status = (name: string, state: string, lastError: string | null = null): SyncStatus => ({
  name,
  state,
  holder: 'r1',
  syncedAt: new Date(now - 42_000),
  lastEventAt: null,
  lastError,
  lastErrorAt: null,
  since: new Date(now - 600_000),
});

/** SyncWarnings, over a ClusterSyncs that answers what it is given. */
async function warningsOf(...known: SyncStatus[]): Promise<SyncWarnings> {
  const syncs = { statuses: () => Promise.resolve(new Map(known.map((s) => [s.name, s]))) } as unknown as ClusterSyncs;
  const warnings = new SyncWarnings(syncs);
  warnings.warningFor('/', now);
  await new Promise((resolve) => setImmediate(resolve));
  return warnings;
}

describe('SyncWarnings.warningFor', () => {
  it.each<[string, string, string | undefined]>([
    ['a REST path of the mirror', '/v1/clusters/prod/nodes', 'prod'],
    ['the Kubernetes API of the mirror', '/clusters/prod/api/v1/pods?watch=true', 'prod'],
    ['the cluster itself', '/v1/clusters/prod', 'prod'],
    ['the default cluster, by REST', '/v1/nodes', 'default'],
    ['the default cluster, by the Kubernetes API', '/api/v1/nodes', 'default'],
    ['another cluster', '/v1/clusters/staging/nodes', undefined],
    ['no cluster at all', '/livez', undefined],
  ])('%s', async (_what, url, cluster) => {
    const warnings = await warningsOf(status('prod', 'Retrying', '503 the API server is restarting'), status('default', 'Listing'));
    const text = warnings.warningFor(url, now);
    if (cluster === undefined) expect(text).toBeUndefined();
    else expect(text).toMatch(new RegExp(`^cluster "${cluster}" is a mirror not in step with its source \\((Retrying|Listing), 42 s behind`));
  });

  it('says why, and nothing for a mirror in step', async () => {
    const warnings = await warningsOf(status('prod', 'Retrying', '503 the API server is restarting'), status('synced', 'Watching'));
    expect(warnings.warningFor('/v1/clusters/prod/nodes', now)).toBe(
      'cluster "prod" is a mirror not in step with its source (Retrying, 42 s behind: 503 the API server is restarting); this answer may be out of date',
    );
    expect(warnings.warningFor('/v1/clusters/synced/nodes', now)).toBeUndefined();
  });
});
