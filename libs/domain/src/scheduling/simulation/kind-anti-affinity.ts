import type { Node, Pod } from '../../types';
import { type AffinityTerm, affinityTermMatches, incomingAffinityTermMatches, podAffinityTermsOf, podNamespace } from '../inter-pod-affinity/affinity-term';
import { interPodAffinityFilter } from '../inter-pod-affinity/filter';
import { type InterPodAffinityState, type TopologyWitness, topologyPairKey } from '../inter-pod-affinity/pre-filter';
import { type PluginOutcome, passing } from '../node-buckets';
import { statusRejection } from '../node-filters';
import type { PodMoves } from './simulated-cluster-state';
import { labelHostname } from '../topology-spread/spread-constraints';

/**
 * InterPodAffinity's Filter for a kind of pod ranked by its nodes' own labels (kept-scores.ts's
 * `labels`: no required affinity, every anti-affinity term on the hostname, its own and those of the
 * existing pods that match it: one replica a node). A node's outcome then reads only the pods on that
 * node, so the PreFilter's counts are kept per hostname and moved by each pod bound or taken off since
 * the kind's last turn, rather than counted again over the cluster's pods at every turn (2 ms at
 * 300,000 pods, for each of a drain's turns of such a kind).
 *
 * A moved pod that would change more than these counts (a term of its own that matches the kind and
 * is not required anti-affinity on the hostname: it changes what the kind's PreFilter reads, or how
 * InterPodAffinity scores it) ends the following: `follow` answers false, and the caller asks the
 * PreFilter again over the cluster.
 */

export class KindAntiAffinity {
  /** Per hostname, the (pod there, term of the kind) matches: antiAffinityCounts. */
  private readonly own = new Map<string, number>();
  /** Per hostname, the (pod there, its term matching the kind) matches: existingAntiAffinityCounts. */
  private readonly theirs = new Map<string, number>();
  /** A pod counted there, for the Filter's details (the PreFilter's first; a moved pod when none). */
  private readonly witnesses = new Map<string, TopologyWitness>();
  /** By the log's numbers of label sets and of terms: what a moved pod adds to `own` and to `theirs` (see follow). */
  private readonly ownByLabels: number[] = [];
  private readonly theirsByTerms: number[] = [];
  private readonly terms: readonly AffinityTerm[];
  private seen: number;

  private constructor(
    private readonly pod: Pod,
    private readonly moves: PodMoves,
    private readonly nodeAt: (position: number) => Node,
    private readonly namespaceOf: Parameters<typeof incomingAffinityTermMatches>[2],
    private readonly namespaceLabels: Readonly<Record<string, string>>,
  ) {
    this.terms = podAffinityTermsOf(pod).requiredAntiAffinity;
    this.seen = moves.pods.length;
  }

  /**
   * The kind's counts from its PreFilter's state over the cluster as it stands (the moves so far
   * taken in); undefined when a count is not on the hostname (the kind is not one to follow so).
   */
  static of(
    pod: Pod,
    state: InterPodAffinityState,
    moves: PodMoves,
    nodeAt: (position: number) => Node,
    namespaceOf: Parameters<typeof incomingAffinityTermMatches>[2],
    namespaceLabels: Readonly<Record<string, string>>,
  ): KindAntiAffinity | undefined {
    const kind = new KindAntiAffinity(pod, moves, nodeAt, namespaceOf, namespaceLabels);
    if (state.requiredAffinityTerms.length > 0 || kind.terms.some((term) => term.topologyKey !== labelHostname)) return undefined;
    const prefix = topologyPairKey(labelHostname, '');
    const copy = (counts: ReadonlyMap<string, number>, into: Map<string, number>, witnesses: ReadonlyMap<string, TopologyWitness>): boolean => {
      for (const [pair, count] of counts) {
        if (!pair.startsWith(prefix)) return false;
        const hostname = pair.slice(prefix.length);
        into.set(hostname, count);
        const witness = witnesses.get(pair);
        if (witness && !kind.witnesses.has(hostname)) kind.witnesses.set(hostname, witness);
      }
      return true;
    };
    if (!copy(state.antiAffinityCounts, kind.own, state.antiAffinityWitnesses)) return undefined;
    if (!copy(state.existingAntiAffinityCounts, kind.theirs, state.existingAntiAffinityWitnesses)) return undefined;
    return kind;
  }

  /** Takes in the pods moved since the last call; false when one cannot be followed (see above): the counts are then no longer the kind's. */
  follow(): boolean {
    const { pods, at, labelSet, terms } = this.moves;
    for (let j = this.seen; j < pods.length; j++) {
      const own = this.ownOf(labelSet[j] as number, pods[j] as Pod);
      const termsAt = terms[j] as number;
      const theirs = termsAt < 0 ? 0 : this.theirsOf(termsAt, pods[j] as Pod);
      if (theirs < 0) return false;
      if (own === 0 && theirs === 0) continue;
      const pod = pods[j] as Pod;
      const where = at[j] as number;
      const bound = where >= 0;
      const hostname = this.nodeAt(bound ? where : ~where).metadata.labels?.[labelHostname];
      // A node without the label has no pair: topologyToMatchedTermCount.update counts nothing there.
      if (hostname === undefined) continue;
      const sign = bound ? 1 : -1;
      if (own > 0) add(this.own, hostname, sign * own);
      if (theirs > 0) add(this.theirs, hostname, sign * theirs);
      if (bound && !this.witnesses.has(hostname)) {
        const term = own > 0 ? this.terms.find((t) => incomingAffinityTermMatches(t, pod, this.namespaceOf)) : undefined;
        this.witnesses.set(hostname, {
          pod: { namespace: pod.metadata.namespace ?? '', name: pod.metadata.name },
          field: term?.field ?? 'spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution',
        });
      }
    }
    this.seen = pods.length;
    return true;
  }

  /**
   * The Filter's outcome on the node with the counts as they stand: its pair's counts alone, as the
   * Filter reads them (the kind's terms and the counted pairs are all on the hostname).
   */
  readonly outcomeOf = (node: Node): PluginOutcome => {
    const hostname = node.metadata.labels?.[labelHostname];
    const own = hostname === undefined ? 0 : (this.own.get(hostname) ?? 0);
    const theirs = hostname === undefined ? 0 : (this.theirs.get(hostname) ?? 0);
    if (own <= 0 && theirs <= 0) return passing;
    const pair = topologyPairKey(labelHostname, hostname as string);
    const witness = this.witnesses.get(hostname as string) as TopologyWitness;
    const status = interPodAffinityFilter(
      {
        existingAntiAffinityCounts: theirs > 0 ? new Map([[pair, theirs]]) : new Map(),
        affinityCounts: new Map(),
        antiAffinityCounts: own > 0 ? new Map([[pair, own]]) : new Map(),
        requiredAffinityTerms: [],
        requiredAntiAffinityTerms: this.terms,
        podMatchesOwnAffinityTerms: true,
        existingAntiAffinityWitnesses: new Map([[pair, witness]]),
        antiAffinityWitnesses: new Map([[pair, witness]]),
      },
      this.pod,
      node,
    );
    return status ? { details: status.details, rejection: statusRejection(status) } : passing;
  };

  /** A moved pod's matches of the kind's terms, by its set of labels (the log's number for it): worked out once per set. */
  private ownOf(labelSet: number, pod: Pod): number {
    let own = this.ownByLabels[labelSet];
    if (own === undefined) {
      own = 0;
      for (const term of this.terms) if (incomingAffinityTermMatches(term, pod, this.namespaceOf)) own++;
      this.ownByLabels[labelSet] = own;
    }
    return own;
  }

  /** A moved pod's terms that match the kind, by its terms (the log's number for them): worked out once; -1 when they cannot be followed. */
  private theirsOf(terms: number, pod: Pod): number {
    let theirs = this.theirsByTerms[terms];
    if (theirs === undefined) this.theirsByTerms[terms] = theirs = this.theirTermsOf(pod);
    return theirs;
  }

  /** How many of the pod's terms match the kind, each required anti-affinity on the hostname; -1 when another of its terms matches it. */
  private theirTermsOf(pod: Pod): number {
    const terms = podAffinityTermsOf(pod);
    if (terms.parseErrors !== undefined) return -1;
    const matches = (term: AffinityTerm) => affinityTermMatches(term, this.pod, this.namespaceLabels);
    if ([terms.requiredAffinity, terms.preferredAffinity, terms.preferredAntiAffinity].some((list) => list.some(matches))) return -1;
    let theirs = 0;
    for (const term of terms.requiredAntiAffinity) {
      if (!matches(term)) continue;
      if (term.topologyKey !== labelHostname) return -1;
      theirs++;
    }
    return theirs;
  }
}

/** What a pod's terms match by: its namespace and its pod affinity and anti-affinity, as one string, made once per pod object. */
export function affinityKeyOf(pod: Pod): string {
  let key = affinityKeys.get(pod);
  if (key === undefined) {
    const affinity = pod.spec?.affinity;
    affinityKeys.set(pod, (key = JSON.stringify([podNamespace(pod), affinity?.podAffinity ?? null, affinity?.podAntiAffinity ?? null])));
  }
  return key;
}

const affinityKeys = new WeakMap<Pod, string>();

function add(counts: Map<string, number>, hostname: string, by: number): void {
  const count = (counts.get(hostname) ?? 0) + by;
  // A count brought to 0 leaves the map, as topologyToMatchedTermCount.update deletes it.
  if (count === 0) counts.delete(hostname);
  else counts.set(hostname, count);
}
