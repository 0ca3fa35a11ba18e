import { Injectable } from '@nestjs/common';
import { type Caller, bearerTokenOf, isRole } from '@taintgate/domain';
import { AppConfig } from '../config/app-config';
import { hashOfApiKey } from './api-key-secrets';
import { ApiKeyStore, clustersOfRow } from './api-key-store';

/**
 * How long a key's lookup is reused. A request costs no query while its key is in the cache, and
 * a key revoked on another replica stops working there within this time (at once on the replica
 * that revoked it).
 */
const CACHE_TTL_MS = 5_000;
/** Lookups of made-up keys are cached too; past this many entries the cache starts again, so memory stays bounded. */
const CACHE_MAX_ENTRIES = 10_000;

interface Cached {
  caller: Caller | undefined;
  until: number;
}

/** Tells who sent a request from its `Authorization` header: an API key's caller, or none. */
@Injectable()
export class Authenticator {
  private readonly cache = new Map<string, Cached>();

  constructor(
    private readonly config: AppConfig,
    private readonly keys: ApiKeyStore,
  ) {}

  get enabled(): boolean {
    return this.config.auth.enabled;
  }

  /**
   * The caller of a request with this header: anyone when authentication is off; otherwise the
   * API key it names if that key exists and is not revoked, and undefined for no key, a malformed
   * header, or a key that is not valid (401 all three, as kube-apiserver answers them).
   */
  async callerOf(authorization: string | undefined, now = Date.now()): Promise<Caller | undefined> {
    if (!this.enabled) return { kind: 'anyone' };
    const bearer = bearerTokenOf(authorization);
    if (bearer.kind !== 'token') return undefined;
    const hash = hashOfApiKey(bearer.token);
    const cached = this.cache.get(hash);
    if (cached && cached.until > now) return cached.caller;
    const row = await this.keys.findByHash(hash);
    const caller: Caller | undefined =
      row && row.revokedAt === null && isRole(row.role)
        ? { kind: 'apiKey', id: row.id, name: row.name, role: row.role, clusters: clustersOfRow(row) }
        : undefined;
    if (this.cache.size >= CACHE_MAX_ENTRIES) this.cache.clear();
    this.cache.set(hash, { caller, until: now + CACHE_TTL_MS });
    return caller;
  }

  /** Drops what is cached of a key (revoked here: it stops working at once on this replica). */
  forget(hash: string): void {
    this.cache.delete(hash);
  }
}
