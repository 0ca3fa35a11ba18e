import type { JsonObject, JsonValue } from './json';

/**
 * kubectl prints objects it decoded as unstructured maps, and Go's encoding/json writes map keys
 * in byte order: every object here is built with its keys in that order. Maps whose keys vary
 * (labels, annotations, resources) go through this.
 */
export function sortedRecord(entries: Iterable<readonly [string, JsonValue | undefined]>): JsonObject {
  const present = [...entries].filter((e): e is [string, JsonValue] => e[1] !== undefined);
  present.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(present);
}

/** The same for an object literal whose keys are fixed but not written in order; undefined values are left out. */
export function sortedKeys(object: Readonly<Record<string, JsonValue | undefined>>): JsonObject {
  return sortedRecord(Object.entries(object));
}
