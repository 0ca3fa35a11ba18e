import { Injectable } from '@nestjs/common';
import { DEFAULT_CLUSTER, type ListChunking, chunkOfRows, failure } from '@taintgate/domain';
import { ClusterDirectory } from '../../store/cluster-directory';
import { ClusterSyncs } from '../../store/cluster-syncs';
import { type ListPage, listPage } from '../../http/edge/list-answers';
import { fail } from '../../platform/failures/failure.exception';
import { visibleClusters } from '../../platform/access/cluster-access';
import { type ClusterObject, clusterObject } from './cluster-view';
import type { PutClusterCommand } from './cluster-put';
import { ClusterSpecs } from './cluster-specs';

/** The most clusters one query reads (Prisma's `take` is an Int). */
const MAX_CLUSTERS_READ = 2 ** 31 - 2;

/** /v1/clusters: the clusters taintgate keeps a twin of. */
@Injectable()
export class ClustersService {
  constructor(
    private readonly directory: ClusterDirectory,
    private readonly specs: ClusterSpecs,
    private readonly syncs: ClusterSyncs,
  ) {}

  /**
   * A page of the ClusterList, by name. The clusters have no revision in common: a token carries
   * the highest revision among those answered, which tells nothing but is never 0, as a token's must not be.
   * A key of some clusters lists those only.
   */
  async list({ limit, start }: ListChunking): Promise<ListPage<ClusterObject>> {
    const take = Math.min(limit, MAX_CLUSTERS_READ) + 1;
    const { records, fromStart } = await this.directory.list(start, take, visibleClusters());
    const syncs = await this.syncs.statuses(records.filter((r) => r.mode === 'mirror' && r.source).map((r) => r.name));
    const revision = records.reduce((highest, r) => (r.revision > highest ? r.revision : highest), 1n);
    const chunk = chunkOfRows(records, limit, (last) => `${last.name}\u0000`, revision, fromStart);
    const now = Date.now();
    return listPage(
      'ClusterList',
      { ...chunk, items: chunk.items.map((record) => clusterObject(record, syncs.get(record.name), now)) },
      { apiVersion: 'taintgate.io/v1' },
    );
  }

  async get(name: string) {
    const record = await this.directory.get(name);
    return clusterObject(record, (await this.syncs.statuses([name])).get(name));
  }

  /**
   * PUT: creates the cluster (201), or answers the one there is (200); a spec given is stored
   * (ClusterSpecs). A write to a cluster creates it as well.
   */
  async put({ name, spec }: PutClusterCommand): Promise<{ cluster: ClusterObject; created: boolean }> {
    if (spec !== undefined) return this.specs.put(name, spec);
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
