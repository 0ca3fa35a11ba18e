import type { Affinity, ObjectLabelSelector, Pod, PodAffinity, PodAffinityTerm } from '../../types';

/**
 * matchLabelKeys and mismatchLabelKeys of pod (anti-)affinity terms (KEP-3633, GA in 1.33) are the
 * API server's business, not the scheduler's: when a pod is created, PrepareForCreate's
 * mutatePodAffinity (pkg/registry/core/pod/strategy.go) adds `key In (value)` for each matchLabelKeys
 * key and `key NotIn (value)` for each mismatchLabelKeys key, the value taken from the pod's own
 * labels, to the term's labelSelector, and keeps the two lists as they were. kube-scheduler only
 * reads labelSelector. So a pod read from a cluster is placed as it is; a pod that has not been
 * through the API server (a manifest asked about before it is created) should go through this first,
 * as creating it would. Applying it twice to the same pod adds the same requirements again, which
 * changes nothing unless the pod's labels changed in between.
 */

/** applyLabelKeysToLabelSelector: a requirement for each key the pod has a label for, in the keys' order. */
function withLabelKeys(selector: ObjectLabelSelector, keys: readonly string[] | undefined, operator: 'In' | 'NotIn', labels: Readonly<Record<string, string>>) {
  const added = (keys ?? []).filter((key) => Object.prototype.hasOwnProperty.call(labels, key)).map((key) => ({ key, operator, values: [labels[key] ?? ''] }));
  return added.length === 0 ? selector : { ...selector, matchExpressions: [...(selector.matchExpressions ?? []), ...added] };
}

/** applyMatchLabelKeysAndMismatchLabelKeys: a term without keys, or without a labelSelector (it selects nothing), is left alone. */
function mergedTerm(term: PodAffinityTerm, labels: Readonly<Record<string, string>>): PodAffinityTerm {
  if (((term.matchLabelKeys?.length ?? 0) === 0 && (term.mismatchLabelKeys?.length ?? 0) === 0) || term.labelSelector == null) return term;
  const selector = withLabelKeys(withLabelKeys(term.labelSelector, term.matchLabelKeys, 'In', labels), term.mismatchLabelKeys, 'NotIn', labels);
  return { ...term, labelSelector: selector };
}

function mergedPodAffinity(affinity: PodAffinity | undefined, labels: Readonly<Record<string, string>>): PodAffinity | undefined {
  if (!affinity) return affinity;
  const merged: PodAffinity = { ...affinity };
  if (affinity.requiredDuringSchedulingIgnoredDuringExecution) {
    merged.requiredDuringSchedulingIgnoredDuringExecution = affinity.requiredDuringSchedulingIgnoredDuringExecution.map((term) => mergedTerm(term, labels));
  }
  if (affinity.preferredDuringSchedulingIgnoredDuringExecution) {
    merged.preferredDuringSchedulingIgnoredDuringExecution = affinity.preferredDuringSchedulingIgnoredDuringExecution.map((weighted) => ({
      ...weighted,
      podAffinityTerm: mergedTerm(weighted.podAffinityTerm, labels),
    }));
  }
  return merged;
}

/** mutatePodAffinity: the pod as the API server stores it, a new object (the given pod is not changed). */
export function withAffinityLabelKeysMerged(pod: Pod): Pod {
  const affinity = pod.spec?.affinity;
  if (!pod.spec || !affinity || (!affinity.podAffinity && !affinity.podAntiAffinity)) return pod;
  const labels = pod.metadata.labels ?? {};
  const merged: Affinity = { ...affinity };
  if (affinity.podAffinity) merged.podAffinity = mergedPodAffinity(affinity.podAffinity, labels);
  if (affinity.podAntiAffinity) merged.podAntiAffinity = mergedPodAffinity(affinity.podAntiAffinity, labels);
  return { ...pod, spec: { ...pod.spec, affinity: merged } };
}
