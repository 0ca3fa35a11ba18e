import { COMPONENT_SCHEMAS_PREFIX as V3_PREFIX, KUBERNETES_OBJECTS } from '../../http/operation-docs/schema-names';
import { openApiV3Schemas } from '../kube-api/openapi/openapi-documents';

/**
 * The Kubernetes objects of the REST document (Node, Pod, Taint, Toleration and what they hold),
 * taken from the definitions the Kubernetes API face publishes to kubectl: one source for both
 * faces. There they go by their full names (io.k8s.api.core.v1.Node); here by their last part
 * (Node), which is what a generated client calls them. Only the objects the REST operations name
 * and what those refer to are carried over (no Event, Namespace or WatchEvent).
 */

const shortName = (fullName: string): string => fullName.slice(fullName.lastIndexOf('.') + 1);

/** Every `$ref` under `value`, rewritten by `rename` (a deep copy: the kube face's objects stay as they are). */
function withRefs(value: unknown, rename: (fullName: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => withRefs(item, rename));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) =>
      key === '$ref' && typeof field === 'string' && field.startsWith(V3_PREFIX)
        ? [key, V3_PREFIX + rename(field.slice(V3_PREFIX.length))]
        : [key, withRefs(field, rename)],
    ),
  );
}

/** The full names `value` refers to. */
function refsIn(value: unknown, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, field] of Object.entries(value)) {
      if (key === '$ref' && typeof field === 'string' && field.startsWith(V3_PREFIX)) found.add(field.slice(V3_PREFIX.length));
      else refsIn(field, found);
    }
  }
  return found;
}

/**
 * The component schemas: KUBERNETES_OBJECTS and every definition they reach, by short name. Two
 * definitions of one short name (core's and meta's) would make one of them wrong: refused here,
 * at start, rather than published.
 */
export function kubernetesSchemas(): Record<string, unknown> {
  const all = openApiV3Schemas();
  const fullNameOf = new Map<string, string>();
  for (const fullName of Object.keys(all)) {
    const short = shortName(fullName);
    const other = fullNameOf.get(short);
    if (other !== undefined) throw new Error(`${fullName} and ${other} would both be the REST document's ${short}`);
    fullNameOf.set(short, fullName);
  }
  const reached = new Set<string>();
  const pending = KUBERNETES_OBJECTS.map((short) => fullNameOf.get(short) ?? missing(short));
  for (let fullName = pending.pop(); fullName !== undefined; fullName = pending.pop()) {
    if (reached.has(fullName)) continue;
    reached.add(fullName);
    pending.push(...refsIn(all[fullName]));
  }
  return Object.fromEntries([...reached].sort().map((fullName) => [shortName(fullName), forClients(withRefs(all[fullName], shortName))]));
}

/**
 * A definition as a generated client should read it. kube-apiserver publishes IntOrString as a
 * string of format int-or-string, which kubectl understands; a client generator would take it
 * for a string, and the answers hold numbers too (minAvailable: 1): here it is either.
 */
function forClients(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null || (schema as Record<string, unknown>)['format'] !== 'int-or-string') return schema;
  const { description } = schema as { description?: string };
  return { description, oneOf: [{ type: 'integer', format: 'int32' }, { type: 'string' }] };
}

function missing(short: string): never {
  throw new Error(`the Kubernetes API face publishes no ${short}`);
}
