import { Args, Int, Query, Resolver, Subscription } from '@nestjs/graphql';
import { Commands } from '../edge/commands';
import { ClusterArg } from './cluster-arg';
import { listEvictions } from '../evictions/eviction-commands';
import { EvictionsService } from '../evictions/evictions.service';
import { EvictionEventsService } from './eviction-events.service';
import { EvictionEventKind, EvictionEventType } from './types/eviction-event.types';
import { EvictionType } from './types/result.types';
import { PAGE_ITEMS, listCost } from './query-cost';

interface EventFilter {
  nodeName?: string | null;
  namespace?: string | null;
  kinds?: EvictionEventKind[] | null;
}

/** Evictions (GET /v1/evictions) and, for ChatOps bots, their events as they happen. */
@Resolver()
export class EvictionsResolver {
  constructor(
    private readonly commands: Commands,
    private readonly evictions: EvictionsService,
    private readonly events: EvictionEventsService,
  ) {}

  @Query(() => [EvictionType], {
    name: 'evictions',
    description: 'Scheduled, cancelled and executed evictions, newest first.',
    complexity: listCost(PAGE_ITEMS),
  })
  async list(
    @Args('status', { type: () => String, nullable: true, description: 'Scheduled, Cancelled or Executed' }) status?: string | null,
    @Args('nodeName', { type: () => String, nullable: true }) nodeName?: string | null,
    @Args('namespace', { type: () => String, nullable: true }) namespace?: string | null,
    @Args('pod', { type: () => String, nullable: true }) pod?: string | null,
    @Args('limit', { type: () => Int, nullable: true, description: '1 to 10000; 500 by default' }) limit?: number | null,
    @ClusterArg() cluster?: string | null,
  ) {
    return (await this.evictions.list(this.commands.cluster(cluster), this.commands.parse(listEvictions, { status, nodeName, namespace, pod, limit }))).items;
  }

  @Subscription(() => EvictionEventType, {
    description: "A cluster's evictions scheduled, executed and cancelled from now on, optionally of one node, namespace or kinds (graphql-ws, path /graphql).",
    filter: (event: EvictionEventType, filter: EventFilter) =>
      (filter.nodeName == null || event.eviction?.node === filter.nodeName) &&
      (filter.namespace == null || event.pod.namespace === filter.namespace) &&
      (filter.kinds == null || filter.kinds.includes(event.kind)),
    resolve: (event: EvictionEventType) => event,
  })
  evictionEvents(
    @Args('nodeName', { type: () => String, nullable: true }) _nodeName?: string | null,
    @Args('namespace', { type: () => String, nullable: true }) _namespace?: string | null,
    @Args('kinds', { type: () => [EvictionEventKind], nullable: true }) _kinds?: EvictionEventKind[] | null,
    @ClusterArg() cluster?: string | null,
  ) {
    return this.events.subscribe(this.commands.cluster(cluster));
  }
}
