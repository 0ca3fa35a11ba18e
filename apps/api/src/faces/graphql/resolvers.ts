import { ClustersResolver } from './clusters.resolver';
import { EvictionsResolver } from './evictions.resolver';
import { NodesResolver } from './nodes.resolver';
import { PodsResolver } from './pods.resolver';
import { RemovalSweepResolver } from './removal-sweep.resolver';
import { TaintCommandResolver } from './taint-command.resolver';
import { WhatIfResolver } from './what-if.resolver';

/** Every resolver: the module provides them, and the schema printer builds the schema from them. */
export const RESOLVERS = [ClustersResolver, NodesResolver, PodsResolver, TaintCommandResolver, WhatIfResolver, EvictionsResolver, RemovalSweepResolver];
