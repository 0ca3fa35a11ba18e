import { lowerBound } from '../foundation/lower-bound';
import { type Result, err, ok } from '../failures/result';
import { decodeContinue, encodeContinue } from './continue-token';

/**
 * Kubernetes' chunked lists (`?limit=N&continue=TOKEN`, KEP 365), decided here for every list:
 * what a limit means, where a page starts, what it holds and how the next one is asked for.
 * Items are in the order of their keys, as etcd holds them; a page holds at most `limit` items
 * from its start key on, and, when more remain, the token of the next page's start (the last
 * key answered followed by "\u0000") and, when nothing was filtered out, how many remain.
 */

/**
 * The page a list answers when the client asks for none (no `limit`, or 0). kube-apiserver answers
 * the whole list then; taintgate answers at most this, with a continue token, so that no request
 * builds a list of 300,000 pods. kubectl and client-go ask for 500 a page themselves.
 */
export const DEFAULT_LIST_LIMIT = 500;

/**
 * The largest page a list answers, whatever `limit` asks: beyond it the answer is a page of this
 * many with a continue token, as for any limit (clients that page, kubectl and client-go among
 * them, see no difference). Without it `limit=1000000` built the whole of a 300,000-pod cluster
 * into one answer (28 MB, 14 s) for any viewer key.
 */
export const MAX_LIST_LIMIT = 5_000;

/** Where a list starts and how much it answers: a request's `limit` and `continue`, decided. */
export interface ListChunking {
  /** At most this many items (always at least 1). */
  readonly limit: number;
  /** The first key the page may hold, relative to the list's prefix; "" from the start. */
  readonly start: string;
}

/** A page of a list, ready to be answered: its items, and where the next page starts if more remain. */
export interface ListChunk<T> {
  readonly items: T[];
  /** The next page's token (metadata.continue); absent on the last page. */
  readonly continue?: string;
  /** How many items remain after this page (metadata.remainingItemCount), when the list was not filtered. */
  readonly remainingItemCount?: number;
}

/**
 * The limit a request asks for, as kube-apiserver reads `?limit=` (strconv.ParseInt, its words
 * when the text is no integer): absent or 0 is the default page; a negative limit is refused
 * (Kubernetes reads it as "no limit", which is what this bounds); a limit past MAX_LIST_LIMIT is
 * MAX_LIST_LIMIT. GraphQL's Int arrives as a number.
 */
export function listLimit(value: string | number | undefined): Result<number, string> {
  if (value === undefined || value === '') return ok(DEFAULT_LIST_LIMIT);
  const text = String(value);
  if (typeof value === 'number' ? !Number.isInteger(value) : !/^[+-]?\d+$/.test(text)) {
    return err(`strconv.ParseInt: parsing ${JSON.stringify(text)}: invalid syntax`);
  }
  const n = BigInt(text);
  if (n > 9223372036854775807n || n < -9223372036854775808n) return err(`strconv.ParseInt: parsing ${JSON.stringify(text)}: value out of range`);
  if (n < 0n) return err('must be greater than or equal to 0');
  if (n === 0n) return ok(DEFAULT_LIST_LIMIT);
  return ok(n > BigInt(MAX_LIST_LIMIT) ? MAX_LIST_LIMIT : Number(n));
}

/** Where a page starts: from a continue token (DecodeContinue's errors as they are), or from the start. */
export function listStart(token: string | undefined): Result<string, string> {
  if (token === undefined || token === '') return ok('');
  const decoded = decodeContinue(token);
  return decoded.ok ? ok(decoded.value.start) : decoded;
}

/** How a list held in memory is paged, besides the request's chunking. */
export interface SortedListPaging<T> {
  /**
   * The list's key prefix within `keys` ("ns/" for the pods of one namespace among every pod's
   * "namespace/name"; "" for all): only keys with it are listed, and tokens hold keys relative to it.
   */
  readonly prefix?: string;
  /** The item of a key; undefined filters the key out (a selector that does not match). */
  readonly itemOf: (key: string) => T | undefined;
  /** Whether `itemOf` may filter keys out: remainingItemCount is told only when it does not, as kube-apiserver tells it only without selectors. */
  readonly filtered: boolean;
  /** The revision the list was read at, for the next page's token. */
  readonly revision: bigint;
}

/**
 * One page of a list held in memory whose keys are sorted (as JavaScript compares strings, which
 * is byte order for the ASCII names Kubernetes allows): the items of the keys from the first at
 * or after `start`, at most `limit` of them, and the next page's token when another item follows.
 */
export function chunkOfSorted<T>(keys: readonly string[], { limit, start }: ListChunking, paging: SortedListPaging<T>): ListChunk<T> {
  const { prefix = '', itemOf, filtered, revision } = paging;
  const end = prefix === '' ? keys.length : firstAtOrAfter(keys, afterPrefix(prefix));
  const items: T[] = [];
  let lastKey = '';
  let i = firstAtOrAfter(keys, prefix + start);
  for (; i < end; i++) {
    const key = keys[i] as string;
    const item = itemOf(key);
    if (item === undefined) continue;
    if (items.length === limit) break;
    items.push(item);
    lastKey = key;
  }
  if (i >= end) return { items };
  const next = encodeContinue(`${lastKey.slice(prefix.length)}\u0000`, revision);
  return filtered ? { items, continue: next } : { items, continue: next, remainingItemCount: end - i };
}

/**
 * chunkOfSorted over a list of `count` items none of which is filtered out, whose keys are made
 * on demand (`keyAt`, sorted by index): only the keys a binary search reads and the page's last
 * are made, not one per item of a list of 10,000.
 */
export function chunkOfIndexed<T>(
  count: number,
  keyAt: (index: number) => string,
  { limit, start }: ListChunking,
  { itemAt, revision }: { itemAt: (index: number) => T; revision: bigint },
): ListChunk<T> {
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (keyAt(middle) < start) low = middle + 1;
    else high = middle;
  }
  const end = Math.min(count, low + limit);
  const items: T[] = [];
  for (let i = low; i < end; i++) items.push(itemAt(i));
  if (end >= count) return { items };
  return { items, continue: encodeContinue(`${keyAt(end - 1)}\u0000`, revision), remainingItemCount: count - end };
}

/** The smallest string after every string that starts with `prefix` (not empty). */
const afterPrefix = (prefix: string): string => prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);

/**
 * One page of a list read from a database: `rows` are what the query found from the page's start
 * on, in the list's order, asking for one more than `limit` to know whether more remain.
 * `nextStart` names the key the next page starts at, from the last row answered (for keys in
 * string order, the row's key followed by "\u0000"; for ids newest first, the id below it).
 * `remaining`, when the caller can count it cheaply (an unfiltered list), is how many rows there
 * are from the page's start on.
 */
export function chunkOfRows<T>(rows: readonly T[], limit: number, nextStart: (last: T) => string, revision: bigint, remaining?: number): ListChunk<T> {
  if (rows.length <= limit) return { items: [...rows] };
  const items = rows.slice(0, limit);
  const next = encodeContinue(nextStart(items[items.length - 1] as T), revision);
  return remaining === undefined ? { items, continue: next } : { items, continue: next, remainingItemCount: remaining - limit };
}

/** The index of the first key at or after `start` (binary search: the keys are sorted). */
const firstAtOrAfter = (keys: readonly string[], start: string): number => lowerBound(keys, start);
