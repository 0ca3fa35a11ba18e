import { type JsonSchema, described, listPageSchema, object, stringField } from '../../http/edge/answer-schemas';

/** Any JSON value the trail keeps as it was (an object before and after the change, details). */
const anyJson = (description: string): JsonSchema => ({ description, nullable: true });

/** One row of the audit trail as entryOf (audit.service.ts) answers it, for the OpenAPI document. */
export const auditEventSchema: JsonSchema = object(
  {
    id: stringField,
    time: described(stringField, 'RFC 3339'),
    action: described(stringField, 'node.put, pod.delete, cluster.import, apikey.create, ...'),
    kind: stringField,
    namespace: stringField,
    name: stringField,
    cluster: stringField,
    revision: described(stringField, "the cluster's revision the change made"),
    actor: described(stringField, 'who: an API key, or anonymous'),
    requestId: stringField,
    clientAddress: stringField,
    details: anyJson("what the action adds (an import's tallies)"),
    before: anyJson('the object before the change; null when it was created'),
    after: anyJson('the object after the change; null when it was deleted'),
  },
  ['id', 'time', 'action', 'kind', 'name', 'actor', 'details', 'before', 'after'],
);

export const auditEventListSchema: JsonSchema = listPageSchema('AuditEventList', { $ref: '#/components/schemas/AuditEvent' });
