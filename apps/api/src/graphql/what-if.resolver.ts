import { Args, Field, InputType, Query, Resolver } from '@nestjs/graphql';
import { ApiError } from '../common/api-error';
import { ImpactService } from '../impact/impact.service';
import { PlacementService } from '../placement/placement.service';
import { given } from './args';
import { GraphQLJSON } from './json.scalar';
import { PlacementType, TaintImpactType } from './types/result.types';
import { TaintInput } from './types/taint.types';

@InputType('WhatIfCluster', { description: 'A hypothetical cluster: Kubernetes Nodes and Pods as JSON; nothing is stored.' })
export class WhatIfClusterInput {
  @Field(() => [GraphQLJSON], { nullable: true }) nodes?: unknown[] | null;
  @Field(() => [GraphQLJSON], { nullable: true }) pods?: unknown[] | null;
}

/** The what-if questions (POST /v1/placement, POST /v1/taint-impact); nothing changes. */
@Resolver()
export class WhatIfResolver {
  constructor(
    private readonly placementService: PlacementService,
    private readonly impact: ImpactService,
  ) {}

  @Query(() => PlacementType, {
    description: 'Where can this pod go? A stored pod (namespace, name) over the stored nodes, or an inline pod over the stored nodes or inline ones.',
  })
  async placement(
    @Args('pod', { type: () => GraphQLJSON, nullable: true, description: 'an inline Pod' }) pod?: unknown,
    @Args('nodes', { type: () => [GraphQLJSON], nullable: true, description: 'inline Nodes: a hypothetical cluster' }) nodes?: unknown[] | null,
    @Args('namespace', { type: () => String, nullable: true, description: 'of a stored pod (default "default")' }) namespace?: string | null,
    @Args('name', { type: () => String, nullable: true, description: 'of a stored pod' }) name?: string | null,
  ) {
    if (name === undefined || name === null) return this.placementService.place(given({ pod, nodes }));
    if ((pod ?? nodes ?? null) !== null) {
      const reason = 'Forbidden: not with a stored pod (name)';
      throw ApiError.badRequest(`pod: ${reason}`, [{ field: pod != null ? 'pod' : 'nodes', reason }]);
    }
    return this.placementService.placeStored(namespace ?? 'default', name);
  }

  @Query(() => TaintImpactType, { description: 'What if this taint were added to the nodes named, or those of a selector, or all? Inline: a hypothetical cluster.' })
  taintImpact(
    @Args('taint', { type: () => TaintInput }) taint: TaintInput,
    @Args('nodes', { type: () => [String], nullable: true }) nodes?: string[] | null,
    @Args('selector', { type: () => String, nullable: true }) selector?: string | null,
    @Args('all', { type: () => Boolean, nullable: true }) all?: boolean | null,
    @Args('inline', { type: () => WhatIfClusterInput, nullable: true }) inline?: WhatIfClusterInput | null,
  ) {
    return this.impact.impact(given({ taint: given({ ...taint }), nodes, selector, all, inline: inline ? given({ ...inline }) : undefined }));
  }
}
