import fastJson from 'fast-json-stringify';
/**
 * JSON Schemas of the parts the what-if answers share (a taint, a pod's name, a toleration as
 * admitted, a list's metadata), written once for two readers: fast-json-stringify, which compiles
 * an answer's serializer from its schema, and the OpenAPI document, which shows the same schema.
 * So the document cannot drift from what is sent. They are OpenAPI 3.0 schemas (`nullable`, not
 * type arrays), which fast-json-stringify reads too. Int64 fields are `integer`: the serializer
 * writes a bigint's digits.
 */

export type JsonSchema = Record<string, unknown>;

export const stringField = { type: 'string' } as const;
export const integerField = { type: 'integer' } as const;
export const booleanField = { type: 'boolean' } as const;

export const object = (properties: Record<string, JsonSchema>, required: readonly string[] = []): JsonSchema => ({
  type: 'object',
  properties,
  ...(required.length ? { required } : {}),
});

export const arrayOf = (items: JsonSchema): JsonSchema => ({ type: 'array', items });

/** A string that is always `value` (a kind, an apiVersion): a generated client can tell answers apart by it. */
export const constant = (value: string): JsonSchema => ({ type: 'string', enum: [value] });

/**
 * A schema with a description of its own: beside a `$ref`, OpenAPI 3.0 ignores every other key,
 * so the reference goes in an allOf, as kube-apiserver's documents write it.
 */
export const described = (schema: JsonSchema, description: string): JsonSchema =>
  '$ref' in schema ? { allOf: [schema], description } : { ...schema, description };

export const taintSchema = object({ key: stringField, value: stringField, effect: stringField, timeAdded: stringField }, ['key', 'effect']);

/** The fields that name nodes in a request (parseNodeTarget): names, a selector, or all. */
export const nodeTargetProperties = {
  nodes: described(arrayOf(stringField), 'the nodes, by name'),
  selector: described(stringField, "the nodes, by label selector (kubectl's -l syntax)"),
  all: described(booleanField, 'every node'),
};

export const podRefSchema = object({ namespace: stringField, name: stringField }, ['namespace', 'name']);

const admittedToleration = object({
  key: stringField,
  operator: stringField,
  value: stringField,
  effect: stringField,
  tolerationSeconds: integerField,
  addedBy: stringField,
  removedBy: stringField,
});

/** admissionAnswer's shape: an inline pod's tolerations as admitted. */
export const admissionSchema = object({ tolerations: arrayOf(admittedToleration), removed: arrayOf(admittedToleration) }, ['tolerations']);

/** metav1.ListMeta, as the paged views answer it. */
export const listMetaSchema = object({ resourceVersion: stringField, continue: stringField, remainingItemCount: integerField });

/** A page of a list of taintgate's own kinds, as list-answers.ts's listPage makes it. */
export const listPageSchema = (kind: string, items: JsonSchema): JsonSchema =>
  object({ apiVersion: constant('taintgate.io/v1'), kind: constant(kind), metadata: listMetaSchema, items: arrayOf(items) }, [
    'apiVersion',
    'kind',
    'metadata',
    'items',
  ]);

/** The serializer fast-json-stringify compiles from a schema, once per schema: fields outside it are not written. */
export function serializerOf(schema: JsonSchema): (answer: object) => string {
  return fastJson(schema) as (answer: object) => string;
}
