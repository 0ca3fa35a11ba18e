import { k8sTime } from '@taintgate/domain';
import type { ClusterRecord, StoredSource } from '../../store/cluster-directory';

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

/** A cluster as the API answers it, shaped as a Kubernetes object. */
export function clusterObject(record: ClusterRecord) {
  return {
    apiVersion: 'taintgate.io/v1',
    kind: 'Cluster',
    metadata: { name: record.name, resourceVersion: String(record.revision), creationTimestamp: k8sTime(record.createdAt) },
    spec: specView(record),
    status: { nodes: record.nodes, pods: record.pods },
  };
}

export type ClusterObject = ReturnType<typeof clusterObject>;
