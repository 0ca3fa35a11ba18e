import { Injectable } from '@nestjs/common';
import { type Pod, type Taint, isNoExecuteTaint, noExecuteTaintsChanged } from '@taintgate/domain';
import { ClusterWriter } from '../../store/cluster-writer';
import type { ImportedNodeRow } from '../../store/node-record';
import { NodeStore } from '../../store/node-store';
import { type ImportedPodText, PodStore } from '../../store/pod-store';
import { type TwinName, TwinObjectStore } from '../../store/twin-object-store';
import { NodeUpdateQueue } from '../../control-loops/taint-eviction/node-update-queue';
import { TaintEvictionController } from '../../control-loops/taint-eviction/taint-eviction-controller';
import { preferLz4 } from './import-store';
import type { ImportEvictions } from './import-evictions';

/**
 * How many objects one write of an import stores: 500 realistic pods are about 3 MiB of rows,
 * a tenth of a second of Postgres on an idle machine (2,000 held the lock 1-3 s on a loaded one).
 */
export const FLUSH_EVERY = 500;
/**
 * How many batches read may wait to be stored, the one being stored among them. Only one of an
 * import's writes is in the cluster's line at a time (the next is sent once it has committed), so
 * that another client's write waits behind at most one of them; the batch after it is read
 * meanwhile and waits its turn, so that neither reading nor Postgres waits for the other when a
 * batch takes longer to read or to store than the one before (a batch is a few MiB).
 */
const BATCHES_AHEAD = 2;
/**
 * One write of an import waits behind the import's other writes in the cluster's line (and any
 * other client's): longer than the ordinary 30 s on a loaded machine.
 */
const IMPORT_WRITE_TIMEOUT_MS = 2 * 60_000;

/** An import's writes: with time of their own, named in the long-hold log, and taken by a mirror (imports are how one is fed). */
const IMPORT_WRITE = { timeoutMs: IMPORT_WRITE_TIMEOUT_MS, what: 'import', onMirror: true } as const;

/** A mirror's sync's writes: an import's, and taken by a mirror only (WriteOptions.mirrorOnly). */
const SYNC_WRITE = { ...IMPORT_WRITE, what: 'mirror sync', mirrorOnly: true } as const;

/** Who writes: an import asked for, or a mirror's sync. */
export type ImportOrigin = 'request' | 'sync';

const writeOf = (origin: ImportOrigin) => (origin === 'sync' ? SYNC_WRITE : IMPORT_WRITE);

/** What one write of an import stores, and the eviction decisions that go with it. */
export interface ImportBatch {
  nodes: ImportedNodeRow[];
  /** Encoded as they were read (importedPodText): under the lock, the write only sends them. */
  pods: ImportedPodText[];
  /** The other kept kinds' objects, encoded as they were read (importedTwinText). */
  twins: string[];
  /** The batch's nodes whose NoExecute taints changed: all their pods are decided again. */
  taintChangedNodes: string[];
  /** The batch's pods bound to a node with NoExecute taints (not one of those), decided as pods first seen. */
  podsToDecide: Pod[];
}

/** A node's taints as the import has them so far: before it and after (undefined: the import has not written it). */
type TaintsWritten = (name: string) => { before: readonly Taint[]; after: readonly Taint[] } | undefined;

/**
 * The eviction decisions a batch's write makes: the nodes whose NoExecute taints it changes have
 * all their pods decided again; its pods bound to another node with NoExecute taints (as the
 * import has them so far, else as stored: `storedTaints`) are decided as pods first seen. A pod
 * read before its node is decided against the node as stored then, and again when the node's own
 * write changes its taints.
 */
export function batchDecisions(
  nodes: readonly ImportedNodeRow[],
  pods: readonly Pod[],
  written: TaintsWritten,
  storedTaints: (name: string) => readonly Taint[] | undefined,
): Pick<ImportBatch, 'taintChangedNodes' | 'podsToDecide'> {
  const taintChangedNodes = nodes
    .map((n) => n.name)
    .filter((name) => {
      const change = written(name);
      return change !== undefined && noExecuteTaintsChanged(change.before, change.after);
    });
  const decided = new Set(taintChangedNodes);
  const hasNoExecute = (name: string): boolean => {
    const change = written(name);
    const taints = change ? change.after : storedTaints(name);
    return (taints ?? []).some(isNoExecuteTaint);
  };
  const podsToDecide = pods.filter((pod) => {
    const node = pod.spec?.nodeName ?? '';
    return !decided.has(node) && hasNoExecute(node);
  });
  return { taintChangedNodes, podsToDecide };
}

/**
 * The batches read, each stored once the batch before it is, while the import reads on, so that
 * Postgres and this process work at the same time: one write of the import in the cluster's line
 * at a time, and at most BATCHES_AHEAD batches waiting, the oldest awaited before another is sent.
 * A batch whose predecessor failed is not stored (its failure is theirs).
 */
export class BatchLine {
  private readonly storing: Promise<void>[] = [];

  constructor(private readonly store: (batch: ImportBatch) => Promise<void>) {}

  async send(batch: ImportBatch): Promise<void> {
    if (this.storing.length >= BATCHES_AHEAD) await this.storing.shift();
    const stored = (this.storing.at(-1) ?? Promise.resolve()).then(() => this.store(batch));
    // Awaited in turn or at the end; until then its failure must not count as unhandled.
    stored.catch(() => undefined);
    this.storing.push(stored);
  }

  /** Waits for every batch sent to be stored: the first failure is thrown. */
  async stored(): Promise<void> {
    for (const batch of this.storing.splice(0)) await batch;
  }

  /** Waits for every batch sent to be stored or to fail: the batches sent before a failure are stored or not before the import answers, never after. */
  async settled(): Promise<void> {
    await Promise.allSettled(this.storing.splice(0));
  }
}

/** An import's writes: its batches, and what prune deletes, FLUSH_EVERY objects a write. */
@Injectable()
export class ImportWrites {
  constructor(
    private readonly writer: ClusterWriter,
    private readonly nodes: NodeStore,
    private readonly pods: PodStore,
    private readonly twins: TwinObjectStore,
    private readonly evictions: TaintEvictionController,
    private readonly nodeUpdates: NodeUpdateQueue,
  ) {}

  /**
   * One batch in a write of its own: its rows (statements made at once, run in order on the write's
   * connection), then its evictions, told to `evictions` once it has committed. It commits
   * synchronously, as every write does: an asynchronous commit (synchronous_commit = off) would
   * spare 1.5-4 ms of a write's 40-70 ms,
   * but what it commits is seen at once by other replicas' snapshots and watches, before it is
   * on disk; a crash of Postgres would then lose revisions they have read, the cluster's revision
   * would be taken again for other writes, and a replica past it would never read those.
   */
  async store(cluster: string, batch: ImportBatch, evictions: ImportEvictions, origin: ImportOrigin = 'request'): Promise<void> {
    const decided = await this.writer.write(
      cluster,
      async (w) => {
        await preferLz4(w);
        await Promise.all([this.nodes.importMany(w, batch.nodes), this.pods.importMany(w, batch.pods), this.twins.importMany(w, batch.twins)]);
        const ofNodes = await this.nodeUpdates.decideOrQueue(w, batch.taintChangedNodes);
        return [ofNodes, await this.evictions.podsChanged(w, batch.podsToDecide)] as const;
      },
      writeOf(origin),
    );
    // Counted once the write has committed: a write that fails stored none of them.
    for (const each of decided) evictions.add(each);
  }

  /** prune=true: the cluster's objects the import does not name go, as a delete of each would, FLUSH_EVERY a write: pods, the other kinds, then nodes. */
  async prune(
    cluster: string,
    { nodes, pods, twins }: { nodes: readonly string[]; pods: readonly { namespace: string; name: string }[]; twins: readonly TwinName[] },
    origin: ImportOrigin = 'request',
  ): Promise<void> {
    const options = writeOf(origin);
    for (let i = 0; i < pods.length; i += FLUSH_EVERY) {
      const slice = pods.slice(i, i + FLUSH_EVERY);
      await this.writer.write(
        cluster,
        async (w) => {
          await this.pods.delete(w, ...slice);
          await this.evictions.podsDeleted(w, slice);
        },
        options,
      );
    }
    for (let i = 0; i < twins.length; i += FLUSH_EVERY) {
      const slice = twins.slice(i, i + FLUSH_EVERY);
      await this.writer.write(cluster, (w) => this.twins.deleteMany(w, slice), options);
    }
    for (let i = 0; i < nodes.length; i += FLUSH_EVERY) {
      const slice = nodes.slice(i, i + FLUSH_EVERY);
      await this.writer.write(cluster, (w) => this.nodes.deleteMany(w, slice), options);
    }
  }
}
