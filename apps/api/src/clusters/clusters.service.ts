import { Injectable } from '@nestjs/common';
import { failure } from '@taintgate/domain';
import { ClusterDirectory, type ClusterRecord } from '../cluster/cluster-directory';
import { DEFAULT_CLUSTER } from '../cluster/cluster-writer';
import { k8sTime } from '../cluster/object-parts';
import { fail } from '../failures/failure.exception';

/** A cluster as the API answers it, shaped as a Kubernetes object. */
export function clusterObject(record: ClusterRecord) {
  return {
    apiVersion: 'taintgate.io/v1',
    kind: 'Cluster',
    metadata: { name: record.name, resourceVersion: String(record.revision), creationTimestamp: k8sTime(record.createdAt) },
    status: { nodes: record.nodes, pods: record.pods },
  };
}

/** /v1/clusters: the clusters taintgate keeps a twin of. */
@Injectable()
export class ClustersService {
  constructor(private readonly directory: ClusterDirectory) {}

  async list() {
    return { apiVersion: 'taintgate.io/v1', kind: 'ClusterList', items: (await this.directory.list()).map(clusterObject) };
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
