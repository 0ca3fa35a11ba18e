/**
 * Kubernetes objects are stored as columns for what taintgate queries plus one JSON `extra` for
 * everything else, so that `kubectl get -o json` output comes back as it went in.
 */

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Which fields of each top-level section live in columns (and so are left out of `extra`). */
export type ColumnFields = Partial<Record<'metadata' | 'spec' | 'status', readonly string[]>>;

/** The object without apiVersion, kind and the column fields; empty sections are dropped. */
export function extraOf(object: Json, columns: ColumnFields): Json {
  const extra: Json = {};
  for (const [section, value] of Object.entries(object)) {
    if (section === 'apiVersion' || section === 'kind') continue;
    const skip = columns[section as keyof ColumnFields];
    if (!skip || !isObject(value)) {
      extra[section] = value;
      continue;
    }
    const rest = Object.fromEntries(Object.entries(value).filter(([field]) => !skip.includes(field)));
    if (Object.keys(rest).length) extra[section] = rest;
  }
  return extra;
}

/** A section of `extra` (metadata, spec, status) as an object to spread. */
export function sectionOf(extra: unknown, section: string): Json {
  const value = isObject(extra) ? extra[section] : undefined;
  return isObject(value) ? value : {};
}

/** Drops keys whose value is undefined, null or an empty array/object (Go's omitempty). */
export function omitEmpty<T extends Json>(object: T): T {
  return Object.fromEntries(
    Object.entries(object).filter(([, v]) => {
      if (v === undefined || v === null) return false;
      if (Array.isArray(v)) return v.length > 0;
      if (isObject(v)) return Object.keys(v).length > 0;
      return true;
    }),
  ) as T;
}
