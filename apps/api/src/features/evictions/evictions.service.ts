import { Injectable } from '@nestjs/common';
import { chunkOfRows } from '@taintgate/domain';
import { ClusterDirectory } from '../../store/cluster-directory';
import { type ListPage, listPage } from '../../http/edge/list-answers';
import { type EvictionFilters, EvictionLedger } from '../../store/evictions/eviction-ledger';
import { evictionView } from '../../store/evictions/eviction-records';

/** GET /v1/evictions: a cluster's scheduled, cancelled and executed evictions, newest first, a page at a time. */
@Injectable()
export class EvictionsService {
  constructor(
    private readonly clusters: ClusterDirectory,
    private readonly ledger: EvictionLedger,
  ) {}

  async list(cluster: string, filters: EvictionFilters): Promise<ListPage<ReturnType<typeof evictionView>>> {
    const { id, revision } = await this.clusters.current(cluster);
    const { rows, fromStart } = await this.ledger.list(id, filters);
    // Newest first: the next page starts at the id below the last one answered.
    const chunk = chunkOfRows(rows, filters.limit, (last) => String(last.id - 1n), revision, fromStart);
    return listPage('EvictionList', { ...chunk, items: chunk.items.map(evictionView) }, { apiVersion: 'taintgate.io/v1', revision });
  }
}
