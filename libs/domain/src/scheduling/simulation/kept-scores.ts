import type { Node, Pod } from '../../types';
import { ScorePluginWeights } from '../framework/default-scores';
import { groupedContext } from '../grouped-placement';
import { bucketsFor, summaryLines } from '../grouped-summary';
import { imageLocalityScoreOf } from '../image-locality';
import { interPodAffinityScoresOf } from '../inter-pod-affinity/scoring';
import { labelPresence, labelValueSets, namePosition } from '../node-classes';
import { preferredNodeAffinityScore } from '../node-affinity-score';
import { roomsInOrder } from '../node-rooms';
import type { PlacementOptions } from '../placement';
import { resourceScoreColumns } from '../resource-score-columns';
import { maxNodeScore } from '../taint-toleration-score';
import { labelHostname, spreadConstraintsOf } from '../topology-spread/spread-constraints';
import { includesEveryNode } from '../topology-spread/spread-counting';
import { domainShares, goRound, scoreForCount, topologyNormalizingWeight } from '../topology-spread/spread-score';
import type { SimulatedClusterState } from './simulated-cluster-state';

/**
 * One turn of a simulation for a pod that reads nothing of a node beyond its taints, labels, cordon
 * and room (no host ports, volumes, filtering spread constraints nor pod affinity terms that filter:
 * placement by class), scored with columns kept per kind of pod across turns: a drain moves the
 * replicas of a thousand workloads in turn, and between two replicas of one only the nodes pods were
 * bound to have changed. The filters are the buckets' (bucketsFor), as placementSummaryGrouped's.
 * Of the scores, the resource scores of a node are made again only when a pod was bound to it;
 * TaintToleration, NodeAffinity and ImageLocality read what never changes in a simulation; the
 * spread score is worked out from the kept counts, as topologySpreadScoreColumn works it out;
 * InterPodAffinity must score nothing (its PreScore skips). The totals are placementSummaryGrouped's
 * to the unit (every column holds integers), so the node chosen and the ties counted are the same;
 * the property tests hold simulatePlacement to a cluster made again at every turn.
 */

export interface KeptTurn {
  readonly node: string | null;
  readonly summary: string;
  readonly bestTied?: number;
}

/** What a kind of pod keeps across turns: its resource scores by node position, and the binds it has seen. */
interface KindColumns {
  /** How many binds of the state's log these columns have taken in. */
  seen: number;
  readonly fit: Uint8Array;
  readonly balanced: Uint8Array;
  /** 1 where fit and balanced hold the node's current scores. */
  readonly valid: Uint8Array;
  /** NodeAffinity's raw score by position, made on first asking (static: labels never change here). */
  affinity?: Float64Array;
  /** ImageLocality's score by position when the pod's images are on some nodes, null when every node scores alike (static); made on first asking. */
  image?: Float64Array | null;
}

const W = ScorePluginWeights;

export class KeptScores {
  private readonly kinds = new Map<string, KindColumns>();

  constructor(
    private readonly state: SimulatedClusterState,
    private readonly options: PlacementOptions,
  ) {}

  /** The pod's turn, or undefined when it is not placed by class (the caller places it the usual way). */
  turn(pod: Pod, kind: string): KeptTurn | undefined {
    const { classes, capacity, context } = this.state;
    const grouped = groupedContext(pod, classes, context);
    if (!grouped.byClass) return undefined;
    const placed = bucketsFor(pod, classes, grouped, this.options, capacity, 0, true);
    const bucketAt = placed?.bucketAt;
    const table = capacity.rooms && roomsInOrder(capacity.rooms, classes);
    if (!placed || !bucketAt || !table) return undefined;
    const { snapshot } = context;
    const nodes = snapshot.nodes;
    const n = nodes.length;
    const summary = summaryLines(placed, n).summary;
    if (placed.feasibleCount === 0) return { node: null, summary };
    const indexes = context.indexes;
    const affinityOptions = indexes?.affinityPods ? { index: indexes.affinityPods, ...(indexes.podLabels && { labels: indexes.podLabels }) } : {};
    if (interPodAffinityScoresOf(pod, 1, () => nodes[0] as Node, snapshot, affinityOptions) !== undefined) return undefined;
    // The feasible positions (rising), and TaintToleration's normalized score of each bucket (its group's raw count).
    const buckets = placed.buckets;
    const feasibleBucket = new Uint8Array(buckets.length);
    const softOfBucket = new Float64Array(buckets.length);
    let maxSoft = 0;
    buckets.forEach((bucket, b) => {
      if (!placed.feasible(bucket)) return;
      feasibleBucket[b] = 1;
      const soft = placed.verdictOf(bucket).softTaints;
      softOfBucket[b] = soft;
      if (soft > maxSoft) maxSoft = soft;
    });
    const taintOfBucket = softOfBucket.map((soft) => (maxSoft === 0 ? maxNodeScore : maxNodeScore - Math.trunc((maxNodeScore * soft) / maxSoft)));
    const f = placed.feasibleCount;
    const positions = new Int32Array(f);
    for (let i = 0, k = 0; i < n; i++) if (feasibleBucket[bucketAt[i] as number]) positions[k++] = i;
    const spread = this.spreadColumn(pod, positions);
    if (spread === null) return undefined;

    const columns = this.columnsOf(kind, n);
    const { fit, balanced, valid } = columns;
    // The resource scores of the feasible nodes not yet scored, or bound to since.
    const stale: number[] = [];
    for (let k = 0; k < f; k++) if (!valid[positions[k] as number]) stale.push(positions[k] as number);
    if (stale.length) {
      const scored = resourceScoreColumns(pod, table, stale, (k) => nodes[stale[k] as number] as Node, capacity.usageOf);
      for (let k = 0; k < stale.length; k++) {
        const i = stale[k] as number;
        fit[i] = scored.fit[k] as number;
        balanced[i] = scored.balanced[k] as number;
        valid[i] = 1;
      }
    }

    // The per-node totals: the weighted columns that vary, over what is alike for every node.
    const totals = new Float64Array(f);
    for (let k = 0; k < f; k++) {
      const i = positions[k] as number;
      totals[k] =
        (taintOfBucket[bucketAt[i] as number] as number) * W.TaintToleration +
        (fit[i] as number) * W.NodeResourcesFit +
        (balanced[i] as number) * W.NodeResourcesBalancedAllocation;
    }
    if (spread) for (let k = 0; k < f; k++) totals[k] = (totals[k] as number) + (spread[k] as number) * W.PodTopologySpread;
    const terms = pod.spec?.affinity?.nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution;
    const affinity = terms ? (columns.affinity ??= this.affinityColumn(terms, n)) : undefined;
    if (affinity) {
      let maxAffinity = 0;
      for (let k = 0; k < f; k++) maxAffinity = Math.max(maxAffinity, affinity[positions[k] as number] as number);
      if (maxAffinity > 0) {
        for (let k = 0; k < f; k++) {
          totals[k] = (totals[k] as number) + Math.trunc((maxNodeScore * (affinity[positions[k] as number] as number)) / maxAffinity) * W.NodeAffinity;
        }
      }
    }
    // ImageLocality reads the kind's images and the nodes' (both unchanged in a simulation): one column a kind, none when every node scores alike.
    if (columns.image === undefined) {
      const image = imageLocalityScoreOf(pod, snapshot);
      columns.image = image.alike === undefined ? Float64Array.from(nodes, (node) => image.scoreOf(node.metadata.name)) : null;
    }
    const imageAt = columns.image;
    if (imageAt) for (let k = 0; k < f; k++) totals[k] = (totals[k] as number) + (imageAt[positions[k] as number] as number) * W.ImageLocality;

    let best = -Infinity;
    let bestAt = -1;
    let tied = 0;
    for (let k = 0; k < f; k++) {
      const total = totals[k] as number;
      if (total > best) {
        best = total;
        bestAt = positions[k] as number;
        tied = 1;
      } else if (total === best) tied++;
    }
    return { node: classes.names[bestAt] as string, summary, ...(tied > 1 ? { bestTied: tied } : {}) };
  }

  /** The kind's kept columns, with the nodes bound to since its last turn marked for scoring again. */
  private columnsOf(kind: string, n: number): KindColumns {
    let columns = this.kinds.get(kind);
    if (!columns) {
      columns = { seen: 0, fit: new Uint8Array(n), balanced: new Uint8Array(n), valid: new Uint8Array(n) };
      this.kinds.set(kind, columns);
      columns.seen = this.state.boundPositions.length;
      return columns;
    }
    const log = this.state.boundPositions;
    for (let j = columns.seen; j < log.length; j++) columns.valid[log[j] as number] = 0;
    columns.seen = log.length;
    return columns;
  }

  /** NodeAffinity's raw score of every node, once per node class (its labels decide it). */
  private affinityColumn(terms: Parameters<typeof preferredNodeAffinityScore>[0], n: number): Float64Array {
    const { classes, context } = this.state;
    const byClass = new Map<unknown, number>();
    const column = new Float64Array(n);
    context.snapshot.nodes.forEach((node, i) => {
      const nodeClass = classes.classOf.get(node.metadata.name);
      let score = byClass.get(nodeClass);
      if (score === undefined) byClass.set(nodeClass, (score = preferredNodeAffinityScore(terms, node)));
      column[i] = score;
    });
    return column;
  }

  /**
   * PodTopologySpread's normalized score of each feasible node (by place k, positions rising), as
   * topologySpreadScoreColumn makes it; undefined when the plugin skips (no ScheduleAnyway
   * constraint), null when that column does not apply (the caller then places the pod the usual way).
   */
  private spreadColumn(pod: Pod, positions: Int32Array): Int32Array | undefined | null {
    const { classes, context } = this.state;
    const { snapshot } = context;
    const soft = spreadConstraintsOf(pod, 'ScheduleAnyway');
    if (snapshot.nodes.length === 0 || !soft.ok || soft.value.length === 0) return undefined;
    const counter = context.indexes?.spreadCounter;
    const perDomain = counter?.perDomain;
    const countsByNode = counter?.countsByNode;
    if (!perDomain || !countsByNode) return null;
    const constraints = soft.value;
    if (!constraints.every((c) => includesEveryNode(c, pod))) return null;
    const namespace = pod.metadata.namespace ?? 'default';
    const hostCounts = constraints.map((c) => (c.topologyKey === labelHostname ? countsByNode(c.selector, namespace) : undefined));
    if (constraints.some((c, i) => c.topologyKey === labelHostname && !hostCounts[i])) return null;

    const requireAllTopologies = (pod.spec?.topologySpreadConstraints ?? []).length > 0;
    const labelKeys = [...new Set(constraints.map((c) => c.topologyKey).filter((key) => key !== labelHostname))];
    const keyAt = constraints.map((c) => (c.topologyKey === labelHostname ? -1 : labelKeys.indexOf(c.topologyKey)));
    const readsHostname = keyAt.includes(-1);
    const sets = labelValueSets(classes, labelKeys);
    const hasHostname = readsHostname ? labelPresence(classes, labelHostname) : undefined;
    const setLacksKey = new Uint8Array(sets.count);
    for (let set = 0; set < sets.count; set++) if (sets.valuesOf(set).includes(null)) setLacksKey[set] = 1;

    // Which feasible nodes are ignored, and the sets that hold a node scored.
    const f = positions.length;
    const ignored = new Uint8Array(f);
    const scored = new Uint8Array(sets.count);
    let ignoredCount = 0;
    for (let k = 0; k < f; k++) {
      const i = positions[k] as number;
      const set = sets.setAt[i] as number;
      const missing = (hasHostname !== undefined && hasHostname[i] === 0) || setLacksKey[set] === 1;
      if (requireAllTopologies && missing) {
        ignored[k] = 1;
        ignoredCount++;
      } else scored[set] = 1;
    }

    const terms = domainShares(constraints, keyAt, sets, scored, (c) =>
      perDomain(c.topologyKey, requireAllTopologies ? constraints.map((d) => d.topologyKey) : [], c.selector, namespace),
    );
    const hostWeight = topologyNormalizingWeight(f - ignoredCount);
    // Per hostname constraint, each node's share by position: maxSkew - 1 where no matching pod runs, the few nodes with some from the kept counts.
    const n = classes.names.length;
    const hostShares = constraints.map((c, i) => {
      const counts = hostCounts[i];
      if (!counts) return undefined;
      const share = new Float64Array(n).fill(scoreForCount(0, c.maxSkew, hostWeight));
      for (const [name, count] of counts) {
        const at = namePosition(classes.names, name);
        if (classes.names[at] === name) share[at] = scoreForCount(count, c.maxSkew, hostWeight);
      }
      return share;
    });

    // Each node's sum, in the constraints' order. With one or two constraints (the system defaults are
    // two), a set's term and a node's hostname share add up alike in either order (IEEE addition of two
    // numbers is commutative, and 0 + x is x), so each set's part is summed once.
    const setPart = new Float64Array(sets.count);
    for (let set = 0; set < sets.count; set++) {
      let part = 0;
      for (const share of terms) if (share && !Number.isNaN(share[set])) part += share[set] as number;
      setPart[set] = part;
    }
    const hostAt = hostShares.flatMap((share) => (share ? [share] : []));
    const pairwise = constraints.length <= 2 && hostAt.length <= 1;
    const raw = new Float64Array(f);
    let min = Number.POSITIVE_INFINITY;
    let max = 0;
    for (let k = 0; k < f; k++) {
      if (ignored[k]) continue;
      const i = positions[k] as number;
      const set = sets.setAt[i] as number;
      let score = 0;
      if (pairwise) {
        score = setPart[set] as number;
        if (hostAt.length > 0 && hasHostname?.[i]) score = ((hostAt[0] as Float64Array)[i] as number) + score;
      } else {
        for (let c = 0; c < constraints.length; c++) {
          const share = terms[c];
          if (share) {
            const term = share[set] as number;
            if (!Number.isNaN(term)) score += term;
          } else if (hasHostname?.[i]) {
            score += (hostShares[c] as Float64Array)[i] as number;
          }
        }
      }
      const rounded = goRound(score);
      raw[k] = rounded;
      if (rounded < min) min = rounded;
      if (rounded > max) max = rounded;
    }
    const normalized = new Int32Array(f);
    for (let k = 0; k < f; k++) {
      if (ignored[k]) continue;
      normalized[k] = max === 0 ? maxNodeScore : Math.trunc((maxNodeScore * (max + min - (raw[k] as number))) / max);
    }
    return normalized;
  }
}
