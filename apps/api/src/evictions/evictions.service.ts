import { Injectable } from '@nestjs/common';
import { ClusterDirectory } from '../cluster/cluster-directory';
import { type EvictionFilters, EvictionLedger } from './eviction-ledger';
import { evictionView } from './eviction-records';

/** GET /v1/evictions: a cluster's scheduled, cancelled and executed evictions, newest first. */
@Injectable()
export class EvictionsService {
  constructor(
    private readonly clusters: ClusterDirectory,
    private readonly ledger: EvictionLedger,
  ) {}

  async list(cluster: string, filters: EvictionFilters) {
    const { id } = await this.clusters.require(cluster);
    return { kind: 'EvictionList', items: (await this.ledger.list(id, filters)).map(evictionView) };
  }
}
