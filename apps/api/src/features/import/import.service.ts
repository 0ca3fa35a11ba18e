import { failureOfThrown } from '../../platform/failures/failure-answers';
import { reportIfOutage } from '../../platform/failures/outages';
import { Injectable, Logger } from '@nestjs/common';
import type { Failure } from '@taintgate/domain';
import { ImportMetrics } from '../../platform/metrics/import-metrics';
import { PodStore } from '../../store/pod-store';
import type { ClusterView } from '../../store/cluster-snapshot';
import { ClusterSnapshots } from '../../store/cluster-snapshots';
import { ClusterWriter } from '../../store/cluster-writer';
import { recordImportFinished } from '../../store/outbox';
import { AppConfig } from '../../platform/config/app-config';
import { FailureException, fail } from '../../platform/failures/failure.exception';
import type { ImportCommand } from './import-commands';
import { type ImportOrigin, ImportWrites } from './import-batches';
import { type ImportOutcome, ImportRun, type ImportedEvictions, countsOf } from './import-run';
import { ImportStore } from './import-store';
import { ImportEvictions } from './import-evictions';
import { EvictionLedger } from '../../store/evictions/eviction-ledger';
import { readKubectlObjects } from './kubectl-objects';
import { readOnThread } from './import-read-threads';
import { podDigestsOf } from '../../store/pod-record';
import type { ReadProgress } from './read-progress';

/** Bodies smaller than this are read in a moment: no progress is logged. */
const PROGRESS_EVERY_BYTES = 64 * 2 ** 20;

/**
 * How many objects an import writes before it analyzes the tables: autovacuum analyzes a table
 * once a tenth of it has changed, which a first import always does; below this an import is quick,
 * and the statistics of a large table barely move.
 */
export const ANALYZE_AFTER_OBJECTS = 10_000;

/**
 * POST /v1/clusters/{cluster}/import: what kubectl prints (a List, NodeList, PodList or single
 * objects) stored as it is. Each object is validated on its own (a bad one is rejected with its
 * field errors and never stops the rest); admission does not run again (the source's API server
 * admitted the pods); uids, creation times, labels, annotations, status and tolerations are kept.
 * An object equal to the stored one is left alone; `prune` deletes what the import does not name,
 * of the kinds the body holds (or `pruneKinds` names);
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
 *
 * A body of IMPORT_THREAD_MIN_MB or more (or of no declared length) is read on a worker thread of
 * its own (import-read-threads.ts): the thread splits and parses it and takes each pod as far as
 * its own object tells it (its digest, its validation, its row), and the event loop only tells
 * each against the import's state and stores it. What each object becomes is imported-object.ts's
 * and imported-pod.ts's; the run that reads the body and batches what it stores, import-run.ts;
 * the batches' writes, import-batches.ts; the answer, import-answer.ts.
 */
@Injectable()
export class ImportService {
  private readonly logger = new Logger(ImportService.name);

  constructor(
    private readonly snapshots: ClusterSnapshots,
    private readonly writer: ClusterWriter,
    private readonly writes: ImportWrites,
    private readonly store: ImportStore,
    private readonly ledger: EvictionLedger,
    private readonly pods: PodStore,
    private readonly config: AppConfig,
    private readonly metrics: ImportMetrics,
  ) {}

  /**
   * `origin`: `sync`, a mirror's sync storing what its source said (mirror-sync/): neither audited
   * nor told as ImportFinished, one batch of a watch at a time.
   */
  async import(cluster: string, command: ImportCommand, origin: ImportOrigin = 'request'): Promise<ImportOutcome> {
    const started = Date.now();
    const view = await this.snapshots.find(cluster, started);
    // A watch's changes (a sync's import without prune) are changes: the whole cluster's digests,
    // which spare the unchanged pods of a whole body, are not read for a handful of objects.
    const watched = origin === 'sync' && !command.prune;
    const digests = view && !watched ? await this.pods.importDigests(view.cluster.id, view.revision) : '';
    const { bytes } = command.body;
    const onThread = bytes === undefined || bytes >= this.config.importThreadMinBytes;
    // On a thread, the thread compares the pods with the digests: the event loop never holds them.
    const run = new ImportRun(cluster, started, view, onThread ? new Map() : podDigestsOf(digests), this.config.domain, this.config.importMaxObjects);
    const options = { onProgress: (p: ReadProgress) => this.logProgress(cluster, p) };
    const entries = onThread ? readOnThread(command.body, digests, this.config.domain, options) : readKubectlObjects(command.body, options);
    if (command.dryRun) {
      await run.read(entries, () => Promise.resolve());
      if (command.prune) {
        const kinds = run.pruneKindsOf(command.pruneKinds);
        run.deleted(run.unnamed(kinds), kinds);
      }
      return run.outcome(true, view?.revision ?? 0n);
    }
    let stored = 0;
    const evictions = new ImportEvictions();
    try {
      await run.read(entries, async (batch) => {
        await this.writes.store(cluster, batch, evictions, origin);
        stored += batch.nodes.length + batch.pods.length + batch.twins.length;
      });
    } catch (error) {
      // Ours, or what the answer would make of it (Postgres gone midway: 503), said with what was stored.
      const failed = error instanceof FailureException ? error.failure : failureOfThrown(error);
      if (stored === 0 || !failed) throw error;
      if (failed.reason === 'ServiceUnavailable') reportIfOutage(error);
      fail(storedPartway(failed, stored));
    }
    if (command.prune) {
      const kinds = run.pruneKindsOf(command.pruneKinds);
      const unnamed = run.unnamed(kinds);
      await this.writes.prune(cluster, unnamed, origin);
      run.deleted(unnamed, kinds);
    }
    const revision = origin === 'sync' ? (view?.revision ?? 0n) : await this.recordFinished(cluster, view, run);
    const outcome: ImportOutcome = { ...run.outcome(false, revision), evictions: await this.evictionsOf(evictions) };
    if (stored >= ANALYZE_AFTER_OBJECTS) await this.analyze(cluster);
    const seconds = (Date.now() - started) / 1000;
    if (origin === 'sync') return outcome;
    this.metrics.imported(run.tallies(), seconds, onThread);
    // One line per import, its counts as fields (a log collector sums them; the text says them too).
    this.logger.log({
      msg: `import into cluster ${cluster}: ${summaryOf(outcome)} in ${seconds.toFixed(1)} s${onThread ? ', its body read on a worker thread' : ''}`,
      cluster,
      ...run.tallies(),
      onThread,
      durationMs: Math.round(seconds * 1000),
    });
    return outcome;
  }

  /** The evictions the import's writes decided: counted, the first of them as stored now (one may have run its course since). */
  private async evictionsOf(evictions: ImportEvictions): Promise<ImportedEvictions> {
    const { executed, scheduled, predicted, queuedNodes } = evictions;
    return { executed, scheduled, predicted, queuedNodes, items: await this.ledger.byIds(evictions.listed) };
  }

  /**
   * The import's audit row and its ImportFinished event. In a write of their own, which takes the
   * cluster's next revision, when the import changed something (or made the cluster); else at the
   * revision the import found, which stays the cluster's (ImportStore.recordUnchanged).
   */
  private async recordFinished(cluster: string, view: ClusterView | undefined, run: ImportRun): Promise<bigint> {
    const tallies = run.tallies();
    const { created, updated, deleted } = countsOf(tallies);
    if (view && created + updated + deleted === 0) {
      await this.store.recordUnchanged(view.cluster, view.revision, Date.now(), tallies);
      return view.revision;
    }
    return this.writer.write(
      cluster,
      async (w) => {
        await w.audit({ action: 'cluster.import', kind: 'Cluster', name: cluster, details: tallies });
        await recordImportFinished(w, tallies);
        return w.revision;
      },
      { what: 'import', onMirror: true },
    );
  }

  /**
   * The planner's statistics of the tables a large import filled, taken at once: until autovacuum
   * analyzes them (a minute or more after such a load) the planner knows nothing of the rows, and
   * the writes that follow pay for it (node writes ran at half speed over a cluster bulk-loaded and
   * not yet analyzed: bench/RESULTS.md). ANALYZE samples a bounded number of rows whatever the
   * table's size (0.4 s for 310,000 pods). A failure is logged, never the import's.
   */
  private async analyze(cluster: string): Promise<void> {
    const started = performance.now();
    try {
      await this.store.analyze();
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
}

/** A body that failed after some of its writes: the failure as it is, saying what was stored. */
function storedPartway(cause: Failure, stored: number): Failure {
  return { ...cause, message: `${cause.message} (the ${stored} objects before it were stored; import the whole body again to finish)` };
}

function summaryOf(outcome: ImportOutcome): string {
  const { created, updated, unchanged, deleted } = countsOf(outcome);
  const skipped = outcome.skipped.reduce((sum, s) => sum + s.count, 0);
  return `${created} created, ${updated} updated, ${unchanged} unchanged, ${deleted} deleted, ${outcome.rejectedCount} rejected, ${skipped} skipped${outcome.dryRun ? ' (dry run)' : ''}`;
}
