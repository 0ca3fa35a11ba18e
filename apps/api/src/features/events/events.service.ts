import { Injectable } from '@nestjs/common';
import { type CoreEvent, type FieldSelector, type ListChunking, chunkOfRows } from '@taintgate/domain';
import { ClusterDirectory } from '../../store/cluster-directory';
import { EventStore } from '../../store/event-store';
import { type ListPage, listPage } from '../../http/edge/list-answers';
import { coreEventOf } from './core-events';

export interface EventFilters {
  namespace?: string | undefined;
  fields: FieldSelector;
  chunking: ListChunking;
}

/** core/v1 Events: the events taintgate's controllers recorded, oldest first, a page at a time. */
@Injectable()
export class EventsService {
  constructor(
    private readonly clusters: ClusterDirectory,
    private readonly events: EventStore,
  ) {}

  async list(cluster: string, { namespace, fields, chunking }: EventFilters): Promise<ListPage<CoreEvent>> {
    const { id, revision } = await this.clusters.current(cluster);
    const limit = chunking.limit;
    // One more than the page: whether there is a next one, without counting them all.
    const rows = await this.events.list(id, { namespace, fields, from: chunking.start, take: limit + 1 });
    // Oldest first: the next page starts at the id after the last one answered.
    const chunk = chunkOfRows(rows, limit, (last) => String(last.id + 1n), revision);
    return listPage('EventList', { ...chunk, items: chunk.items.map(coreEventOf) }, { revision });
  }
}
