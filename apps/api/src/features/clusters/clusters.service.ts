import { Injectable } from '@nestjs/common';
import { DEFAULT_CLUSTER, type ListChunking, chunkOfRows, failure, k8sTime } from '@taintgate/domain';
import { ClusterDirectory, type ClusterRecord } from '../../store/cluster-directory';
import { type ListPage, listPage } from '../../http/edge/list-answers';
import { fail } from '../../platform/failures/failure.exception';
import { visibleClusters } from '../../platform/access/cluster-access';

/** A cluster as the API answers it, shaped as a Kubernetes object. */
export function clusterObject(record: ClusterRecord) {
  return {
    apiVersion: 'taintgate.io/v1',
    kind: 'Cluster',
    metadata: { name: record.name, resourceVersion: String(record.revision), creationTimestamp: k8sTime(record.createdAt) },
    status: { nodes: record.nodes, pods: record.pods },
  };
}

/** The most clusters one query reads (Prisma's `take` is an Int). */
const MAX_CLUSTERS_READ = 2 ** 31 - 2;

/** /v1/clusters: the clusters taintgate keeps a twin of. */
@Injectable()
export class ClustersService {
  constructor(private readonly directory: ClusterDirectory) {}

  /**
   * A page of the ClusterList, by name. The clusters have no revision in common: a token carries
   * the highest revision among those answered, which tells nothing but is never 0, as a token's must not be.
   * A key of some clusters lists those only.
   */
  async list({ limit, start }: ListChunking): Promise<ListPage<ReturnType<typeof clusterObject>>> {
    const take = Math.min(limit, MAX_CLUSTERS_READ) + 1;
    const { records, fromStart } = await this.directory.list(start, take, visibleClusters());
    const revision = records.reduce((highest, r) => (r.revision > highest ? r.revision : highest), 1n);
    const chunk = chunkOfRows(records, limit, (last) => `${last.name}\u0000`, revision, fromStart);
    return listPage('ClusterList', { ...chunk, items: chunk.items.map(clusterObject) }, { apiVersion: 'taintgate.io/v1' });
  }

  async get(name: string) {
    return clusterObject(await this.directory.get(name));
  }

  /** PUT: creates the cluster (201), or answers the one there is (200). A write to a cluster creates it as well. */
  async create(name: string) {
    const { created } = await this.directory.ensure(name);
    return { cluster: clusterObject(await this.directory.get(name)), created };
  }

  /**
   * DELETE: the cluster and everything in it (nodes, pods, evictions, events, audit). The default
   * cluster may not be deleted, as Kubernetes' NamespaceLifecycle keeps the default namespace;
   * an import with prune empties it.
   */
  async remove(name: string) {
    if (name === DEFAULT_CLUSTER) fail(failure.forbidden('Cluster', name, 'this cluster may not be deleted'));
    return clusterObject(await this.directory.delete(name));
  }
}
