import { k8sTime } from '@taintgate/domain';
import type { ClusterRecord, StoredSource } from '../../store/cluster-directory';
import type { SyncStatus } from '../../store/cluster-syncs';

/** A mirror's source as answered: where it is and how it is reached, never the credentials themselves. */
function sourceView(source: StoredSource) {
  return {
    server: source.server,
    ...(source.caData === undefined ? {} : { caData: source.caData }),
    insecureSkipTLSVerify: source.insecureSkipTLSVerify,
    ...(source.context === undefined ? {} : { context: source.context }),
    auth: source.auth,
  };
}

/** A cluster's spec as answered: its mode, and a mirror's source. */
export function specView(record: Pick<ClusterRecord, 'mode' | 'source'>) {
  return { mode: record.mode, ...(record.source ? { source: sourceView(record.source) } : {}) };
}

/**
 * A mirror's sync as answered: its state (Pending, Listing, Watching, Retrying), when the twin was
 * last in step and how far behind it is now (0 while watching: every event stored as it comes),
 * the last event stored, the last error.
 */
function syncView(sync: SyncStatus, now: number) {
  const watching = sync.state === 'Watching';
  return {
    state: sync.state,
    synced: watching,
    syncedAt: sync.syncedAt ? k8sTime(sync.syncedAt) : null,
    lagSeconds: watching ? 0 : Math.max(0, Math.round((now - (sync.syncedAt ?? sync.since).getTime()) / 1000)),
    lastEventTime: sync.lastEventAt ? k8sTime(sync.lastEventAt) : null,
    lastError: sync.lastError,
    lastErrorTime: sync.lastErrorAt ? k8sTime(sync.lastErrorAt) : null,
  };
}

/** A cluster as the API answers it, shaped as a Kubernetes object; a synced mirror's with its sync. */
export function clusterObject(record: ClusterRecord, sync?: SyncStatus, now = Date.now()) {
  return {
    apiVersion: 'taintgate.io/v1',
    kind: 'Cluster',
    metadata: { name: record.name, resourceVersion: String(record.revision), creationTimestamp: k8sTime(record.createdAt) },
    spec: specView(record),
    status: { nodes: record.nodes, pods: record.pods, ...(sync ? { sync: syncView(sync, now) } : {}) },
  };
}

export type ClusterObject = ReturnType<typeof clusterObject>;
