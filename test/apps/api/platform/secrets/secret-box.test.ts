import { describe, expect, it } from 'vitest';
import { SecretBox, SecretUnreadable, secretKeyOf } from '../../../../../apps/api/src/platform/secrets/secret-box';

const current = secretKeyOf('current-secrets-key-0123456789abcdefghijklmn');
const previous = secretKeyOf('previous-secrets-key-0123456789abcdefghijklm');

describe('SecretBox', () => {
  const box = new SecretBox(current, previous);

  it('seals under the current key and opens again; each sealing draws a nonce of its own', () => {
    const a = box.seal('a-secret-of-24-characters');
    const b = box.seal('a-secret-of-24-characters');
    expect(a).not.toBe(b);
    expect(a).not.toContain('a-secret');
    expect(a.startsWith(`tgs1:${current.id}:`)).toBe(true);
    expect(box.open(a)).toBe('a-secret-of-24-characters');
    expect(box.sealedNow(a)).toBe(true);
  });

  it('opens what the previous key sealed, which is not sealed now', () => {
    const old = new SecretBox(previous).seal('s3cret-s3cret-s3cret');
    expect(box.open(old)).toBe('s3cret-s3cret-s3cret');
    expect(box.sealedNow(old)).toBe(false);
  });

  it('a value stored before sealing is answered as it is', () => {
    expect(box.open('stored-as-given-long-ago')).toBe('stored-as-given-long-ago');
    expect(box.sealedNow('stored-as-given-long-ago')).toBe(false);
  });

  it.each([
    [
      'sealed by a key it is not given',
      new SecretBox(secretKeyOf('a-third-key-0123456789abcdefghijklmnopqr')).seal('x'.repeat(20)),
      /sealed by key [0-9a-f]{8}/,
    ],
    ['its ciphertext changed', box.seal('x'.repeat(20)).replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')), /does not open/],
    ['cut short', `tgs1:${current.id}:abc`, /sealed by key/],
  ])('%s: SecretUnreadable, never a wrong secret', (_, stored, message) => {
    expect(() => box.open(stored)).toThrow(SecretUnreadable);
    expect(() => box.open(stored)).toThrow(message);
  });

  it('without a current key nothing is sealed', () => {
    const none = new SecretBox(undefined, previous);
    expect(none.canSeal).toBe(false);
    expect(() => none.seal('x')).toThrow(SecretUnreadable);
    expect(none.sealedNow(box.seal('x'))).toBe(false);
  });

  it('the same text makes the same key (a restart opens what was sealed before it)', () => {
    expect(secretKeyOf('current-secrets-key-0123456789abcdefghijklmn')).toEqual(current);
  });
});
