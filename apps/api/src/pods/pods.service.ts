import { Injectable } from '@nestjs/common';
import { type Pod, admitPod, validatePod } from '@taintgate/domain';
import { ClusterSnapshot } from '../cluster/cluster-snapshot';
import { ClusterWriter } from '../cluster/cluster-writer';
import { podKey, podOfRow } from '../cluster/pod-record';
import { ApiError } from '../common/api-error';
import { listOf, withNameFromUrl } from '../common/object-body';
import { AppConfig } from '../config/app-config';
import { TaintEvictionController } from '../evictions/taint-eviction-controller';
import { PodStore } from './pod-store';

export interface PodFilters {
  namespace?: string;
  nodeName?: string;
  phase?: string;
}

const byKey = (a: Pod, b: Pod) => {
  const ka = podKey(a.metadata.namespace ?? '', a.metadata.name);
  const kb = podKey(b.metadata.namespace ?? '', b.metadata.name);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
};

/** Pods: validated and admitted as the API server does, stored, read from the snapshot. */
@Injectable()
export class PodsService {
  constructor(
    private readonly snapshot: ClusterSnapshot,
    private readonly writer: ClusterWriter,
    private readonly store: PodStore,
    private readonly config: AppConfig,
    private readonly evictions: TaintEvictionController,
  ) {}

  async list(filters: PodFilters) {
    const view = await this.snapshot.view();
    const items = [...view.pods.values()]
      .filter(
        (p) =>
          (filters.namespace === undefined || p.metadata.namespace === filters.namespace) &&
          (filters.nodeName === undefined || (p.spec?.nodeName ?? '') === filters.nodeName) &&
          (filters.phase === undefined || p.status?.phase === filters.phase),
      )
      .sort(byKey);
    return listOf('PodList', view.revision, items);
  }

  async get(namespace: string, name: string): Promise<Pod> {
    const pod = (await this.snapshot.view()).pods.get(podKey(namespace, name));
    if (!pod) throw ApiError.notFound('Pod', name);
    return pod;
  }

  /**
   * PUT: admission defaults are applied (and visible in the answer), then the API server's
   * validation; on update, tolerations may only be added (or their seconds changed).
   */
  async upsert(namespace: string, name: string, body: unknown): Promise<{ pod: Pod; created: boolean }> {
    const settings = this.config.domain;
    const sent = validatePod(withNameFromUrl(body, name, namespace), settings);
    if (!sent.ok) throw ApiError.invalid('Pod', name, sent.errors);
    const now = Date.now();
    return this.writer.write(async (tx, revision, afterCommit) => {
      const existing = await this.store.find(tx, namespace, name);
      const previous = existing ? podOfRow(existing) : undefined;
      const admitted = admitPod(sent.value, previous ? 'UPDATE' : 'CREATE', settings);
      if (previous) {
        const update = validatePod(admitted, settings, previous);
        if (!update.ok) throw ApiError.invalid('Pod', name, update.errors);
      }
      const pod = await this.store.save(tx, revision, admitted, existing);
      await this.writer.audit(tx, revision, { action: existing ? 'pod.replace' : 'pod.create', kind: 'Pod', namespace, name });
      // Bound to a node with NoExecute taints, or tolerations changed: the controller decides now.
      await this.evictions.podChanged({ tx, revision, afterCommit, now }, pod);
      return { pod, created: !existing };
    });
  }

  async remove(namespace: string, name: string): Promise<Pod> {
    const now = Date.now();
    return this.writer.write(async (tx, revision, afterCommit) => {
      const existing = await this.store.find(tx, namespace, name);
      if (!existing) throw ApiError.notFound('Pod', name);
      await this.store.delete(tx, namespace, name);
      await this.evictions.podDeleted({ tx, revision, afterCommit, now }, namespace, name);
      await this.writer.tombstone(tx, revision, 'Pod', podKey(namespace, name));
      await this.writer.audit(tx, revision, { action: 'pod.delete', kind: 'Pod', namespace, name });
      return podOfRow(existing);
    });
  }
}
