import { Args, Field, InputType, Int, Query, Resolver } from '@nestjs/graphql';
import { DEFAULT_PLACEMENT_TOP, MAX_PLACEMENT_TOP } from '@taintgate/domain';
import { Commands } from '../../http/edge/commands';
import { ClusterArg } from './cluster-arg';
import { impactView, taintImpact } from '../../features/impact/impact-command';
import { ImpactService } from '../../features/impact/impact.service';
import { placement, placementView } from '../../features/placement/placement-command';
import { PlacementService } from '../../features/placement/placement.service';
import { drainImpact } from '../../features/drain/drain-command';
import { nodeName } from '../../features/nodes/node-commands';
import { DrainService } from '../../features/drain/drain.service';
import { headroomCommand } from '../../features/headroom/headroom-command';
import { HeadroomService } from '../../features/headroom/headroom.service';
import { GraphQLJSON } from './json.scalar';
import { withoutNulls } from './input-objects';
import { ContinueArg, LimitArg } from './list-args';
import { PlacementType, TaintImpactType } from './types/result.types';
import { TaintInput } from './types/taint.types';
import { DrainPlanType, NodeRemovalType } from './types/drain-plan.types';
import { HeadroomType } from './types/headroom.types';

@InputType('WhatIfCluster', { description: 'A hypothetical cluster: Kubernetes Nodes and Pods as JSON; nothing is stored.' })
export class WhatIfClusterInput {
  @Field(() => [GraphQLJSON], { nullable: true }) nodes?: unknown[] | null;
  @Field(() => [GraphQLJSON], { nullable: true }) pods?: unknown[] | null;
}

/** The what-if questions (POST /v1/placement, POST /v1/taint-impact, POST /v1/drain-impact); nothing changes. */
@Resolver()
export class WhatIfResolver {
  constructor(
    private readonly commands: Commands,
    private readonly placementService: PlacementService,
    private readonly impact: ImpactService,
    private readonly drain: DrainService,
    private readonly headroomService: HeadroomService,
  ) {}

  @Query(() => PlacementType, {
    description: 'Where can this pod go? A stored pod (namespace, name) over the stored nodes, or an inline pod over the stored nodes or inline ones.',
  })
  async placement(
    @Args('pod', { type: () => GraphQLJSON, nullable: true, description: 'an inline Pod' }) pod?: unknown,
    @Args('nodes', { type: () => [GraphQLJSON], nullable: true, description: 'inline Nodes: a hypothetical cluster' }) nodes?: unknown[] | null,
    @Args('namespace', { type: () => String, nullable: true, description: 'of a stored pod (default "default")' }) namespace?: string | null,
    @Args('name', { type: () => String, nullable: true, description: 'of a stored pod' }) name?: string | null,
    @ClusterArg() cluster?: string | null,
    @Args('pods', { type: () => [GraphQLJSON], nullable: true, description: 'inline Pods bound to the inline nodes, taking their room' })
    pods?: unknown[] | null,
    @Args('reschedule', { type: () => Boolean, nullable: true, description: 'a stored pod as it would be rescheduled: its nodeName and own usage ignored' })
    reschedule?: boolean | null,
    @Args('view', { type: () => String, nullable: true, description: 'summary (the default) or nodes: every node, a page at a time (limit, continue)' })
    view?: string | null,
    @Args('top', {
      type: () => Int,
      nullable: true,
      description: `summary view: nodes named per list, 0-${MAX_PLACEMENT_TOP}; default ${DEFAULT_PLACEMENT_TOP}`,
    })
    top?: number | null,
    @LimitArg() limit?: number | null,
    @ContinueArg() continueFrom?: string | null,
  ) {
    const command = this.commands.parse(placement, { pod, nodes, pods, namespace, name, reschedule });
    const asked = this.commands.parse(placementView, { view, top, limit, continue: continueFrom });
    return this.placementService.place(this.commands.cluster(cluster), command, asked);
  }

  @Query(() => TaintImpactType, {
    description:
      'What if this taint (or these taints, added together) were added to the nodes named, or those of a selector, or all? Inline: a hypothetical cluster.',
  })
  taintImpact(
    @Args('taint', { type: () => TaintInput, nullable: true, description: 'one taint; or taints' }) taint?: TaintInput | null,
    @Args('taints', { type: () => [TaintInput], nullable: true, description: 'several taints, added together' }) taints?: TaintInput[] | null,
    @Args('nodes', { type: () => [String], nullable: true }) nodes?: string[] | null,
    @Args('selector', { type: () => String, nullable: true }) selector?: string | null,
    @Args('all', { type: () => Boolean, nullable: true }) all?: boolean | null,
    @Args('inline', { type: () => WhatIfClusterInput, nullable: true }) inline?: WhatIfClusterInput | null,
    @ClusterArg() cluster?: string | null,
    @Args('mode', {
      type: () => String,
      nullable: true,
      description: "together (the default) or alone: the evicted pods' replacements placed so (each eviction's `to`)",
    })
    mode?: string | null,
    @Args('view', { type: () => String, nullable: true, description: "summary (the default) or pods: every pod's fate, a page at a time (limit, continue)" })
    view?: string | null,
    @LimitArg() limit?: number | null,
    @ContinueArg() continueFrom?: string | null,
  ) {
    return this.impact.impact(
      this.commands.cluster(cluster),
      this.commands.parse(taintImpact, {
        taint: taint && withoutNulls(taint),
        taints: taints?.map((t) => withoutNulls(t)),
        nodes,
        selector,
        all,
        inline: inline && withoutNulls(inline),
        mode,
      }),
      this.commands.parse(impactView, { view, limit, continue: continueFrom }),
    );
  }

  @Query(() => DrainPlanType, {
    description:
      'What if the nodes named, or those of a selector, or all were drained (kubectl drain --ignore-daemonsets --delete-emptydir-data [--force])? Where the replacements go, placed together (the default) or alone.',
  })
  async drainImpact(
    @Args('nodes', { type: () => [String], nullable: true }) nodes?: string[] | null,
    @Args('selector', { type: () => String, nullable: true }) selector?: string | null,
    @Args('all', { type: () => Boolean, nullable: true }) all?: boolean | null,
    @Args('mode', { type: () => String, nullable: true, description: 'together (the default) or alone' }) mode?: string | null,
    @Args('force', { type: () => Boolean, nullable: true, description: "kubectl drain's --force" }) force?: boolean | null,
    @ClusterArg() cluster?: string | null,
  ) {
    const command = this.commands.parse(drainImpact, withoutNulls({ nodes, selector, all, mode, force }));
    return (await this.drain.plan(this.commands.cluster(cluster), command)).answer;
  }

  @Query(() => HeadroomType, {
    description: 'How many more copies of this pod (inline, or a stored one by namespace and name) fit, on the nodes named, or those of a selector, or all?',
  })
  headroom(
    @Args('pod', { type: () => GraphQLJSON, nullable: true, description: 'an inline Pod' }) pod?: unknown,
    @Args('namespace', { type: () => String, nullable: true, description: 'of a stored pod (default "default")' }) namespace?: string | null,
    @Args('name', { type: () => String, nullable: true, description: 'of a stored pod' }) name?: string | null,
    @Args('nodes', { type: () => [String], nullable: true }) nodes?: string[] | null,
    @Args('selector', { type: () => String, nullable: true }) selector?: string | null,
    @Args('all', { type: () => Boolean, nullable: true }) all?: boolean | null,
    @Args('max', { type: () => Int, nullable: true, description: 'at most this many copies (default 10000)' }) max?: number | null,
    @ClusterArg() cluster?: string | null,
  ) {
    const asked = name ? { namespace: namespace ?? undefined, name } : pod;
    return this.headroomService.headroom(
      this.commands.cluster(cluster),
      this.commands.parse(headroomCommand, withoutNulls({ pod: asked, nodes, selector, all, max })),
    );
  }

  @Query(() => NodeRemovalType, { description: 'Can this node be removed? Its drain plan, the replacements placed together.' })
  nodeRemoval(@Args('name', { type: () => String }) name: string, @ClusterArg() cluster?: string | null) {
    return this.drain.removal(this.commands.cluster(cluster), this.commands.parse(nodeName, { name }));
  }
}
