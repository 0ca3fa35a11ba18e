import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { type Pod, type Taint, deletionGracePeriodSeconds, noExecuteTaintsChanged, predictionOnPodDeleted, taintToString, wakeStep } from '@taintgate/domain';
import { ClusterWriter } from '../../store/cluster-writer';
import type { AuditEntry, WriteContext } from '../../store/write-context';
import { NodeStore } from '../../store/node-store';
import { podKey, podOfRow } from '../../store/pod-record';
import { PodStore, type PodsNode } from '../../store/pod-store';
import { AppConfig } from '../../platform/config/app-config';
import { EvictionJobs } from './eviction-jobs';
import { EvictionLedger } from '../../store/evictions/eviction-ledger';
import { type ExecutedEviction, EvictionOutcome } from '../../store/evictions/eviction-outcome';
import { EvictionReport } from './eviction-report';
import { evictionOutcomeFor } from './eviction-outcomes';
import type { WokenBy } from '../../platform/metrics/eviction-metrics';

/** How many due evictions one wake-up carries out at most, in one transaction. */
const WAKE_BATCH = 500;

/** What one wake-up did; `more`: it took a full batch, and more may be due. */
export interface WakeOutcome {
  executed: number;
  cancelled: number;
  requeued: number;
  more: boolean;
}

/** A node write, as the controller is told of it: its taints before and after. */
export interface NodeTaintsChange {
  name: string;
  before: readonly Taint[];
  after: readonly Taint[];
}

/**
 * The taint eviction controller (pkg/controller/tainteviction): told of every write that
 * changes a node's NoExecute taints or a pod's binding or tolerations, it reads what it needs
 * through the stores, asks the domain for each pod's step (evictionStep, wakeStep), has the
 * ledger record the outcome, and carries executions out: the pod deleted, audited, its wake-ups
 * queued after commit. All in the caller's transaction.
 */
@Injectable()
export class TaintEvictionController implements OnApplicationBootstrap {
  constructor(
    private readonly writer: ClusterWriter,
    private readonly nodes: NodeStore,
    private readonly pods: PodStore,
    private readonly ledger: EvictionLedger,
    private readonly jobs: EvictionJobs,
    private readonly config: AppConfig,
    private readonly report: EvictionReport,
  ) {}

  /** Runs due wake-ups in this process unless EVICTION_WORKER=false. */
  onApplicationBootstrap(): void {
    if (this.config.evictions.worker) this.jobs.runWorker((id) => this.wake(id));
  }

  /** After node writes: only the nodes whose NoExecute taints changed have their pods decided again. */
  async nodeTaintsChanged(w: WriteContext, changes: readonly NodeTaintsChange[]): Promise<void> {
    await this.nodesUpdated(
      w,
      changes.filter((c) => noExecuteTaintsChanged(c.before, c.after)).map((c) => c.name),
    );
  }

  /**
   * The pods bound to these nodes decided again against the nodes' taints as stored now (a node no
   * longer stored has none): what upstream's handleNodeUpdate does for each node it takes from
   * its queue. Idempotent: a pod already terminating, or whose deadline stands, is left as it is.
   */
  async nodesUpdated(w: WriteContext, names: readonly string[]): Promise<EvictionsDecided> {
    if (names.length === 0) return NONE_DECIDED;
    const taintsOf = await this.nodes.taintsOf(w, names);
    return this.decide(w, await this.pods.boundTo(w, names), taintsOf);
  }

  /**
   * After a pod was created or replaced: bound to a tainted node, or its tolerations changed.
   * `node`, when the write read it with the pod (PodStore.findForWrite) and the pod is still bound
   * to it, spares the reads: a pod on a node without a NoExecute taint, and no eviction waiting
   * for it there, has nothing to decide (evictionStep: nothing to schedule, nothing to cancel).
   */
  async podChanged(w: WriteContext, pod: Pod, node?: PodsNode): Promise<void> {
    const nodeName = pod.spec?.nodeName;
    if (!nodeName) return;
    if (node?.name !== nodeName) {
      await this.decide(w, [pod], await this.nodes.taintsOf(w, [nodeName]));
      return;
    }
    if (!node.evicting && !node.taints?.some((t) => t.effect === 'NoExecute')) return;
    await this.decide(w, [pod], node.taints ? new Map([[nodeName, node.taints]]) : new Map());
  }

  /**
   * After many pods were written at once (an import): each bound to a node with NoExecute taints
   * is decided as the controller decides a pod it sees for the first time, in one read of their
   * nodes' taints and evictions.
   */
  async podsChanged(w: WriteContext, pods: readonly Pod[]): Promise<EvictionsDecided> {
    const nodeNames = [...new Set(pods.flatMap((p) => (p.spec?.nodeName ? [p.spec.nodeName] : [])))];
    if (nodeNames.length === 0) return NONE_DECIDED;
    return this.decide(w, pods, await this.nodes.taintsOf(w, nodeNames));
  }

  /** After pods were deleted: the evictions still waiting for them go. */
  async podsDeleted(w: WriteContext, pods: readonly { namespace: string; name: string }[]): Promise<void> {
    if (pods.length === 0) return;
    const outcome = new EvictionOutcome();
    for (const row of await this.ledger.scheduledForPods(w, pods)) {
      // A mirror's prediction: its pod gone at or past its deadline is the prediction come true.
      if (row.status === 'Predicted' && predictionOnPodDeleted(row.scheduledFor.getTime(), w.now) === 'DeletedAtSource') outcome.cameTrueFor(row);
      else outcome.cancel(row, 'PodDeleted');
    }
    await this.carryOut(w, outcome);
  }

  /**
   * A wake-up job fired: decide again, from what is stored now, for this eviction and every
   * other one already due, so that one transaction carries out a burst of deadlines.
   */
  async wake(evictionId: bigint): Promise<WakeOutcome> {
    const clusterId = await this.ledger.clusterOf(evictionId);
    // Its cluster was deleted, and the eviction with it.
    if (clusterId === undefined) return { executed: 0, cancelled: 0, requeued: 0, more: false };
    return this.wakeCluster(clusterId, evictionId);
  }

  /**
   * The cluster's due evictions decided again and carried out (and `evictionId`'s, if named, due
   * or not), at most WAKE_BATCH in one write; `more` when the batch was full. The wake-up jobs
   * and the due-eviction sweep both come here, and the write's revision orders them: whichever
   * comes second finds the eviction no longer scheduled.
   */
  async wakeCluster(clusterId: number, evictionId?: bigint): Promise<WakeOutcome> {
    const nothing = { executed: 0, cancelled: 0, requeued: 0, more: false };
    const done = await this.writer.writeExisting(
      clusterId,
      async (w) => {
        const rows = await this.ledger.dueOrById(w, evictionId, WAKE_BATCH);
        const podRows = await this.pods.findMany(
          w,
          rows.map((r) => ({ namespace: r.podNamespace, name: r.podName })),
        );
        const taintsOf = await this.nodes.taintsOf(w, [...new Set(rows.map((r) => r.nodeName))]);
        const outcome = new EvictionOutcome();
        for (const row of rows) {
          const podRow = podRows.get(podKey(row.podNamespace, row.podName));
          const pod = podRow ? podOfRow(podRow) : undefined;
          const scheduled = { podUid: row.podUid, nodeName: row.nodeName, startedAt: row.startedAt.getTime(), fireAt: row.scheduledFor.getTime() };
          const podNow = podRow && { uid: podRow.uid, nodeName: podRow.nodeName ?? undefined, tolerations: pod?.spec?.tolerations };
          const step = wakeStep(scheduled, podNow, taintsOf.get(row.nodeName), w.now, this.options());
          if (step.step === 'Cancel') outcome.cancel(row, step.reason);
          else if (step.step === 'Execute') outcome.executeDue(row, pod as Pod);
          else outcome.requeue(row);
        }
        // A job names the eviction it wakes for; the due-eviction sweep names none.
        await this.carryOut(w, outcome, evictionId === undefined ? 'sweep' : 'job');
        return { executed: outcome.due.length, cancelled: outcome.cancelled.length, requeued: outcome.requeued.length, more: rows.length === WAKE_BATCH };
      },
      // A mirror holds no Scheduled eviction: a wake-up queued before it became one finds nothing to do.
      { what: 'eviction wake-up', onMirror: true },
    );
    return done ?? nothing;
  }

  private options() {
    return this.config.matchOptions;
  }

  /** Each pod's step against its node's taints (a node missing from `taintsOf` is gone). */
  private async decide(w: WriteContext, pods: readonly Pod[], taintsOf: ReadonlyMap<string, readonly Taint[]>): Promise<EvictionsDecided> {
    if (pods.length === 0) return NONE_DECIDED;
    const scheduledOf = await this.ledger.scheduledOnNodes(w.cluster.id, [...new Set(pods.map((p) => p.spec?.nodeName ?? ''))], w);
    return this.carryOut(w, evictionOutcomeFor(pods, taintsOf, scheduledOf, w.now, this.options(), w.mode === 'mirror'));
  }

  /**
   * Records the outcome, then does what the controller's deletion does (a delete with default
   * options, graceful as the pod strategy's CheckGracefulDelete makes it): a pod with a grace
   * period is terminating until it is over (TerminatingPodReaper removes it then), one without is
   * gone at once; each is audited. The DisruptionTarget condition the controller sets first is not
   * kept. New wake-ups are queued after commit, and what was done is told then (EvictionReport:
   * log lines and metrics; `wokenBy` says what woke a deadline's wake-up).
   */
  async carryOut(w: WriteContext, outcome: EvictionOutcome, wokenBy?: WokenBy): Promise<EvictionsDecided> {
    const { executed, scheduled, predicted, wakeups } = await this.ledger.record(w, outcome);
    if (executed.length || outcome.cancelled.length) {
      const cluster = w.cluster.name;
      const decidedAt = w.now;
      w.afterCommit(() => {
        this.report.committed(cluster, outcome, executed, decidedAt, wokenBy);
        return Promise.resolve();
      });
    }
    if (executed.length) {
      const nameOf = (pod: Pod) => ({ namespace: pod.metadata.namespace ?? 'default', name: pod.metadata.name });
      const graceful = executed.map(({ pod }) => ({ pod, graceSeconds: deletionGracePeriodSeconds(pod) }));
      const now = graceful.filter((e) => e.graceSeconds === 0).map((e) => e.pod);
      // In slices: a function takes only so many arguments, and a whole cluster's evictions are more.
      for (const slice of slices(now)) await this.pods.delete(w, ...slice.map(nameOf));
      await this.ledger.podsRemoved(
        w,
        now.map((pod) => pod.metadata.uid ?? ''),
      );
      await this.pods.markTerminating(
        w,
        graceful
          .filter((e) => e.graceSeconds > 0)
          .map(({ pod, graceSeconds }) => ({ ...nameOf(pod), graceSeconds, removeAt: new Date(w.now + graceSeconds * 1000) })),
      );
      for (const slice of slices(executed)) await w.audit(...slice.map(auditEntryOf));
    }
    if (wakeups.length) w.afterCommit(() => this.jobs.enqueueAll(wakeups));
    return { executed: executed.map((e) => e.evictionId), scheduled: scheduled.map((row) => row.id), predicted: predicted.map((row) => row.id) };
  }
}

/** The evictions a decision executed, scheduled and (in a mirror) predicted, by id (an import's answer lists them). */
export interface EvictionsDecided {
  readonly executed: readonly bigint[];
  readonly scheduled: readonly bigint[];
  readonly predicted: readonly bigint[];
}

export const NONE_DECIDED: EvictionsDecided = { executed: [], scheduled: [], predicted: [] };

/** A list in slices small enough to spread into a call's arguments. */
function slices<T>(items: readonly T[], size = 10_000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function auditEntryOf({ pod, nodeName, taint, evictionId }: ExecutedEviction): AuditEntry {
  return {
    action: 'pod.evict',
    kind: 'Pod',
    namespace: pod.metadata.namespace ?? 'default',
    name: pod.metadata.name,
    details: { node: nodeName, taint: taintToString(taint), evictionId: String(evictionId) },
  };
}
