/**
 * A typed description of the Kubernetes types taintgate serves, from which the OpenAPI v3
 * (kubectl explain, kubectl apply's patch metadata) and v2 (kubectl's client-side validation)
 * documents are both made. Names are the definitions' full names, as kube-apiserver publishes
 * them (io.k8s.api.core.v1.Node).
 */

export const CORE_V1 = 'io.k8s.api.core.v1.';
export const META_V1 = 'io.k8s.apimachinery.pkg.apis.meta.v1.';
export const QUANTITY = 'io.k8s.apimachinery.pkg.api.resource.Quantity';

/** A value's shape. `object` without additionalProperties is any object: its fields are not described (nor checked). */
export type Shape =
  | { readonly type: 'string'; readonly format?: string; readonly enum?: readonly string[] }
  | { readonly type: 'integer'; readonly format: 'int32' | 'int64' }
  | { readonly type: 'number'; readonly format: 'double' }
  | { readonly type: 'boolean' }
  | { readonly ref: string }
  | { readonly type: 'array'; readonly items: Shape; readonly list?: ListType }
  | { readonly type: 'object'; readonly additionalProperties?: Shape };

/** `+listType` of the Go declaration: x-kubernetes-list-type (and -list-map-keys for a map). */
export type ListType = { readonly type: 'atomic' | 'set' } | { readonly type: 'map'; readonly keys: readonly string[] };

export type Property = Shape & { readonly description: string };

export interface GroupVersionKind {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
}

interface ObjectDefinition {
  readonly description: string;
  readonly properties: Readonly<Record<string, Property>>;
  readonly required?: readonly string[];
  /** The kinds this type is the body of (x-kubernetes-group-version-kind). */
  readonly kinds?: readonly GroupVersionKind[];
}

/** A type serialized as a scalar (Quantity, Time): its shape and what it means. */
export interface ScalarDefinition {
  readonly description: string;
  readonly scalar: Extract<Shape, { type: 'string' }> | { readonly type: 'object' };
}

export type Definition = ObjectDefinition | ScalarDefinition;

export type Definitions = Readonly<Record<string, Definition>>;

export const isScalar = (definition: Definition): definition is ScalarDefinition => 'scalar' in definition;

export const refTo = (name: string): Shape => ({ ref: name });

export const str = (description: string, values?: readonly string[]): Property =>
  values === undefined ? { type: 'string', description } : { type: 'string', enum: values, description };
export const int32 = (description: string): Property => ({ type: 'integer', format: 'int32', description });
export const int64 = (description: string): Property => ({ type: 'integer', format: 'int64', description });
export const bool = (description: string): Property => ({ type: 'boolean', description });
export const ref = (name: string, description: string): Property => ({ ref: name, description });
export const time = (description: string): Property => ({ ref: `${META_V1}Time`, description });

/** A list of `items`; `list` is the declaration's +listType (atomic when it says none). */
export const list = (items: Shape, description: string, listType: ListType = { type: 'atomic' }): Property => ({
  type: 'array',
  items,
  list: listType,
  description,
});
export const listMap = (items: Shape, keys: readonly string[], description: string): Property => list(items, description, { type: 'map', keys });
export const strings = (description: string, listType?: ListType): Property => list({ type: 'string' }, description, listType);
export const stringMap = (description: string): Property => ({ type: 'object', additionalProperties: { type: 'string' }, description });
export const quantities = (description: string): Property => ({ type: 'object', additionalProperties: refTo(QUANTITY), description });
/** A struct this service keeps as sent without describing its fields. */
export const opaque = (description: string): Property => ({ type: 'object', description });

export const coreKind = (kind: string): GroupVersionKind => ({ group: '', version: 'v1', kind });
