import type { ObjectMeta, Table, WatchEventType, WatchedKind } from '@taintgate/domain';
import type { SnapshotRefresh } from '../../../store/cluster-snapshot';
import { stringifyExactly } from '../../../http/edge/exact-json';
import type { KubeOutput } from '../kube-output';
import { printerOf } from '../kube-printers';

/**
 * The two halves of a watch's stream: the refreshes it is told of, queued until it sends them,
 * and the lines it writes, one JSON WatchEvent a line as kube-apiserver writes them.
 */

/**
 * More changes than this waiting for one watcher, and it is closed rather than followed: its
 * client reads slower than the cluster changes, and the queue only holds references to objects
 * the snapshot has let go. The client watches again from the last resourceVersion it read, and
 * catches up from the snapshot (kube-apiserver closes such a watcher too).
 */
const MAX_PENDING_CHANGES = 1_000_000;

/** The refreshes told to one watcher and not yet sent. */
export class RefreshQueue {
  private readonly pending: SnapshotRefresh[] = [];
  private pendingChanges = 0;
  private wake: (() => void) | undefined;
  /** Fell too far behind: the watch ends. */
  overflowed = false;

  readonly push = (refresh: SnapshotRefresh): void => {
    if (this.overflowed) return;
    this.pending.push(refresh);
    this.pendingChanges += refresh.changes.length;
    if (this.pendingChanges > MAX_PENDING_CHANGES) {
      this.overflowed = true;
      this.pending.length = 0;
    }
    this.wake?.();
  };

  /** The next refresh; undefined when none came by `until` (epoch ms), when `signal` aborted, or once overflowed. */
  async next(until: number, signal: AbortSignal): Promise<SnapshotRefresh | undefined> {
    if (this.pending.length === 0 && !this.overflowed && !signal.aborted) {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          this.wake = undefined;
          resolve();
        };
        const timer = setTimeout(done, Math.max(0, until - Date.now()));
        signal.addEventListener('abort', done);
        this.wake = done;
      });
    }
    const refresh = this.overflowed ? undefined : this.pending.shift();
    if (refresh) this.pendingChanges -= refresh.changes.length;
    return refresh;
  }
}

type Watched = { metadata: ObjectMeta };

/** Table's content type is not the stream's: a watch is application/json, its events' objects Tables. */
export class WatchLines {
  private headersSent = false;

  constructor(
    private readonly kind: WatchedKind,
    private readonly output: KubeOutput,
  ) {}

  /**
   * One event's line. With a Table asked for, the object is a Table of one row, and only the
   * first carries its columns (kube-apiserver's watch sets NoHeaders after the first event;
   * kubectl lays later rows out by the columns it has). An ERROR's Status is never a Table.
   */
  line(type: WatchEventType, object: Watched | Record<string, unknown>): string {
    const sent = type === 'ERROR' || !this.output.table ? object : this.table(type, object as Watched);
    return `${stringifyExactly({ type, object: sent })}\n`;
  }

  private table(type: WatchEventType, object: Watched): Table {
    const resourceVersion = object.metadata.resourceVersion;
    const metadata = typeof resourceVersion === 'string' ? { resourceVersion } : {};
    const options = { now: Date.now(), includeObject: this.output.includeObject, metadata };
    const table: Table =
      type === 'BOOKMARK'
        ? { kind: 'Table', apiVersion: 'meta.k8s.io/v1', metadata, columnDefinitions: [], rows: [] }
        : printerOf(this.kind)([object], options);
    if (this.headersSent) return { ...table, columnDefinitions: [] };
    this.headersSent = type !== 'BOOKMARK';
    return table;
  }
}
