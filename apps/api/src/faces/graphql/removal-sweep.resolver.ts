import { Args, Mutation, Query, Resolver, Subscription } from '@nestjs/graphql';
import { Commands } from '../../http/edge/commands';
import { removalSweepCommand, sweepName } from '../../features/removal-sweep/removal-sweep-command';
import { removalSweepAnswer, removalSweepListAnswer } from '../../features/removal-sweep/removal-sweep-answers';
import { RemovalSweepService, type Sweep } from '../../features/removal-sweep/removal-sweep.service';
import { ClusterArg } from './cluster-arg';
import { withoutNulls } from './input-objects';
import { RemovalSweepType } from './types/removal-sweep.types';

/** How often a subscription reads its sweep while it runs. */
const PROGRESS_POLL_MS = 500;

/** Removal sweeps (POST /v1/removal-sweep, GET /v1/removal-sweeps/{name}), and their progress as it goes. */
@Resolver()
export class RemovalSweepResolver {
  constructor(
    private readonly commands: Commands,
    private readonly sweeps: RemovalSweepService,
  ) {}

  @Mutation(() => RemovalSweepType, {
    description:
      'Judges every node named (or selected, or all: every node when none) for removal, as a job: answered at once, Pending; follow it with removalSweep or removalSweepProgress. One sweep a cluster at a time.',
  })
  async removalSweep(
    @Args('nodes', { type: () => [String], nullable: true }) nodes?: string[] | null,
    @Args('selector', { type: () => String, nullable: true }) selector?: string | null,
    @Args('all', { type: () => Boolean, nullable: true }) all?: boolean | null,
    @ClusterArg() cluster?: string | null,
  ) {
    const command = this.commands.parse(removalSweepCommand, withoutNulls({ nodes, selector, all }));
    return removalSweepAnswer(await this.sweeps.start(this.commands.cluster(cluster), command));
  }

  @Query(() => RemovalSweepType, { name: 'removalSweep', description: 'A removal sweep by its name: its progress, and once Succeeded every node ranked.' })
  async sweep(@Args('name', { type: () => String }) name: string, @ClusterArg() cluster?: string | null) {
    return removalSweepAnswer(await this.sweeps.get(this.commands.cluster(cluster), this.commands.parse(sweepName, { name })));
  }

  @Query(() => [RemovalSweepType], { description: "The cluster's removal sweeps, the newest first (at most 50), without their nodes." })
  async removalSweeps(@ClusterArg() cluster?: string | null) {
    return removalSweepListAnswer(await this.sweeps.list(this.commands.cluster(cluster))).items;
  }

  @Subscription(() => RemovalSweepType, {
    description:
      'A removal sweep as it goes: its state now, then each change of its phase or progress, until it has Succeeded or Failed (graphql-ws, path /graphql).',
    resolve: (sweep: Sweep) => removalSweepAnswer(sweep),
  })
  async removalSweepProgress(@Args('name', { type: () => String }) name: string, @ClusterArg() cluster?: string | null) {
    const clusterName = this.commands.cluster(cluster);
    const first = await this.sweeps.get(clusterName, this.commands.parse(sweepName, { name }));
    return this.progress(clusterName, first);
  }

  /** The sweep, then again each time its phase or count of nodes judged changes, until it is done. */
  private async *progress(cluster: string, first: Sweep): AsyncGenerator<Sweep> {
    let last = first;
    yield first;
    while (last.phase === 'Pending' || last.phase === 'Running') {
      await new Promise((resolve) => setTimeout(resolve, PROGRESS_POLL_MS));
      const now = await this.sweeps.get(cluster, first.id);
      if (now.phase !== last.phase || now.done !== last.done) yield now;
      last = now;
    }
  }
}
