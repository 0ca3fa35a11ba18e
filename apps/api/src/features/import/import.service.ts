import { randomUUID } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import { Injectable, Logger } from '@nestjs/common';
import { ImportMetrics } from '../../platform/metrics/import-metrics';
import sameJson from 'fast-deep-equal';
import {
  type Failure,
  type FieldError,
  FieldPath,
  type Node,
  type Pod,
  type Taint,
  failure,
  fieldError,
  importedIdentity,
  isNoExecuteTaint,
  isObject,
  noExecuteTaintsChanged,
  validateNode,
  validatePod,
} from '@taintgate/domain';
import { type ClusterView } from '../../store/cluster-snapshot';
import { ClusterSnapshots } from '../../store/cluster-snapshots';
import { ClusterWriter } from '../../store/cluster-writer';
import { type ImportedNodeRow, importedNodeRow, nodeOfImportedRow } from '../../store/node-record';
import { oversizedAsSent } from '../../store/object-size';
import { NodeStore } from '../../store/node-store';
import { recordImportFinished } from '../../store/outbox';
import { importedPodRow, podKey, podOfImportedRow } from '../../store/pod-record';
import { type ImportedPodText, PodStore, importedPodText } from '../../store/pod-store';
import { AppConfig } from '../../platform/config/app-config';
import { PrismaService } from '../../platform/database/prisma.service';
import { NodeUpdateQueue } from '../../control-loops/taint-eviction/node-update-queue';
import { TaintEvictionController } from '../../control-loops/taint-eviction/taint-eviction-controller';
import { restAnswerOf } from '../../platform/failures/failure-answers';
import { FailureException, fail } from '../../platform/failures/failure.exception';
import { type BodyEntry, BodyNotReceivedError, type BodyPosition, UnreadableBodyError, describePosition } from './import-body';
import type { ImportCommand } from './import-commands';
import { readKubectlObjects } from './kubectl-objects';
import type { ReadProgress } from './read-progress';

/** What an import did to one kind of object (a type, not an interface: the audit trail stores it as JSON). */
type KindTally = {
  created: number;
  updated: number;
  unchanged: number;
  deleted: number;
};

/** An object the import left out, and why: the API server's words, each bad field named. */
interface RejectedObject {
  kind: string;
  namespace?: string;
  name: string;
  /** Where it was in the body: `items[12]`, `document 3`. */
  position: string;
  message: string;
  details?: { field: string; reason: string }[];
}

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
 * How long reading goes on before the event loop gets a turn: the write under way waits that long
 * for each of its statements to be sent (a batch's megabytes go to the socket over several turns)
 * and answered, holding the cluster's lock with Postgres idle; a turn costs microseconds.
 */
const YIELD_EVERY_MS = 2;
/** Bodies smaller than this are read in a moment: no progress is logged. */
const PROGRESS_EVERY_BYTES = 64 * 2 ** 20;

const root = FieldPath.root();

export type ImportResult = ReturnType<ImportRun['result']>;

/** What one write of an import stores, and the eviction decisions that go with it. */
interface ImportBatch {
  nodes: ImportedNodeRow[];
  /** Encoded as they were read (importedPodText): under the lock, the write only sends them. */
  pods: ImportedPodText[];
  /** The batch's nodes whose NoExecute taints changed: all their pods are decided again. */
  taintChangedNodes: string[];
  /** The batch's pods bound to a node with NoExecute taints (not one of those), decided as pods first seen. */
  podsToDecide: Pod[];
}

/**
 * POST /v1/clusters/{cluster}/import: what kubectl prints (a List, NodeList, PodList or single
 * objects) stored as it is. Each object is validated on its own (a bad one is rejected with its
 * field errors and never stops the rest); admission does not run again (the source's API server
 * admitted the pods); uids, creation times, labels, annotations, status and tolerations are kept.
 * An object equal to the stored one is left alone; `prune` deletes what the import does not name;
 * pods on NoExecute-tainted nodes are decided as the taint eviction controller decides a pod it
 * sees for the first time.
 *
 * The objects are stored in the order of the body, in writes of at most FLUSH_EVERY objects, each
 * of its own revision (as `kubectl apply` of a List stores object by object), while the rest of
 * the body is read: an import of the design-scale cluster (310,000 objects) holds the cluster's
 * lock a fraction of a second at a time, and evictions, controllers and other clients write
 * between. A body that cannot be read to its end stores nothing if it fails within its first
 * FLUSH_EVERY objects; past them, the error says how many were stored (the same import again
 * leaves them alone). Each write decides the evictions of what it stores, so that an import
 * stopped midway leaves no pod undecided. A dry run reads and compares only: it takes no lock.
 * An import that wrote many objects analyzes the tables before it answers (`analyze`).
 */
@Injectable()
export class ImportService {
  private readonly logger = new Logger(ImportService.name);

  constructor(
    private readonly snapshots: ClusterSnapshots,
    private readonly writer: ClusterWriter,
    private readonly nodes: NodeStore,
    private readonly pods: PodStore,
    private readonly evictions: TaintEvictionController,
    private readonly nodeUpdates: NodeUpdateQueue,
    private readonly config: AppConfig,
    private readonly prisma: PrismaService,
    private readonly metrics: ImportMetrics,
  ) {}

  async import(cluster: string, command: ImportCommand): Promise<ImportResult> {
    const started = Date.now();
    const view = await this.snapshots.find(cluster, started);
    const run = new ImportRun(cluster, started, view, this.config);
    const entries = readKubectlObjects(command.body, { onProgress: (p) => this.logProgress(cluster, p) });
    if (command.dryRun) {
      await run.read(entries, () => Promise.resolve());
      if (command.prune) run.deleted(run.unnamed());
      return run.result(true, view?.revision ?? 0n);
    }
    let stored = 0;
    try {
      await run.read(entries, async (batch) => {
        await this.store(cluster, batch);
        stored += batch.nodes.length + batch.pods.length;
      });
    } catch (error) {
      if (stored === 0 || !(error instanceof FailureException)) throw error;
      fail(storedPartway(error.failure, stored));
    }
    if (command.prune) await this.prune(cluster, run);
    const revision = await this.writer.write(
      cluster,
      async (w) => {
        await w.audit({ action: 'cluster.import', kind: 'Cluster', name: cluster, details: run.tallies() });
        await recordImportFinished(w, run.tallies());
        return w.revision;
      },
      { what: 'import' },
    );
    const result = run.result(false, revision);
    if (stored >= ANALYZE_AFTER_OBJECTS) await this.analyze(cluster);
    const seconds = (Date.now() - started) / 1000;
    this.metrics.imported(run.tallies(), seconds);
    // One line per import, its counts as fields (a log collector sums them; the text says them too).
    this.logger.log({
      msg: `import into cluster ${cluster}: ${summaryOf(result)} in ${seconds.toFixed(1)} s`,
      cluster,
      ...run.tallies(),
      durationMs: Math.round(seconds * 1000),
    });
    return result;
  }

  /**
   * The planner's statistics of the tables a large import filled, taken at once: until autovacuum
   * analyzes them (a minute or more after such a load) the planner knows nothing of the rows, and
   * the writes that follow pay for it (node writes ran at half speed over a cluster bulk-loaded and
   * not yet analyzed: bench/RESULTS.md). Outside any write: ANALYZE takes no lock that reads or
   * writes wait on, and samples a bounded number of rows whatever the table's size (0.4 s for
   * 310,000 pods). A failure is logged, never the import's.
   */
  private async analyze(cluster: string): Promise<void> {
    const started = performance.now();
    try {
      // The columns that statements look rows up, join and order by: the table's row count and those
      // are what plans are made of (its JSON columns, costly to sample, are never filtered on).
      await this.prisma.rows(
        `ANALYZE nodes (cluster_id, name, uid, revision), taints (cluster_id, node_name, key, effect),
           pods (cluster_id, namespace, name, uid, node_name, revision, deletion_timestamp, deletion_by_taintgate)`,
        [],
      );
      this.logger.log(`import into cluster ${cluster}: tables analyzed in ${Math.round(performance.now() - started)} ms`);
    } catch (error) {
      this.logger.warn(`import into cluster ${cluster}: ANALYZE failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** A large body is read in tens of seconds: how far, every 64 MiB. */
  private logProgress(cluster: string, { bytesRead, totalBytes, objects, done }: ReadProgress): void {
    if (done && bytesRead < PROGRESS_EVERY_BYTES) return;
    const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
    const of = totalBytes === undefined ? '' : ` of ${mib(totalBytes)}`;
    this.logger.log(`import into cluster ${cluster}: ${mib(bytesRead)}${of} MiB read, ${objects} objects`);
  }

  /**
   * One batch in a write of its own: its rows (statements made at once, run in order on the write's
   * connection), then its evictions. It commits synchronously, as every write does: an
   * asynchronous commit (synchronous_commit = off) would spare 1.5-4 ms of a write's 40-70 ms,
   * but what it commits is seen at once by other replicas' snapshots and watches, before it is
   * on disk; a crash of Postgres would then lose revisions they have read, the cluster's revision
   * would be taken again for other writes, and a replica past it would never read those.
   */
  private async store(cluster: string, batch: ImportBatch): Promise<void> {
    await this.writer.write(
      cluster,
      async (w) => {
        // Pods run to several KiB of JSON each, which Postgres compresses as it stores them: lz4
        // compresses several times faster than the default pglz, for a little more room. Only
        // where the server was built with it (SET would fail, and the import with it, elsewhere).
        await w.sql(
          `SELECT set_config('default_toast_compression', 'lz4', true)
           WHERE EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals))`,
          [],
        );
        await Promise.all([this.nodes.importMany(w, batch.nodes), this.pods.importMany(w, batch.pods)]);
        await this.nodeUpdates.decideOrQueue(w, batch.taintChangedNodes);
        await this.evictions.podsChanged(w, batch.podsToDecide);
      },
      { timeoutMs: IMPORT_WRITE_TIMEOUT_MS, what: 'import' },
    );
  }

  /** prune=true: the cluster's objects the import does not name go, as a delete of each would, FLUSH_EVERY a write. */
  private async prune(cluster: string, run: ImportRun): Promise<void> {
    const { nodes, pods } = run.unnamed();
    for (let i = 0; i < pods.length; i += FLUSH_EVERY) {
      const slice = pods.slice(i, i + FLUSH_EVERY);
      await this.writer.write(
        cluster,
        async (w) => {
          await this.pods.delete(w, ...slice);
          await this.evictions.podsDeleted(w, slice);
        },
        { timeoutMs: IMPORT_WRITE_TIMEOUT_MS, what: 'import' },
      );
    }
    for (let i = 0; i < nodes.length; i += FLUSH_EVERY) {
      const slice = nodes.slice(i, i + FLUSH_EVERY);
      await this.writer.write(cluster, (w) => this.nodes.deleteMany(w, slice), { timeoutMs: IMPORT_WRITE_TIMEOUT_MS, what: 'import' });
    }
    run.deleted({ nodes, pods });
  }
}

/**
 * How many objects an import writes before it analyzes the tables: autovacuum analyzes a table
 * once a tenth of it has changed, which a first import always does; below this an import is quick,
 * and the statistics of a large table barely move.
 */
export const ANALYZE_AFTER_OBJECTS = 10_000;

/**
 * One write of an import waits behind the import's other writes in the cluster's line (and any
 * other client's): longer than the ordinary 30 s on a loaded machine.
 */
const IMPORT_WRITE_TIMEOUT_MS = 2 * 60_000;

/** A body that failed after some of its writes: the failure as it is, saying what was stored. */
function storedPartway(cause: Failure, stored: number): Failure {
  return { ...cause, message: `${cause.message} (the ${stored} objects before it were stored; import the whole body again to finish)` };
}

function summaryOf(result: ImportResult): string {
  const { created, updated, unchanged, deleted, rejected } = result;
  return `${created} created, ${updated} updated, ${unchanged} unchanged, ${deleted} deleted, ${rejected.length} rejected${result.dryRun ? ' (dry run)' : ''}`;
}

/** The least of a pod the taint eviction controller needs to decide it (the full objects of a large import would not fit in memory). */
function decidable(pod: Pod, uid: string): Pod {
  const { name, namespace, deletionTimestamp } = pod.metadata;
  return {
    metadata: { name, namespace: namespace || 'default', uid, deletionTimestamp },
    spec: { nodeName: pod.spec?.nodeName, tolerations: pod.spec?.tolerations, terminationGracePeriodSeconds: pod.spec?.terminationGracePeriodSeconds },
    status: { phase: pod.status?.phase },
  };
}

const withoutResourceVersion = <T extends Node | Pod>(object: T): T => ({ ...object, metadata: { ...object.metadata, resourceVersion: undefined } });

/** Whether `sent` is `stored` as JSON, but for metadata.resourceVersion; without copying either (most of an import's objects are compared). */
function sameExceptResourceVersion(sent: unknown, stored: Node | Pod): boolean {
  if (!isObject(sent)) return false;
  const storedFields = stored as unknown as Record<string, unknown>;
  const keys = Object.keys(sent);
  if (keys.length !== Object.keys(storedFields).length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(storedFields, key)) return false;
    if (key === 'metadata' ? !sameMetadata(sent[key], storedFields[key]) : !sameJson(sent[key], storedFields[key])) return false;
  }
  return true;
}

function sameMetadata(sent: unknown, stored: unknown): boolean {
  if (!isObject(sent) || !isObject(stored)) return false;
  const sentKeys = Object.keys(sent).filter((key) => key !== 'resourceVersion');
  if (sentKeys.length !== Object.keys(stored).filter((key) => key !== 'resourceVersion').length) return false;
  return sentKeys.every((key) => Object.hasOwn(stored, key) && sameJson(sent[key], stored[key]));
}

/** One import in progress: what it read, what it wrote, what it left out. */
class ImportRun {
  private readonly nodeTally: KindTally = { created: 0, updated: 0, unchanged: 0, deleted: 0 };
  private readonly podTally: KindTally = { created: 0, updated: 0, unchanged: 0, deleted: 0 };
  private readonly rejected: RejectedObject[] = [];
  /** Every object the import names, rejected ones too (prune keeps them). */
  private readonly namedNodes = new Set<string>();
  private readonly namedPods = new Set<string>();
  /** uid -> the object that holds it, in the cluster as stored and as imported so far. */
  private readonly uidOwners = new Map<string, string>();
  /** The NoExecute taints of every node the import writes, before and after. */
  private readonly taintChanges = new Map<string, { before: readonly Taint[]; after: readonly Taint[] }>();
  /** The batch being read: its rows, and its pods as the taint eviction controller needs them. */
  private nodeBatch: ImportedNodeRow[] = [];
  private podBatch: ImportedPodText[] = [];
  private batchPods: Pod[] = [];
  private readonly storing: Promise<void>[] = [];

  constructor(
    private readonly cluster: string,
    /** The time the import started: of the taints and creation times it gives. */
    private readonly now: number,
    private readonly view: ClusterView | undefined,
    private readonly config: AppConfig,
  ) {
    for (const node of view?.nodes.values() ?? []) this.uidOwners.set(node.metadata.uid ?? '', `Node ${node.metadata.name}`);
    for (const pod of view?.pods.values() ?? []) this.uidOwners.set(pod.metadata.uid ?? '', `Pod ${pod.metadata.namespace ?? 'default'}/${pod.metadata.name}`);
  }

  async read(entries: AsyncIterable<BodyEntry>, flush: (batch: ImportBatch) => Promise<void>): Promise<void> {
    try {
      await this.readAll(entries, flush);
    } catch (error) {
      // The batches sent before the failure are stored or not before the import answers, never after.
      await Promise.allSettled(this.storing.splice(0));
      throw error;
    }
  }

  private async readAll(entries: AsyncIterable<BodyEntry>, flush: (batch: ImportBatch) => Promise<void>): Promise<void> {
    let yielded = performance.now();
    for await (const entry of readable(entries)) {
      if (entry.ok) this.take(entry.object, entry.position, entry.bytes);
      else this.reject({ kind: '', name: '', position: describePosition(entry.position), message: entry.message });
      if (this.nodeBatch.length + this.podBatch.length >= FLUSH_EVERY) await this.flushWith(flush);
      // Reading a body that has arrived never waits on I/O: without a turn of the event loop now and
      // then, the batches queued would not even be sent, and Postgres would idle while this process reads.
      if (performance.now() - yielded >= YIELD_EVERY_MS) {
        await setImmediate();
        yielded = performance.now();
      }
    }
    await this.flushWith(flush);
    for (const batch of this.storing.splice(0)) await batch;
  }

  /**
   * Sends the batch read so far to be stored, once the batch before it is, while this process
   * reads on, so that Postgres and this process work at the same time: one write of the import in
   * the cluster's line at a time, and at most BATCHES_AHEAD batches waiting, the oldest awaited
   * before another is cut. A batch whose predecessor failed is not stored (its failure is theirs).
   */
  private async flushWith(flush: (batch: ImportBatch) => Promise<void>): Promise<void> {
    const [nodes, pods, podsRead] = [this.nodeBatch, this.podBatch, this.batchPods];
    this.nodeBatch = [];
    this.podBatch = [];
    this.batchPods = [];
    if (nodes.length === 0 && pods.length === 0) return;
    // Decided now, from the nodes read so far: reading on must not change what this batch decides.
    const batch = { nodes, pods, ...this.decisionsFor(nodes, podsRead) };
    if (this.storing.length >= BATCHES_AHEAD) await this.storing.shift();
    const stored = (this.storing.at(-1) ?? Promise.resolve()).then(() => flush(batch));
    // Awaited in turn or at the end; until then its failure must not count as unhandled.
    stored.catch(() => undefined);
    this.storing.push(stored);
  }

  /**
   * The eviction decisions a batch's write makes: the nodes whose NoExecute taints it changes have
   * all their pods decided again; its pods bound to another node with NoExecute taints (as the
   * import has them so far) are decided as pods first seen. A pod read before its node is decided
   * against the node as stored then, and again when the node's own write changes its taints.
   */
  private decisionsFor(nodes: readonly ImportedNodeRow[], pods: readonly Pod[]): Pick<ImportBatch, 'taintChangedNodes' | 'podsToDecide'> {
    const taintChangedNodes = nodes
      .map((n) => n.name)
      .filter((name) => {
        const change = this.taintChanges.get(name);
        return change !== undefined && noExecuteTaintsChanged(change.before, change.after);
      });
    const decided = new Set(taintChangedNodes);
    const hasNoExecute = (name: string): boolean => {
      const written = this.taintChanges.get(name);
      const taints = written ? written.after : this.view?.nodes.get(name)?.spec?.taints;
      return (taints ?? []).some(isNoExecuteTaint);
    };
    const podsToDecide = pods.filter((pod) => {
      const node = pod.spec?.nodeName ?? '';
      return !decided.has(node) && hasNoExecute(node);
    });
    return { taintChangedNodes, podsToDecide };
  }

  private take(object: unknown, position: BodyPosition, sentBytes: number | undefined): void {
    const kind = isObject(object) && typeof object.kind === 'string' ? object.kind : '';
    const metadata = isObject(object) && isObject(object.metadata) ? object.metadata : {};
    const name = typeof metadata.name === 'string' ? metadata.name : '';
    const namespace = typeof metadata.namespace === 'string' && metadata.namespace !== '' ? metadata.namespace : 'default';
    const apiVersion = isObject(object) ? object.apiVersion : undefined;
    if ((kind !== 'Node' && kind !== 'Pod') || (apiVersion !== undefined && apiVersion !== 'v1')) {
      const what = `${typeof apiVersion === 'string' ? `${apiVersion}, ` : ''}kind "${kind}"`;
      this.reject({ kind, name, position: describePosition(position), message: `${what} is not imported: only v1 Node and Pod objects are` });
      return;
    }
    if (kind === 'Node') this.takeNode(object, name, position, sentBytes);
    else this.takePod(object, namespace, name, position, sentBytes);
  }

  private takeNode(object: unknown, name: string, position: BodyPosition, sentBytes: number | undefined): void {
    const stored = this.view?.nodes.get(name);
    if (stored && this.unchanged(object, stored, `Node ${name}`, this.namedNodes, name)) {
      this.nodeTally.unchanged++;
      return;
    }
    const valid = validateNode(object);
    const identity = importedIdentity(object);
    if (!valid.ok || !identity.ok) {
      this.rejectInvalid('Node', undefined, name, position, [...errorsOf(valid), ...errorsOf(identity)]);
      return;
    }
    if (this.rejectedAsTooLarge('Node', undefined, name, position, valid.value, sentBytes)) return;
    if (this.namedNodes.has(name)) {
      this.rejectInvalid('Node', undefined, name, position, [duplicateName(name)]);
      return;
    }
    this.namedNodes.add(name);
    const node = valid.value;
    const existing = this.view?.nodes.get(name);
    const uid = identity.value.uid ?? existing?.metadata.uid ?? randomUUID();
    if (this.uidTaken(uid, `Node ${name}`)) {
      this.rejectInvalid('Node', undefined, name, position, [this.duplicateUid(uid)]);
      return;
    }
    const createdAt = createdAtOf(identity.value.creationTimestamp, existing, this.now);
    const row = importedNodeRow(node, { uid, createdAt }, existing?.spec?.taints ?? [], this.now);
    // Only an object stored before can be unchanged; reading a new one back would cost for nothing.
    const after = existing && nodeOfImportedRow(row, 0n);
    if (existing && sameJson(withoutResourceVersion(after as Node), withoutResourceVersion(existing))) {
      this.nodeTally.unchanged++;
      return;
    }
    this.nodeTally[existing ? 'updated' : 'created']++;
    this.taintChanges.set(name, { before: existing?.spec?.taints ?? [], after: row.taints.map((t) => ({ ...t, timeAdded: t.timeAdded.toISOString() })) });
    this.nodeBatch.push(row);
  }

  private takePod(object: unknown, namespace: string, name: string, position: BodyPosition, sentBytes: number | undefined): void {
    const key = podKey(namespace, name);
    const stored = this.view?.pods.get(key);
    if (stored && this.unchanged(object, stored, `Pod ${key}`, this.namedPods, key)) {
      this.podTally.unchanged++;
      return;
    }
    const valid = validatePod(object, this.config.domain);
    const identity = importedIdentity(object);
    if (!valid.ok || !identity.ok) {
      this.rejectInvalid('Pod', namespace, name, position, [...errorsOf(valid), ...errorsOf(identity)]);
      return;
    }
    if (this.rejectedAsTooLarge('Pod', namespace, name, position, valid.value, sentBytes)) return;
    if (this.namedPods.has(key)) {
      this.rejectInvalid('Pod', namespace, name, position, [duplicateName(name)]);
      return;
    }
    this.namedPods.add(key);
    const pod = { ...valid.value, metadata: { ...valid.value.metadata, namespace } };
    const existing = this.view?.pods.get(key);
    const uid = identity.value.uid ?? existing?.metadata.uid ?? randomUUID();
    if (this.uidTaken(uid, `Pod ${key}`)) {
      this.rejectInvalid('Pod', namespace, name, position, [this.duplicateUid(uid)]);
      return;
    }
    const { deletionTimestamp, deletionGracePeriodSeconds } = identity.value;
    const row = importedPodRow(pod, {
      uid,
      createdAt: createdAtOf(identity.value.creationTimestamp, existing, this.now),
      deletionTimestamp: deletionTimestamp === undefined ? null : new Date(deletionTimestamp),
      deletionGracePeriodSeconds: deletionGracePeriodSeconds ?? null,
    });
    const after = existing && podOfImportedRow(row, 0n);
    if (existing && sameJson(withoutResourceVersion(after as Pod), withoutResourceVersion(existing))) {
      this.podTally.unchanged++;
      return;
    }
    this.podTally[existing ? 'updated' : 'created']++;
    if (pod.spec?.nodeName) this.batchPods.push(decidable(pod, uid));
    this.podBatch.push(importedPodText(row));
  }

  /**
   * Whether the object sent is the one stored, exactly (resourceVersion aside, which is taintgate's
   * own), and named once so far: then it is unchanged, and neither validated again (it was when it
   * was stored) nor laid out as a row. Most objects of a periodic import are; telling them here
   * spares the work that costs the most. An object that differs only in how it is written (a
   * default left out) is told unchanged later, once it is laid out as it would be stored.
   */
  private unchanged(object: unknown, stored: Node | Pod, owner: string, named: Set<string>, key: string): boolean {
    if (named.has(key) || !sameExceptResourceVersion(object, stored)) return false;
    const uid = stored.metadata.uid ?? '';
    if (this.uidOwners.get(uid) !== owner) return false;
    named.add(key);
    return true;
  }

  /** Whether another object already holds the uid; if not, it is this one's from now on. */
  private uidTaken(uid: string, owner: string): boolean {
    const holder = this.uidOwners.get(uid);
    if (holder !== undefined && holder !== owner) return true;
    this.uidOwners.set(uid, owner);
    return false;
  }

  private duplicateUid(uid: string): FieldError {
    return fieldError.duplicate(root.child('metadata').child('uid'), uid, `already the uid of ${this.uidOwners.get(uid) ?? 'another object'}`);
  }

  private rejectInvalid(kind: 'Node' | 'Pod', namespace: string | undefined, name: string, position: BodyPosition, errors: FieldError[]): void {
    const answer = restAnswerOf(failure.invalid(kind, name, errors));
    this.reject({
      kind,
      ...(namespace === undefined ? {} : { namespace }),
      name,
      position: describePosition(position),
      message: answer.message,
      ...(answer.details ? { details: answer.details } : {}),
    });
  }

  /** An object larger than etcd stores is rejected on its own (413's message), as an invalid one is; the rest go on. */
  private rejectedAsTooLarge(
    kind: 'Node' | 'Pod',
    namespace: string | undefined,
    name: string,
    position: BodyPosition,
    object: unknown,
    sentBytes: number | undefined,
  ): boolean {
    const tooLarge = oversizedAsSent(kind, name, object, sentBytes);
    if (!tooLarge) return false;
    this.reject({ kind, ...(namespace === undefined ? {} : { namespace }), name, position: describePosition(position), message: tooLarge.message });
    return true;
  }

  private reject(rejected: RejectedObject): void {
    this.rejected.push(rejected);
    if (rejected.kind === 'Node' && rejected.name) this.namedNodes.add(rejected.name);
    if (rejected.kind === 'Pod' && rejected.name) this.namedPods.add(podKey(rejected.namespace ?? 'default', rejected.name));
  }

  /** The cluster's objects the import does not name. */
  unnamed(): { nodes: string[]; pods: { namespace: string; name: string }[] } {
    const nodes = [...(this.view?.nodes.keys() ?? [])].filter((name) => !this.namedNodes.has(name));
    const pods = [...(this.view?.pods.values() ?? [])]
      .map((p) => ({ namespace: p.metadata.namespace ?? 'default', name: p.metadata.name }))
      .filter((p) => !this.namedPods.has(podKey(p.namespace, p.name)));
    return { nodes, pods };
  }

  /** What prune deleted (or would, on a dry run). */
  deleted({ nodes, pods }: { nodes: readonly string[]; pods: readonly unknown[] }): void {
    this.nodeTally.deleted = nodes.length;
    this.podTally.deleted = pods.length;
  }

  tallies() {
    return { nodes: this.nodeTally, pods: this.podTally, rejected: this.rejected.length };
  }

  private counts(): KindTally {
    const sum = (k: keyof KindTally) => this.nodeTally[k] + this.podTally[k];
    return { created: sum('created'), updated: sum('updated'), unchanged: sum('unchanged'), deleted: sum('deleted') };
  }

  /** The answer; `revision`: the cluster's once the import is stored (as it is now, on a dry run). */
  result(dryRun: boolean, revision: bigint) {
    return {
      apiVersion: 'taintgate.io/v1',
      kind: 'ImportResult',
      cluster: this.cluster,
      dryRun,
      ...this.counts(),
      nodes: this.nodeTally,
      pods: this.podTally,
      rejected: this.rejected,
      resourceVersion: String(revision),
    };
  }
}

/**
 * The body's entries; a body that cannot be read at all, or did not arrive whole, is the client's
 * mistake, refused whole (400; 413 past the import limit).
 */
async function* readable(entries: AsyncIterable<BodyEntry>): AsyncGenerator<BodyEntry> {
  try {
    yield* entries;
  } catch (error) {
    if (error instanceof UnreadableBodyError) fail(failure.badRequest(`the body cannot be read: ${error.message}`));
    if (error instanceof BodyNotReceivedError) fail(error.tooLarge ? failure.tooLarge(error.message) : failure.badRequest(error.message));
    throw error;
  }
}

const errorsOf = (result: { ok: true } | { ok: false; error: FieldError[] }): FieldError[] => (result.ok ? [] : result.error);

const duplicateName = (name: string): FieldError => fieldError.duplicate(root.child('metadata').child('name'), name, 'named twice in the import');

/** The source's creationTimestamp; without one, the stored object's, else now. */
function createdAtOf(sent: number | undefined, existing: Node | Pod | undefined, now: number): Date {
  if (sent !== undefined) return new Date(sent);
  const stored = existing?.metadata.creationTimestamp;
  return new Date(stored ? Date.parse(stored) : now);
}
