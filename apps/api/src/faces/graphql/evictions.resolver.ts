import { Args, Query, Resolver, Subscription } from '@nestjs/graphql';
import { Commands } from '../../http/edge/commands';
import { ClusterArg } from './cluster-arg';
import { EvictionListArgs } from './list-args';
import { EvictionListType } from './types/list.types';
import { listEvictions } from '../../features/evictions/eviction-commands';
import { EvictionsService } from '../../features/evictions/evictions.service';
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
    description:
      "Scheduled, cancelled and executed evictions (a mirror's predicted ones too), newest first: one page, 500 by default; evictionList tells where the next starts.",
    complexity: listCost(PAGE_ITEMS),
  })
  async list(@Args() args: EvictionListArgs) {
    return (await this.evictionList(args)).items;
  }

  @Query(() => EvictionListType, {
    description: 'A page of evictions, newest first, with the token of the next page (GET /v1/evictions).',
    complexity: listCost(PAGE_ITEMS),
  })
  async evictionList(@Args() { status, nodeName, namespace, pod, limit, continue: next, cluster }: EvictionListArgs) {
    const filters = this.commands.parse(listEvictions, { status, nodeName, namespace, pod, limit, continue: next });
    const { metadata, items } = await this.evictions.list(this.commands.cluster(cluster), filters);
    return { metadata, items };
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
