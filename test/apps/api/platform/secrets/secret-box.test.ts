import { describe, expect, it } from 'vitest';
import { SecretBox, SecretUnreadable, secretKeyOf } from '../../../../../apps/api/src/platform/secrets/secret-box';

const current = secretKeyOf('current-secrets-key-0123456789abcdefghijklmn');
const previous = secretKeyOf('previous-secrets-key-0123456789abcdefghijklm');

/**
 * Flips one bit of the sealed bytes themselves. Changing the text's last character is not enough:
 * the low bits of base64's last character can be padding, so the bytes (and the tag) may not change.
 */
function withCiphertextBitFlipped(stored: string): string {
  const parts = stored.split(':');
  const sealed = Buffer.from(parts.pop() ?? '', 'base64url');
  sealed.writeUInt8(sealed.readUInt8(0) ^ 1, 0);
  return [...parts, sealed.toString('base64url')].join(':');
}

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
    ['its ciphertext changed', withCiphertextBitFlipped(box.seal('x'.repeat(20))), /does not open/],
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
