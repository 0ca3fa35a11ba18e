import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Commands } from '../../http/edge/commands';
import { ClusterArg } from './cluster-arg';
import { PodListArgs } from './list-args';
import { PodListType } from './types/list.types';
import { deletePod, listPods, podKey, upsertPod } from '../../features/pods/pod-commands';
import { PodsService } from '../../features/pods/pods.service';
import { GraphQLJSON } from './json.scalar';
import { PreconditionsInput, deleteOptionsOf } from './types/preconditions.types';
import { PodType, PodUpsertType, podView } from './types/object.types';
import { PAGE_ITEMS, listCost } from './query-cost';

const namespaceArg = { type: () => String, defaultValue: 'default' } as const;

/** Pods: the calls of /v1/pods and /v1/namespaces/{ns}/pods. */
@Resolver(() => PodType)
export class PodsResolver {
  constructor(
    private readonly commands: Commands,
    private readonly pods: PodsService,
  ) {}

  @Query(() => [PodType], {
    name: 'pods',
    description: 'Pods by namespace and name, optionally of one namespace, node or phase: one page, 500 by default; podList tells where the next starts.',
    complexity: listCost(PAGE_ITEMS),
  })
  async list(@Args() args: PodListArgs) {
    return (await this.podList(args)).items;
  }

  @Query(() => PodListType, {
    description: 'A page of pods by namespace and name, optionally of one namespace, node or phase, with the token of the next page.',
    complexity: listCost(PAGE_ITEMS),
  })
  async podList(@Args() { namespace, nodeName, phase, limit, continue: next, cluster }: PodListArgs) {
    const command = this.commands.parse(listPods, { namespace, nodeName, phase, limit, continue: next });
    const page = await this.pods.list(this.commands.cluster(cluster), command);
    return { metadata: page.metadata, items: page.items.map(podView) };
  }

  @Query(() => PodType, { nullable: true, description: 'One pod; NOT_FOUND if there is none.' })
  async pod(@Args('namespace', namespaceArg) namespace: string, @Args('name') name: string, @ClusterArg() cluster?: string | null) {
    return podView(await this.pods.get(this.commands.cluster(cluster), this.commands.parse(podKey, { namespace, name })));
  }

  @Mutation(() => PodUpsertType, {
    description:
      'Create or replace a pod; admission defaults are applied and visible in the answer. With `metadata.resourceVersion` it updates that version only: CONFLICT if the pod stored is at another, NOT_FOUND if there is none; without, unconditional.',
  })
  async upsertPod(
    @Args('namespace', namespaceArg) namespace: string,
    @Args('name') name: string,
    @Args('pod', { type: () => GraphQLJSON }) pod: unknown,
    @ClusterArg() cluster?: string | null,
  ) {
    const { pod: saved, created } = await this.pods.upsert(this.commands.cluster(cluster), this.commands.parse(upsertPod, { namespace, name, pod }));
    return { created, pod: podView(saved) };
  }

  @Mutation(() => PodType, { description: 'Delete a pod; answers the deleted pod. CONFLICT if a precondition fails.' })
  async deletePod(
    @Args('namespace', namespaceArg) namespace: string,
    @Args('name') name: string,
    @Args('preconditions', { type: () => PreconditionsInput, nullable: true }) preconditions?: PreconditionsInput | null,
    @ClusterArg() cluster?: string | null,
  ) {
    return podView(
      await this.pods.remove(this.commands.cluster(cluster), this.commands.parse(deletePod, { namespace, name, options: deleteOptionsOf(preconditions) })),
    );
  }
}
