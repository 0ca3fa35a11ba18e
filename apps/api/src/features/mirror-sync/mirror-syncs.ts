import { randomUUID } from 'node:crypto';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { SourceCredentials } from '@taintgate/domain';
import { type ClaimedSync, ClusterSyncs } from '../../store/cluster-syncs';
import { AppConfig } from '../../platform/config/app-config';
import { SecretBox } from '../../platform/secrets/secret-box';
import { ImportService } from '../import/import.service';
import { ImportWrites } from '../import/import-batches';
import { type KindState, KindSyncer } from './kind-syncer';
import { MIRRORED_KINDS, type MirroredKind } from './mirror-kinds';
import { MirrorStore } from './mirror-store';
import { SourceClient } from './source-client';

/** One mirror's sync under way on this replica. */
interface Running {
  /** What it was started with: a change of source (or of its credentials) starts it again. */
  readonly started: string;
  readonly stop: AbortController;
  readonly done: Promise<void>;
}

/**
 * Keeps the mirrors that name a source in step with it: one replica at a time syncs each (a lease
 * in Postgres, ClusterSyncs, renewed every pass; a replica that stops renewing is replaced within
 * MIRROR_SYNC_LEASE_SECONDS), each kind listed then watched (KindSyncer), what the source says
 * stored as an import stores it (MirrorStore). A mirror made managed, deleted, given another
 * source or taken by another replica is stopped at the next pass.
 */
@Injectable()
export class MirrorSyncs implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(MirrorSyncs.name);
  /** This process, as the leases name it. */
  private readonly holder = `${process.pid}-${randomUUID().slice(0, 8)}`;
  private readonly running = new Map<number, Running>();
  private timer: NodeJS.Timeout | undefined;
  private passing: Promise<void> = Promise.resolve();
  private stopped = false;
  /** When this replica last renewed its leases: past a lease's length without, another may hold them. */
  private renewedAt = 0;

  constructor(
    private readonly syncs: ClusterSyncs,
    private readonly imports: ImportService,
    private readonly writes: ImportWrites,
    private readonly secrets: SecretBox,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.mirrorSync.worker) return;
    const every = (this.config.mirrorSync.leaseSeconds * 1000) / 3;
    const tick = () => {
      this.passing = this.pass().catch((error: unknown) => {
        this.logger.warn(`mirror sync pass failed: ${error instanceof Error ? error.message : String(error)}`);
        // Leases not renewed for their length may be another replica's now: this one stops syncing
        // rather than write beside it, and takes them again when it can.
        if (Date.now() - this.renewedAt >= this.config.mirrorSync.leaseSeconds * 1000) this.stopAll();
      });
      void this.passing.finally(() => {
        if (!this.stopped) this.timer = setTimeout(tick, every);
      });
    };
    tick();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.passing;
    const ending = [...this.running.values()].map((run) => run.done);
    this.stopAll();
    await Promise.all(ending);
    await this.syncs.release(this.holder).catch(() => undefined);
  }

  /** Renews and takes leases, starts the syncs taken, stops those no longer held. */
  private async pass(): Promise<void> {
    const room = Math.max(0, this.config.mirrorSync.maxClusters - this.running.size);
    const claimed = await this.syncs.claim(this.holder, this.config.mirrorSync.leaseSeconds, room);
    this.renewedAt = Date.now();
    const held = new Set(claimed.map((c) => c.clusterId));
    for (const [clusterId, run] of this.running) {
      if (held.has(clusterId)) continue;
      run.stop.abort();
      this.running.delete(clusterId);
    }
    for (const claim of claimed) {
      const started = JSON.stringify([claim.source, claim.credentials]);
      const run = this.running.get(claim.clusterId);
      if (run?.started === started) continue;
      if (run) {
        run.stop.abort();
        await run.done;
      }
      this.running.set(claim.clusterId, this.start(claim, started));
    }
  }

  private stopAll(): void {
    for (const run of this.running.values()) run.stop.abort();
    this.running.clear();
  }

  private start(claim: ClaimedSync, started: string): Running {
    const stop = new AbortController();
    const done = this.sync(claim, stop.signal).catch((error: unknown) =>
      this.logger.error(`mirror sync of cluster ${claim.name} stopped: ${error instanceof Error ? error.message : String(error)}`),
    );
    this.logger.log(`syncing mirror ${claim.name} from ${claim.source.server}`);
    return { started, stop, done };
  }

  /** Every kind's sync, until stopped: the kinds not listed yet listed first, one after another, then all watched. */
  private async sync(claim: ClaimedSync, stop: AbortSignal): Promise<void> {
    const report = new SyncReporter(claim, this.holder, this.syncs, this.logger);
    let credentials: SourceCredentials | undefined;
    try {
      credentials = claim.credentials ? this.open(claim.credentials) : undefined;
    } catch (error) {
      // A key rotated away: said in the mirror's status; the sync starts again when its spec is set anew.
      report.failed(`its credentials cannot be read: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    }
    const client = new SourceClient({ ...claim.source, ...(credentials ? { credentials } : {}) });
    const store = new MirrorStore(claim.name, this.imports, this.writes, (kind, rv) => this.syncs.reached(claim.clusterId, this.holder, kind, rv));
    const options = this.config.mirrorSync;
    const syncers = MIRRORED_KINDS.map((kind) => new KindSyncer(kind, client, store, report, options, claim.resourceVersions[kind.kind]));
    try {
      await Promise.all(syncers.map((syncer) => syncer.run(stop)));
    } finally {
      await client.close().catch(() => undefined);
    }
  }

  private open(sealed: string): SourceCredentials {
    return JSON.parse(this.secrets.open(sealed)) as SourceCredentials;
  }
}

/** A mirror's kinds' states, told to ClusterSyncs as one state of the cluster: Watching once every kind is. */
class SyncReporter {
  private readonly states = new Map<string, KindState>();

  constructor(
    private readonly claim: ClaimedSync,
    private readonly holder: string,
    private readonly syncs: ClusterSyncs,
    private readonly logger: Logger,
  ) {}

  state(kind: MirroredKind, state: KindState, error?: string): void {
    this.states.set(kind.kind, state);
    if (error) this.logger.warn(`mirror ${this.claim.name}: ${kind.kind}: ${error}`);
    this.tell({ error });
  }

  stored(): void {
    this.tell({ event: true });
  }

  /** The sync cannot start at all. */
  failed(error: string): void {
    this.tell({ error });
  }

  private tell({ error, event }: { error?: string | undefined; event?: boolean }): void {
    const all = [...this.states.values()];
    const synced = all.length === MIRRORED_KINDS.length && all.every((s) => s === 'Watching');
    const state = synced ? 'Watching' : all.includes('Retrying') || (all.length === 0 && error) ? 'Retrying' : 'Listing';
    void this.syncs
      .report(this.claim.clusterId, this.holder, { state, synced, ...(event ? { event } : {}), ...(error ? { error } : {}) })
      .catch((e: unknown) => this.logger.warn(`mirror ${this.claim.name}: its status not recorded: ${e instanceof Error ? e.message : String(e)}`));
  }
}
