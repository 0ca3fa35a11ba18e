import { type ResourceRequest, podResourceRequest } from '../resources/pod-requests';
import type { Pod, Toleration } from '../types';
import { goJson } from '../foundation/field-errors';

/**
 * Pods alike in all that taint impact reads of them to decide their fate and where they could go:
 * their tolerations (to the second), nodeSelector, required node affinity and resource request.
 * Replicas of one workload are one kind, so a question over 300,000 pods decides a few hundred
 * kinds, each once.
 *
 * Finding a pod's kind builds a key of text, which costs about as much as deciding the pod; so a
 * caller whose pods do not change (a snapshot's objects are replaced, never changed) keeps one
 * PodKinds and asks every question with it: each pod's kind is then found once while the object
 * lives. A kind holds nothing about a question (no time, node or taint): what depends on one is
 * memoized per question, by kind.
 */
export interface PodKind {
  /** The first pod's tolerations: every pod of the kind has tolerations alike in all that matching and NoExecute read. */
  readonly tolerations: readonly Toleration[] | undefined;
}

export interface PodKinds {
  /** The pod's kind. The pod must not change after it has been asked about. */
  readonly of: (pod: Pod) => PodKind;
}

/**
 * Kinds kept by key at most: beyond this many (pods nearly all unlike), a new table starts. Pods
 * keep the kinds they were given, which stay right; only the sharing with later pods is lost.
 */
const maxKinds = 100_000;

export function podKinds(): PodKinds {
  let byKey = new Map<string, PodKind>();
  const byPod = new WeakMap<Pod, PodKind>();
  return {
    of(pod) {
      let kind = byPod.get(pod);
      if (kind !== undefined) return kind;
      const key = kindKey(pod);
      kind = byKey.get(key);
      if (kind === undefined) {
        if (byKey.size >= maxKinds) byKey = new Map();
        kind = { tolerations: pod.spec?.tolerations };
        byKey.set(key, kind);
      }
      byPod.set(pod, kind);
      return kind;
    },
  };
}

function kindKey(pod: Pod): string {
  const spec = pod.spec;
  const selector = spec?.nodeSelector ? jsonOf(spec.nodeSelector) : 'null';
  const required = spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  const affinity = required ? jsonOf(required) : 'null';
  return `${tolerationsKey(spec?.tolerations)}|${selector}|${affinity}|${requestText(podResourceRequest(pod))}`;
}

/**
 * Everything matching and the seconds read of tolerations, in order, as one string: equal only for
 * tolerations alike (absent fields stay apart from empty ones, which costs only a second decision).
 * Seconds keep their type, as an int64 beyond 2^53 (a bigint) is decided apart from any number.
 */
function tolerationsKey(tolerations: readonly Toleration[] | undefined): string {
  if (!tolerations || tolerations.length === 0) return '';
  return JSON.stringify(
    tolerations.map((t) => {
      const seconds = t.tolerationSeconds ?? null;
      return [t.key, t.operator, t.value, t.effect, seconds === null ? null : `${typeof seconds}:${String(seconds)}`];
    }),
  );
}

/**
 * JSON.stringify, native and several times faster; or goJson where an unknown field of a selector
 * term holds an integer beyond 2^53 (a bigint), which JSON.stringify does not write. The prefixes
 * keep the two spellings apart, so that values alike share a text and no others do.
 */
export function jsonOf(value: unknown): string {
  try {
    return `j${JSON.stringify(value)}`;
  } catch {
    return `g${goJson(value)}`;
  }
}

/** A request's quantities as their digits, its scalar resources (in name order) last. */
export function requestText(request: ResourceRequest): string {
  const scalar = request.scalar.size === 0 ? '' : JSON.stringify([...request.scalar].map(([name, q]) => [name, String(q)]));
  return `${request.milliCPU},${request.memory},${request.ephemeralStorage},${scalar}`;
}
