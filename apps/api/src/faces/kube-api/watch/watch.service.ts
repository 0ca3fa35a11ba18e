import { OpenStreams, tooManyStreams } from '../../../platform/access/open-streams';
import { currentRequest } from '../../../platform/access/request-context';
import { Readable } from 'node:stream';
import { Injectable, Logger, type OnModuleDestroy, StreamableFile } from '@nestjs/common';
import {
  type ObjectMeta,
  type WatchEvent,
  type WatchFilter,
  type WatchedKind,
  bookmarkObjectOf,
  catchUpEventOf,
  deletedObjectOf,
  failure,
  isNamespacedKind,
  passesFilter,
  tooOldMessage,
  watchEventOf,
  watchStartOf,
} from '@taintgate/domain';
import { ClusterDirectory } from '../../../store/cluster-directory';
import type { ClusterView, SnapshotRefresh } from '../../../store/cluster-snapshot';
import { ClusterSnapshots } from '../../../store/cluster-snapshots';
import { TombstoneStore } from '../../../store/tombstone-store';
import { PodStore } from '../../../store/pod-store';
import { StreamReads } from '../../../platform/database/stream-reads';
import { TWIN_KINDS } from '../../../store/twin-kinds';
import { AppConfig } from '../../../platform/config/app-config';
import { kubeStatusOf } from '../../../platform/failures/failure-answers';
import { fail } from '../../../platform/failures/failure.exception';
import { reportIfOutage } from '../../../platform/failures/outages';
import type { KubeOutput } from '../kube-output';
import type { WatchCommand } from './watch-commands';
import { RefreshQueue, WatchLines } from './watch-stream';

/** How often a followed cluster's revision is read: a change made through any replica reaches a watch within this. */
const POLL_MS = 250;
/** A BOOKMARK (when asked for) after this long without an event. */
const BOOKMARK_IDLE_MS = 1000;
/** Pods read whole from the store at a time, as a watch sends them. */
const WHOLE_PER_READ = 1000;
/** Events written to the socket in one piece. */
const EVENTS_PER_PIECE = 100;

/** A watched object (a node, a pod, a PersistentVolume, ...): what the watch reads of it is its metadata. */
type Watched = { metadata: ObjectMeta };

/** A watch about to stream: where it starts, and what of the snapshot it starts from was taken at once (the maps move on). */
interface Start {
  revision: bigint;
  /** `any`: every object passing the filter now, ADDED; `catchUp`: the objects written after `after`, and the deletions since. */
  kind: 'any' | 'catchUp';
  after: bigint;
  objects: Watched[];
  clusterId: number;
}

/**
 * Watches of the Kubernetes API face (kubectl get -w, informers). Postgres is the truth and
 * every replica serves them: a watch follows its cluster's snapshot in this replica
 * (ClusterSnapshots.follow), whose refreshes say what each object was and is; while a cluster is
 * watched its revision is read every 250 ms, once for all its watches, so changes made through
 * any replica are sent within that. A watch from a resourceVersion is first caught up from the
 * snapshot (objects written since) and the tombstones (deletions since). It ends at its timeout,
 * when its client goes, when its cluster is deleted, and when the application stops.
 */
/**
 * The answer a watch streams to (its raw response): its head flushed as the stream begins to be
 * read (a client waits for it before it reads any event, and a quiet watch has none to send), and
 * its closing heard, to end the watch when its client goes (a watch waiting for events would see
 * that only at its next write).
 */
export interface WatchClient {
  flushHeaders(): void;
  once(event: 'close', listener: () => void): unknown;
}

@Injectable()
export class WatchService implements OnModuleDestroy {
  private readonly logger = new Logger(WatchService.name);
  /** The watches of each cluster, by the function that ends each; a cluster is polled while it has one. */
  private readonly watches = new Map<string, { enders: Set<() => void>; timer: NodeJS.Timeout; polling: boolean }>();

  constructor(
    private readonly snapshots: ClusterSnapshots,
    private readonly directory: ClusterDirectory,
    private readonly tombstones: TombstoneStore,
    private readonly pods: PodStore,
    /** Its reads take at most the streams' share of the database's connections. */
    private readonly reads: StreamReads,
    private readonly config: AppConfig,
    private readonly streams: OpenStreams,
  ) {}

  /**
   * Starts a watch: answers 404 for a cluster that does not exist, 410 Expired for a
   * resourceVersion older than the deletions still known, 504 for one not yet written, before
   * anything is streamed; then the stream of events, newline-delimited JSON, to `client` (see WatchClient).
   */
  async watch(
    cluster: string,
    command: WatchCommand,
    output: KubeOutput,
    client: WatchClient = { flushHeaders: () => undefined, once: () => undefined },
  ): Promise<StreamableFile> {
    const started = () => client.flushHeaders();
    const { id } = await this.reads.run(() => this.directory.require(cluster));
    const queue = new RefreshQueue();
    // Followed before the snapshot is read: no refresh after the revision it starts from is missed.
    const unfollow = this.snapshots.follow(cluster, queue.push);
    const abort = new AbortController();
    // Held open for the caller's key: revoked, the watch ends as at its timeout.
    const unhold = this.streams.hold(currentRequest()?.caller, () => abort.abort());
    if (!unhold) {
      unfollow();
      fail(tooManyStreams(this.config.auth.maxStreamsPerKey));
    }
    const release = this.register(
      cluster,
      () => abort.abort(),
      () => {
        unhold();
        unfollow();
      },
    );
    try {
      const start = await this.reads.run(() => this.start(cluster, id, command));
      const lines = new WatchLines(command.filter.kind, output);
      const timeoutSeconds = Math.min(command.timeoutSeconds ?? Infinity, this.config.watch.timeoutSeconds);
      const events = this.events(start, command, lines, queue, Date.now() + timeoutSeconds * 1000, abort.signal, started);
      const stream = Readable.from(events, { objectMode: false });
      // A stream destroyed before its first read never runs the generator's finally.
      stream.once('close', () => {
        abort.abort();
        release();
      });
      // Its client gone, the watch lets go of its key's hold and its cluster's polling now, not at its next event or timeout.
      client.once('close', () => {
        abort.abort();
        release();
      });
      return new StreamableFile(stream, { type: 'application/json' });
    } catch (error) {
      release();
      throw error;
    }
  }

  /** Ends every watch, so that the HTTP server's close does not wait for their clients. */
  onModuleDestroy(): void {
    for (const { enders } of [...this.watches.values()]) for (const end of [...enders]) end();
  }

  /** Where the watch starts, from the snapshot now; the objects it will send first, taken before anything awaits. */
  private async start(cluster: string, clusterId: number, command: WatchCommand): Promise<Start> {
    const view = await this.snapshots.view(cluster);
    const objects = objectsOf(view, command.filter.kind);
    const prunedThrough = await this.tombstones.prunedThrough(clusterId);
    const decided = watchStartOf(command.start, { revision: view.revision, prunedThrough: prunedThrough ?? 0n });
    switch (decided.kind) {
      case 'expired':
        return fail(failure.expired(decided.message));
      case 'tooLarge':
        return fail(failure.timeout(decided.message));
      case 'any':
        return { revision: view.revision, kind: 'any', after: view.revision, objects: objects.filter((o) => passesFilter(command.filter, o)), clusterId };
      case 'catchUp': {
        const written = objects.filter((o) => BigInt(o.metadata.resourceVersion as string) > decided.after);
        written.sort((a, b) => compareRevisions(a, b));
        return { revision: view.revision, kind: 'catchUp', after: decided.after, objects: written, clusterId };
      }
    }
  }

  /** The stream's lines: the start, then each refresh of the snapshot, bookmarks while idle, until the end. */
  private async *events(
    start: Start,
    { filter, bookmarks }: WatchCommand,
    lines: WatchLines,
    queue: RefreshQueue,
    deadline: number,
    signal: AbortSignal,
    started: () => void,
  ): AsyncGenerator<string> {
    started();
    const matches = (o: Watched) => passesFilter(filter, o);
    let at = start.revision;
    let lastSent = Date.now();
    const send = function* (events: Iterable<WatchEvent<Watched>>) {
      let piece = '';
      let n = 0;
      for (const event of events) {
        piece += lines.line(event.type, event.object);
        if (++n % EVENTS_PER_PIECE === 0) {
          yield piece;
          piece = '';
        }
      }
      if (piece !== '') yield piece;
      if (n > 0) lastSent = Date.now();
    };
    if (start.kind === 'any') {
      for (let i = 0; i < start.objects.length; i += WHOLE_PER_READ) {
        const objects = await this.whole(start, filter.kind, start.objects.slice(i, i + WHOLE_PER_READ));
        yield* send(objects.map((object) => ({ type: 'ADDED' as const, object })));
      }
    } else {
      for await (const piece of this.catchUp(start, filter)) {
        for (let i = 0; i < piece.length; i += WHOLE_PER_READ) yield* send(await this.wholeEvents(start, filter.kind, piece.slice(i, i + WHOLE_PER_READ)));
      }
      // Retention may have pruned tombstones while they were read: then some deletions may be missing.
      const prunedThrough = await this.reads.run(() => this.tombstones.prunedThrough(start.clusterId));
      if (prunedThrough !== undefined && prunedThrough > start.after) {
        yield lines.line('ERROR', kubeStatusOf(failure.expired(tooOldMessage(start.after, prunedThrough))));
        return;
      }
    }
    while (!signal.aborted && Date.now() < deadline) {
      const wakeAt = bookmarks ? Math.min(deadline, lastSent + BOOKMARK_IDLE_MS) : deadline;
      const refresh = await queue.next(wakeAt, signal);
      // Too slow to follow: ended, to watch again from the last resourceVersion it read.
      if (queue.overflowed) return;
      if (!refresh) {
        // Woken by the deadline or an abort, the loop ends instead.
        if (bookmarks && Date.now() >= lastSent + BOOKMARK_IDLE_MS && Date.now() < deadline) {
          yield lines.line('BOOKMARK', bookmarkObjectOf(filter.kind, at));
          lastSent = Date.now();
        }
        continue;
      }
      if (refresh.revision <= at) continue;
      if (refresh.whole || refresh.since !== at) {
        // The snapshot was read whole (retention pruned what it had not seen, or the cluster was made anew).
        yield lines.line('ERROR', kubeStatusOf(failure.expired(tooOldMessage(at, refresh.revision))));
        return;
      }
      yield* send(eventsOf(refresh, filter.kind, matches));
      at = refresh.revision;
    }
  }

  /**
   * What changed after the client's revision, in revision order: the objects written since (taken
   * from the snapshot when the watch began) merged with the tombstones of deletions since, read a
   * page at a time.
   */
  private async *catchUp(start: Start, filter: WatchFilter): AsyncGenerator<WatchEvent<Watched>[]> {
    const { objects } = start;
    // Keys deleted since: an object written after its key's deletion was made again, ADDED.
    const deletedSince = new Set<string>();
    let next = 0;
    const objectsBefore = function* (revision: bigint | undefined): Generator<WatchEvent<Watched>> {
      while (next < objects.length) {
        const object = objects[next] as Watched;
        if (revision !== undefined && BigInt(object.metadata.resourceVersion as string) > revision) return;
        next++;
        const event = catchUpEventOf({ after: object, recreated: deletedSince.has(keyOf(filter.kind, object)) }, filter);
        if (event) yield event;
      }
    };
    for await (const page of this.tombstones.between(start.clusterId, filter.kind, start.after, start.revision)) {
      const events: WatchEvent<Watched>[] = [];
      for (const t of page) {
        // Objects written at a tombstone's revision come after it: a deletion and a write of one key in one revision is a re-creation.
        events.push(...objectsBefore(t.revision - 1n));
        deletedSince.add(t.key);
        const event = catchUpEventOf({ deleted: deletedObjectOf(filter.kind, t.key, t.revision) }, filter);
        if (event) events.push(event);
      }
      yield events;
    }
    const rest = [...objectsBefore(undefined)];
    if (rest.length > 0) yield rest;
  }

  /**
   * The objects as a watch sends them: a snapshot holds pods as decisions read them, so a watch of
   * pods reads each whole from the store, as stored now (one written since the watch's start is
   * sent as it is now, and its change again after; one deleted since is left out, its deletion sent
   * after). Other kinds are held whole.
   */
  private async whole(start: Start, kind: WatchedKind, objects: Watched[]): Promise<Watched[]> {
    if (kind !== 'Pod' || objects.length === 0) return objects;
    const names = objects.map(({ metadata }) => ({ namespace: metadata.namespace ?? 'default', name: metadata.name }));
    const whole = await this.reads.run(() => this.pods.whole(start.clusterId, names));
    return names.flatMap(({ namespace, name }) => whole.get(`${namespace}/${name}`) ?? []);
  }

  /** The events with their objects whole (whole()), but deletions, which carry what is left of the object. */
  private async wholeEvents(start: Start, kind: WatchedKind, events: WatchEvent<Watched>[]): Promise<WatchEvent<Watched>[]> {
    if (kind !== 'Pod') return events;
    const written = await this.whole(
      start,
      kind,
      events.flatMap((e) => (e.type === 'DELETED' ? [] : [e.object])),
    );
    const byKey = new Map(written.map((object) => [keyOf(kind, object), object]));
    return events.flatMap((e) => {
      if (e.type === 'DELETED') return [e];
      const object = byKey.get(keyOf(kind, e.object));
      return object ? [{ ...e, object }] : [];
    });
  }

  /** Counts the watch for its cluster, polling the cluster while it has one; answers the function that undoes it. */
  private register(cluster: string, end: () => void, unfollow: () => void): () => void {
    let entry = this.watches.get(cluster);
    if (!entry) {
      const created = { enders: new Set<() => void>(), timer: setInterval(() => this.poll(cluster, created), POLL_MS), polling: false };
      this.watches.set(cluster, created);
      entry = created;
    }
    entry.enders.add(end);
    const own = entry;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      unfollow();
      own.enders.delete(end);
      if (own.enders.size === 0) {
        clearInterval(own.timer);
        if (this.watches.get(cluster) === own) this.watches.delete(cluster);
      }
    };
  }

  /** Brings the cluster's snapshot up to date, which tells its followers; a cluster deleted ends its watches. */
  private poll(cluster: string, entry: { enders: Set<() => void>; polling: boolean }): void {
    if (entry.polling) return;
    entry.polling = true;
    this.snapshots
      .find(cluster)
      .then((view) => {
        if (!view) for (const end of [...entry.enders]) end();
      })
      .catch((error: unknown) => {
        if (!reportIfOutage(error)) this.logger.error(`following cluster ${cluster}: ${error instanceof Error ? error.message : String(error)}`);
      })
      .finally(() => {
        entry.polling = false;
      });
  }
}

/** The events of one refresh for a watch of `kind`, in revision order. */
function* eventsOf(refresh: SnapshotRefresh, kind: WatchedKind, matches: (o: Watched) => boolean): Generator<WatchEvent<Watched>> {
  for (const change of refresh.changes) {
    if (change.kind !== kind) continue;
    const event = watchEventOf<Watched>(change, matches);
    if (event) yield event;
  }
}

/** The snapshot's objects of a kind, in the order lists answer them; taken at once, as later refreshes change the maps. */
function objectsOf(view: ClusterView, kind: WatchedKind): Watched[] {
  const field = kind === 'Node' ? 'nodes' : kind === 'Pod' ? 'pods' : TWIN_KINDS[kind].field;
  const map = view[field] as ReadonlyMap<string, Watched>;
  const out: Watched[] = [];
  for (const key of view.keysInOrder(field)) {
    const object = map.get(key);
    if (object) out.push(object);
  }
  return out;
}

/** The key a tombstone names the object by: its name, or a namespaced one's `namespace/name`. */
const keyOf = (kind: WatchedKind, object: Watched): string =>
  isNamespacedKind(kind) ? `${object.metadata.namespace ?? 'default'}/${object.metadata.name}` : object.metadata.name;

function compareRevisions(a: Watched, b: Watched): number {
  const x = BigInt(a.metadata.resourceVersion as string);
  const y = BigInt(b.metadata.resourceVersion as string);
  return x < y ? -1 : x > y ? 1 : 0;
}
