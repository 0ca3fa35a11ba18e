import { describe, expect, it } from 'vitest';
import type { PatchSchema } from '../../../../libs/domain/src/patches/patch-strategies';
import { UNPROCESSABLE_PATCH_MESSAGE, strategicMergePatch } from '../../../../libs/domain/src/patches/strategic-merge-patch';

/**
 * Cases ported from k8s.io/apimachinery/pkg/util/strategicpatch/patch_test.go, applied as the
 * server applies them (StrategicMergePatch: original + patch -> result). They run against the
 * test file's own struct, MergeItem, whose tags this schema copies.
 */
const mergeItemSchema: PatchSchema = {
  root: 'MergeItem',
  types: {
    // type MergeItem struct (patch_test.go)
    MergeItem: {
      mergingList: { strategies: ['merge'], mergeKey: 'name', of: 'MergeItem' },
      nonMergingList: { of: 'MergeItem' },
      mergingIntList: { strategies: ['merge'] },
      mergeItemPtr: { strategies: ['merge'], mergeKey: 'name', of: 'MergeItem' },
      replacingItem: { strategies: ['replace'] },
      retainKeysMap: { strategies: ['retainKeys'], of: 'RetainKeysMergeItem' },
      retainKeysMergingList: { strategies: ['merge', 'retainKeys'], mergeKey: 'name', of: 'MergeItem' },
    },
    // type RetainKeysMergeItem struct
    RetainKeysMergeItem: {
      mergingIntList: { strategies: ['merge'] },
      mergingList: { strategies: ['merge'], mergeKey: 'name', of: 'MergeItem' },
      nonMergingList: { of: 'MergeItem' },
    },
  },
};

type Json = Record<string, unknown>;
const apply = (original: Json, patch: Json) => strategicMergePatch(original, patch, mergeItemSchema);

// customStrategicMergePatchTestCaseData (TestCustomStrategicMergePatch): twoWay applied to original gives modified.
describe('strategicMergePatch: TestCustomStrategicMergePatch cases', () => {
  it.each<[string, Json, Json, Json]>([
    ['unique scalars when merging lists', { mergingIntList: [1, 2] }, { mergingIntList: [2, 3] }, { mergingIntList: [1, 2, 3] }],
    ['delete map from nested map', { simpleMap: { key1: 1, key2: 1 } }, { simpleMap: { $patch: 'delete' } }, { simpleMap: {} }],
    ['delete all items from merging list', { mergingList: [{ name: 1 }, { name: 2 }] }, { mergingList: [{ $patch: 'replace' }] }, { mergingList: [] }],
    ['merge empty merging lists', { mergingList: [] }, { mergingList: [] }, { mergingList: [] }],
    ['delete all keys from map', { name: 1, value: 1 }, { $patch: 'replace' }, {}],
    ['add key and delete all keys from map', { name: 1, value: 1 }, { other: 'a', $patch: 'replace' }, { other: 'a' }],
    [
      'delete all duplicate entries in a merging list',
      { mergingList: [{ name: 1 }, { name: 1 }, { name: 2, value: 'a' }, { name: 3 }, { name: 3 }] },
      {
        mergingList: [
          { name: 1, $patch: 'delete' },
          { name: 3, $patch: 'delete' },
        ],
      },
      { mergingList: [{ name: 2, value: 'a' }] },
    ],
    [
      'retainKeys map can add a field when no retainKeys directive present',
      { retainKeysMap: { name: 'foo' } },
      { retainKeysMap: { value: 'bar' } },
      { retainKeysMap: { name: 'foo', value: 'bar' } },
    ],
    [
      'retainKeys map can change a field when no retainKeys directive present',
      { retainKeysMap: { name: 'foo', value: 'a' } },
      { retainKeysMap: { value: 'b' } },
      { retainKeysMap: { name: 'foo', value: 'b' } },
    ],
    [
      'retainKeys map can delete a field when no retainKeys directive present',
      { retainKeysMap: { name: 'foo', value: 'a' } },
      { retainKeysMap: { value: null } },
      { retainKeysMap: { name: 'foo' } },
    ],
    [
      'retainKeys map merge an empty map',
      { retainKeysMap: { name: 'foo', value: 'a' } },
      { retainKeysMap: {} },
      { retainKeysMap: { name: 'foo', value: 'a' } },
    ],
    [
      'retainKeys list can add a field when no retainKeys directive present',
      { retainKeysMergingList: [{ name: 'bar' }, { name: 'foo' }] },
      { retainKeysMergingList: [{ name: 'foo', value: 'a' }] },
      { retainKeysMergingList: [{ name: 'bar' }, { name: 'foo', value: 'a' }] },
    ],
    [
      'retainKeys list can delete a field when no retainKeys directive present',
      { retainKeysMergingList: [{ name: 'bar' }, { name: 'foo', value: 'a' }] },
      { retainKeysMergingList: [{ name: 'foo', value: null }] },
      { retainKeysMergingList: [{ name: 'bar' }, { name: 'foo' }] },
    ],
    [
      'preserve the order from the patch in a merging list',
      { mergingList: [{ name: 1 }, { name: 2, value: 'b' }, { name: 3 }] },
      {
        mergingList: [
          { name: 3, value: 'c' },
          { name: 1, value: 'a' },
          { name: 2, other: 'x' },
        ],
      },
      {
        mergingList: [
          { name: 3, value: 'c' },
          { name: 1, value: 'a' },
          { name: 2, value: 'b', other: 'x' },
        ],
      },
    ],
    [
      'preserve the order from the patch in a merging list 2',
      { mergingList: [{ name: 1 }, { name: 2, value: 'b' }, { name: 3 }] },
      {
        mergingList: [
          { name: 3, value: 'c' },
          { name: 1, value: 'a' },
        ],
      },
      {
        mergingList: [
          { name: 2, value: 'b' },
          { name: 3, value: 'c' },
          { name: 1, value: 'a' },
        ],
      },
    ],
    ['preserve the order from the patch in a merging int list', { mergingIntList: [1, 2, 3] }, { mergingIntList: [3, 1, 2] }, { mergingIntList: [3, 1, 2] }],
    [
      'preserve the order from the patch in a merging int list (a subset)',
      { mergingIntList: [1, 2, 3] },
      { mergingIntList: [3, 1] },
      { mergingIntList: [2, 3, 1] },
    ],
  ])('%s', (_name, original, patch, expected) => {
    expect(apply(original, patch)).toEqual({ ok: true, value: expected });
  });
});

// customStrategicMergePatchRawTestCases and strategicMergePatchRawTestCases (TestStrategicMergePatch): the parallel lists.
describe('strategicMergePatch: $setElementOrder and $deleteFromPrimitiveList (raw test cases)', () => {
  it.each<[string, Json, Json, Json]>([
    [
      '$setElementOrder contains item that is not present in the list to be merged',
      { mergingList: [{ name: 1 }, { name: 3 }] },
      {
        '$setElementOrder/mergingList': [{ name: 3 }, { name: 2 }, { name: 1 }],
        mergingList: [
          { name: 3, value: 3 },
          { name: 1, value: 1 },
        ],
      },
      {
        mergingList: [
          { name: 3, value: 3 },
          { name: 1, value: 1 },
        ],
      },
    ],
    [
      '$setElementOrder contains item that is not present in the int list to be merged',
      { mergingIntList: [1, 3] },
      { '$setElementOrder/mergingIntList': [3, 2, 1] },
      { mergingIntList: [3, 1] },
    ],
    [
      '$deleteFromPrimitiveList of nonexistent item in primitive list should not add the item to the list',
      { mergingIntList: [1, 2] },
      { '$deleteFromPrimitiveList/mergingIntList': [3] },
      { mergingIntList: [1, 2] },
    ],
    [
      '$deleteFromPrimitiveList on empty primitive list should not add the item to the list',
      { mergingIntList: null },
      { '$deleteFromPrimitiveList/mergingIntList': [3] },
      { mergingIntList: null },
    ],
    [
      '$deleteFromPrimitiveList on nonexistent primitive list should not add the primitive list',
      { foo: ['bar'] },
      { '$deleteFromPrimitiveList/mergingIntList': [3] },
      { foo: ['bar'] },
    ],
    [
      '$deleteFromPrimitiveList should delete item from a list with merge patch strategy',
      { mergingIntList: [1, 2, 3] },
      { '$deleteFromPrimitiveList/mergingIntList': [2] },
      { mergingIntList: [1, 3] },
    ],
    [
      '$deleteFromPrimitiveList should delete item from a list without merge patch strategy',
      { nonMergingIntList: [1, 2, 3] },
      { '$deleteFromPrimitiveList/nonMergingIntList': [2] },
      { nonMergingIntList: [1, 3] },
    ],
    // "delete items in lists of scalars", its three-way patch applied to current.
    [
      'delete items in lists of scalars (three-way)',
      { mergingIntList: [1, 2, 3, 4] },
      { '$setElementOrder/mergingIntList': [1, 2], '$deleteFromPrimitiveList/mergingIntList': [3] },
      { mergingIntList: [1, 2, 4] },
    ],
    [
      'delete all duplicate items in lists of scalars (three-way)',
      { mergingIntList: [1, 2, 3, 3, 4] },
      { '$setElementOrder/mergingIntList': [1, 2], '$deleteFromPrimitiveList/mergingIntList': [3] },
      { mergingIntList: [1, 2, 4] },
    ],
    [
      'add and delete items in lists of scalars (two-way)',
      { mergingIntList: [1, 2, 3] },
      { '$setElementOrder/mergingIntList': [1, 2, 4], '$deleteFromPrimitiveList/mergingIntList': [3], mergingIntList: [4] },
      { mergingIntList: [1, 2, 4] },
    ],
    [
      'add an item in a list of primitives and preserve order (three-way)',
      { mergingIntList: [1, 4, 2] },
      { '$setElementOrder/mergingIntList': [3, 1, 2], mergingIntList: [3] },
      { mergingIntList: [3, 1, 4, 2] },
    ],
    [
      'delete an item in a list of primitives and preserve order',
      { mergingIntList: [1, 2, 3] },
      { '$setElementOrder/mergingIntList': [2, 1], '$deleteFromPrimitiveList/mergingIntList': [3] },
      { mergingIntList: [2, 1] },
    ],
  ])('%s', (_name, original, patch, expected) => {
    expect(apply(original, patch)).toEqual({ ok: true, value: expected });
  });
});

// strategicMergePatchRawTestCases: "retainKeys map ..." (the three-way patch applied to current).
describe('strategicMergePatch: $retainKeys', () => {
  it.each<[string, Json, Json, Json]>([
    [
      'retainKeys map adds a field and clear a field',
      { retainKeysMap: { name: 'foo', other: 'a' } },
      { retainKeysMap: { $retainKeys: ['name', 'value'], value: 'bar' } },
      { retainKeysMap: { name: 'foo', value: 'bar' } },
    ],
    [
      'retainKeys map deletes a field and clears a field',
      { retainKeysMap: { name: 'foo', value: 'a', other: 'a' } },
      { retainKeysMap: { $retainKeys: ['name'], value: null } },
      { retainKeysMap: { name: 'foo' } },
    ],
    [
      'retainKeys in a merging list element (a volume source switched)',
      {
        retainKeysMergingList: [
          { name: 'a', value: 'x' },
          { name: 'b', other: 'y' },
        ],
      },
      { retainKeysMergingList: [{ name: 'b', $retainKeys: ['name', 'value'], value: 'z' }] },
      {
        retainKeysMergingList: [
          { name: 'a', value: 'x' },
          { name: 'b', value: 'z' },
        ],
      },
    ],
  ])('%s', (_name, original, patch, expected) => {
    expect(apply(original, patch)).toEqual({ ok: true, value: expected });
  });
});

describe('strategicMergePatch: maps, directives and replacing strategies', () => {
  it.each<[string, Json, Json, Json]>([
    ['a null deletes a key', { name: 'a', value: 'b' }, { value: null }, { name: 'a' }],
    ['a null for a missing key is dropped (IgnoreUnmatchedNulls)', { name: 'a' }, { value: null }, { name: 'a' }],
    ['nulls inside a new value are dropped', { name: 'a' }, { simpleMap: { k: 'v', gone: null } }, { name: 'a', simpleMap: { k: 'v' } }],
    ['a value of another type replaces', { simpleMap: { k: 'v' } }, { simpleMap: 'flat' }, { simpleMap: 'flat' }],
    ['a non-merging list is replaced', { nonMergingList: [{ name: 1 }, { name: 2 }] }, { nonMergingList: [{ name: 3 }] }, { nonMergingList: [{ name: 3 }] }],
    ['patchStrategy replace takes the map as it is', { replacingItem: { a: 1, b: 2 } }, { replacingItem: { c: 3 } }, { replacingItem: { c: 3 } }],
    [
      '$patch: replace on a nested map',
      { mergeItemPtr: { name: 'a', value: 'x' } },
      { mergeItemPtr: { $patch: 'replace', other: 'y' } },
      { mergeItemPtr: { other: 'y' } },
    ],
    ['$patch: delete on a new key leaves it out', { name: 'a' }, { simpleMap: { $patch: 'delete' } }, { name: 'a' }],
    // mergeSortedSlice: a server-only item goes before a patch item only when the live list has both, so a new item comes first.
    [
      'an item of a merging list is merged recursively, a new item first',
      { mergingList: [{ name: 'a', mergingList: [{ name: 'x', value: '1' }] }] },
      { mergingList: [{ name: 'a', mergingList: [{ name: 'y', value: '2' }] }] },
      {
        mergingList: [
          {
            name: 'a',
            mergingList: [
              { name: 'y', value: '2' },
              { name: 'x', value: '1' },
            ],
          },
        ],
      },
    ],
    [
      '$patch: delete of a missing item changes nothing',
      { mergingList: [{ name: 'a' }] },
      { mergingList: [{ name: 'b', $patch: 'delete' }] },
      { mergingList: [{ name: 'a' }] },
    ],
    [
      '$patch: replace on a list keeps only the other items',
      { mergingList: [{ name: 'a' }, { name: 'b' }] },
      { mergingList: [{ name: 'c' }, { $patch: 'replace' }] },
      { mergingList: [{ name: 'c' }] },
    ],
    ['a new list with a $patch item drops it', {}, { mergingList: [{ name: 'a' }, { name: 'b', $patch: 'delete' }] }, { mergingList: [{ name: 'a' }] }],
  ])('%s', (_name, original, patch, expected) => {
    expect(apply(original, patch)).toEqual({ ok: true, value: expected });
  });

  it('changes neither argument', () => {
    const original = { mergingList: [{ name: 'a', value: '1' }] };
    const patch = { mergingList: [{ name: 'a', value: '2' }, { name: 'b' }] };
    const before = structuredClone([original, patch]);
    apply(original, patch);
    expect([original, patch]).toEqual(before);
  });

  it('keeps __proto__ a plain key, without touching prototypes', () => {
    const patch = JSON.parse('{"__proto__":{"polluted":true},"simpleMap":{"__proto__":{"x":1}}}') as Json;
    const result = apply({ simpleMap: {} }, patch);
    expect(result.ok).toBe(true);
    expect(({} as Json).polluted).toBeUndefined();
    if (result.ok) expect(Object.getPrototypeOf(result.value)).toBe(Object.prototype);
  });
});

// The errors and how handlers/patch.go's interpretStrategicMergePatchError answers them.
describe('strategicMergePatch: errors', () => {
  it.each<[string, Json, Json, string, string]>([
    [
      'should check if order in $setElementOrder and patch list match',
      { mergingList: [{ name: 1 }, { name: 3 }, { name: 2 }] },
      {
        '$setElementOrder/mergingList': [{ name: 1 }, { name: 2 }, { name: 3 }],
        mergingList: [
          { name: 3, value: 3 },
          { name: 1, value: 1 },
        ],
      },
      'BadRequest',
      "The order in patch list:\n[map[name:3 value:3] map[name:1 value:1]]\n doesn't match $setElementOrder list:\n[map[name:1] map[name:2] map[name:3]]\n",
    ],
    [
      '$setElementOrder of an int list out of order',
      { mergingIntList: [1, 3, 2] },
      { '$setElementOrder/mergingIntList': [1, 2, 3], mergingIntList: [3, 1] },
      'BadRequest',
      "The order in patch list:\n[3 1]\n doesn't match $setElementOrder list:\n[1 2 3]\n",
    ],
    [
      'missing merge key should error out',
      { mergingList: [{ name: 1, value: 'a' }] },
      { mergingList: [{ value: 'b' }] },
      'BadRequest',
      'map: map[value:b] does not contain declared merge key: name',
    ],
    [
      'unknown $patch in a map',
      { mergeItemPtr: { name: 'a' } },
      { mergeItemPtr: { $patch: 'explode' } },
      'BadRequest',
      'unknown patch type: explode in map: map[$patch:explode]',
    ],
    [
      '$patch: merge in a list',
      { mergingList: [{ name: 'a' }] },
      { mergingList: [{ $patch: 'merge' }] },
      'BadRequest',
      'merging lists cannot yet be specified in the patch',
    ],
    [
      '$patch: delete without the merge key',
      { mergingList: [{ name: 'a' }] },
      { mergingList: [{ $patch: 'delete' }] },
      'BadRequest',
      'map: map[$patch:delete] does not contain declared merge key: name',
    ],
    [
      '$retainKeys is not a list',
      { retainKeysMap: { name: 'a' } },
      { retainKeysMap: { $retainKeys: 'name' } },
      'BadRequest',
      'invalid patch format of retainKeys',
    ],
    [
      'a patched key missing from $retainKeys',
      { retainKeysMap: { name: 'a' } },
      { retainKeysMap: { $retainKeys: ['name'], value: 'b' } },
      'BadRequest',
      'invalid patch format of retainKeys',
    ],
    [
      '$deleteFromPrimitiveList without the field',
      { mergingIntList: [1] },
      { $deleteFromPrimitiveList: [1] },
      'BadRequest',
      'invalid patch format of primitive list',
    ],
    ['$setElementOrder without the field', { mergingIntList: [1] }, { $setElementOrder: [1] }, 'BadRequest', 'invalid patch format of setElementOrder list'],
    [
      '$setElementOrder that is no list',
      { mergingIntList: [1] },
      { '$setElementOrder/mergingIntList': 'x' },
      'BadRequest',
      'expected a []interface {}, but received a string',
    ],
    ['items of different types', { mergingIntList: [1, 2] }, { mergingIntList: ['a'] }, 'BadRequest', 'list element types are not identical: [[1 2] [a]]'],
    ['lists of lists (ErrNoListOfLists, a 422)', { mergingIntList: [[1]] }, { mergingIntList: [[2]] }, 'Invalid', UNPROCESSABLE_PATCH_MESSAGE],
  ])('%s', (_name, original, patch, reason, message) => {
    expect(apply(original, patch)).toEqual({ ok: false, error: { reason, message } });
  });
});
