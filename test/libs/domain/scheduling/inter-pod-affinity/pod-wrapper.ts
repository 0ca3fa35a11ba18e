import type { Node, ObjectLabelSelector, Pod, PodAffinity, PodAffinityTerm } from '../../../../../libs/domain/src/types';

/**
 * A small twin of kube-scheduler's st.MakePod() (pkg/scheduler/testing/wrappers.go), so that the
 * upstream table cases read as they do there: PodAffinityIn(key, topologyKey, values, kind) adds a
 * term whose labelSelector is `key In values`; a preferred term gets weight 1, as st's does.
 */
export type AffinityKind = 'required' | 'preferred';

export class PodWrapper {
  private readonly pod: Pod = { metadata: { name: '' }, spec: {} };

  name(name: string): this {
    this.pod.metadata.name = name;
    return this;
  }

  namespace(namespace: string): this {
    this.pod.metadata.namespace = namespace;
    return this;
  }

  label(key: string, value: string): this {
    this.pod.metadata.labels = { ...this.pod.metadata.labels, [key]: value };
    return this;
  }

  labels(labels: Record<string, string>): this {
    for (const [key, value] of Object.entries(labels)) this.label(key, value);
    return this;
  }

  node(nodeName: string): this {
    this.pod.spec = { ...this.pod.spec, nodeName };
    return this;
  }

  private term(anti: boolean, topologyKey: string, labelSelector: ObjectLabelSelector, kind: AffinityKind): this {
    const affinity = (this.pod.spec = this.pod.spec ?? {}).affinity ?? {};
    const which = anti ? 'podAntiAffinity' : 'podAffinity';
    const current: PodAffinity = affinity[which] ?? {};
    const term: PodAffinityTerm = { labelSelector, topologyKey };
    const next: PodAffinity =
      kind === 'required'
        ? { ...current, requiredDuringSchedulingIgnoredDuringExecution: [...(current.requiredDuringSchedulingIgnoredDuringExecution ?? []), term] }
        : {
            ...current,
            preferredDuringSchedulingIgnoredDuringExecution: [
              ...(current.preferredDuringSchedulingIgnoredDuringExecution ?? []),
              { weight: 1, podAffinityTerm: term },
            ],
          };
    this.pod.spec.affinity = { ...affinity, [which]: next };
    return this;
  }

  podAffinityIn(key: string, topologyKey: string, values: string[], kind: AffinityKind): this {
    return this.term(false, topologyKey, { matchExpressions: [{ key, operator: 'In', values }] }, kind);
  }

  podAffinityNotIn(key: string, topologyKey: string, values: string[], kind: AffinityKind): this {
    return this.term(false, topologyKey, { matchExpressions: [{ key, operator: 'NotIn', values }] }, kind);
  }

  podAffinityExists(key: string, topologyKey: string, kind: AffinityKind): this {
    return this.term(false, topologyKey, { matchExpressions: [{ key, operator: 'Exists' }] }, kind);
  }

  podAntiAffinityIn(key: string, topologyKey: string, values: string[], kind: AffinityKind): this {
    return this.term(true, topologyKey, { matchExpressions: [{ key, operator: 'In', values }] }, kind);
  }

  podAntiAffinityNotIn(key: string, topologyKey: string, values: string[], kind: AffinityKind): this {
    return this.term(true, topologyKey, { matchExpressions: [{ key, operator: 'NotIn', values }] }, kind);
  }

  podAntiAffinityExists(key: string, topologyKey: string, kind: AffinityKind): this {
    return this.term(true, topologyKey, { matchExpressions: [{ key, operator: 'Exists' }] }, kind);
  }

  obj(): Pod {
    return structuredClone(this.pod);
  }
}

export const makePod = (): PodWrapper => new PodWrapper();

/** createPodWithAffinityTerms of filtering_test.go. */
export function createPodWithAffinityTerms(
  namespace: string,
  nodeName: string,
  labels: Record<string, string>,
  affinity: PodAffinityTerm[] | undefined,
  antiAffinity: PodAffinityTerm[] | undefined,
): Pod {
  return {
    metadata: { name: '', namespace, labels },
    spec: {
      ...(nodeName ? { nodeName } : {}),
      affinity: {
        podAffinity: affinity ? { requiredDuringSchedulingIgnoredDuringExecution: affinity } : {},
        podAntiAffinity: antiAffinity ? { requiredDuringSchedulingIgnoredDuringExecution: antiAffinity } : {},
      },
    },
  };
}

export const node = (name: string, labels?: Record<string, string>): Node => ({ metadata: { name, ...(labels ? { labels } : {}) } });
