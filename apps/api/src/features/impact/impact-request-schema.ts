import { type JsonSchema, arrayOf, described, nodeTargetProperties, object, stringField } from '../../http/edge/answer-schemas';
import { kubernetesRef } from '../../http/operation-docs/schema-names';

/** A taint as an object, or as kubectl taint writes it (`key=value:Effect`). */
const taintOrArgument: JsonSchema = {
  oneOf: [kubernetesRef('Taint'), described(stringField, "kubectl taint's argument: key=value:Effect or key:Effect")],
};

/**
 * POST /v1/taint-impact's body, for the OpenAPI document: the fields `taintImpact`
 * (impact-command.ts) reads, the objects among them by the Kubernetes schemas the API face
 * publishes. The taint (or taints), and which nodes it would go on (names, a selector or all;
 * none: every node); `inline` asks the question of a cluster given here rather than the stored one.
 */
export const taintImpactRequestSchema: JsonSchema = {
  ...object({
    taint: described(taintOrArgument, 'the taint that would be added'),
    taints: described(arrayOf(taintOrArgument), 'several taints that would be added together'),
    ...nodeTargetProperties,
    mode: {
      type: 'string',
      enum: ['together', 'alone'],
      description:
        "the evicted pods' replacements placed as kube-scheduler would, together (the default: each taking its room) or alone: each eviction's `to`; together places at most PLACE_TOGETHER_MAX_PODS",
    },
    inline: described(
      object({ nodes: arrayOf(kubernetesRef('Node')), pods: arrayOf(kubernetesRef('Pod')) }),
      'a hypothetical cluster to ask about instead of the stored one',
    ),
  }),
  description: 'What would this taint do: the taint, and the nodes it would go on.',
  example: { taint: { key: 'maintenance', effect: 'NoExecute' }, nodes: ['node-1'] },
};
