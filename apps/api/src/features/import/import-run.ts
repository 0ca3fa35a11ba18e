import { randomUUID } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import { type DomainSettings, type Pod, type Taint, failure } from '@taintgate/domain';
import type { ClusterView } from '../../store/cluster-snapshot';
import type { Eviction } from '../../generated/prisma/client';
import type { ImportedNodeRow } from '../../store/node-record';
import { podKey } from '../../store/pod-record';
import type { ImportedPodText } from '../../store/pod-store';
import { TWIN_KINDS, TWIN_KIND_NAMES, type TwinField, type TwinKind, isTwinKind, twinKey } from '../../store/twin-kinds';
import type { TwinName } from '../../store/twin-object-store';
import { fail } from '../../platform/failures/failure.exception';
import { BodyNotReceivedError, UnreadableBodyError, describePosition } from './import-body';
import { BatchLine, FLUSH_EVERY, type ImportBatch, batchDecisions } from './import-batches';
import { IMPORTED_KINDS, type ImportSoFar, type ImportedKind, type ObjectOutcome, type Rejection, ownerOf } from './import-outcomes';
import { classifyObject } from './imported-object';
import { type ReadEntry, finishPreparedPod } from './imported-pod';

/** What an import did to one kind of object (a type, not an interface: the audit trail stores it as JSON). */
export type KindTally = {
  created: number;
  updated: number;
  unchanged: number;
  deleted: number;
};

/** The objects of a kind the twin does not keep, skipped: how many of each kind and version. */
export type SkippedKind = {
  kind: string;
  apiVersion: string;
  count: number;
};

/** The tallies of the other kinds the twin keeps, by the field the answer names them with (namespaces, persistentVolumes, ...). */
export type TwinTallies = Record<TwinField, KindTally>;

/** What an import did, or would do (a dry run); `revision`: the cluster's once it is stored (as it is now, on a dry run). */
export interface ImportOutcome extends TwinTallies {
  cluster: string;
  dryRun: boolean;
  nodes: KindTally;
  pods: KindTally;
  /** The first MAX_REJECTIONS_LISTED objects left out, each with why. */
  rejected: readonly Rejection[];
  /** How many objects were left out in all. */
  rejectedCount: number;
  /** By kind and version, in the order first met. */
  skipped: readonly SkippedKind[];
  /** With prune: the kinds whose objects the import does not name were deleted. */
  prunedKinds?: readonly ImportedKind[];
  /** What the import's writes evicted and scheduled (not on a dry run, which decides nothing). */
  evictions?: ImportedEvictions;
  revision: bigint;
}

/** The evictions an import's writes decided (ImportEvictions), the first of them as stored. */
export interface ImportedEvictions {
  executed: number;
  scheduled: number;
  /** In a mirror: the evictions its cluster's controller is expected to carry out (GET /v1/evictions?status=Predicted). */
  predicted: number;
  /** Nodes with too many pods to decide in the import's writes: decided just after it (NodeUpdateQueue), so not counted here. */
  queuedNodes: number;
  items: readonly Eviction[];
}

const emptyTally = (): KindTally => ({ created: 0, updated: 0, unchanged: 0, deleted: 0 });

const emptyTwinTallies = (): TwinTallies => Object.fromEntries(TWIN_KIND_NAMES.map((kind) => [TWIN_KINDS[kind].field, emptyTally()])) as TwinTallies;

/**
 * How long reading goes on before the event loop gets a turn: the write under way waits that long
 * for each of its statements to be sent (a batch's megabytes go to the socket over several turns)
 * and answered, holding the cluster's lock with Postgres idle; a turn costs microseconds.
 */
const YIELD_EVERY_MS = 2;

/**
 * How many of the objects left out are answered each with why: a body of three million `{}` is
 * three million rejections, whose answer alone would take gigabytes; past these, they are counted.
 */
const MAX_REJECTIONS_LISTED = 100;

/** Every kind's tallies summed. */
export function countsOf(outcome: Pick<ImportOutcome, 'nodes' | 'pods' | TwinField>): KindTally {
  const tallies = [outcome.nodes, outcome.pods, ...TWIN_KIND_NAMES.map((kind) => outcome[TWIN_KINDS[kind].field])];
  const sum = (k: keyof KindTally) => tallies.reduce((total, tally) => total + tally[k], 0);
  return { created: sum('created'), updated: sum('updated'), unchanged: sum('unchanged'), deleted: sum('deleted') };
}

/**
 * One import in progress: what it read, what it wrote, what it left out. Each object read becomes
 * what classifyObject says, and what is to be stored goes in the batch being read, sent to be
 * stored every FLUSH_EVERY objects (BatchLine) while the body is read on.
 */
export class ImportRun {
  private readonly nodeTally: KindTally = { created: 0, updated: 0, unchanged: 0, deleted: 0 };
  private readonly podTally: KindTally = { created: 0, updated: 0, unchanged: 0, deleted: 0 };
  private readonly twinTallies = emptyTwinTallies();
  private readonly rejected: Rejection[] = [];
  private rejectedCount = 0;
  /** The kinds not kept, counted by `apiVersion kind`. */
  private readonly skipped = new Map<string, SkippedKind>();
  /** Every object the import names, rejected ones too (prune keeps them); the other kinds' by ownerOf. */
  private readonly namedNodes = new Set<string>();
  private readonly namedPods = new Set<string>();
  private readonly namedTwins = new Set<string>();
  /** The kept kinds the body holds an object of (a rejected one too): prune deletes only theirs, unless told which. */
  private readonly namedKinds = new Set<ImportedKind>();
  /** The kinds prune deleted the unnamed objects of; undefined without prune. */
  private prunedKinds: readonly ImportedKind[] | undefined;
  /** uid -> the object that holds it, in the cluster as stored and as imported so far. */
  private readonly uidOwners = new Map<string, string>();
  /** The NoExecute taints of every node the import writes, before and after. */
  private readonly taintChanges = new Map<string, { before: readonly Taint[]; after: readonly Taint[] }>();
  /** The batch being read: its rows, and its pods as the taint eviction controller needs them. */
  private nodeBatch: ImportedNodeRow[] = [];
  private podBatch: ImportedPodText[] = [];
  private twinBatch: string[] = [];
  private batchPods: Pod[] = [];
  private readonly soFar: ImportSoFar;

  constructor(
    private readonly cluster: string,
    /** The time the import started: of the taints and creation times it gives. */
    now: number,
    private readonly view: ClusterView | undefined,
    /** The digest of each stored pod as an import last sent it (PodStore.importDigests); none when a thread reads the body and compares them. */
    podDigests: ReadonlyMap<string, string>,
    settings: DomainSettings,
    /** The most objects a body may hold (IMPORT_MAX_OBJECTS); past it the import stops, refused as too large. */
    private readonly maxObjects = Number.POSITIVE_INFINITY,
  ) {
    for (const node of view?.nodes.values() ?? []) this.uidOwners.set(node.metadata.uid ?? '', ownerOf('Node', node.metadata.name));
    for (const pod of view?.pods.values() ?? [])
      this.uidOwners.set(pod.metadata.uid ?? '', ownerOf('Pod', `${pod.metadata.namespace ?? 'default'}/${pod.metadata.name}`));
    for (const kind of TWIN_KIND_NAMES) {
      for (const [key, object] of view?.[TWIN_KINDS[kind].field] ?? []) this.uidOwners.set(object.metadata.uid ?? '', ownerOf(kind, key));
    }
    this.soFar = {
      stored: view,
      namedNodes: this.namedNodes,
      namedPods: this.namedPods,
      podDigests,
      namedTwins: this.namedTwins,
      uidOwners: this.uidOwners,
      now,
      settings,
      newUid: randomUUID,
    };
  }

  /**
   * Reads the body to its end, each batch sent to `flush` in turn; answers once every batch is
   * stored. Its entries as readKubectlObjects reads them, or as a thread reads them (readOnThread),
   * pods told as far as their own objects tell them.
   */
  async read(entries: AsyncIterable<ReadEntry>, flush: (batch: ImportBatch) => Promise<void>): Promise<void> {
    const batches = new BatchLine(flush);
    try {
      await this.readAll(entries, batches);
    } catch (error) {
      // The batches sent before the failure are stored or not before the import answers, never after.
      await batches.settled();
      throw error;
    }
  }

  private async readAll(entries: AsyncIterable<ReadEntry>, batches: BatchLine): Promise<void> {
    let yielded = performance.now();
    let read = 0;
    for await (const entry of readable(entries)) {
      read += 1;
      if (read > this.maxObjects)
        fail(
          failure.tooLarge(
            `the body holds more than ${this.maxObjects} objects, the most an import takes (IMPORT_MAX_OBJECTS): split it, or import fewer kinds at once`,
          ),
        );
      if (!('ok' in entry)) this.take(finishPreparedPod(entry, this.soFar));
      else if (entry.ok) this.take(classifyObject(entry.object, entry.position, entry.bytes, this.soFar));
      else this.reject({ kind: '', name: '', position: describePosition(entry.position), message: entry.message });
      if (this.nodeBatch.length + this.podBatch.length + this.twinBatch.length >= FLUSH_EVERY) await this.cut(batches);
      // Reading a body that has arrived never waits on I/O: without a turn of the event loop now and
      // then, the batches queued would not even be sent, and Postgres would idle while this process reads.
      if (performance.now() - yielded >= YIELD_EVERY_MS) {
        await setImmediate();
        yielded = performance.now();
      }
    }
    await this.cut(batches);
    await batches.stored();
  }

  /** Sends the batch read so far to be stored, with its eviction decisions made now. */
  private async cut(batches: BatchLine): Promise<void> {
    const [nodes, pods, twins, podsRead] = [this.nodeBatch, this.podBatch, this.twinBatch, this.batchPods];
    this.nodeBatch = [];
    this.podBatch = [];
    this.twinBatch = [];
    this.batchPods = [];
    if (nodes.length === 0 && pods.length === 0 && twins.length === 0) return;
    // Decided now, from the nodes read so far: reading on must not change what this batch decides.
    const decisions = batchDecisions(
      nodes,
      podsRead,
      (name) => this.taintChanges.get(name),
      (name) => this.view?.nodes.get(name)?.spec?.taints,
    );
    await batches.send({ nodes, pods, twins, ...decisions });
  }

  /** Records what the object became: what it names and claims, its tally, and what is to be stored. */
  private take(outcome: ObjectOutcome): void {
    switch (outcome.kind) {
      case 'rejected':
        this.reject(outcome.rejection);
        return;
      case 'skipped': {
        const of = `${outcome.apiVersion} ${outcome.of}`;
        const counted = this.skipped.get(of);
        if (counted) counted.count++;
        else this.skipped.set(of, { kind: outcome.of, apiVersion: outcome.apiVersion, count: 1 });
        return;
      }
      case 'unchanged':
        if (outcome.of === 'Node') this.claim(this.namedNodes, 'Node', outcome.key, outcome.uid);
        else if (outcome.of === 'Pod') this.claim(this.namedPods, 'Pod', outcome.key, outcome.uid);
        else this.claimTwin(outcome.of, outcome.key, outcome.uid);
        this.tallyOf(outcome.of).unchanged++;
        return;
      case 'twin':
        this.claimTwin(outcome.of, outcome.key, outcome.uid);
        this.tallyOf(outcome.of)[outcome.created ? 'created' : 'updated']++;
        this.twinBatch.push(outcome.text);
        return;
      case 'node':
        this.claim(this.namedNodes, 'Node', outcome.key, outcome.uid);
        this.nodeTally[outcome.created ? 'created' : 'updated']++;
        this.taintChanges.set(outcome.key, outcome.taints);
        this.nodeBatch.push(outcome.row);
        return;
      case 'pod':
        this.claim(this.namedPods, 'Pod', outcome.key, outcome.uid);
        this.podTally[outcome.created ? 'created' : 'updated']++;
        if (outcome.decide) this.batchPods.push(outcome.decide);
        this.podBatch.push(outcome.text);
    }
  }

  private tallyOf(kind: 'Node' | 'Pod' | TwinKind): KindTally {
    return kind === 'Node' ? this.nodeTally : kind === 'Pod' ? this.podTally : this.twinTallies[TWIN_KINDS[kind].field];
  }

  /** The object is named by the import, and holds its uid from now on (when it was checked for one). */
  private claim(named: Set<string>, kind: 'Node' | 'Pod', key: string, uid: string | undefined): void {
    named.add(key);
    this.namedKinds.add(kind);
    if (uid !== undefined) this.uidOwners.set(uid, ownerOf(kind, key));
  }

  private claimTwin(kind: TwinKind, key: string, uid: string | undefined): void {
    this.namedTwins.add(ownerOf(kind, key));
    this.namedKinds.add(kind);
    if (uid !== undefined) this.uidOwners.set(uid, ownerOf(kind, key));
  }

  private reject(rejected: Rejection): void {
    this.rejectedCount += 1;
    if (this.rejected.length < MAX_REJECTIONS_LISTED) this.rejected.push(rejected);
    if (rejected.kind === 'Node' || rejected.kind === 'Pod' || isTwinKind(rejected.kind)) this.namedKinds.add(rejected.kind);
    if (!rejected.name) return;
    if (rejected.kind === 'Node') this.namedNodes.add(rejected.name);
    else if (rejected.kind === 'Pod') this.namedPods.add(podKey(rejected.namespace ?? 'default', rejected.name));
    else if (isTwinKind(rejected.kind)) this.claimTwin(rejected.kind, twinKey(rejected.kind, rejected.namespace ?? 'default', rejected.name), undefined);
  }

  /**
   * The kinds prune deletes objects of: those asked for (`pruneKinds`), or else those of which the
   * body holds an object, a rejected one too. An import of pods alone leaves the nodes alone, and a
   * periodic `kubectl get nodes,pods` the stored PersistentVolumes; in the kept kinds' order.
   */
  pruneKindsOf(asked: readonly ImportedKind[] | undefined): ImportedKind[] {
    const kinds = new Set<ImportedKind>(asked ?? this.namedKinds);
    return IMPORTED_KINDS.filter((kind) => kinds.has(kind));
  }

  /** The cluster's objects of these kinds that the import does not name. */
  unnamed(kinds: readonly ImportedKind[]): { nodes: string[]; pods: { namespace: string; name: string }[]; twins: TwinName[] } {
    const nodes = kinds.includes('Node') ? [...(this.view?.nodes.keys() ?? [])].filter((name) => !this.namedNodes.has(name)) : [];
    const pods = kinds.includes('Pod')
      ? [...(this.view?.pods.values() ?? [])]
          .map((p) => ({ namespace: p.metadata.namespace ?? 'default', name: p.metadata.name }))
          .filter((p) => !this.namedPods.has(podKey(p.namespace, p.name)))
      : [];
    const twins: TwinName[] = [];
    for (const kind of kinds) {
      if (!isTwinKind(kind)) continue;
      for (const [key, object] of this.view?.[TWIN_KINDS[kind].field] ?? []) {
        if (this.namedTwins.has(ownerOf(kind, key))) continue;
        twins.push({ kind, namespace: TWIN_KINDS[kind].namespaced ? (object.metadata.namespace ?? 'default') : '', name: object.metadata.name });
      }
    }
    return { nodes, pods, twins };
  }

  /** What prune deleted (or would, on a dry run), of these kinds. */
  deleted({ nodes, pods, twins }: { nodes: readonly string[]; pods: readonly unknown[]; twins: readonly TwinName[] }, kinds: readonly ImportedKind[]): void {
    this.prunedKinds = kinds;
    this.nodeTally.deleted = nodes.length;
    this.podTally.deleted = pods.length;
    for (const { kind } of twins) this.twinTallies[TWIN_KINDS[kind].field].deleted++;
  }

  /** What it did, as the audit trail, the webhooks and the log tell it. */
  tallies() {
    return { nodes: this.nodeTally, pods: this.podTally, ...this.twinTallies, rejected: this.rejectedCount, skipped: [...this.skipped.values()] };
  }

  /** What the import did; `revision`: the cluster's once the import is stored (as it is now, on a dry run). */
  outcome(dryRun: boolean, revision: bigint): ImportOutcome {
    return {
      cluster: this.cluster,
      dryRun,
      nodes: this.nodeTally,
      pods: this.podTally,
      ...this.twinTallies,
      rejected: this.rejected,
      rejectedCount: this.rejectedCount,
      skipped: [...this.skipped.values()],
      ...(this.prunedKinds ? { prunedKinds: this.prunedKinds } : {}),
      revision,
    };
  }
}

/**
 * The body's entries; a body that cannot be read at all, or did not arrive whole, is the client's
 * mistake, refused whole (400; 413 past the import limit).
 */
async function* readable(entries: AsyncIterable<ReadEntry>): AsyncGenerator<ReadEntry> {
  try {
    yield* entries;
  } catch (error) {
    if (error instanceof UnreadableBodyError) fail(failure.badRequest(`the body cannot be read: ${error.message}`));
    if (error instanceof BodyNotReceivedError) fail(error.tooLarge ? failure.tooLarge(error.message) : failure.badRequest(error.message));
    throw error;
  }
}
