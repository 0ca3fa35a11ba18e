import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { Commands } from '../../http/edge/commands';
import { ClusterArg } from './cluster-arg';
import { taintNodes } from '../../features/taints/taint-commands';
import { TaintCommandService } from '../../features/taints/taint-command.service';
import { nodeView } from './types/object.types';
import { TaintCommandResultType } from './types/result.types';

/** `kubectl taint` for ChatOps bots: the arguments as kubectl takes them (POST /v1/taint). */
@Resolver()
export class TaintCommandResolver {
  constructor(
    private readonly commands: Commands,
    private readonly taints: TaintCommandService,
  ) {}

  @Mutation(() => TaintCommandResultType, {
    description:
      'kubectl taint over nodes by name, label selector or all: "k=v:NoSchedule", "k:NoExecute-", "k-". Refused for any node, nothing changes; over 1,000 nodes, stored 1,000 nodes a write; dryRun changes nothing.',
  })
  async taint(
    @Args('taints', { type: () => [String] }) taints: string[],
    @Args('nodes', { type: () => [String], nullable: true }) nodes?: string[] | null,
    @Args('selector', { type: () => String, nullable: true }) selector?: string | null,
    @Args('all', { type: () => Boolean, nullable: true }) all?: boolean | null,
    @Args('overwrite', { type: () => Boolean, defaultValue: false }) overwrite?: boolean,
    @Args('dryRun', { type: () => Boolean, defaultValue: false }) dryRun?: boolean,
    @ClusterArg() cluster?: string | null,
  ) {
    const result = await this.taints.command(
      this.commands.cluster(cluster),
      this.commands.parse(taintNodes, { nodes, selector, all, taints, overwrite, dryRun }),
    );
    return { ...result, results: result.results.map((r) => ({ ...r, object: nodeView(r.object) })) };
  }
}
