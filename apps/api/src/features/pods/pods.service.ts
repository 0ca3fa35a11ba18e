import { Injectable } from '@nestjs/common';
import {
  type Pod,
  type PodDeletion,
  admitPod,
  applyPatch,
  checkDelete,
  checkEvictionBudgets,
  checkUpdate,
  checkWrite,
  chunkOfSorted,
  evictionConsultsBudgets,
  evictionWarnings,
  failure,
  fieldsMatch,
  podDeletion,
  podFields,
  replacementHome,
  selectorMatches,
  sentResourceVersion,
  validatePod,
} from '@taintgate/domain';
import { ClusterSnapshots } from '../../store/cluster-snapshots';
import { ClusterWriter } from '../../store/cluster-writer';
import type { WriteContext } from '../../store/write-context';
import { storedVersionOf } from '../../store/object-parts';
import { type PodRow, podKey, podOfRow } from '../../store/pod-record';
import { PodStore, type PodsNode, podReadForWrite } from '../../store/pod-store';
import { TwinObjectStore } from '../../store/twin-object-store';
import { AppConfig } from '../../platform/config/app-config';
import { withNameFromUrl } from '../../http/edge/kubernetes-objects';
import { type ListPage, RawJson, type StreamedListPage, listPage } from '../../http/edge/list-answers';
import { TaintEvictionController } from '../../control-loops/taint-eviction/taint-eviction-controller';
import { fail, valueOf } from '../../platform/failures/failure.exception';
import type { DeletePodCommand, EvictPodCommand, PatchPodCommand, PodFilters, PodKey, UpsertPodCommand } from './pod-commands';
import { KubectlCommands } from '../kubectl-commands/kubectl-commands.service';
import type { KubectlSession } from '../kubectl-commands/kubectl-session';

/**
 * How many times a list page is read before it is answered as Postgres has it: a page whose pods
 * were written after the snapshot's revision is read again at the newer one, which a cluster
 * written to without pause might never let a page match.
 */
const LIST_READS = 3;

const podName = (pod: Pod) => ({ namespace: pod.metadata.namespace ?? 'default', name: pod.metadata.name });

const everyPod = (): boolean => true;

/** Whether a pod passes a list's filters (a node, a phase, label and field selectors); `everyPod` when none is given. */
function podMatcher({ nodeName, phase, labels = [], fields = [] }: Omit<PodFilters, 'namespace' | 'chunking'>): (pod: Pod) => boolean {
  if (nodeName === undefined && phase === undefined && labels.length === 0 && fields.length === 0) return everyPod;
  return (pod) =>
    (nodeName === undefined || (pod.spec?.nodeName ?? '') === nodeName) &&
    (phase === undefined || pod.status?.phase === phase) &&
    selectorMatches(labels, pod.metadata.labels) &&
    (fields.length === 0 || fieldsMatch(fields, podFields(pod)));
}

/** Pods: validated and admitted as the API server does, stored, chosen from the snapshot, answered whole from the store. */
@Injectable()
export class PodsService {
  constructor(
    private readonly snapshots: ClusterSnapshots,
    private readonly writer: ClusterWriter,
    private readonly store: PodStore,
    private readonly budgets: TwinObjectStore,
    private readonly config: AppConfig,
    private readonly evictions: TaintEvictionController,
    private readonly commands: KubectlCommands,
  ) {}

  /** A page of the PodList (`page`), its pods as objects: for a Table, GraphQL. */
  list(cluster: string, filters: PodFilters): Promise<ListPage<Pod>> {
    return this.page(cluster, filters, async (clusterId, names) => {
      const whole = await this.store.whole(clusterId, names);
      return (key) => {
        const pod = whole.get(key);
        return pod && { item: pod, resourceVersion: pod.metadata.resourceVersion as string, pod: () => pod };
      };
    });
  }

  /**
   * `list` as JSON, each pod written from its row's text: what REST and the Kubernetes API answer
   * a list of pods with, serializing none of what the row keeps as it came. The page's pods are
   * streamed as Postgres sends them (PodStore.pageTexts) when they are all as the snapshot has
   * them. A page whose pods were written meanwhile LIST_READS - 1 times over is read as `list` reads
   * it (past its last read, the pods as they are now), and answered in one piece.
   */
  async listJson(cluster: string, filters: PodFilters): Promise<StreamedListPage | ListPage<RawJson>> {
    for (let attempt = 1; attempt < LIST_READS; attempt++) {
      const { view, chunk } = await this.chunkOf(cluster, filters);
      const pods = chunk.items.map((pod) => ({ ...podName(pod), resourceVersion: pod.metadata.resourceVersion as string }));
      const batches = await this.store.pageTexts(view.cluster.id, pods);
      if (batches) return { ...listPage('PodList', { ...chunk, items: [] }, { revision: view.revision }), batches };
    }
    return this.page(cluster, filters, async (clusterId, names) => {
      const whole = await this.store.wholeTexts(clusterId, names);
      return (key) => {
        const text = whole.get(key);
        return text && { item: new RawJson(text.json), resourceVersion: text.resourceVersion, pod: () => JSON.parse(text.json) as Pod };
      };
    });
  }

  /** A page of the PodList as the snapshot has it (`page`'s choice), and the view it was chosen in. */
  private async chunkOf(cluster: string, { namespace, chunking, ...filters }: PodFilters) {
    const matches = podMatcher(filters);
    const view = await this.snapshots.view(cluster);
    const chunk = chunkOfSorted(view.keysInOrder('pods'), chunking, {
      prefix: namespace ? podKey(namespace, '') : '',
      itemOf: (key) => {
        const pod = view.pods.get(key);
        return pod && matches(pod) ? pod : undefined;
      },
      filtered: matches !== everyPod,
      revision: view.revision,
    });
    return { view, chunk, matches };
  }

  /**
   * A page of the PodList, by `namespace/name` (etcd's order of /registry/pods/<namespace>/<name>),
   * the filters applied before paging. One namespace's pods are the keys under its prefix, and its
   * tokens hold names, as kube-apiserver's do for a namespaced list. The page is chosen and filtered
   * in the snapshot (filters read nothing decisions do not), then its pods read whole (`read`); a
   * pod written or deleted since the snapshot's revision has the page read again at the newer one.
   */
  private async page<T>(
    cluster: string,
    filters: PodFilters,
    read: (clusterId: number, names: PodKey[]) => Promise<(key: string) => { item: T; resourceVersion: string; pod: () => Pod } | undefined>,
  ): Promise<ListPage<T>> {
    for (let attempt = 1; ; attempt++) {
      const { view, chunk, matches } = await this.chunkOf(cluster, filters);
      const wholeOf = await read(view.cluster.id, chunk.items.map(podName));
      const whole = chunk.items.flatMap((pod) => wholeOf(podKey(pod.metadata.namespace ?? 'default', pod.metadata.name)) ?? []);
      const current = whole.length === chunk.items.length && whole.every((w, i) => w.resourceVersion === chunk.items[i]?.metadata.resourceVersion);
      if (current || attempt === LIST_READS) {
        // Past the last read, the pods as they are now, those that still pass the filters.
        const items = current ? whole : whole.filter((w) => matches(w.pod()));
        return listPage('PodList', { ...chunk, items: items.map((w) => w.item) }, { revision: view.revision });
      }
    }
  }

  async get(cluster: string, { namespace, name }: PodKey): Promise<Pod> {
    const view = await this.snapshots.view(cluster);
    return (await this.store.whole(view.cluster.id, [{ namespace, name }])).get(podKey(namespace, name)) ?? fail(failure.notFound('Pod', name));
  }

  /**
   * PUT and POST: admission defaults are applied (and visible in the answer), then, on an update,
   * the API server's ValidatePodUpdate against the stored pod (validatePod with `previous`): only
   * images, activeDeadlineSeconds, added tolerations, removed scheduling gates and the like may
   * change, and spec.nodeName may be set once (taintgate's binding). The stored pod carries what
   * the server set (uid, resourceVersion, creationTimestamp, status) and the comparison ignores
   * those, so a pod read and sent back unchanged is a 200. Its status is stored as sent:
   * kube-apiserver keeps the old status on a PUT and takes status only through pods/status, which
   * taintgate does not have yet. The command's mode says whether it may create, replace or both
   * (REST's PUT either; the Kubernetes API's POST only creates, 409 AlreadyExists otherwise, and
   * its PUT only updates, 404 otherwise); a body naming a resourceVersion is written only over
   * the pod stored at that version (checkUpdate). Both are checked in the write's transaction.
   */
  async upsert(
    cluster: string,
    { namespace, name, pod: sent, resourceVersion, mode, dryRun = false }: UpsertPodCommand,
  ): Promise<{ pod: Pod; created: boolean }> {
    return this.writer.write(
      cluster,
      async (w) => {
        const { row: existing, node } = await this.store.findForWrite(w, namespace, name, sent.spec?.nodeName);
        valueOf(checkWrite('Pod', name, mode, existing ? storedVersionOf(existing) : undefined, resourceVersion));
        const pod = await this.persist(w, sent, existing, existing ? 'pod.replace' : 'pod.create', node);
        return { pod, created: !existing };
      },
      { dryRun, firstRead: podReadForWrite(namespace, name, sent.spec?.nodeName) },
    );
  }

  /**
   * PATCH (the Kubernetes API's: kubectl label, annotate, patch, apply): the patch applied to the
   * stored pod as kube-apiserver applies it (its name and namespace may not change), then what a
   * PUT of the result does: validation, admission, the update rules, the taint eviction
   * controller's decision, audit. A resourceVersion in the result must be the stored one (409
   * otherwise), as the API server's update checks it.
   */
  patch(cluster: string, { namespace, name, patchType, patch, dryRun }: PatchPodCommand): Promise<Pod> {
    const settings = this.config.domain;
    return this.writer.write(
      cluster,
      async (w) => {
        const existing = (await this.store.find(w, namespace, name)) ?? fail(failure.notFound('Pod', name));
        const patched = valueOf(withNameFromUrl(valueOf(applyPatch('Pod', podOfRow(existing), patchType, patch)), name, namespace));
        const result = validatePod(patched, settings);
        if (!result.ok) fail(failure.invalid('Pod', name, result.error));
        const sent = sentResourceVersion(patched);
        if (!sent.ok) fail(failure.invalid('Pod', name, sent.error));
        valueOf(checkUpdate('Pod', name, storedVersionOf(existing), sent.value));
        return this.persist(w, result.value, existing, 'pod.patch');
      },
      { dryRun },
    );
  }

  /**
   * Saves a validated pod as admission leaves it, checked against the stored one on an update,
   * then the taint eviction controller's decision (bound to a node with NoExecute taints, or its
   * tolerations changed) and audit.
   */
  private async persist(w: WriteContext, sent: Pod, existing: PodRow | null, action: string, node?: PodsNode): Promise<Pod> {
    const settings = this.config.domain;
    const previous = existing ? podOfRow(existing) : undefined;
    const admitted = admitPod(sent, previous ? 'UPDATE' : 'CREATE', settings);
    if (previous) {
      const update = validatePod(admitted, settings, previous);
      if (!update.ok) fail(failure.invalid('Pod', sent.metadata.name, update.error));
    }
    const pod = await this.store.save(w, admitted, existing);
    const { namespace = 'default', name } = pod.metadata;
    await w.audit({ action, kind: 'Pod', namespace, name, before: previous, after: pod });
    await this.evictions.podChanged(w, pod, node);
    return pod;
  }

  /**
   * pods/eviction (policy/v1 Eviction, what kubectl drain sends): the pod deleted as a DELETE with
   * the Eviction's deleteOptions deletes it (podDeletion: rest.BeforeDelete and CheckGracefulDelete),
   * its grace period the one sent, else its own, once its PodDisruptionBudgets allow it
   * (checkEvictionBudgets, as EvictionREST.Create asks them: 429 while the budget allows no
   * disruption, 500 when more than one selects the pod). An eviction that takes one of a budget's
   * disruptions stores the budget in the same write as the pod's deletion: disruptionsAllowed
   * less one, the pod among its disruptedPods. A pod with a grace period is terminating until it
   * is over, when TerminatingPodReaper removes it; one without (0 sent, or unscheduled, or
   * Succeeded or Failed whatever was sent) goes at once. A pod already terminating keeps its
   * deletion unless a shorter period is sent.
   */
  async evict(
    cluster: string,
    { namespace, name, preconditions, gracePeriodSeconds, dryRun }: EvictPodCommand,
    session?: KubectlSession,
  ): Promise<{ warnings: string[] }> {
    // kubectl drain's: told as the whole drain's, made before the eviction (a real one takes the pod away).
    const drained = await this.commands.eviction(cluster, session, { namespace, name }, dryRun);
    const evicted = await this.writer
      .write(
        cluster,
        async (w) => {
          const existing = (await this.store.find(w, namespace, name)) ?? fail(failure.notFound('Pod', name));
          valueOf(checkDelete('Pod', name, storedVersionOf(existing), preconditions));
          const pod = podOfRow(existing);
          const budgets = evictionConsultsBudgets(pod) ? await this.budgets.inNamespace(w, 'PodDisruptionBudget', namespace) : [];
          const check = checkEvictionBudgets(pod, budgets, w.now);
          if (check.kind === 'refused') return fail(check.failure);
          const deletion = podDeletion(pod, gracePeriodSeconds, w.now);
          if (deletion.kind === 'pending') return undefined;
          if (check.kind === 'decremented') await this.budgets.replace(w, 'PodDisruptionBudget', check.budget);
          await this.carryOut(w, pod, deletion);
          const grace = deletion.kind === 'remove' ? 0 : deletion.graceSeconds;
          const budget = check.kind === 'decremented' ? { disruptionBudget: check.budget.metadata.name } : {};
          await w.audit({ action: 'pod.evict', kind: 'Pod', namespace, name, details: { by: 'eviction', gracePeriodSeconds: grace, ...budget }, before: pod });
          return pod;
        },
        { dryRun },
      )
      .catch((error: unknown) => {
        drained?.untold();
        throw error;
      });
    if (!evicted) return { warnings: [] };
    const own = drained?.own ?? (await this.replacementWarnings(cluster, evicted, dryRun));
    return { warnings: [...(drained?.lines ?? []), ...own] };
  }

  /** What podDeletion decided, stored: the pod removed (its evictions waiting cancelled), or terminating until its deletionTimestamp. Answers the pod after. */
  private async carryOut(w: WriteContext, pod: Pod, deletion: Exclude<PodDeletion, { kind: 'pending' }>): Promise<Pod> {
    const key = { namespace: pod.metadata.namespace ?? 'default', name: pod.metadata.name };
    if (deletion.kind === 'terminate') return this.store.terminate(w, key, new Date(deletion.deletionTimestamp), deletion.graceSeconds);
    await this.store.delete(w, key);
    await this.evictions.podsDeleted(w, [key]);
    return pod;
  }

  /** Whether any node takes the evicted pod's replacement, over the cluster as stored once the eviction is done: told only when none does. */
  private async replacementWarnings(cluster: string, pod: Pod, dryRun: boolean): Promise<string[]> {
    const view = await this.snapshots.view(cluster);
    const options = this.config.matchOptions;
    const home = replacementHome(pod, [...view.nodes.values()], Date.now(), options, { usageOf: view.usageOf, nodeClasses: view.nodeClasses });
    return evictionWarnings({ namespace: pod.metadata.namespace ?? 'default', name: pod.metadata.name }, home, dryRun);
  }

  /**
   * A DaemonSet as far as the twin knows one: the controller its pods name (kubectl drain asks
   * for it before it leaves a DaemonSet's pods alone). NotFound when no pod of the namespace names it.
   */
  async daemonSet(cluster: string, namespace: string, name: string) {
    const view = await this.snapshots.view(cluster);
    for (const pod of view.pods.values()) {
      if ((pod.metadata.namespace ?? 'default') !== namespace) continue;
      const owner = pod.metadata.ownerReferences?.find((o) => o.kind === 'DaemonSet' && o.name === name && o.controller);
      if (owner) return { apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name, namespace, uid: owner.uid } };
    }
    return fail(failure.notFound('DaemonSet', name));
  }

  /**
   * DELETE, if the preconditions sent hold. With a gracePeriodSeconds, as the API server deletes
   * (podDeletion): terminating for that long when the pod is bound and not terminated, at once
   * otherwise, a deletion under way only brought forward. Without one, at once (as if 0 were sent):
   * taintgate runs no kubelet to stop the pod, and `kubectl delete` would wait out the pod's
   * whole terminationGracePeriodSeconds. Answers the pod as deleted, or as terminating.
   */
  async remove(cluster: string, { namespace, name, preconditions, gracePeriodSeconds, dryRun }: DeletePodCommand): Promise<Pod> {
    return this.writer.write(
      cluster,
      async (w) => {
        const existing = (await this.store.find(w, namespace, name)) ?? fail(failure.notFound('Pod', name));
        valueOf(checkDelete('Pod', name, storedVersionOf(existing), preconditions));
        const pod = podOfRow(existing);
        const deletion = podDeletion(pod, gracePeriodSeconds ?? 0, w.now);
        if (deletion.kind === 'pending') return pod;
        const after = await this.carryOut(w, pod, deletion);
        if (deletion.kind === 'remove') await w.audit({ action: 'pod.delete', kind: 'Pod', namespace, name, before: pod });
        else await w.audit({ action: 'pod.delete', kind: 'Pod', namespace, name, details: { gracePeriodSeconds: deletion.graceSeconds }, before: pod, after });
        return after;
      },
      { dryRun },
    );
  }
}
