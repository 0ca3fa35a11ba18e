import { describe, expect, it } from 'vitest';
import { MAX_JSON_PATCH_OPERATIONS, applyJsonPatch } from '../../../../libs/domain/src/patches/json-patch';
import { UNPROCESSABLE_PATCH_MESSAGE } from '../../../../libs/domain/src/patches/strategic-merge-patch';

const node = () => ({ metadata: { name: 'n1', labels: { a: '1' } }, spec: { taints: [{ key: 'k', effect: 'NoSchedule' }] } });

describe('applyJsonPatch (RFC 6902, jsonPatcher.applyJSPatch)', () => {
  it.each<[string, unknown, unknown]>([
    ['add a label', [{ op: 'add', path: '/metadata/labels/b', value: '2' }], { metadata: { name: 'n1', labels: { a: '1', b: '2' } } }],
    [
      'an escaped key (~1 is /)',
      [{ op: 'add', path: '/metadata/labels/example.com~1zone', value: 'z' }],
      { metadata: { name: 'n1', labels: { a: '1', 'example.com/zone': 'z' } } },
    ],
    ['remove a taint by index', [{ op: 'remove', path: '/spec/taints/0' }], { spec: { taints: [] } }],
    [
      'append a taint with -',
      [{ op: 'add', path: '/spec/taints/-', value: { key: 'x', effect: 'NoExecute' } }],
      {
        spec: {
          taints: [
            { key: 'k', effect: 'NoSchedule' },
            { key: 'x', effect: 'NoExecute' },
          ],
        },
      },
    ],
    [
      'a passing test, then replace',
      [
        { op: 'test', path: '/metadata/labels/a', value: '1' },
        { op: 'replace', path: '/metadata/labels/a', value: '3' },
      ],
      { metadata: { name: 'n1', labels: { a: '3' } } },
    ],
    [
      'move and copy',
      [
        { op: 'copy', from: '/metadata/labels/a', path: '/metadata/labels/c' },
        { op: 'move', from: '/metadata/labels/a', path: '/metadata/labels/d' },
      ],
      { metadata: { name: 'n1', labels: { c: '1', d: '1' } } },
    ],
    ['null is an empty patch', null, node()],
  ])('%s', (_name, patch, expected) => {
    const result = applyJsonPatch(node(), patch);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value).toMatchObject(expected as object);
  });

  // Patch.Apply's errors are answered errors.NewGenericServerResponse(422, ...): Invalid, with apierrors' words only.
  it.each<[string, unknown]>([
    ['a failing test', [{ op: 'test', path: '/metadata/labels/a', value: '2' }]],
    ['a test of a missing path', [{ op: 'test', path: '/metadata/labels/zz', value: '2' }]],
    ['remove of a missing key', [{ op: 'remove', path: '/metadata/labels/zz' }]],
    ['replace of a missing key', [{ op: 'replace', path: '/metadata/labels/zz', value: 'x' }]],
    ['add under a missing parent', [{ op: 'add', path: '/metadata/annotations/x', value: 'y' }]],
    ['an index past the end', [{ op: 'add', path: '/spec/taints/5', value: {} }]],
    ['an unknown op', [{ op: 'merge', path: '/spec', value: {} }]],
    ['a null operation', [null]],
    ['a path without a leading slash', [{ op: 'add', path: 'spec/x', value: 1 }]],
    // evanphx's move removes `from` first, then adds at `path`: inside what was just removed, a missing path (it answered 500 here).
    ['a move into its own child', [{ op: 'move', from: '/metadata', path: '/metadata/labels/x' }]],
    ['a copy under a path through a string', [{ op: 'copy', from: '/metadata/name', path: '/metadata/name/x' }]],
  ])('%s -> 422 Invalid', (_name, patch) => {
    expect(applyJsonPatch(node(), patch)).toEqual({ ok: false, error: { reason: 'Invalid', message: UNPROCESSABLE_PATCH_MESSAGE } });
  });

  // jsonpatch.DecodePatch: json.Unmarshal into jsonpatch.Patch ([]Operation, Operation a map), a 400.
  it.each<[unknown, string]>([
    [{ op: 'add' }, 'json: cannot unmarshal object into Go value of type jsonpatch.Patch'],
    ['add', 'json: cannot unmarshal string into Go value of type jsonpatch.Patch'],
    [7, 'json: cannot unmarshal number into Go value of type jsonpatch.Patch'],
    [['add'], 'json: cannot unmarshal string into Go value of type jsonpatch.Operation'],
    [[[]], 'json: cannot unmarshal array into Go value of type jsonpatch.Operation'],
    [[true], 'json: cannot unmarshal bool into Go value of type jsonpatch.Operation'],
  ])('%j -> 400', (patch, message) => {
    expect(applyJsonPatch(node(), patch)).toEqual({ ok: false, error: { reason: 'BadRequest', message } });
  });

  it('refuses more than maxJSONPatchOperations operations (413)', () => {
    const ops = Array.from({ length: MAX_JSON_PATCH_OPERATIONS + 1 }, () => ({ op: 'test', path: '/metadata/name', value: 'n1' }));
    expect(applyJsonPatch(node(), ops)).toEqual({
      ok: false,
      error: { reason: 'RequestEntityTooLarge', message: 'The allowed maximum operations in a JSON patch is 10000, got 10001' },
    });
    expect(applyJsonPatch(node(), ops.slice(1)).ok).toBe(true);
  });

  it('a document replaced by a non-object fails the decode that follows (422 on "patch")', () => {
    const result = applyJsonPatch(node(), [{ op: 'replace', path: '', value: ['x'] }]);
    expect(result).toEqual({
      ok: false,
      error: expect.objectContaining({
        reason: 'Invalid',
        message:
          ' "" is invalid: patch: Invalid value: "[\\"x\\"]": couldn\'t get version/kind; json parse error: json: cannot unmarshal array into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }',
      }),
    });
  });

  it('changes neither the object nor the patch, and shares nothing with them', () => {
    const original = node();
    const value = { key: 'x', effect: 'NoExecute' };
    const patch = [{ op: 'add', path: '/spec/taints/-', value }];
    const result = applyJsonPatch(original, patch);
    expect(original).toEqual(node());
    expect(patch).toEqual([{ op: 'add', path: '/spec/taints/-', value: { key: 'x', effect: 'NoExecute' } }]);
    if (result.ok) expect((result.value.spec as { taints: unknown[] }).taints[1]).not.toBe(value);
  });

  it('refuses to touch a prototype', () => {
    const result = applyJsonPatch(node(), [{ op: 'add', path: '/__proto__/polluted', value: true }]);
    expect(result.ok).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
