/** What `kubectl get -o json` can print: the objects are plain JSON, nothing else. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | JsonObject;

export interface JsonObject {
  readonly [key: string]: JsonValue;
}

/** A Node or a Pod as kubectl prints it: the fields every object has, typed; the rest plain JSON. */
export interface KubeObject extends JsonObject {
  readonly apiVersion: 'v1';
  readonly kind: 'Node' | 'Pod';
  readonly metadata: JsonObject & { readonly name: string; readonly uid: string; readonly resourceVersion: string; readonly creationTimestamp: string };
  readonly spec: JsonObject;
  readonly status: JsonObject;
}

/** What `kubectl get nodes,pods -A -o json` prints: a client-side List, hence the empty resourceVersion. */
export interface KubeList extends JsonObject {
  readonly apiVersion: 'v1';
  readonly items: readonly KubeObject[];
  readonly kind: 'List';
  readonly metadata: { readonly resourceVersion: '' };
}

/**
 * Shared parts (a DaemonSet's container args, a Deployment's tolerations) are one object for all
 * the pods that carry them: 300,000 fresh copies would not fit in the default heap. Frozen, so that
 * a test editing one pod gets a TypeError instead of silently editing all of them.
 */
export function frozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) frozen(child);
    Object.freeze(value);
  }
  return value;
}
