import { describe, expect, it } from 'vitest';
import { decodeContinue, encodeContinue } from '../../../../libs/domain/src/lists/continue-token';

/**
 * The continue token as k8s.io/apiserver/pkg/storage/continue.go makes and reads it
 * (EncodeContinue, DecodeContinue), with the cases of its Test_decodeContinue: tokens made the way
 * its encodeContinueOrDie makes them (json.Marshal of continueToken, base64.RawURLEncoding).
 */
const tokenOf = (json: string): string => Buffer.from(json).toString('base64url');
const encodeContinueOrDie = (v: string, rv: number, start: string): string => tokenOf(JSON.stringify({ v, rv, start }));

describe('decodeContinue (DecodeContinue)', () => {
  it.each<[string, string, { start: string; revision: bigint } | string]>([
    ['valid', encodeContinueOrDie('meta.k8s.io/v1', 1, 'key'), { start: 'key', revision: 1n }],
    ['root path', encodeContinueOrDie('meta.k8s.io/v1', 1, '/'), { start: '', revision: 1n }],
    ['empty version', encodeContinueOrDie('', 1, 'key'), 'continue key is not valid: server does not recognize this encoded version '],
    ['invalid version', encodeContinueOrDie('v1', 1, 'key'), 'continue key is not valid: server does not recognize this encoded version v1'],
    [
      'invalid RV',
      encodeContinueOrDie('meta.k8s.io/v1', 0, 'key'),
      'continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)',
    ],
    ['no start Key', encodeContinueOrDie('meta.k8s.io/v1', 1, ''), 'continue key is not valid: encoded start key empty (version meta.k8s.io/v1)'],
    ['path traversal - parent', encodeContinueOrDie('meta.k8s.io/v1', 1, '../key'), 'continue key is not valid: ../key'],
    ['path traversal - local', encodeContinueOrDie('meta.k8s.io/v1', 1, './key'), 'continue key is not valid: ./key'],
    ['path traversal - double parent', encodeContinueOrDie('meta.k8s.io/v1', 1, './../key'), 'continue key is not valid: ./../key'],
    ['path traversal - after parent', encodeContinueOrDie('meta.k8s.io/v1', 1, 'key/../..'), 'continue key is not valid: key/../..'],
    // Beyond upstream's table: what its code does with other input.
    [
      'a key with its NUL, as EncodeContinue writes the start after a key',
      encodeContinueOrDie('meta.k8s.io/v1', 7, 'ns/web-1\u0000'),
      { start: 'ns/web-1\u0000', revision: 7n },
    ],
    ['a trailing slash is not what path.Clean leaves', encodeContinueOrDie('meta.k8s.io/v1', 1, 'key/'), 'continue key is not valid: key/'],
    ['a negative revision (the latest, to kube-apiserver)', encodeContinueOrDie('meta.k8s.io/v1', -1, 'key'), { start: 'key', revision: -1n }],
    [
      'field names matched case-insensitively, as encoding/json matches them',
      tokenOf('{"V":"meta.k8s.io/v1","RV":3,"Start":"key","other":1}'),
      { start: 'key', revision: 3n },
    ],
    ['not base64: the byte named', 'ab$d', 'continue key is not valid: illegal base64 data at input byte 2'],
    [
      'padding, which the raw encoding has not',
      `${tokenOf('{"v":1}')}==`,
      `continue key is not valid: illegal base64 data at input byte ${tokenOf('{"v":1}').length}`,
    ],
    ['a lone last character', 'abcde', 'continue key is not valid: illegal base64 data at input byte 4'],
    ['not JSON', tokenOf('hello'), "continue key is not valid: invalid character 'h' looking for beginning of value"],
    ['nothing', tokenOf('  '), 'continue key is not valid: unexpected end of JSON input'],
    ['an array', tokenOf('[1]'), 'continue key is not valid: json: cannot unmarshal array into Go value of type storage.continueToken'],
    [
      'a revision as a string',
      tokenOf('{"v":"meta.k8s.io/v1","rv":"5","start":"k"}'),
      'continue key is not valid: json: cannot unmarshal string into Go struct field continueToken.rv of type int64',
    ],
    [
      'a revision with a fraction',
      tokenOf('{"v":"meta.k8s.io/v1","rv":1.5,"start":"k"}'),
      'continue key is not valid: json: cannot unmarshal number 1.5 into Go struct field continueToken.rv of type int64',
    ],
    [
      'a start key that is a number',
      tokenOf('{"v":"meta.k8s.io/v1","rv":1,"start":5}'),
      'continue key is not valid: json: cannot unmarshal number 5 into Go struct field continueToken.start of type string',
    ],
    ['null: every field left empty', tokenOf('null'), 'continue key is not valid: server does not recognize this encoded version '],
  ])('%s', (_name, token, expected) => {
    const decoded = decodeContinue(token);
    expect(decoded).toEqual(typeof expected === 'string' ? { ok: false, error: expected } : { ok: true, value: expected });
  });
});

describe('encodeContinue (EncodeContinue)', () => {
  it("writes Kubernetes' own token: base64url without padding of json.Marshal's continueToken", () => {
    const token = encodeContinue('web-1\u0000', 42n);
    expect(token).not.toMatch(/[=+/]/);
    expect(Buffer.from(token, 'base64url').toString()).toBe('{"v":"meta.k8s.io/v1","rv":42,"start":"web-1\\u0000"}');
  });

  it('is read back as it was written, whatever the key and its length (every remainder of three bytes)', () => {
    for (const start of ['a', 'ab', 'abc', 'n1\u0000', 'default/web-0\u0000', 'x'.repeat(253), 'é/ü\u0000']) {
      expect(decodeContinue(encodeContinue(start, 9007199254740991n))).toEqual({ ok: true, value: { start, revision: 9007199254740991n } });
    }
  });

  it('escapes what json.Marshal escapes for HTML', () => {
    expect(Buffer.from(encodeContinue('<a&b>', 1n), 'base64url').toString()).toBe('{"v":"meta.k8s.io/v1","rv":1,"start":"\\u003ca\\u0026b\\u003e"}');
  });
});
