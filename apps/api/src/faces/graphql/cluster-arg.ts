import { Args } from '@nestjs/graphql';

/** The `cluster` argument every query and mutation takes: the cluster it is about, `default` when absent. */
export const ClusterArg = (): ParameterDecorator =>
  Args('cluster', { type: () => String, nullable: true, description: 'The cluster, as in /v1/clusters/{cluster}/...; "default" when absent.' });
