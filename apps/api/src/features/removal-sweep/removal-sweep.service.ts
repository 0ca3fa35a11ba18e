import { randomUUID } from 'node:crypto';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { type NodeTarget, type PlacementOptions, failure, rankRemovals, selectNodes } from '@taintgate/domain';
import { ClusterSnapshots } from '../../store/cluster-snapshots';
import { clusterListsOf } from '../../store/cluster-lists';
import { ClusterDirectory } from '../../store/cluster-directory';
import { AppConfig } from '../../platform/config/app-config';
import { fail, valueOf } from '../../platform/failures/failure.exception';
import { RemovalSweepJobs } from './removal-sweep-jobs';
import { RemovalSweepStore, type SweepRow, type SweepSummaryRow } from './removal-sweep-store';
import { runSweepThreads } from './sweep-threads';

/** How often a running sweep's progress is written to Postgres (the job's is told at every node). */
const PROGRESS_WRITE_MS = 500;
/** Sweeps a list answers at most. */
const LISTED = 50;

/** A sweep asked: its nodes (absent: every node of the cluster). */
export interface SweepCommand {
  target?: NodeTarget;
}

/** The sweep as stored, with its cluster's name. */
export type Sweep = SweepRow & { readonly cluster: string };

class SweepAborted extends Error {}

/**
 * "Which nodes can I remove?" for a whole cluster, as a job (POST /v1/removal-sweep): the sweep is
 * stored, queued (BullMQ), taken by a replica's worker, and run on worker threads over the cluster
 * as that replica holds it; its progress and then its ranked nodes are kept in Postgres, where any
 * replica answers GET from. A cluster runs one sweep at a time.
 */
@Injectable()
export class RemovalSweepService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('RemovalSweeps');
  /** Sweeps running in this process, stopped when it stops (their job is taken again). */
  private readonly running = new Set<AbortController>();

  constructor(
    private readonly snapshots: ClusterSnapshots,
    private readonly clusters: ClusterDirectory,
    private readonly store: RemovalSweepStore,
    private readonly jobs: RemovalSweepJobs,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.sweeps.worker) this.jobs.runWorker((id, progress) => this.run(id, progress));
  }

  onModuleDestroy(): void {
    for (const running of this.running) running.abort();
  }

  /** Stores and queues a sweep of the nodes asked; Conflict while another of the cluster waits or runs. */
  async start(clusterName: string, { target }: SweepCommand): Promise<Sweep> {
    const view = await this.snapshots.view(clusterName);
    const nodes = target
      ? valueOf(selectNodes(target, view.nodes.values(), (name) => view.nodes.get(name))).map((node) => node.metadata.name)
      : [...view.keysInOrder('nodes')];
    const active = await this.store.active(view.cluster.id);
    if (active) fail(failure.conflict(`removal sweep ${active.id} of cluster ${clusterName} is ${active.phase.toLowerCase()}: one sweep a cluster at a time`));
    const row = await this.store.create({ id: randomUUID(), clusterId: view.cluster.id, nodes });
    try {
      await this.jobs.enqueue(row.id);
    } catch (error) {
      await this.store.failed(row.id, `not queued: ${error instanceof Error ? error.message : String(error)}`, new Date());
      throw error;
    }
    return { ...row, cluster: clusterName };
  }

  async get(clusterName: string, name: string): Promise<Sweep> {
    const { id } = await this.clusters.require(clusterName);
    const row = isUuid(name) ? await this.store.find(id, name) : null;
    if (!row) fail(failure.notFound('RemovalSweep', name, 'taintgate.io'));
    return { ...row, cluster: clusterName };
  }

  async list(clusterName: string): Promise<(SweepSummaryRow & { cluster: string })[]> {
    const { id } = await this.clusters.require(clusterName);
    return (await this.store.list(id, LISTED)).map((row) => ({ ...row, cluster: clusterName }));
  }

  /**
   * The sweep's job: its nodes still in the cluster judged on threads over the cluster as this
   * replica holds it, progress written as it goes, the ranks stored. A failure is recorded and ends
   * the job; a stop of this process leaves the sweep running for the job's next run.
   */
  private async run(sweepId: string, progress: (done: number) => Promise<void>): Promise<void> {
    const row = await this.store.byId(sweepId);
    if (!row || row.phase === 'Succeeded' || row.phase === 'Failed') return;
    const abort = new AbortController();
    this.running.add(abort);
    try {
      const cluster = row.cluster;
      const view = await this.snapshots.view(cluster.name);
      await this.store.started(sweepId, view.revision, new Date());
      let written = 0;
      const report = (done: number) => {
        void progress(done).catch(() => undefined);
        if (Date.now() - written < PROGRESS_WRITE_MS) return;
        written = Date.now();
        void this.store.progressed(sweepId, done).catch(() => undefined);
      };
      const ranks = await runSweepThreads(
        {
          cluster: clusterListsOf(view),
          // A node removed since the sweep was asked is not judged.
          nodes: row.nodes.filter((name) => view.nodes.has(name)),
          now: Date.now(),
          options: this.options(),
        },
        this.config.sweeps,
        report,
        abort.signal,
      );
      this.logger.log(`removal sweep ${sweepId} of ${cluster.name}: ${ranks.length} nodes judged`);
      await this.store.succeeded(sweepId, rankRemovals(ranks), new Date());
    } catch (error) {
      // Stopped with the process: the job's next run takes it again.
      if (abort.signal.aborted) throw new SweepAborted('stopped with the process');
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn(`removal sweep ${sweepId} failed: ${message}`);
      await this.store.failed(sweepId, message, new Date());
    } finally {
      this.running.delete(abort);
    }
  }

  private options(): PlacementOptions {
    const { tolerationComparisonOperators, summaryWording } = this.config.domain;
    return { comparisonOperators: tolerationComparisonOperators, summaryWording };
  }
}

const isUuid = (name: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(name);
