import { type JsonSchema, booleanField, described, nodeTargetProperties, object } from '../../http/edge/answer-schemas';

/** POST /v1/drain-impact's body, for the OpenAPI document: the fields `drainImpact` (drain-command.ts) reads. */
export const drainImpactRequestSchema: JsonSchema = {
  ...object({
    ...nodeTargetProperties,
    mode: {
      type: 'string',
      enum: ['together', 'alone'],
      description: 'together (the default): the replacements placed one after another, each taking its room; alone: each against the cluster as it is',
    },
    force: described(booleanField, "kubectl drain's --force: pods that declare no controller are evicted, and gone"),
  }),
  description: 'Which nodes `kubectl drain --ignore-daemonsets --delete-emptydir-data` would drain, and how the replacements are placed.',
  example: { selector: 'pool=general', mode: 'together' },
};
