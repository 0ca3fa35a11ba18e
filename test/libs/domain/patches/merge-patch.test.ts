import { describe, expect, it } from 'vitest';
import { applyMergePatch } from '../../../../libs/domain/src/patches/merge-patch';

type Json = Record<string, unknown>;

// evanphx/json-patch (v4) merge.go, MergePatch; RFC 7386's appendix A examples among them.
describe('applyMergePatch (RFC 7386, as evanphx/json-patch applies it)', () => {
  it.each<[string, Json, Json, Json]>([
    ['RFC 7386: replace a member', { a: 'b' }, { a: 'c' }, { a: 'c' }],
    ['RFC 7386: add a member', { a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
    ['RFC 7386: null deletes', { a: 'b' }, { a: null }, {}],
    ['RFC 7386: null deletes one of several', { a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
    ['RFC 7386: a list replaces a scalar', { a: ['b'] }, { a: 'c' }, { a: 'c' }],
    ['RFC 7386: a scalar replaces a list', { a: 'c' }, { a: ['b'] }, { a: ['b'] }],
    ['RFC 7386: nested objects merge', { a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
    ['RFC 7386: lists are replaced, never merged', { a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
    ['RFC 7386: nulls inside a new object are pruned', {}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
    ['an object replacing a scalar is pruned of its nulls', { a: 1 }, { a: { b: null, c: 2 } }, { a: { c: 2 } }],
    ['null items of a new list stay, null members of its objects go', {}, { a: [null, { b: null, c: 1 }] }, { a: [null, { c: 1 }] }],
    ['an existing null member counts as absent', { a: null }, { a: { b: 1, c: null } }, { a: { b: 1 } }],
    [
      'kubectl label: a label added, resourceVersion carried',
      { metadata: { name: 'n1', resourceVersion: '7', labels: { a: '1' } } },
      { metadata: { labels: { b: '2' }, resourceVersion: '7' } },
      { metadata: { name: 'n1', resourceVersion: '7', labels: { a: '1', b: '2' } } },
    ],
    [
      'kubectl label a-: a label removed',
      { metadata: { labels: { a: '1', b: '2' } } },
      { metadata: { labels: { a: null } } },
      { metadata: { labels: { b: '2' } } },
    ],
    [
      'kubectl annotate: an annotation changed',
      { metadata: { annotations: { note: 'old' } } },
      { metadata: { annotations: { note: 'new' } } },
      { metadata: { annotations: { note: 'new' } } },
    ],
    [
      'a taint list is replaced whole',
      { spec: { taints: [{ key: 'a', effect: 'NoSchedule' }] } },
      { spec: { taints: [{ key: 'b', effect: 'NoExecute' }] } },
      { spec: { taints: [{ key: 'b', effect: 'NoExecute' }] } },
    ],
  ])('%s', (_name, original, patch, expected) => {
    expect(applyMergePatch(original, patch)).toEqual({ ok: true, value: expected });
  });

  // doMergePatch: a patch that decodes to no object and no list is ErrBadJSONPatch, a 400.
  it.each<[unknown]>([[null], ['x'], [1], [true]])('%j -> 400 Invalid JSON Patch', (patch) => {
    expect(applyMergePatch({ a: 1 }, patch)).toEqual({ ok: false, error: { reason: 'BadRequest', message: 'Invalid JSON Patch' } });
  });

  it('a list replaces the document, which then fails to decode as an object (422)', () => {
    const result = applyMergePatch({ a: 1 }, [{ b: null, c: 1 }]);
    expect(result.ok ? undefined : result.error.reason).toBe('Invalid');
    expect(result.ok ? '' : result.error.message).toContain('patch: Invalid value: "[{\\"c\\":1}]": couldn\'t get version/kind');
  });

  it('changes neither argument', () => {
    const original = { metadata: { labels: { a: '1' } } };
    const patch = { metadata: { labels: { a: null, b: { c: null } } } };
    applyMergePatch(original, patch);
    expect(original).toEqual({ metadata: { labels: { a: '1' } } });
    expect(patch).toEqual({ metadata: { labels: { a: null, b: { c: null } } } });
  });

  it('keeps __proto__ a plain key, without touching prototypes', () => {
    const result = applyMergePatch({}, JSON.parse('{"__proto__":{"polluted":true}}') as Json);
    expect(({} as Json).polluted).toBeUndefined();
    expect(result.ok && Object.getPrototypeOf(result.value)).toBe(Object.prototype);
    expect(result.ok && Object.keys(result.value)).toEqual(['__proto__']);
  });
});
