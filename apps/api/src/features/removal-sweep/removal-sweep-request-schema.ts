import { type JsonSchema, nodeTargetProperties, object } from '../../http/edge/answer-schemas';

/** POST /v1/removal-sweep's body, for the OpenAPI document: the fields `removalSweepCommand` (removal-sweep-command.ts) reads. */
export const removalSweepRequestSchema: JsonSchema = {
  ...object(nodeTargetProperties),
  description: 'The nodes to judge for removal; every node of the cluster when none is named.',
  example: { selector: 'pool=general' },
};
