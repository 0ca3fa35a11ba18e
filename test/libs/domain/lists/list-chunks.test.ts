import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT, chunkOfRows, chunkOfSorted, listLimit, listStart } from '@taintgate/domain';
import { decodeContinue } from '../../../../libs/domain/src/lists/continue-token';
import { chunkOfIndexed } from '../../../../libs/domain/src/lists/list-chunks';

/**
 * Chunked lists as kube-apiserver pages them over etcd (storage/etcd3/store.go, GetList): items
 * in key order from the start key on, at most `limit`, the next page's token when more remain
 * (EncodeContinue of the last key + "\x00", at the list's revision), and remainingItemCount only
 * when no selector filtered the list.
 */
const startOf = (token: string | undefined): string => {
  const decoded = decodeContinue(token ?? '');
  if (!decoded.ok) throw new Error(decoded.error);
  return decoded.value.start;
};

describe('listLimit (?limit=, read as strconv.ParseInt reads it)', () => {
  it.each<[string, string | number | undefined, number | string]>([
    ['absent: the default page', undefined, DEFAULT_LIST_LIMIT],
    ['empty: the default page', '', DEFAULT_LIST_LIMIT],
    ['0: the default page (kube-apiserver would answer everything)', '0', DEFAULT_LIST_LIMIT],
    ['a page of 10', '10', 10],
    ['a sign is ParseInt syntax', '+7', 7],
    ['a GraphQL Int', 25, 25],
    ['kubectl --chunk-size default', '500', 500],
    ['the largest page', '5000', MAX_LIST_LIMIT],
    ['past the largest page: that page (a continue token tells the rest)', '5001', MAX_LIST_LIMIT],
    ['past any list: still the largest page', '9223372036854775807', MAX_LIST_LIMIT],
    ['not a number', 'ten', 'strconv.ParseInt: parsing "ten": invalid syntax'],
    ['a fraction', '1.5', 'strconv.ParseInt: parsing "1.5": invalid syntax'],
    ['a fraction as a number', 1.5, 'strconv.ParseInt: parsing "1.5": invalid syntax'],
    ['beyond int64', '9223372036854775808', 'strconv.ParseInt: parsing "9223372036854775808": value out of range'],
    ['negative: refused (Kubernetes reads it as no limit at all)', '-1', 'must be greater than or equal to 0'],
  ])('%s', (_name, value, expected) => {
    expect(listLimit(value)).toEqual(typeof expected === 'number' ? { ok: true, value: expected } : { ok: false, error: expected });
  });
});

describe('listStart (?continue=)', () => {
  it('starts at the beginning without a token, and where the token says with one', () => {
    expect(listStart(undefined)).toEqual({ ok: true, value: '' });
    expect(listStart('')).toEqual({ ok: true, value: '' });
    const page = chunkOfSorted(['a', 'b', 'c'], { limit: 1, start: '' }, { itemOf: (k) => k, filtered: false, revision: 3n });
    expect(listStart(page.continue)).toEqual({ ok: true, value: 'a\u0000' });
    expect(listStart('%%')).toEqual({ ok: false, error: 'continue key is not valid: illegal base64 data at input byte 0' });
  });
});

describe('chunkOfSorted (a list held in memory, keys sorted)', () => {
  const keys = ['n1', 'n2', 'n3', 'n4', 'n5'];
  const all = { itemOf: (k: string) => k, filtered: false, revision: 12n };

  it.each<[string, number, string, string[], number | undefined]>([
    ['the first page', 2, '', ['n1', 'n2'], 3],
    ['from a start key after n2', 2, 'n2\u0000', ['n3', 'n4'], 1],
    ['the last page: no token', 2, 'n4\u0000', ['n5'], undefined],
    ['exactly the rest: no token, no empty page after it', 3, 'n2\u0000', ['n3', 'n4', 'n5'], undefined],
    ['a start key between keys', 10, 'n2a', ['n3', 'n4', 'n5'], undefined],
    ['a start key after every key: nothing', 10, 'z', [], undefined],
    ['a limit larger than the list', 1000, '', keys, undefined],
  ])('%s', (_name, limit, start, items, remaining) => {
    const page = chunkOfSorted(keys, { limit, start }, all);
    expect(page.items).toEqual(items);
    expect(page.remainingItemCount).toBe(remaining);
    if (remaining === undefined) expect(page.continue).toBeUndefined();
    else expect(startOf(page.continue)).toBe(`${items[items.length - 1]}\u0000`);
  });

  it('the token carries the revision the page was read at', () => {
    const page = chunkOfSorted(keys, { limit: 1, start: '' }, all);
    expect(decodeContinue(page.continue ?? '')).toEqual({ ok: true, value: { start: 'n1\u0000', revision: 12n } });
  });

  it('pages through the whole list, each item once, in order', () => {
    const seen: string[] = [];
    let start = '';
    for (let pages = 0; pages < 10; pages++) {
      const page = chunkOfSorted(keys, { limit: 2, start }, all);
      seen.push(...page.items);
      if (!page.continue) break;
      start = startOf(page.continue);
    }
    expect(seen).toEqual(keys);
  });

  it('filters before paging: a page holds `limit` matching items, and no remainingItemCount is told', () => {
    const odd = { itemOf: (k: string) => (Number(k.slice(1)) % 2 ? k.toUpperCase() : undefined), filtered: true, revision: 1n };
    const first = chunkOfSorted(keys, { limit: 2, start: '' }, odd);
    expect(first.items).toEqual(['N1', 'N3']);
    expect(first.remainingItemCount).toBeUndefined();
    expect(startOf(first.continue)).toBe('n3\u0000');
    // No token when nothing after the page matches, though keys remain.
    expect(chunkOfSorted(keys, { limit: 3, start: '' }, odd)).toEqual({ items: ['N1', 'N3', 'N5'] });
    expect(chunkOfSorted(keys, { limit: 1, start: 'n4' }, odd)).toEqual({ items: ['N5'] });
  });

  describe('with a prefix (the pods of one namespace among every "namespace/name")', () => {
    // '-' sorts before '/': "a-b/x" comes before "a/x", as etcd orders /registry/pods/a-b/x and /registry/pods/a/x.
    const podKeys = ['a-b/x', 'a/p1', 'a/p2', 'a/p3', 'ab/q', 'b/r'];
    const inA = { prefix: 'a/', itemOf: (k: string) => k, filtered: false, revision: 5n };

    it('lists only the keys with the prefix, and tokens hold keys relative to it', () => {
      const first = chunkOfSorted(podKeys, { limit: 2, start: '' }, inA);
      expect(first.items).toEqual(['a/p1', 'a/p2']);
      expect(first.remainingItemCount).toBe(1);
      expect(startOf(first.continue)).toBe('p2\u0000');
      expect(chunkOfSorted(podKeys, { limit: 2, start: 'p2\u0000' }, inA)).toEqual({ items: ['a/p3'] });
    });

    it('a namespace with no pods, or one whose name others start with, lists its own only', () => {
      expect(chunkOfSorted(podKeys, { limit: 5, start: '' }, { ...inA, prefix: 'c/' }).items).toEqual([]);
      expect(chunkOfSorted(podKeys, { limit: 5, start: '' }, { ...inA, prefix: 'ab/' }).items).toEqual(['ab/q']);
    });
  });
});

describe('chunkOfRows (a list read from a database, one row more than the limit)', () => {
  const nextAfter = (id: number) => String(id - 1);

  it('more rows than the limit: the page, a token at the next start, and what remains when counted', () => {
    const page = chunkOfRows([9, 8, 7], 2, nextAfter, 4n, 5);
    expect(page.items).toEqual([9, 8]);
    expect(page.remainingItemCount).toBe(3);
    expect(decodeContinue(page.continue ?? '')).toEqual({ ok: true, value: { start: '7', revision: 4n } });
  });

  it('no more than the limit: the last page', () => {
    expect(chunkOfRows([9, 8], 2, nextAfter, 4n, 2)).toEqual({ items: [9, 8] });
    expect(chunkOfRows([], 2, nextAfter, 4n)).toEqual({ items: [] });
  });

  it('uncounted (a filtered list): no remainingItemCount', () => {
    expect(chunkOfRows([3, 2, 1], 2, nextAfter, 1n).remainingItemCount).toBeUndefined();
  });
});

describe('chunkOfIndexed: keys made on demand page as chunkOfSorted pages them', () => {
  it('any sorted keys, any start, any limit from 1', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { maxLength: 20 }),
        fc.string({ maxLength: 4 }),
        fc.integer({ min: 1, max: 25 }),
        (unsorted, start, limit) => {
          const keys = [...unsorted].sort();
          const made: number[] = [];
          const keyAt = (i: number) => {
            made.push(i);
            return keys[i] as string;
          };
          const indexed = chunkOfIndexed(keys.length, keyAt, { limit, start }, { itemAt: (i) => `item ${keys[i]}`, revision: 4n });
          expect(indexed).toEqual(chunkOfSorted(keys, { limit, start }, { itemOf: (key) => `item ${key}`, filtered: false, revision: 4n }));
          // A binary search and the last key: never every key of a long list.
          expect(made.length).toBeLessThanOrEqual(Math.ceil(Math.log2(keys.length + 1)) + 1);
        },
      ),
    );
  });
});
