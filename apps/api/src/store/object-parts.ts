import { type StoredVersion, k8sTime } from '@taintgate/domain';

/**
 * Kubernetes objects are stored as columns for what taintgate queries plus one JSON `extra` for
 * everything else, so that `kubectl get -o json` output comes back as it went in.
 */

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A JSON column's value as Prisma can write it. Prisma writes JSON columns with JSON.stringify
 * (which throws on a bigint) and reads them back with JSON.parse (which rounds past 2^53), so an
 * integer beyond 2^53 (a bigint, edge/exact-json.ts) in a field taintgate does not read is
 * stored as the double JSON.parse makes of it: as it was stored before bodies kept such integers
 * exactly. The one int64 taintgate reads, tolerationSeconds, is kept exact (pod-record.ts).
 */
export function storableJson(value: unknown): unknown {
  // Most objects hold no bigint: looking is much cheaper than copying (an import stores 300,000 pods).
  return holdsBigInt(value) ? withBigIntsAsNumbers(value) : value;
}

function holdsBigInt(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return typeof value === 'bigint';
  // Loops rather than some() and Object.values(), which allocate: three times as fast over a pod, and an import looks through every one.
  if (Array.isArray(value)) {
    for (const member of value as unknown[]) if (holdsBigInt(member)) return true;
    return false;
  }
  const record = value as Json;
  for (const key in record) if (holdsBigInt(record[key])) return true;
  return false;
}

function withBigIntsAsNumbers(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map(withBigIntsAsNumbers);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, member]) => [key, withBigIntsAsNumbers(member)]));
}

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
function sectionOf(extra: unknown, section: string): Json {
  const value = isObject(extra) ? extra[section] : undefined;
  return isObject(value) ? value : {};
}

/** Drops keys whose value is undefined, null or an empty array/object (Go's omitempty). */
function omitEmpty<T extends Json>(object: T): T {
  // A loop rather than entries filtered: a snapshot's load makes 300,000 pods through here.
  const kept: Json = {};
  for (const key in object) {
    const v = object[key];
    if (v === undefined || v === null) continue;
    if (Array.isArray(v) ? v.length === 0 : isObject(v) && isEmpty(v)) continue;
    kept[key] = v;
  }
  return kept as T;
}

function isEmpty(object: Json): boolean {
  for (const _ in object) return false;
  return true;
}

/** What every stored object keeps in columns of its own, for its metadata. */
interface StoredIdentity {
  name: string;
  namespace?: string;
  uid: string;
  revision: bigint;
  createdAt: Date;
  labels: unknown;
}

/** What a stored object's preconditions are checked against: its uid, and its resourceVersion as answered (the revision of its last write). */
export const storedVersionOf = (row: { uid: string; revision: bigint }): StoredVersion => ({ uid: row.uid, resourceVersion: String(row.revision) });

/**
 * The Kubernetes object a row stands for: what the client sent (`extra`) as it was, empty
 * objects such as `securityContext: {}` included, with the column values laid over each section;
 * empty column values are left out, as the API server leaves them out.
 */
export function objectOfRow(
  kind: string,
  row: StoredIdentity & { extra?: unknown },
  columns: { metadata?: Json; spec: Json; status: Json },
  /** What stands for `extra`: a pod as decisions read it is made of less (pod-record.ts). */
  extra: unknown = row.extra,
): Json {
  const metadata = {
    name: row.name,
    ...(row.namespace === undefined ? {} : { namespace: row.namespace }),
    uid: row.uid,
    resourceVersion: String(row.revision),
    creationTimestamp: k8sTime(row.createdAt),
    labels: row.labels,
    ...columns.metadata,
  };
  return {
    ...(isObject(extra) ? extra : {}),
    apiVersion: 'v1',
    kind,
    metadata: { ...sectionOf(extra, 'metadata'), ...omitEmpty(metadata) },
    spec: { ...sectionOf(extra, 'spec'), ...omitEmpty(columns.spec) },
    status: { ...sectionOf(extra, 'status'), ...omitEmpty(columns.status) },
  };
}
