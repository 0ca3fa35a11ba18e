import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { EVERY_CLUSTER, failure, goQuote, isDNS1123Subdomain, k8sTime } from '@taintgate/domain';
import { AppConfig } from '../../platform/config/app-config';
import { listPage } from '../../http/edge/list-answers';
import { fail } from '../../platform/failures/failure.exception';
import { hashOfApiKey, newApiKey, prefixOfApiKey } from '../../platform/access/api-key-secrets';
import { type ApiKeyRow, ApiKeyStore, clustersOfRow } from '../../platform/access/api-key-store';
import type { CreateApiKeyCommand } from './api-key-commands';
import { Authenticator } from '../../platform/access/authenticator';
import { OpenStreams } from '../../platform/access/open-streams';
import { AuditStore } from '../audit/audit-store';
import { requireEveryCluster } from '../../platform/access/cluster-access';

/** The name TAINTGATE_ADMIN_TOKEN's key is stored under. */
const ADMIN_TOKEN_KEY_NAME = 'taintgate-admin-token';

/**
 * An API key as answered: shaped like a Kubernetes object. `key` is there only in the answer that
 * created it; nothing can show it again.
 */
export interface ApiKeyObject {
  apiVersion: 'taintgate.io/v1';
  kind: 'APIKey';
  metadata: { name: string; creationTimestamp: string };
  /** `clusters`: the names and patterns (`team-*`) of the clusters the role holds on; `["*"]`, every cluster. */
  spec: { role: string; clusters: string[] };
  status: { prefix: string; revoked: boolean; revocationTimestamp?: string };
  key?: string;
}

/**
 * API keys: made, listed and revoked by an admin (REST or the command), and the admin token's key
 * seeded at start. Only an admin key for every cluster manages keys: one of some clusters could
 * otherwise make itself a key for all.
 */
@Injectable()
export class ApiKeysService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Auth');

  constructor(
    private readonly config: AppConfig,
    private readonly store: ApiKeyStore,
    private readonly authenticator: Authenticator,
    private readonly audits: AuditStore,
    private readonly streams: OpenStreams,
  ) {}

  /** Says at start whether requests need a key, and seeds TAINTGATE_ADMIN_TOKEN's. */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.auth.enabled) {
      this.logger.warn('authentication is off (TAINTGATE_AUTH=off): anyone who can reach this port may read and change everything');
      return;
    }
    if (this.config.auth.adminToken) await this.seedAdminToken(this.config.auth.adminToken);
    const active = await this.store.countActive();
    if (active === 0) {
      this.logger.warn('authentication is on and no API key exists: set TAINTGATE_ADMIN_TOKEN, or run `npm run apikeys -- create NAME --role admin`');
    } else {
      this.logger.log(`authentication is on: ${active} API key(s) active`);
    }
  }

  /** POST /v1/apikeys: a new key; the only answer that holds it. */
  async create({ name, role, clusters }: CreateApiKeyCommand): Promise<ApiKeyObject> {
    requireEveryCluster('create API keys');
    const key = newApiKey();
    const row = await this.insert(name, role, clusters, key);
    await this.audit('apikey.create', row, null);
    return { ...objectOf(row), key };
  }

  async list() {
    requireEveryCluster('list API keys');
    const rows = await this.store.list();
    // A deployment has a handful of keys: one page holds them all.
    return listPage('APIKeyList', { items: rows.map(objectOf) }, { apiVersion: 'taintgate.io/v1' });
  }

  async get(name: string): Promise<ApiKeyObject> {
    requireEveryCluster('read API keys');
    const row = (await this.find(name)) ?? fail(notFound(name));
    return objectOf(row);
  }

  /** DELETE /v1/apikeys/{name}: revoked, not deleted, so that the audit trail can still name it. Revoking twice is no error. */
  async revoke(name: string, now = new Date()): Promise<ApiKeyObject> {
    requireEveryCluster('revoke API keys');
    const before = (await this.find(name)) ?? fail(notFound(name));
    const after = (await this.store.revoke(name, now)) ?? fail(notFound(name));
    this.authenticator.forget(after.hash);
    // Its watches and sockets end now here; on other replicas within OpenStreams' check.
    this.streams.revoked(after.id);
    if (before.revokedAt === null) await this.audit('apikey.revoke', after, before);
    return objectOf(after);
  }

  /** A key by name; a name no key can have (not a DNS-1123 subdomain, a NUL in it) is not looked up. */
  private find(name: string): Promise<ApiKeyRow | null> {
    return isDNS1123Subdomain(name).length === 0 ? this.store.findByName(name) : Promise.resolve(null);
  }

  /**
   * TAINTGATE_ADMIN_TOKEN becomes an admin key unless its hash is stored already. A revoked one
   * stays revoked (revoking is how an admin takes it back). Two replicas starting at once both try:
   * the unique hash lets one in.
   */
  private async seedAdminToken(token: string): Promise<void> {
    const existing = await this.store.findByHash(hashOfApiKey(token));
    if (existing) {
      if (existing.revokedAt !== null) this.logger.warn(`TAINTGATE_ADMIN_TOKEN is the revoked key "${existing.name}": it stays revoked`);
      return;
    }
    const taken = await this.store.findByName(ADMIN_TOKEN_KEY_NAME);
    const name = taken ? `${ADMIN_TOKEN_KEY_NAME}-${Date.now().toString(36)}` : ADMIN_TOKEN_KEY_NAME;
    try {
      const row = await this.store.create(name, 'admin', EVERY_CLUSTER, prefixOfApiKey(token), hashOfApiKey(token));
      await this.audit('apikey.create', row, null);
      this.logger.log(`TAINTGATE_ADMIN_TOKEN stored as the admin key "${name}"`);
    } catch (error) {
      if ((error as { code?: string }).code !== 'P2002') throw error;
    }
  }

  private async insert(name: string, role: CreateApiKeyCommand['role'], clusters: readonly string[], key: string): Promise<ApiKeyRow> {
    try {
      return await this.store.create(name, role, clusters, prefixOfApiKey(key), hashOfApiKey(key));
    } catch (error) {
      if ((error as { code?: string }).code === 'P2002') fail(failure.conflict(`apikeys ${goQuote(name)} already exists`));
      throw error;
    }
  }

  /** Keys belong to no cluster: their audit rows have none. */
  private async audit(action: string, row: ApiKeyRow, before: ApiKeyRow | null): Promise<void> {
    await this.audits.record({
      action,
      kind: 'APIKey',
      name: row.name,
      after: { ...objectOf(row) },
      ...(before ? { before: { ...objectOf(before) } } : {}),
    });
  }
}

/** `apikeys "ci" not found`: the resource named as the path names it (a guess from the kind would say "apikeies"). */
const notFound = (name: string) => failure.missing(`apikeys ${goQuote(name)} not found`);

function objectOf(row: ApiKeyRow): ApiKeyObject {
  return {
    apiVersion: 'taintgate.io/v1',
    kind: 'APIKey',
    metadata: { name: row.name, creationTimestamp: k8sTime(row.createdAt) },
    spec: { role: row.role, clusters: [...clustersOfRow(row)] },
    status: { prefix: row.prefix, revoked: row.revokedAt !== null, ...(row.revokedAt ? { revocationTimestamp: k8sTime(row.revokedAt) } : {}) },
  };
}
