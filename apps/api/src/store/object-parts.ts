import { type StoredVersion, k8sTime } from '@taintgate/domain';
import { stringifyExactly } from '../http/edge/exact-json';

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

/** The metadata of the object a row stands for: its identity's columns, then `columns` (the kind's own). */
const metadataOfRow = (row: StoredIdentity, columns: Json | undefined): Json => ({
  name: row.name,
  ...(row.namespace === undefined ? {} : { namespace: row.namespace }),
  uid: row.uid,
  resourceVersion: String(row.revision),
  creationTimestamp: k8sTime(row.createdAt),
  labels: row.labels,
  ...columns,
});

/**
 * The Kubernetes object a row stands for: what the client sent (`extra`) as it was, empty
 * objects such as `securityContext: {}` included, with the column values laid over each section;
 * empty column values are left out, as the API server leaves them out.
 */
export function objectOfRow(kind: string, row: StoredIdentity & { extra: unknown }, columns: { metadata?: Json; spec: Json; status: Json }): Json {
  const extra = row.extra;
  const metadata = metadataOfRow(row, columns.metadata);
  return {
    ...(isObject(extra) ? extra : {}),
    apiVersion: 'v1',
    kind,
    metadata: { ...sectionOf(extra, 'metadata'), ...omitEmpty(metadata) },
    spec: { ...sectionOf(extra, 'spec'), ...omitEmpty(columns.spec) },
    status: { ...sectionOf(extra, 'status'), ...omitEmpty(columns.status) },
  };
}

/**
 * objectOfRow's object as JSON text, written from `extra`'s own text (as Postgres keeps it: JSON.stringify's)
 * rather than from objects: the columns serialized and laid into each section, after the
 * section's own members, as objectOfRow lays them over it; `apiVersion` and `kind` first. The same
 * members (a list of 500 realistic pods parses and serializes none of the 2 MB their rows keep as
 * they came); undefined when `extra` is not as written (a section that is no object): objectOfRow's then.
 */
export function objectTextOfRow(kind: string, row: StoredIdentity, columns: { metadata?: Json; spec: Json; status: Json }, extra: string): string | undefined {
  const sections = sectionEnds(extra);
  if (sections === undefined) return undefined;
  const metadata = metadataOfRow(row, columns.metadata);
  const laid: [number, string][] = [];
  let appended = '';
  for (const [section, members] of [
    ['metadata', omitEmpty(metadata)],
    ['spec', omitEmpty(columns.spec)],
    ['status', omitEmpty(columns.status)],
  ] as const) {
    const own = stringifyExactly(members);
    const end = sections[section];
    if (end === undefined) appended += `,"${section}":${own}`;
    else if (own !== '{}') laid.push([end.close, `${end.empty ? '' : ','}${own.slice(1, -1)}`]);
  }
  laid.sort((a, b) => a[0] - b[0]);
  let out = `{"apiVersion":"v1","kind":${JSON.stringify(kind)}${extra.length > 2 ? ',' : ''}`;
  let from = 1;
  for (const [at, text] of laid) {
    out += extra.slice(from, at) + text;
    from = at;
  }
  return out + extra.slice(from, -1) + appended + '}';
}

/** The position of the quote closing the string opened at `open`: the next one after an even number of backslashes; -1 when none. */
function closingQuote(text: string, open: number): number {
  let quote = text.indexOf('"', open + 1);
  while (quote >= 0) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return quote;
    quote = text.indexOf('"', quote + 1);
  }
  return -1;
}

/** Where each of the sections objectOfRow lays columns into closes in `extra`'s text (its closing brace), and whether it is empty. */
type SectionEnds = Partial<Record<'metadata' | 'spec' | 'status', { close: number; empty: boolean }>>;

/**
 * The sections' ends in a compact JSON object's text (JSON.stringify's: no white space), found by
 * one pass over it; undefined when the text is not such an object, or a section is no object.
 */
function sectionEnds(text: string): SectionEnds | undefined {
  if (text.charCodeAt(0) !== 0x7b || text.charCodeAt(text.length - 1) !== 0x7d) return undefined;
  const ends: SectionEnds = {};
  let depth = 0;
  let key: string | undefined;
  let keyStart = -1;
  let sectionOpen = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      if (depth === 1 && i === keyStart && (key === 'metadata' || key === 'spec' || key === 'status')) return undefined;
      // A string: to its closing quote, the first not escaped, found by indexOf rather than char by
      // char (strings are most of a pod's text, and a list of 300,000 pods spent 2.6 s scanning).
      const start = i;
      i = closingQuote(text, i);
      if (i < 0) return undefined;
      if (depth === 1 && text.charCodeAt(i + 1) === 0x3a) {
        key = text.slice(start + 1, i);
        keyStart = i + 2;
      }
    } else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth === 2 && i === keyStart && (key === 'metadata' || key === 'spec' || key === 'status')) {
        if (c === 0x5b) return undefined;
        sectionOpen = i;
      }
    } else if (c === 0x7d || c === 0x5d) {
      if (depth === 2 && sectionOpen >= 0) {
        ends[key as 'metadata'] = { close: i, empty: i === sectionOpen + 1 };
        sectionOpen = -1;
      }
      depth--;
    } else if (depth === 1 && i === keyStart && (key === 'metadata' || key === 'spec' || key === 'status')) {
      // A section that is no object (null, a string): objectOfRow replaces it, which text cannot.
      return undefined;
    }
  }
  return depth === 0 ? ends : undefined;
}
