import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Commands } from '../../http/edge/commands';
import { ClusterArg } from './cluster-arg';
import { ContinueArg, LimitArg } from './list-args';
import { NodeListType } from './types/list.types';
import { deleteNode, listNodes, nodeName, setNodeConditions, upsertNode } from '../../features/nodes/node-commands';
import { NodesService } from '../../features/nodes/nodes.service';
import { addTaint, removeTaint } from '../../features/taints/taint-commands';
import { TaintsService } from '../../features/taints/taints.service';
import { withoutNulls } from './input-objects';
import { GraphQLJSON } from './json.scalar';
import { NodeType, NodeUpsertType, nodeView } from './types/object.types';
import { PreconditionsInput, deleteOptionsOf } from './types/preconditions.types';
import { TaintInput } from './types/taint.types';
import { PAGE_ITEMS, listCost } from './query-cost';

/** Nodes and their taints: the calls of /v1/nodes, plus cordon and node conditions. */
@Resolver(() => NodeType)
export class NodesResolver {
  constructor(
    private readonly commands: Commands,
    private readonly nodes: NodesService,
    private readonly taints: TaintsService,
  ) {}

  @Query(() => [NodeType], {
    name: 'nodes',
    description:
      'Nodes by name, optionally by a label selector in kubectl syntax (GET /v1/nodes): one page, 500 by default; nodeList tells where the next starts.',
    complexity: listCost(PAGE_ITEMS),
  })
  async nodesList(
    @Args('labelSelector', { type: () => String, nullable: true }) labelSelector?: string | null,
    @LimitArg() limit?: number | null,
    @ContinueArg() next?: string | null,
    @ClusterArg() cluster?: string | null,
  ) {
    return (await this.nodeList(labelSelector, limit, next, cluster)).items;
  }

  @Query(() => NodeListType, {
    description: 'A page of nodes by name, optionally by a label selector, with the token of the next page (GET /v1/nodes).',
    complexity: listCost(PAGE_ITEMS),
  })
  async nodeList(
    @Args('labelSelector', { type: () => String, nullable: true }) labelSelector?: string | null,
    @LimitArg() limit?: number | null,
    @ContinueArg() next?: string | null,
    @ClusterArg() cluster?: string | null,
  ) {
    const page = await this.nodes.list(this.commands.cluster(cluster), this.commands.parse(listNodes, { labelSelector, limit, continue: next }));
    return { metadata: page.metadata, items: page.items.map(nodeView) };
  }

  @Query(() => NodeType, { nullable: true, description: 'One node; NOT_FOUND if there is none.' })
  async node(@Args('name') name: string, @ClusterArg() cluster?: string | null) {
    return nodeView(await this.nodes.get(this.commands.cluster(cluster), this.commands.parse(nodeName, { name })));
  }

  @Mutation(() => NodeUpsertType, {
    description:
      'Create or replace a node (PUT /v1/nodes/{name}); `kubectl get node -o json` output is fine without its `metadata.resourceVersion`: with one, it updates that version only (CONFLICT if the node stored is at another, NOT_FOUND if there is none).',
  })
  async upsertNode(@Args('name') name: string, @Args('node', { type: () => GraphQLJSON }) node: unknown, @ClusterArg() cluster?: string | null) {
    const { node: saved, created } = await this.nodes.upsert(this.commands.cluster(cluster), this.commands.parse(upsertNode, { name, node }));
    return { created, node: nodeView(saved) };
  }

  @Mutation(() => NodeType, { description: 'Delete a node and its taints; answers the deleted node. CONFLICT if a precondition fails.' })
  async deleteNode(
    @Args('name') name: string,
    @Args('preconditions', { type: () => PreconditionsInput, nullable: true }) preconditions?: PreconditionsInput | null,
    @ClusterArg() cluster?: string | null,
  ) {
    return nodeView(
      await this.nodes.remove(this.commands.cluster(cluster), this.commands.parse(deleteNode, { name, options: deleteOptionsOf(preconditions) })),
    );
  }

  @Mutation(() => NodeType, { description: 'Add one taint; CONFLICT if the key and effect exist, unless overwrite.' })
  async addTaint(
    @Args('node') node: string,
    @Args('taint', { type: () => TaintInput }) taint: TaintInput,
    @Args('overwrite', { type: () => Boolean, defaultValue: false }) overwrite: boolean,
    @ClusterArg() cluster?: string | null,
  ) {
    return nodeView(await this.taints.add(this.commands.cluster(cluster), this.commands.parse(addTaint, { node, taint: withoutNulls(taint), overwrite })));
  }

  @Mutation(() => NodeType, { description: "Remove the taint of key and effect; without effect, every effect of the key (kubectl's key-)." })
  async removeTaint(
    @Args('node') node: string,
    @Args('key') key: string,
    @Args('effect', { type: () => String, nullable: true }) effect?: string | null,
    @ClusterArg() cluster?: string | null,
  ) {
    return nodeView(await this.taints.remove(this.commands.cluster(cluster), this.commands.parse(removeTaint, { node, key, effect })));
  }

  @Mutation(() => NodeType, { description: 'kubectl cordon: spec.unschedulable and the unschedulable NoSchedule taint.' })
  async cordon(@Args('name') name: string, @ClusterArg() cluster?: string | null) {
    return nodeView(await this.nodes.setUnschedulable(this.commands.cluster(cluster), this.commands.parse(nodeName, { name }), true));
  }

  @Mutation(() => NodeType, { description: 'kubectl uncordon.' })
  async uncordon(@Args('name') name: string, @ClusterArg() cluster?: string | null) {
    return nodeView(await this.nodes.setUnschedulable(this.commands.cluster(cluster), this.commands.parse(nodeName, { name }), false));
  }

  @Mutation(() => NodeType, { description: 'Replace status.conditions (a list of NodeCondition); the condition taints follow, as on PUT.' })
  async setNodeConditions(
    @Args('name') name: string,
    @Args('conditions', { type: () => GraphQLJSON }) conditions: unknown,
    @ClusterArg() cluster?: string | null,
  ) {
    return nodeView(await this.nodes.setConditions(this.commands.cluster(cluster), this.commands.parse(setNodeConditions, { name, conditions })));
  }
}
