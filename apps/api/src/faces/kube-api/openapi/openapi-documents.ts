import { createHash } from 'node:crypto';
import { versionInfo } from '../discovery';
import { allDefinitions, patchExtensions } from './definitions';
import { coreV1Paths } from './kube-operations';
import { type Definition, type Property, type Shape, isScalar } from './schema-dsl';

/**
 * The two documents kubectl reads, made from the typed definitions: OpenAPI v3 for /api/v1
 * (kubectl explain; kubectl apply's patch metadata) and Swagger 2.0 (kubectl's client-side
 * validation, which reads v2 only, in protobuf). They differ in where definitions live and in how
 * a field that is a struct carries its own description beside the reference.
 */

type Json = Record<string, unknown>;

interface Dialect {
  readonly refPrefix: string;
  /** A field that refers to a definition, with the field's description. */
  readonly describedRef: (ref: string, description: string) => Json;
}

const v3: Dialect = {
  refPrefix: '#/components/schemas/',
  describedRef: (ref, description) => ({ allOf: [{ $ref: ref }], description }),
};

const v2: Dialect = {
  refPrefix: '#/definitions/',
  describedRef: (ref, description) => ({ $ref: ref, description }),
};

function shape(dialect: Dialect, s: Shape): Json {
  if ('ref' in s) return { $ref: dialect.refPrefix + s.ref };
  switch (s.type) {
    case 'array': {
      const list =
        s.list === undefined ? {} : { 'x-kubernetes-list-type': s.list.type, ...(s.list.type === 'map' ? { 'x-kubernetes-list-map-keys': s.list.keys } : {}) };
      return { type: 'array', items: shape(dialect, s.items), ...list };
    }
    case 'object':
      return s.additionalProperties === undefined ? { type: 'object' } : { type: 'object', additionalProperties: shape(dialect, s.additionalProperties) };
    default:
      return { ...s };
  }
}

function property(dialect: Dialect, p: Property, extensions: Json): Json {
  const { description, ...rest } = p;
  if ('ref' in p) return { ...dialect.describedRef(dialect.refPrefix + p.ref, description), ...extensions };
  return { description, ...shape(dialect, rest), ...extensions };
}

function definition(dialect: Dialect, name: string, d: Definition): Json {
  if (isScalar(d)) return { description: d.description, ...d.scalar };
  const extensions = patchExtensions.get(name) ?? {};
  const properties = Object.fromEntries(Object.entries(d.properties).map(([field, p]) => [field, property(dialect, p, { ...extensions[field] })]));
  return {
    description: d.description,
    type: 'object',
    ...(d.required && d.required.length > 0 ? { required: d.required } : {}),
    properties,
    ...(d.kinds ? { 'x-kubernetes-group-version-kind': d.kinds } : {}),
  };
}

const definitionsIn = (dialect: Dialect) => Object.fromEntries(Object.entries(allDefinitions).map(([name, d]) => [name, definition(dialect, name, d)]));

/** Every definition as the v3 document's components/schemas hold it; taintgate's REST document shows the same ones (openapi/kubernetes-schemas.ts). */
export const openApiV3Schemas = (): Record<string, Json> => definitionsIn(v3);

const info = () => ({ title: 'Kubernetes', version: versionInfo().gitVersion });

/** GET /openapi/v3/api/v1. */
export const openApiV3CoreV1 = () => ({
  openapi: '3.0.0',
  info: info(),
  paths: coreV1Paths(),
  components: {
    schemas: openApiV3Schemas(),
    securitySchemes: { BearerToken: { type: 'apiKey', description: 'Bearer Token authentication (an API key)', name: 'authorization', in: 'header' } },
  },
  security: [{ BearerToken: [] }],
});

/** GET /openapi/v2: the definitions (what validation reads); the operations are v3's. */
export const openApiV2 = () => ({
  swagger: '2.0',
  info: info(),
  paths: {},
  definitions: definitionsIn(v2),
});

/** A document's bytes and the hash of them, kube-apiserver's way (SHA-512, upper-case hex): the version in its URL and its ETag. */
export interface Served {
  readonly body: Buffer;
  readonly hash: string;
}

export function served(body: Buffer): Served {
  return { body, hash: createHash('sha512').update(body).digest('hex').toUpperCase() };
}
