import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { PubSub } from 'graphql-subscriptions';
import { ClusterDirectory } from '../../store/cluster-directory';
import { EvictionLedger } from '../../store/evictions/eviction-ledger';
import { evictionView } from '../../store/evictions/eviction-records';
import type { EventKind } from '../../generated/prisma/client';
import { EvictionEventKind, type EvictionEventType } from './types/eviction-event.types';

const TRIGGER = 'evictionEvent';
/** How often the events table is read while someone listens. */
const POLL_INTERVAL_MS = 250;
const BATCH = 500;

/** What each stored eviction event kind is called in the subscription. */
const KIND_OF_EVENT: Partial<Record<EventKind, EvictionEventKind>> = {
  EvictionScheduled: EvictionEventKind.Scheduled,
  EvictionExecuted: EvictionEventKind.Executed,
  EvictionCancelled: EvictionEventKind.Cancelled,
  EvictionPredicted: EvictionEventKind.Predicted,
};

/**
 * Eviction events for GraphQL subscribers, one feed per cluster. Evictions are decided in write
 * transactions on any replica (and by the BullMQ worker), which insert rows into `events`;
 * reading that table by id is what makes every replica's subscribers see every eviction, whoever
 * carried it out. A cluster's writes commit one at a time in revision order (ClusterWriter), so
 * its event ids become visible in order and a cursor on the last id seen misses nothing; two
 * clusters' writes commit in any order, hence a cursor per cluster. A cluster's table rows are
 * read only while someone listens to it.
 */
@Injectable()
export class EvictionEventsService implements OnModuleDestroy {
  private readonly feeds = new Map<number, ClusterFeed>();

  constructor(
    private readonly clusters: ClusterDirectory,
    private readonly ledger: EvictionLedger,
  ) {}

  /** Subscribers now listening on this replica, to any cluster (tests wait for it before causing an eviction). */
  get listening(): number {
    return [...this.feeds.values()].reduce((sum, feed) => sum + feed.listening, 0);
  }

  /**
   * The cluster's events from now on. Resolves once the cursor is placed, so that an eviction
   * caused after the subscription is set up is delivered.
   */
  async subscribe(cluster: string): Promise<AsyncIterableIterator<EvictionEventType>> {
    const { id } = await this.clusters.require(cluster);
    let feed = this.feeds.get(id);
    if (!feed) {
      feed = new ClusterFeed(id, this.ledger);
      this.feeds.set(id, feed);
    }
    return feed.subscribe();
  }

  onModuleDestroy(): void {
    for (const feed of this.feeds.values()) feed.stop();
  }
}

/** One cluster's events, read by id from a cursor while someone listens. */
class ClusterFeed {
  private readonly logger = new Logger(EvictionEventsService.name);
  private readonly pubsub = new PubSub<Record<string, EvictionEventType>>();
  private subscribers = 0;
  private cursor: bigint | undefined;
  private timer: NodeJS.Timeout | undefined;
  private starting: Promise<void> | undefined;

  constructor(
    private readonly clusterId: number,
    private readonly ledger: EvictionLedger,
  ) {}

  get listening(): number {
    return this.cursor === undefined ? 0 : this.subscribers;
  }
  async subscribe(): Promise<AsyncIterableIterator<EvictionEventType>> {
    const inner = this.pubsub.asyncIterableIterator<EvictionEventType>(TRIGGER);
    this.subscribers += 1;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.subscribers -= 1;
      if (this.subscribers === 0) this.stop();
    };
    try {
      await this.start();
    } catch (error) {
      release();
      throw error;
    }
    const iterator: AsyncIterableIterator<EvictionEventType> = {
      next: () => inner.next(),
      return: async () => {
        release();
        return inner.return();
      },
      throw: async (error?: unknown) => {
        release();
        return inner.throw(error);
      },
      [Symbol.asyncIterator]() {
        return iterator;
      },
    };
    return iterator;
  }

  private start(): Promise<void> {
    this.starting ??= (async () => {
      this.cursor = await this.ledger.lastEventId(this.clusterId);
      this.schedule();
    })().catch((error: unknown) => {
      this.starting = undefined;
      throw error;
    });
    return this.starting;
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.starting = undefined;
    this.cursor = undefined;
  }

  private schedule(): void {
    this.timer = setTimeout(() => {
      this.poll()
        .catch((error: unknown) => this.logger.warn(`reading eviction events failed: ${error instanceof Error ? error.message : String(error)}`))
        .finally(() => {
          if (this.timer !== undefined && this.subscribers > 0) this.schedule();
        });
    }, POLL_INTERVAL_MS);
  }

  private async poll(): Promise<void> {
    for (;;) {
      const cursor = this.cursor;
      if (cursor === undefined) return;
      const { events, evictions } = await this.ledger.eventsAfter(this.clusterId, cursor, BATCH);
      if (events.length === 0) return;
      if (this.cursor !== cursor) return; // stopped (or restarted) meanwhile
      for (const e of events) {
        const kind = KIND_OF_EVENT[e.kind];
        if (!kind) continue;
        const eviction = e.evictionId === null ? undefined : evictions.get(e.evictionId);
        await this.pubsub.publish(TRIGGER, {
          id: String(e.id),
          kind,
          at: e.at.toISOString(),
          message: e.message,
          pod: { namespace: e.involvedNamespace ?? 'default', name: e.involvedName },
          eviction: eviction ? evictionView(eviction) : null,
        });
      }
      this.cursor = events[events.length - 1]?.id ?? cursor;
      if (events.length < BATCH) return;
    }
  }
}
