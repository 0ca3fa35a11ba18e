import { setTimeout as sleep } from 'node:timers/promises';
import type { MirrorSyncSettings } from '../../platform/config/app-config';
import type { MirroredKind } from './mirror-kinds';
import { type ListPage, type SourceClient, SourceError, type WatchEvent } from './source-client';

/** What a kind's sync stores: a list (every object of the kind, the rest pruned), or a watch's changes. */
export interface KindStore {
  /** The whole kind, its pages as they come (the import reads them as one List), those it does not name deleted. */
  replaceAll(kind: MirroredKind, pages: AsyncIterable<unknown[]>): Promise<void>;
  /** The objects changed (the last state of each) and those deleted, in one go. */
  apply(kind: MirroredKind, changed: readonly unknown[], deleted: readonly { namespace: string; name: string }[]): Promise<void>;
  /** Where the kind is now: the source's resourceVersion the twin holds it at. */
  reached(kind: MirroredKind, resourceVersion: string): Promise<void>;
}

/** How a kind's sync is going, for its cluster's status. */
export type KindState = 'Listing' | 'Watching' | 'Retrying';

export interface KindTelling {
  state(kind: MirroredKind, state: KindState, error?: string): void;
  /** A batch of the source's changes was stored. */
  stored(kind: MirroredKind, events: number): void;
}

/** What a kind's sync goes by: MIRROR_SYNC_* (app-config.ts says what each is). */
export type KindSyncOptions = Pick<
  MirrorSyncSettings,
  'pageSize' | 'watchSeconds' | 'silenceMs' | 'batchMs' | 'batchEvents' | 'backoffMs' | 'maxBackoffMs' | 'pollMs'
>;

/**
 * One kind's sync, as client-go's reflector keeps an informer's store: list (in pages) and store
 * the whole kind, then watch from the list's resourceVersion with bookmarks, storing the changes
 * in small batches; when the watch ends, watch again from where it was; when the source answers
 * 410 Gone (a resourceVersion too old), list again. Errors wait before the next try, longer each
 * time (with jitter, as client-go's backoff), or as long as the source's Retry-After says; a watch
 * silent past `silenceMs` is cut and opened again (a half-open connection says nothing, ever).
 * Runs until `stop` aborts.
 */
export class KindSyncer {
  private failures = 0;
  /** The source answered a watch of the kind with a list: it does not watch it, and the kind is listed every pollMs instead. */
  private polled = false;

  constructor(
    private readonly kind: MirroredKind,
    private readonly client: SourceClient,
    private readonly store: KindStore,
    private readonly tell: KindTelling,
    private readonly options: KindSyncOptions,
    /** Where the twin holds the kind already (a restart resumes its watch from there); none: list first. */
    private resourceVersion: string | undefined,
  ) {}

  async run(stop: AbortSignal): Promise<void> {
    while (!stop.aborted) {
      try {
        // After a failure the kind stays Retrying until the source answers again.
        if (this.resourceVersion === undefined) {
          if (this.failures === 0) this.tell.state(this.kind, 'Listing');
          this.resourceVersion = await this.list(stop);
          await this.store.reached(this.kind, this.resourceVersion);
          this.failures = 0;
        }
        if (this.failures === 0) this.tell.state(this.kind, 'Watching');
        if (this.polled) {
          // A kind the source lists but does not watch: listed again now and then, what is gone pruned.
          await sleep(this.options.pollMs, undefined, { signal: stop });
          this.resourceVersion = undefined;
          continue;
        }
        await this.watch(this.resourceVersion, stop);
        this.failures = 0;
      } catch (error) {
        // Stopped while it waited: checked again, as the loop's test was before the wait.
        if (isStopped(stop)) return;
        if (error instanceof NotWatchable) {
          this.polled = true;
          continue;
        }
        if (error instanceof SourceError && error.expired) {
          // Too old to watch from: the kind is listed again, what is gone pruned.
          this.resourceVersion = undefined;
          continue;
        }
        const message = error instanceof Error ? error.message : String(error);
        this.tell.state(this.kind, 'Retrying', message);
        await sleep(this.backoff(error), undefined, { signal: stop }).catch(() => undefined);
      }
    }
  }

  /** The wait before the next try: the source's Retry-After when it says one, else the backoff with jitter. */
  private backoff(error: unknown): number {
    this.failures += 1;
    if (error instanceof SourceError && error.retryAfterSeconds !== undefined) return error.retryAfterSeconds * 1000;
    const ceiling = Math.min(this.options.maxBackoffMs, this.options.backoffMs * 2 ** (this.failures - 1));
    // Full jitter over the upper half: replicas that failed together do not come back together.
    return ceiling / 2 + Math.random() * (ceiling / 2);
  }

  /** Lists the kind in pages and stores it whole; answers the list's resourceVersion. */
  private async list(stop: AbortSignal): Promise<string> {
    let resourceVersion = '';
    const { client, kind, options } = this;
    async function* pages(): AsyncGenerator<unknown[]> {
      let next: string | undefined;
      do {
        const page: ListPage = await client.listPage(kind.path, options.pageSize, next, stop);
        // kube-apiserver's pages are all of the first page's resourceVersion (a consistent snapshot).
        if (resourceVersion === '') resourceVersion = page.resourceVersion;
        next = page.continue;
        yield page.items;
      } while (next !== undefined);
    }
    await this.store.replaceAll(kind, pages());
    return resourceVersion;
  }

  /** Watches from `from` until the server ends the watch, storing what it says in batches. */
  private async watch(from: string, stop: AbortSignal): Promise<void> {
    const cut = new AbortController();
    const onStop = () => cut.abort();
    stop.addEventListener('abort', onStop);
    let silence: NodeJS.Timeout | undefined;
    const heard = () => {
      clearTimeout(silence);
      silence = setTimeout(
        () => cut.abort(new SourceError(`${this.kind.path}: the watch said nothing for ${this.options.silenceMs / 1000} s`, undefined, undefined)),
        this.options.silenceMs,
      );
    };
    const batch = new WatchBatch();
    const events = this.client.watch(this.kind.path, from, this.options.watchSeconds, cut.signal, () => this.answered())[Symbol.asyncIterator]();
    let flushAt = 0;
    try {
      heard();
      // Each read is waited for, or left when the batch's time comes first: a read left behind that
      // fails as the watch is cut must not be an unhandled rejection.
      const read = () => {
        const promise = events.next();
        promise.catch(() => undefined);
        return promise;
      };
      let next = read();
      for (;;) {
        // Changes waiting are stored by `batchMs` after the first of them, whether or not more come.
        const waited = batch.size === 0 ? await next : await Promise.race([next, sleep(Math.max(0, flushAt - Date.now())).then((): typeof FLUSH => FLUSH)]);
        if (waited === FLUSH) {
          await this.flush(batch);
          flushAt = 0;
          continue;
        }
        if (waited.done) break;
        next = read();
        const event = waited.value;
        heard();
        if (!isEvent(event)) throw new NotWatchable();
        if (event.type === 'ERROR') throw errorOfEvent(this.kind, event);
        const rv = event.object.metadata?.resourceVersion;
        if (event.type === 'BOOKMARK') {
          // A bookmark with nothing waiting: only where the kind is moves.
          if (rv && batch.size === 0) await this.moveTo(rv);
          else if (rv) batch.reached = rv;
          continue;
        }
        batch.add(event);
        if (rv) batch.reached = rv;
        if (flushAt === 0) flushAt = Date.now() + this.options.batchMs;
        if (batch.size >= this.options.batchEvents) {
          await this.flush(batch);
          flushAt = 0;
        }
      }
      await this.flush(batch);
    } catch (error) {
      // Stored what came before the error: the next watch goes on from there.
      if (!cut.signal.aborted || stop.aborted) await this.flush(batch).catch(() => undefined);
      if (cut.signal.aborted && !stop.aborted) throw cut.signal.reason instanceof Error ? cut.signal.reason : error;
      throw error;
    } finally {
      clearTimeout(silence);
      stop.removeEventListener('abort', onStop);
      // The connection goes with the watch, whatever ended it.
      cut.abort();
    }
  }

  /** The source answered a watch: the kind is watching, and the next error waits the first backoff again. */
  private answered(): void {
    if (this.failures === 0) return;
    this.failures = 0;
    this.tell.state(this.kind, 'Watching');
  }

  private async flush(batch: WatchBatch): Promise<void> {
    if (batch.size > 0) {
      const { changed, deleted, events } = batch.take();
      await this.store.apply(this.kind, changed, deleted);
      this.tell.stored(this.kind, events);
    }
    if (batch.reached !== undefined) await this.moveTo(batch.reached);
  }

  private async moveTo(resourceVersion: string): Promise<void> {
    if (resourceVersion === this.resourceVersion) return;
    this.resourceVersion = resourceVersion;
    await this.store.reached(this.kind, resourceVersion);
  }
}

/** A watch answered with something that is no event (a list): the source serves the kind's list to a watch. */
class NotWatchable extends Error {}

/** A line of a watch, as parsed: an event has a type and an object (a list has neither). */
const isEvent = (value: unknown): boolean => {
  const event = value as Partial<WatchEvent> | null;
  return typeof event === 'object' && event !== null && typeof event.type === 'string' && typeof event.object === 'object';
};

/** Whether the sync was stopped, read afresh (a signal aborts between two reads of it). */
const isStopped = (stop: AbortSignal): boolean => stop.aborted;

/** What a wait for the next event answers when the batch's time is up first. */
const FLUSH = Symbol('flush');

/** A watch's changes not yet stored: the last state of each object, by key, in the order last changed. */
class WatchBatch {
  private readonly latest = new Map<string, WatchEvent>();
  private events = 0;
  reached: string | undefined;

  get size(): number {
    return this.latest.size;
  }

  add(event: WatchEvent): void {
    const { namespace = '', name = '' } = event.object.metadata ?? {};
    const key = `${namespace}/${name}`;
    this.latest.delete(key);
    this.latest.set(key, event);
    this.events += 1;
  }

  take(): { changed: unknown[]; deleted: { namespace: string; name: string }[]; events: number } {
    const changed: unknown[] = [];
    const deleted: { namespace: string; name: string }[] = [];
    for (const event of this.latest.values()) {
      if (event.type === 'DELETED') deleted.push({ namespace: event.object.metadata?.namespace ?? '', name: event.object.metadata?.name ?? '' });
      else changed.push(event.object);
    }
    const events = this.events;
    this.latest.clear();
    this.events = 0;
    return { changed, deleted, events };
  }
}

/** A watch's ERROR event (a Status): 410 Gone is a resourceVersion too old, as kube-apiserver says it in a watch. */
function errorOfEvent(kind: MirroredKind, event: WatchEvent): SourceError {
  const status = event.object;
  return new SourceError(`${kind.path}: watch error ${status.code ?? ''} ${status.message ?? status.reason ?? ''}`.trim(), status.code, undefined);
}
