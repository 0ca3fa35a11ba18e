import { type JsonSchema, arrayOf, booleanField, described, object, stringField } from '../../http/edge/answer-schemas';
import { kubernetesRef } from '../../http/operation-docs/schema-names';

/**
 * POST /v1/placement's body, for the OpenAPI document: the fields `placement` (placement-command.ts)
 * reads, the objects among them by the Kubernetes schemas the API face publishes. A pod, or a
 * stored pod by name (as GraphQL's `placement` query asks); not both.
 */
export const placementRequestSchema: JsonSchema = {
  ...object({
    pod: described(kubernetesRef('Pod'), 'the pod to place, admitted as on create (no name needed); the answer tells what admission added'),
    nodes: described(arrayOf(kubernetesRef('Node')), 'inline nodes to place it over, instead of the stored ones'),
    pods: described(arrayOf(kubernetesRef('Pod')), 'with inline nodes: pods bound to them (spec.nodeName), using their room'),
    namespace: described(stringField, 'with name: the stored pod\'s namespace (default "default")'),
    name: described(stringField, 'a stored pod to place instead of `pod`'),
    reschedule: described(booleanField, 'with name: where it could go if it were rescheduled (its nodeName and usage ignored)'),
  }),
  description: 'Where can this pod go: `pod` (and optionally inline `nodes` and `pods`), or a stored pod by `name`.',
  example: { pod: { metadata: { name: 'web' }, spec: { tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' }] } } },
};
