import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { type Caller, type Failure, failure } from '@taintgate/domain';
import { reportIfOutage } from '../failures/outages';
import { ApiKeyStore } from './api-key-store';
import { AppConfig } from '../config/app-config';

/**
 * How often the keys of open streams are looked up again: a key revoked on another replica ends
 * this replica's streams of it within this (the bound is 5 s), at once on the replica that
 * revoked it.
 */
export const REVOCATION_CHECK_MS = 2_000;

/**
 * The streams held open for API keys (a kube watch, a graphql-ws socket), each with what ends it:
 * a key is checked when a stream opens and lives on in the stream, so a revoked key's streams are
 * ended here rather than left streaming until their client goes. One query per check for every
 * key with a stream, none while no stream is open.
 */
@Injectable()
export class OpenStreams implements OnModuleDestroy {
  private readonly logger = new Logger(OpenStreams.name);
  private readonly byKey = new Map<bigint, Set<() => void>>();
  private timer: NodeJS.Timeout | undefined;
  private checking = false;

  constructor(
    private readonly keys: ApiKeyStore,
    private readonly config: AppConfig,
  ) {}

  /**
   * Holds a stream open for the caller; answers its release (when the stream ends of itself), or
   * undefined when the key holds as many as it may already (TAINTGATE_MAX_STREAMS_PER_KEY: one
   * key's thousand watches took every database connection). `end` ends it for good, once, when its
   * key is revoked. A caller of no key (authentication off, a route's own token) holds nothing.
   */
  hold(caller: Caller | undefined, end: () => void): (() => void) | undefined {
    if (caller?.kind !== 'apiKey') return () => undefined;
    const id = caller.id;
    let ends = this.byKey.get(id);
    if ((ends?.size ?? 0) >= this.config.auth.maxStreamsPerKey) return undefined;
    if (!ends) this.byKey.set(id, (ends = new Set()));
    let ended = false;
    const release = (): void => {
      const held = this.byKey.get(id);
      held?.delete(once);
      if (held?.size === 0) this.byKey.delete(id);
      if (this.byKey.size === 0) this.stop();
    };
    function once(): void {
      if (ended) return;
      ended = true;
      release();
      end();
    }
    ends.add(once);
    this.start();
    return release;
  }

  /** The key was revoked on this replica: its streams end now. */
  revoked(keyId: bigint): void {
    for (const end of [...(this.byKey.get(keyId) ?? [])]) end();
  }

  /** How many streams the key holds open. */
  countOf(keyId: bigint): number {
    return this.byKey.get(keyId)?.size ?? 0;
  }

  onModuleDestroy(): void {
    this.stop();
  }

  private start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.check(), REVOCATION_CHECK_MS);
    this.timer.unref();
  }

  private stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** The keys with streams looked up; the streams of those no longer valid (revoked, gone) ended. */
  private async check(): Promise<void> {
    if (this.checking || this.byKey.size === 0) return;
    this.checking = true;
    try {
      const held = [...this.byKey.keys()];
      const live = new Set(await this.keys.liveIds(held));
      for (const id of held) if (!live.has(id)) this.revoked(id);
    } catch (error) {
      // Postgres away: the streams stay as they are until it answers (they serve what is in memory).
      if (!reportIfOutage(error)) this.logger.warn(`revocation check failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      this.checking = false;
    }
  }
}

/** The refusal of a stream past its key's limit, in Kubernetes' words for a 429. */
export function tooManyStreams(limit: number): Failure {
  return failure.tooManyRequests(
    `too many open streams for this API key: it holds ${limit} watches and subscriptions on this replica already (TAINTGATE_MAX_STREAMS_PER_KEY); close one`,
    5,
    [],
  );
}
