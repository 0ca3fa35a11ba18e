import type { Node, Pod } from '../../types';
import { jsonOf } from '../../eviction/pod-kinds';
import { podNonZeroScoringRequest, podResourceRequest } from '../../resources/pod-requests';
import { ScorePluginWeights } from '../framework/default-scores';
import { type GroupedContext, groupedContext } from '../grouped-placement';
import { bucketsFor } from '../grouped-summary';
import { imageLocalityScoreOf } from '../image-locality';
import { affinityTermMatches, memoizedNamespaces, namespaceLabelsOf, podAffinityTermsOf, podNamespace } from '../inter-pod-affinity/affinity-term';
import type { InterPodAffinityState } from '../inter-pod-affinity/pre-filter';
import { interPodAffinityScoresOf } from '../inter-pod-affinity/scoring';
import { nodeOutcomes } from '../node-buckets';
import { roomMaskAt } from '../node-room-masks';
import { readsOnlyLabels } from '../framework/pod-plugins';
import { labelPresence, labelValueSets } from '../node-classes';
import { preferredNodeAffinityScore } from '../node-affinity-score';
import { sharedFilters, wordRejection } from '../node-filters';
import { countIntolerablePreferNoSchedule } from '../taint-toleration-score';
import type { PlacementOptions } from '../placement';
import { labelHostname, spreadConstraintsOf } from '../topology-spread/spread-constraints';
import { includesEveryNode } from '../topology-spread/spread-counting';
import { type KeptTurn, KindRanking } from './kind-ranking';
import { KindAntiAffinity } from './kind-anti-affinity';
import type { KindSpread } from './kind-spread';
import type { SimulatedClusterState } from './simulated-cluster-state';

/**
 * The turns of a simulation for pods that read nothing of a node beyond its taints, labels, cordon
 * and room (no host ports, volumes, filtering spread constraints nor pod affinity terms that filter:
 * placement by class), each kind of pod ranking the nodes with what it kept from its last turn
 * (kind-ranking.ts): a drain moves the replicas of a thousand workloads in turn, and between two
 * replicas of one only the nodes pods were bound to have changed. The filters are the buckets'
 * (bucketsFor, at the kind's first turn; each node's bits worked out again when a pod is bound to
 * it), as placementSummaryGrouped's. The resource scores are kept per request (pods asking the same
 * cpu and memory score every node alike), made again only on the nodes bound to since; TaintToleration,
 * NodeAffinity and ImageLocality read what never changes in a simulation; the spread score reads the
 * kept counts; InterPodAffinity must score nothing (its PreScore skips), which is asked every turn.
 */

export type { KeptTurn } from './kind-ranking';

/** A kind's ranking: its own, or one it shares with kinds alike (by their key), read with its own spread counts. */
interface Ranked {
  readonly ranking: KindRanking;
  readonly shared?: { readonly key: string; readonly spread: KindSpread | undefined };
}

/**
 * What a ranking of a pod placed by class reads of it but its matching pods: the filters by class
 * (its node name, node selector, affinity, tolerations, requests), the scores (the same, and its
 * images where nodes differ in them), and its spread constraints' keys and skews (its selectors
 * only count matching pods, which each kind reads of its own). The replicas of workloads alike
 * (a thousand Deployments asking the same cpu and memory) share one.
 */
function sharedKeyOf(pod: Pod, spread: KindSpread | undefined, imagesRead: boolean): string {
  const spec = pod.spec ?? {};
  const request = podResourceRequest(pod);
  const nonZero = podNonZeroScoringRequest(pod);
  const images = imagesRead ? [...(spec.initContainers ?? []), ...(spec.containers ?? [])].map((c) => c.image ?? null) : null;
  return jsonOf([
    spec.nodeName ?? null,
    spec.nodeSelector ?? null,
    spec.affinity ?? null,
    spec.tolerations ?? null,
    [request.milliCPU, request.memory, request.ephemeralStorage, ...request.scalar, nonZero.milliCPU, nonZero.memory].map(String),
    images,
    spread ? [spread.constraints.map((c) => [c.topologyKey, c.maxSkew]), spread.requireAllTopologies] : null,
  ]);
}

const W = ScorePluginWeights;

export class KeptScores {
  /** Each kind's ranking; null for a kind not ranked so (placed the usual way). */
  private readonly kinds = new Map<string, Ranked | null>();
  /** The rankings kinds placed by class share, by what they read (sharedKeyOf). */
  private readonly shared = new Map<string, KindRanking>();
  /**
   * For each kind, how it was found to be ranked (howRanked) and how many of the pods moved (the
   * state's log) had been read then: while none moved since has a term that matches it, that holds
   * (unchangedFor), but for plugins whose state changes at every bind.
   */
  private readonly checks = new Map<string, { at: number; how: 'class' | 'labels' | undefined }>();
  private uniqueHostnames: boolean | undefined;
  /**
   * The pods with pod affinity terms moved, by their terms (the log's number for them): each one's
   * first pod, in the order they first moved, and the last place in the log a pod of each moved.
   */
  private readonly moves = { scanned: 0, terms: [] as { id: number; pod: Pod }[], lastAt: [] as number[] };
  /** For each kind, the terms (of moves.terms, the first `tested`) that match its pod. */
  private readonly matchingTerms = new Map<string, { tested: number; ids: number[] }>();
  /** Marks by position for the kinds' refreshes (KindInputs.stamps). */
  private readonly stamps: { readonly at: Int32Array; last: number };
  /** The nodes by position as of the last replacement the kinds saw (KindInputs.nodesNow). */
  private nodesAsOf: { replaced: number; nodes: readonly Node[] } | undefined;
  /** The InterPodAffinity counts of each kind ranked by its nodes' hostnames, followed from turn to turn. */
  private readonly antiAffinity = new Map<string, KindAntiAffinity>();

  constructor(
    private readonly state: SimulatedClusterState,
    private readonly options: PlacementOptions,
  ) {
    this.stamps = { at: new Int32Array(state.classes.names.length), last: 0 };
  }

  /** The nodes by position as they stand, copied once per replacement (the state's array changes in place). */
  private nodesNow(): readonly Node[] {
    const replaced = this.state.replacedPositions.length;
    if (this.nodesAsOf?.replaced !== replaced) this.nodesAsOf = { replaced, nodes: this.state.context.snapshot.nodes.slice() };
    return this.nodesAsOf.nodes;
  }

  /**
   * The pod's turn, or undefined when it is not ranked this turn (the caller places it the usual
   * way): so too a kind's only turn (`more`: it has turns after this one) unless it is placed by
   * class, a ranking of its own costing a pass over the nodes that only later turns win back.
   */
  turn(pod: Pod, kind: string, more: boolean): KeptTurn | undefined {
    let ranked = this.kinds.get(kind);
    // A shared ranking dropped since (another kind's turn found it could not follow): the kind is found again.
    if (ranked?.shared && this.shared.get(ranked.shared.key) !== ranked.ranking) {
      this.kinds.delete(kind);
      this.checks.delete(kind);
      ranked = undefined;
    }
    if (ranked === null) return undefined;
    // The kind's only turn: ranked only if placed by class (below), when it shares the ranking of
    // kinds alike. A drain's or a taint's pods are mostly a replica or two of each workload (a
    // StatefulSet's pods are kinds of one), but a few kinds of requests: one ranking made for the first
    // serves the others' turns, where each paid a pass over every node.
    const only = ranked === undefined && !more;
    const bound = this.state.podMoves.pods.length;
    const checked = this.checks.get(kind);
    if (checked && checked.how !== 'labels' && this.unchangedFor(pod, kind, checked.at)) {
      checked.at = bound;
      return checked.how === 'class' && ranked ? this.turnOf(kind, ranked) : undefined;
    }
    // A kind ranked by its nodes' hostnames: its InterPodAffinity counts moved by the pods moved since.
    const followed = this.antiAffinity.get(kind);
    if (checked?.how === 'labels' && ranked && followed?.follow()) {
      checked.at = bound;
      return this.turnOf(kind, ranked, followed.outcomeOf);
    }
    // Found again: the first turn, a pod bound since whose terms match the kind, or one the counts cannot follow.
    this.antiAffinity.delete(kind);
    const grouped = groupedContext(pod, this.state.classes, this.state.context);
    const how = this.howRanked(pod, grouped);
    this.checks.set(kind, { at: bound, how });
    if (!how || (only && how !== 'class')) return undefined;
    // Placed by class, a kind shares the ranking of kinds alike (sharedKeyOf); one with plugins of its own has its own.
    if (ranked && (ranked.shared !== undefined) !== (how === 'class')) ranked = undefined;
    ranked ??= this.rankingOf(pod, grouped, how === 'class') ?? null;
    this.kinds.set(kind, ranked);
    if (how !== 'labels') return this.turnOf(kind, ranked);
    const counts = ranked ? this.antiAffinityOf(pod, grouped.prepared.interPodAffinity) : undefined;
    if (counts) this.antiAffinity.set(kind, counts);
    return this.turnOf(kind, ranked, counts ? counts.outcomeOf : nodeOutcomes(grouped.prepared.plugins.afterResources));
  }

  /**
   * The kind's InterPodAffinity counts by hostname, from its PreFilter's state over the cluster as it
   * stands this turn (the filters prepared for it: counted once), see kind-anti-affinity.ts.
   */
  private antiAffinityOf(pod: Pod, state: InterPodAffinityState | undefined): KindAntiAffinity | undefined {
    if (!state) return undefined;
    const { snapshot } = this.state.context;
    const namespaceOf = memoizedNamespaces((name) => snapshot.namespace(name));
    const nodes = snapshot.nodes;
    return KindAntiAffinity.of(
      pod,
      state,
      this.state.podMoves,
      (position) => nodes[position] as Node,
      namespaceOf,
      namespaceLabelsOf(namespaceOf(podNamespace(pod))),
    );
  }

  /** The ranking's turn; a ranking that cannot follow the cluster's changes is dropped, to be made anew at the kind's next turn. */
  private turnOf(kind: string, ranked: Ranked | null, outcomeOf?: Parameters<KindRanking['turn']>[0]): KeptTurn | undefined {
    if (!ranked) return undefined;
    const turn = ranked.shared ? ranked.ranking.turnSharing(ranked.shared.spread) : ranked.ranking.turn(outcomeOf);
    if (!turn) {
      this.kinds.delete(kind);
      this.checks.delete(kind);
      this.antiAffinity.delete(kind);
      if (ranked.shared) this.shared.delete(ranked.shared.key);
    }
    return turn;
  }

  /**
   * How the pod can be ranked, as the cluster stands: `class` when placed by class (no plugin beyond
   * the filters by class runs for it), `labels` when its plugins read only each node's own hostname
   * (InterPodAffinity without required affinity terms, every term on the hostname: a replica a node),
   * so that a node's outcome changes only when a pod is bound to it; undefined otherwise, or when
   * InterPodAffinity scores it.
   */
  private howRanked(pod: Pod, grouped: GroupedContext): 'class' | 'labels' | undefined {
    const { snapshot, indexes } = this.state.context;
    const affinityOptions = indexes?.affinityPods ? { index: indexes.affinityPods, ...(indexes.podLabels && { labels: indexes.podLabels }) } : {};
    if (interPodAffinityScoresOf(pod, 1, () => snapshot.nodes[0] as Node, snapshot, affinityOptions) !== undefined) return undefined;
    if (grouped.byClass) return 'class';
    const { prepared } = grouped;
    if (prepared.rejection || prepared.narrowed || !readsOnlyLabels(prepared.plugins)) return undefined;
    const ownLabels = prepared.plugins.afterResources.every(
      (plugin) => plugin.rejectsOnlyAt !== undefined && (plugin.labelKeys ?? []).every((key) => key === labelHostname),
    );
    return ownLabels && this.hostnamesUnique() ? 'labels' : undefined;
  }

  /** Whether no two nodes share a hostname label's value: a bind to one node then changes no other's pairs. */
  private hostnamesUnique(): boolean {
    if (this.uniqueHostnames === undefined) {
      const seen = new Set<string>();
      this.uniqueHostnames = this.state.context.snapshot.nodes.every((node) => {
        const value = node.metadata.labels?.[labelHostname];
        if (value === undefined) return true;
        if (seen.has(value)) return false;
        seen.add(value);
        return true;
      });
    }
    return this.uniqueHostnames;
  }

  /**
   * Whether what InterPodAffinity says of the pod is as it was when the pods moved before `from`
   * (in the state's log) had been: so when no term of those moved since matches the pod (an existing
   * pod's required anti-affinity the pod meets makes its placement node by node; its terms that
   * match the pod make InterPodAffinity score it). The pod's own terms, ports, volumes and spread
   * constraints never change: a pod they place node by node stays so.
   */
  private unchangedFor(pod: Pod, kind: string, from: number): boolean {
    const log = this.state.podMoves;
    if (from === log.pods.length) return true;
    // The moves not read yet: the pods with terms, by their terms, the last place in the log a pod of each moved.
    const moves = this.moves;
    for (let j = moves.scanned; j < log.pods.length; j++) {
      const id = log.terms[j] as number;
      if (id < 0) continue;
      if (moves.lastAt[id] === undefined) moves.terms.push({ id, pod: log.pods[j] as Pod });
      moves.lastAt[id] = j;
    }
    moves.scanned = log.pods.length;
    // The terms that match the kind, tested once each as they first appear.
    let matching = this.matchingTerms.get(kind);
    if (!matching) this.matchingTerms.set(kind, (matching = { tested: 0, ids: [] }));
    if (matching.tested < moves.terms.length) {
      const namespaceLabels = namespaceLabelsOf(this.state.context.snapshot.namespace(podNamespace(pod)));
      for (let k = matching.tested; k < moves.terms.length; k++) {
        const { id, pod: moved } = moves.terms[k] as { id: number; pod: Pod };
        const terms = podAffinityTermsOf(moved);
        const lists = [terms.requiredAffinity, terms.requiredAntiAffinity, terms.preferredAffinity, terms.preferredAntiAffinity];
        if (terms.parseErrors !== undefined || lists.some((list) => list.some((term) => affinityTermMatches(term, pod, namespaceLabels))))
          matching.ids.push(id);
      }
      matching.tested = moves.terms.length;
    }
    return matching.ids.every((id) => (moves.lastAt[id] as number) < from);
  }

  /**
   * The kind's ranking, from its first turn's buckets: its own, or (`shared`) the one of the kinds
   * alike in all that a ranking without counts of matching pods reads (sharedKeyOf), made at the
   * first of them's turn. Undefined when it cannot be kept so.
   */
  private rankingOf(pod: Pod, grouped: GroupedContext, shared: boolean): Ranked | undefined {
    const spread = this.spreadOf(pod);
    if (spread === null) return undefined;
    if (!shared) {
      const ranking = this.newRanking(pod, grouped, spread);
      return ranking && { ranking };
    }
    const image = imageLocalityScoreOf(pod, this.state.context.snapshot);
    const key = sharedKeyOf(pod, spread, image.alike === undefined);
    let ranking = this.shared.get(key);
    if (!ranking) {
      ranking = this.newRanking(pod, grouped, spread && { ...spread, hostAt: undefined, hostPositions: undefined }, image);
      if (!ranking) return undefined;
      this.shared.set(key, ranking);
    }
    return { ranking, shared: { key, spread } };
  }

  /** A ranking of the pod's nodes from its first turn's buckets, with the spread given; undefined when it cannot be kept so. */
  private newRanking(
    pod: Pod,
    grouped: GroupedContext,
    spread: KindSpread | undefined,
    image = imageLocalityScoreOf(pod, this.state.context.snapshot),
  ): KindRanking | undefined {
    const { classes, capacity, context } = this.state;
    const placed = bucketsFor(pod, classes, grouped, this.options, capacity, 0, true);
    const bucketAt = placed?.bucketAt;
    const maskAt = roomMaskAt(pod, classes, capacity);
    if (!placed || !bucketAt || !maskAt || !capacity.rooms) return undefined;
    const nodes = context.snapshot.nodes;
    const terms = pod.spec?.affinity?.nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution;
    return new KindRanking({
      names: classes.names,
      nodes,
      placed: { ...placed, bucketAt },
      maskAt,
      roomScores: this.roomScoresOf(pod),
      spread,
      affinityAt: terms ? this.affinityColumn(terms) : undefined,
      imageAt: image.alike === undefined ? Float64Array.from(nodes, (node) => image.scoreOf(node.metadata.name)) : undefined,
      boundPositions: this.state.boundPositions,
      replacedPositions: this.state.replacedPositions,
      nodesNow: () => this.nodesNow(),
      stamps: this.stamps,
      verdictAt: (position) => {
        const node = nodes[position] as Node;
        const shared = sharedFilters(pod, node, this.options, true);
        const soft = countIntolerablePreferNoSchedule(node.spec?.taints, pod.spec?.tolerations, this.options);
        return { passes: shared.rejection === undefined, soft, reasons: shared.rejection ? wordRejection(shared.rejection, this.options.summaryWording) : [] };
      },
      reasonsOf: (rejection) => wordRejection(rejection, this.options.summaryWording),
    });
  }

  /** The weighted resource scores of nodes for the pod's request, as the simulation keeps them (per request, made again only where pods were bound since). */
  private roomScoresOf(pod: Pod): (positions: readonly number[]) => ArrayLike<number> {
    const scoresOf = this.state.capacity.resourceScores;
    if (!scoresOf) throw new Error('kept scores: the simulation keeps no resource scores');
    return (positions) => {
      const scored = scoresOf(pod, positions);
      const scores = new Array<number>(positions.length);
      for (let k = 0; k < positions.length; k++) {
        scores[k] = (scored.fit[k] as number) * W.NodeResourcesFit + (scored.balanced[k] as number) * W.NodeResourcesBalancedAllocation;
      }
      return scores;
    };
  }

  /** NodeAffinity's raw score of every node, once per node class (its labels decide it). */
  private affinityColumn(terms: Parameters<typeof preferredNodeAffinityScore>[0]): Float64Array {
    const { classes, context } = this.state;
    const byClass = new Map<unknown, number>();
    const nodes = context.snapshot.nodes;
    const column = new Float64Array(nodes.length);
    nodes.forEach((node, i) => {
      const nodeClass = classes.classOf.get(node.metadata.name);
      let score = byClass.get(nodeClass);
      if (score === undefined) byClass.set(nodeClass, (score = preferredNodeAffinityScore(terms, node)));
      column[i] = score;
    });
    return column;
  }

  /**
   * PodTopologySpread's ScheduleAnyway constraints as the kind's ranking reads them; undefined when
   * the plugin skips (none), null when the kept counts cannot score them (a constraint that does not
   * include every node, counts the holder does not keep, two constraints on the hostname).
   */
  private spreadOf(pod: Pod): KindSpread | undefined | null {
    const { classes, context } = this.state;
    const soft = spreadConstraintsOf(pod, 'ScheduleAnyway');
    if (classes.names.length === 0 || !soft.ok || soft.value.length === 0) return undefined;
    const counter = context.indexes?.spreadCounter;
    const perDomain = counter?.perDomain;
    const countsByPosition = counter?.countsByPosition;
    const positionsCounted = counter?.positionsCounted;
    if (!perDomain || !countsByPosition || !positionsCounted) return null;
    const constraints = soft.value;
    if (!constraints.every((c) => includesEveryNode(c, pod))) return null;
    const onHostname = constraints.filter((c) => c.topologyKey === labelHostname);
    if (onHostname.length > 1) return null;
    const namespace = pod.metadata.namespace ?? 'default';
    const hostSelector = onHostname[0]?.selector;
    if (hostSelector && !countsByPosition(hostSelector, namespace)) return null;
    const requireAllTopologies = (pod.spec?.topologySpreadConstraints ?? []).length > 0;
    const labelKeys = [...new Set(constraints.map((c) => c.topologyKey).filter((key) => key !== labelHostname))];
    const requiredKeys = requireAllTopologies ? constraints.map((d) => d.topologyKey) : [];
    return {
      constraints,
      keyAt: constraints.map((c) => (c.topologyKey === labelHostname ? -1 : labelKeys.indexOf(c.topologyKey))),
      sets: labelValueSets(classes, labelKeys),
      hasHostname: hostSelector ? labelPresence(classes, labelHostname) : undefined,
      requireAllTopologies,
      hostAt: hostSelector ? () => countsByPosition(hostSelector, namespace) as Int32Array : undefined,
      hostPositions: hostSelector ? () => positionsCounted(hostSelector, namespace) as readonly number[] : undefined,
      domainCounts: (c) => perDomain(c.topologyKey, requiredKeys, c.selector, namespace),
    };
  }
}
