import type { Namespace, Pod, PodAffinity, PodAffinityTerm } from '../../types';
import {
  type AffinitySelector,
  affinitySelectorMatches,
  affinitySelectorRequiredValues,
  aggregateMessage,
  labelSelectorAsSelector,
} from './label-selector-as-selector';
import { type PodLabelIndex, type PodLabelSet, labelSetsWith } from '../framework/pod-label-index';
import { type Result, err, ok } from '../../failures/result';

/**
 * A pod affinity term as the scheduler holds it (fwk.AffinityTerm, built by framework/types.go's
 * newAffinityTerm): the namespaces it names, its label selector, its topology key and its namespace
 * selector, parsed once; here also where it sits in its pod, for the answers' details.
 *
 * matchLabelKeys and mismatchLabelKeys are not read: the scheduler never reads them. The API server
 * merges them into labelSelector when the pod is created (pkg/registry/core/pod strategy.go,
 * mutatePodAffinity; see match-label-keys.ts), so a stored pod's labelSelector already holds them.
 */
export interface AffinityTerm {
  readonly namespaces: ReadonlySet<string>;
  readonly selector: AffinitySelector;
  readonly topologyKey: string;
  readonly namespaceSelector: AffinitySelector;
  /** The term's place in its pod, e.g. `spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0]`. */
  readonly field: string;
}

/** fwk.WeightedAffinityTerm: a preferred term with its weight (1..100). */
interface WeightedAffinityTerm extends AffinityTerm {
  readonly weight: number;
}

/** A term whose selector does not parse: the list PodInfo names it by, the term's place, LabelSelectorAsSelector's error. */
export interface TermParseError {
  readonly list: 'requiredAffinityTerms' | 'requiredAntiAffinityTerms' | 'preferredAffinityTerms' | 'preferredAntiAffinityTerms';
  readonly field: string;
  readonly message: string;
}

/** framework.PodInfo's four lists of parsed terms; `parseErrors` when some did not parse (those lists are then empty). */
export interface PodAffinityTerms {
  readonly requiredAffinity: readonly AffinityTerm[];
  readonly requiredAntiAffinity: readonly AffinityTerm[];
  readonly preferredAffinity: readonly WeightedAffinityTerm[];
  readonly preferredAntiAffinity: readonly WeightedAffinityTerm[];
  readonly parseErrors?: readonly TermParseError[];
}

export const podNamespace = (pod: Pod): string => pod.metadata.namespace ?? '';

/**
 * getNamespacesFromPodAffinityTerm: the namespaces a term names, or the pod's own when it names
 * none and has no namespaceSelector (an empty namespaceSelector `{}` is not none: it selects all).
 */
export function namespacesOfPodAffinityTerm(pod: Pod, term: PodAffinityTerm): Set<string> {
  if ((term.namespaces?.length ?? 0) === 0 && term.namespaceSelector == null) return new Set([podNamespace(pod)]);
  return new Set(term.namespaces ?? []);
}

/** newAffinityTerm: the label selector's error first, then the namespace selector's. */
export function newAffinityTerm(pod: Pod, term: PodAffinityTerm, field: string): Result<AffinityTerm, string> {
  const selector = labelSelectorAsSelector(term.labelSelector);
  if (!selector.ok) return selector;
  const namespaces = namespacesOfPodAffinityTerm(pod, term);
  const namespaceSelector = labelSelectorAsSelector(term.namespaceSelector);
  if (!namespaceSelector.ok) return namespaceSelector;
  return ok({ namespaces, selector: selector.value, topologyKey: term.topologyKey, namespaceSelector: namespaceSelector.value, field });
}

const requiredField = (kind: 'podAffinity' | 'podAntiAffinity', i: number) => `spec.affinity.${kind}.requiredDuringSchedulingIgnoredDuringExecution[${i}]`;
const preferredField = (kind: 'podAffinity' | 'podAntiAffinity', i: number) => `spec.affinity.${kind}.preferredDuringSchedulingIgnoredDuringExecution[${i}]`;

interface FailedTerm {
  readonly field: string;
  readonly message: string;
}

/** GetAffinityTerms: all the terms or, when one does not parse, none and its error. */
function requiredTerms(pod: Pod, kind: 'podAffinity' | 'podAntiAffinity', affinity: PodAffinity | undefined): Result<AffinityTerm[], FailedTerm> {
  const terms: AffinityTerm[] = [];
  for (const [i, term] of (affinity?.requiredDuringSchedulingIgnoredDuringExecution ?? []).entries()) {
    const field = requiredField(kind, i);
    const parsed = newAffinityTerm(pod, term, field);
    if (!parsed.ok) return err({ field, message: parsed.error });
    terms.push(parsed.value);
  }
  return ok(terms);
}

/** getWeightedAffinityTerms, likewise all or none. */
function preferredTerms(pod: Pod, kind: 'podAffinity' | 'podAntiAffinity', affinity: PodAffinity | undefined): Result<WeightedAffinityTerm[], FailedTerm> {
  const terms: WeightedAffinityTerm[] = [];
  for (const [i, weighted] of (affinity?.preferredDuringSchedulingIgnoredDuringExecution ?? []).entries()) {
    const field = preferredField(kind, i);
    const parsed = newAffinityTerm(pod, weighted.podAffinityTerm, field);
    if (!parsed.ok) return err({ field, message: parsed.error });
    terms.push({ ...parsed.value, weight: weighted.weight });
  }
  return ok(terms);
}

/**
 * The terms of a pod parsed by PodInfo.Update, by the pod object: the cache's NodeInfo holds each
 * pod's PodInfo, built once, and pods handed to the domain are never changed (as node-resources-fit's
 * parsed allocatable lists), so a pod's terms parsed once stay right.
 */
const parsedTerms = new WeakMap<Pod, PodAffinityTerms>();

const noTerms: PodAffinityTerms = Object.freeze({ requiredAffinity: [], requiredAntiAffinity: [], preferredAffinity: [], preferredAntiAffinity: [] });

/**
 * framework.NewPodInfo's terms: each list parsed on its own (GetAffinityTerms), a list with a term
 * that does not parse left empty, and the errors aggregated with the list's name. The cache ignores
 * the error of a pod it holds (NodeInfo.AddPod: "apiserver doesn't properly validate affinity
 * terms"), so such a pod simply has fewer terms; PreFilter refuses an incoming pod with one.
 */
export function podAffinityTermsOf(pod: Pod): PodAffinityTerms {
  const affinity = pod.spec?.affinity;
  // Most pods have no pod affinity: nothing to parse, nothing to keep.
  if (affinity?.podAffinity == null && affinity?.podAntiAffinity == null) return noTerms;
  const cached = parsedTerms.get(pod);
  if (cached) return cached;
  const lists = {
    requiredAffinityTerms: requiredTerms(pod, 'podAffinity', affinity.podAffinity),
    requiredAntiAffinityTerms: requiredTerms(pod, 'podAntiAffinity', affinity.podAntiAffinity),
    preferredAffinityTerms: preferredTerms(pod, 'podAffinity', affinity.podAffinity),
    preferredAntiAffinityTerms: preferredTerms(pod, 'podAntiAffinity', affinity.podAntiAffinity),
  };
  const parseErrors = (Object.keys(lists) as TermParseError['list'][]).flatMap((list) => {
    const parsed = lists[list];
    return parsed.ok ? [] : [{ list, ...parsed.error }];
  });
  const terms: PodAffinityTerms = {
    requiredAffinity: lists.requiredAffinityTerms.ok ? lists.requiredAffinityTerms.value : [],
    requiredAntiAffinity: lists.requiredAntiAffinityTerms.ok ? lists.requiredAntiAffinityTerms.value : [],
    preferredAffinity: lists.preferredAffinityTerms.ok ? lists.preferredAffinityTerms.value : [],
    preferredAntiAffinity: lists.preferredAntiAffinityTerms.ok ? lists.preferredAntiAffinityTerms.value : [],
    ...(parseErrors.length > 0 ? { parseErrors } : {}),
  };
  parsedTerms.set(pod, terms);
  return terms;
}

/** PodInfo.Update's error: the failed lists' errors aggregated, e.g. `requiredAffinityTerms: values[0][app]: Invalid value: ...`. */
export function podAffinityParseMessage(parseErrors: readonly TermParseError[]): string {
  return aggregateMessage(parseErrors.map((e) => `${e.list}: ${e.message}`));
}

/** podWithAffinity: NodeInfo.PodsWithAffinity holds the pods with any pod affinity or anti-affinity. */
export function podHasPodAffinity(pod: Pod): boolean {
  const affinity = pod.spec?.affinity;
  return affinity?.podAffinity != null || affinity?.podAntiAffinity != null;
}

/** podWithRequiredAntiAffinity: NodeInfo.PodsWithRequiredAntiAffinity. */
export function podHasRequiredAntiAffinity(pod: Pod): boolean {
  return (pod.spec?.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.length ?? 0) > 0;
}

/**
 * fwk.AffinityTerm.Matches: the pod is in a namespace the term names or its namespace's labels
 * match the term's namespaceSelector, and its labels match the term's selector. For an existing
 * pod's term against the incoming pod, `namespaceLabels` are the incoming pod's namespace's labels
 * (GetNamespaceLabelsSnapshot: empty when the namespace is not known).
 */
export function affinityTermMatches(term: AffinityTerm, pod: Pod, namespaceLabels: Readonly<Record<string, string>> | undefined): boolean {
  if (term.namespaces.has(podNamespace(pod)) || affinitySelectorMatches(term.namespaceSelector, namespaceLabels)) {
    return affinitySelectorMatches(term.selector, pod.metadata.labels);
  }
  return false;
}

/**
 * An incoming pod's term against an existing pod, as PreFilter and PreScore match it after
 * mergeAffinityTermNamespacesIfNotEmpty: a non-empty namespaceSelector is unrolled into the
 * namespaces the namespace lister holds that match it (so a namespace the snapshot does not hold is
 * never selected), an empty one selects every namespace, a missing one none beyond `namespaces`.
 */
export function incomingAffinityTermMatches(term: AffinityTerm, pod: Pod, namespaceOf: (name: string) => Namespace | undefined): boolean {
  if (!affinitySelectorMatches(term.selector, pod.metadata.labels)) return false;
  const namespace = podNamespace(pod);
  if (term.namespaces.has(namespace)) return true;
  switch (term.namespaceSelector.kind) {
    case 'nothing':
      return false;
    case 'everything':
      return true;
    case 'requirements': {
      const held = namespaceOf(namespace);
      return held !== undefined && affinitySelectorMatches(term.namespaceSelector, held.metadata.labels);
    }
  }
}

/** podMatchesAllAffinityTerms: true when there are terms and the pod matches each (incoming pod's terms). */
export function podMatchesAllIncomingTerms(terms: readonly AffinityTerm[], pod: Pod, namespaceOf: (name: string) => Namespace | undefined): boolean {
  return terms.length > 0 && terms.every((term) => incomingAffinityTermMatches(term, pod, namespaceOf));
}

/** GetNamespaceLabelsSnapshot: the labels of the pod's namespace, empty when the lister does not hold it. */
export function namespaceLabelsOf(namespace: Namespace | undefined): Readonly<Record<string, string>> {
  return namespace?.metadata.labels ?? {};
}

/** The namespace lister of one PreFilter or PreScore, each namespace looked up once. */
export function memoizedNamespaces(namespaceOf: (name: string) => Namespace | undefined): (name: string) => Namespace | undefined {
  const seen = new Map<string, Namespace | undefined>();
  return (name) => {
    if (seen.has(name)) return seen.get(name);
    const namespace = namespaceOf(name);
    seen.set(name, namespace);
    return namespace;
  };
}

/**
 * The sets of pods alike (a holder's index) that the term's selector may match: those with a value
 * its `In` requirement allows, or every set when it has none. The term is still tested on each.
 */
export function labelSetsTermMayMatch(index: PodLabelIndex, term: AffinityTerm): readonly PodLabelSet[] {
  const required = affinitySelectorRequiredValues(term.selector);
  if (term.selector.kind === 'nothing') return [];
  return required ? labelSetsWith(index, required.key, required.values) : index.sets;
}
