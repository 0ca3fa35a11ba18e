import { createHash, randomBytes } from 'node:crypto';

/** What every key taintgate makes begins with, so that one pasted in a log or a repository is recognised. */
const KEY_PREFIX = 'tg_';

/** A new key: `tg_` and 256 random bits in base64url. Shown once; only its hash is stored. */
export const newApiKey = (): string => `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;

/**
 * What is stored and looked up: the hex SHA-256 of the key. A key holds 256 random bits, so a fast
 * hash is enough (a slow one protects guessable passwords, which these are not), and one lookup per
 * request stays cheap.
 */
export const hashOfApiKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

/** The first characters of a key, shown in lists to tell keys apart without revealing them. */
export const prefixOfApiKey = (key: string): string => key.slice(0, KEY_PREFIX.length + 6);
