import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { AppConfig } from '../config/app-config';

/**
 * Secrets the service must give back to itself (a webhook's signing key: signing needs it as it was
 * given, so it cannot be hashed), sealed before they are stored: AES-256-GCM under a key derived
 * from TAINTGATE_SECRETS_KEY (HKDF-SHA256), a random 96-bit nonce each. A sealed secret says which
 * key sealed it (the first bytes of the key's hash), so that a key can be rotated:
 * TAINTGATE_SECRETS_KEY_PREVIOUS still opens what the previous key sealed, and the service seals
 * it again under the new one at start. A stored value without the prefix was stored before
 * secrets were sealed, as given.
 */

const PREFIX = 'tgs1';
const NONCE_BYTES = 12;

/** A key of 256 bits from the setting's text, and its id (8 hex digits of its hash). */
export interface SecretKey {
  readonly key: Buffer;
  readonly id: string;
}

/** The key the text of TAINTGATE_SECRETS_KEY (at least 32 characters) derives. */
export function secretKeyOf(text: string): SecretKey {
  const key = Buffer.from(hkdfSync('sha256', text, 'taintgate', 'stored secrets', 32));
  return { key, id: createHash('sha256').update(key).digest('hex').slice(0, 8) };
}

/** A stored secret that cannot be opened: sealed by a key this process is not given, or damaged. */
export class SecretUnreadable extends Error {}

export class SecretBox {
  /** `current` seals and opens; `previous` opens only. No current key: nothing can be sealed. */
  constructor(
    private readonly current: SecretKey | undefined,
    private readonly previous?: SecretKey,
  ) {}

  get canSeal(): boolean {
    return this.current !== undefined;
  }

  seal(plain: string): string {
    if (!this.current) throw new SecretUnreadable('no TAINTGATE_SECRETS_KEY to seal with');
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, nonce);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [PREFIX, this.current.id, nonce.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join(':');
  }

  /** The secret as given; a value stored before sealing, as it is. */
  open(stored: string): string {
    const parts = stored.split(':');
    if (parts[0] !== PREFIX) return stored;
    const [, id, nonce, tag, sealed] = parts;
    const key = [this.current, this.previous].find((k) => k?.id === id);
    if (!key || nonce === undefined || tag === undefined || sealed === undefined)
      throw new SecretUnreadable(`sealed by key ${id ?? '?'}, which neither TAINTGATE_SECRETS_KEY nor TAINTGATE_SECRETS_KEY_PREVIOUS is`);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
    } catch (error) {
      throw new SecretUnreadable(`sealed secret does not open: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Whether the value is sealed by the current key already (nothing to do at start). */
  sealedNow(stored: string): boolean {
    return this.current !== undefined && stored.startsWith(`${PREFIX}:${this.current.id}:`);
  }
}

/** The box TAINTGATE_SECRETS_KEY and TAINTGATE_SECRETS_KEY_PREVIOUS key. */
export const secretBoxOf = ({ secretsKeys: { current, previous } }: AppConfig): SecretBox =>
  new SecretBox(current === undefined ? undefined : secretKeyOf(current), previous === undefined ? undefined : secretKeyOf(previous));
