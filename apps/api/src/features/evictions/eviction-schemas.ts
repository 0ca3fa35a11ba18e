import { type JsonSchema, described, integerField, listPageSchema, object, stringField } from '../../http/edge/answer-schemas';
import { kubernetesRef } from '../../http/operation-docs/schema-names';
import { EVICTION_STATUSES } from './eviction-commands';

const time = (description: string, nullable = false): JsonSchema => ({ type: 'string', ...(nullable ? { nullable } : {}), description });

/** An eviction as evictionView (eviction-records.ts) answers it, for the OpenAPI document. */
export const evictionSchema: JsonSchema = object(
  {
    id: stringField,
    pod: object({ namespace: stringField, name: stringField, uid: stringField }, ['namespace', 'name', 'uid']),
    node: stringField,
    taint: described(kubernetesRef('Taint'), 'the NoExecute taint that caused it'),
    status: described(
      { type: 'string', enum: [...EVICTION_STATUSES] },
      "Predicted: a mirror's, what its cluster's own controller is expected to do at scheduledFor",
    ),
    startedAt: time('when it was decided (RFC 3339)'),
    scheduledFor: time('when it fires'),
    tolerationSeconds: { ...integerField, nullable: true, description: "the toleration's seconds; null: evicted at once" },
    firedAt: time('when the pod was evicted', true),
    cancelledAt: time('when it was cancelled (the taint removed, the pod gone)', true),
    podRemovedAt: time('when the evicted pod was gone', true),
    reason: { type: 'string', nullable: true, description: "why it was cancelled or executed (DeletionByTaintManager; a mirror's come true: DeletedAtSource)" },
  },
  ['id', 'pod', 'node', 'taint', 'status', 'startedAt', 'scheduledFor', 'tolerationSeconds', 'firedAt', 'cancelledAt', 'podRemovedAt', 'reason'],
);

export const evictionListSchema: JsonSchema = listPageSchema('EvictionList', { $ref: '#/components/schemas/Eviction' });
