import { ScorePluginWeights } from '../framework/default-scores';
import { summaryOfStates } from '../grouped-summary';
import type { Node } from '../../types';
import type { SchedulerRejection } from '../node-filters';
import type { BucketedPlacement, PluginOutcome } from '../node-buckets';
import { maskFits } from '../node-room-masks';
import { HAS_HOSTNAME, IGNORED, type KindSpread, type SpreadGroups, groupSpreadScores } from './kind-spread';
import { maxNodeScore } from '../taint-toleration-score';
import { MinHeap } from './min-heap';
import { KindStates } from './kind-states';
import { type OwnCounts, TurnGroupColumns, type TurnGroups } from './kind-turn-groups';

/**
 * One kind of pod's ranking of the nodes across the turns of a simulation, kept rather than made
 * again: the nodes fall into groups alike in every part of the kind's total (what never changes in
 * a simulation: its taints' and node affinity's raw scores, its images, its spread domain; and what
 * a bind changes: its resource scores, its count of the kind's matching pods), so that a turn works
 * out the normalizations and the totals per group and picks the first node by name of the best
 * groups, after moving only the nodes pods were bound to since the kind's last turn. A turn costs the
 * groups (a few hundred) and the nodes changed, not a pass over 10,000 nodes. The totals are those
 * of topologySpreadScoreColumn and the default scores to the unit (every part an integer, the spread
 * sum in the constraints' order), so the node chosen and the ties counted are placementSummaryGrouped's;
 * the property tests hold simulatePlacement to a cluster made again at every turn.
 *
 * A ranking built without counts of matching pods (its spread's hostAt absent) is shared by the kinds
 * alike in everything else (kept-scores.ts's sharedKeyOf): each turns through turnSharing with its
 * own spread, whose counts split the nodes that hold its pods off their groups (kind-turn-groups.ts).
 */

/** What a turn answers: the node chosen (null when none fits), kube-scheduler's line, and how many nodes tied for the best total. */
export interface KeptTurn {
  readonly node: string | null;
  readonly summary: string;
  readonly bestTied?: number;
}

/** What a kind is ranked with: its buckets at its first turn, each node's bits since, its resource scores, and its static columns. */
export interface KindInputs {
  readonly names: readonly string[];
  /** The nodes by position (in the names' order). */
  readonly nodes: readonly Node[];
  readonly placed: BucketedPlacement & { readonly bucketAt: Int32Array };
  readonly maskAt: (position: number) => number;
  /** The weighted resource scores (NodeResourcesFit's and BalancedAllocation's) of the nodes at the positions, as they are now. */
  readonly roomScores: (positions: readonly number[]) => ArrayLike<number>;
  readonly spread: KindSpread | undefined;
  /** NodeAffinity's raw score by position, when the kind has preferred terms. */
  readonly affinityAt: ArrayLike<number> | undefined;
  /** ImageLocality's score by position, when nodes differ in it. */
  readonly imageAt: ArrayLike<number> | undefined;
  /** The simulation's log of positions bound to or taken off, or replaced. */
  readonly boundPositions: readonly number[];
  /** The simulation's log of positions whose node was replaced (a cordon, an uncordon): their class verdict is asked again. */
  readonly replacedPositions: readonly number[];
  /** The nodes by position as they stand, in an array never changed (kinds built between two replacements share one). */
  readonly nodesNow: () => readonly Node[];
  /** Marks by position shared by the kinds of a simulation, and the last mark given: a refresh takes a new one (one refresh runs at a time). */
  readonly stamps: { readonly at: Int32Array; last: number };
  /** The kind's class verdict of the node at the position as it stands: whether its filters by class pass, its soft taints, and the line's words for its rejection. */
  readonly verdictAt: (position: number) => NodeVerdict;
  /** The line's words for a group's rejection (wordRejection in the options' wording). */
  readonly reasonsOf: (rejection: SchedulerRejection) => readonly string[];
}

/** A node's class verdict for a kind. */
interface NodeVerdict {
  readonly passes: boolean;
  readonly soft: number;
  readonly reasons: readonly string[];
}

/** What a turn reads of the groups as they stand: the live ones, and the normalizations' inputs over them. */
interface Standing {
  readonly live: readonly number[];
  readonly feasible: number;
  readonly ignoredCount: number;
  readonly maxSoft: number;
  readonly maxAffinity: number;
  /** The spread sets that hold a node scored. */
  readonly scored: Uint8Array | undefined;
  readonly summary: string;
}

/** A node's parts that never change in a simulation. */
interface StaticPart {
  readonly soft: number;
  readonly affinity: number;
  readonly image: number;
  readonly set: number;
  readonly hasHostname: boolean;
  readonly ignored: boolean;
}

/** Nodes alike in every part of the total. */
interface ScoreGroup {
  readonly part: number;
  readonly room: number;
  readonly host: number;
  count: number;
  live: boolean;
  readonly members: MinHeap;
}

const W = ScorePluginWeights;
/** Group keys pack the part, the resource score and the host count into a small integer (a fast key of a Map) while each is under these; a string past them. */
const ROOM_LIMIT = 1 << 9;
const HOST_LIMIT = 1 << 3;
const PART_LIMIT = 1 << 18;

export class KindRanking {
  private readonly n: number;
  /** 1 for a node its group does not reject: it fits when its bits do. */
  private readonly passes: Uint8Array;
  private readonly masks: Int32Array;
  private readonly partAt: Int32Array;
  private readonly parts: StaticPart[] = [];
  private readonly groupAt: Int32Array;
  private readonly groups: ScoreGroup[] = [];
  private readonly groupByKey = new Map<number | string, number>();
  private live: number[] = [];
  /** Each node's plugins' outcome (an index of `states`, 0: they pass), for a kind whose plugins read only a node's own labels. */
  private readonly outcomeAt: Int32Array;
  /** How many nodes its group does not reject are in each state of their bits and outcome: what the line counts. */
  private readonly states = new KindStates();
  private summary: string | undefined;
  private seen: number;
  private seenReplaced: number;
  /** The build's static columns, for the parts of nodes whose verdict changes later. */
  private columns?: { setAt?: Int32Array; hostnameAt?: Uint8Array; lacksKey: Uint8Array; requireAll: boolean };
  /** Parts of nodes whose verdict changed, by their values. */
  private readonly laterParts = new Map<string, number>();
  /** The line's words now of each node whose verdict changed since the build, and how they move the build's counts. */
  private readonly reasonsNow = new Map<number, readonly string[]>();
  private readonly reasonDelta = new Map<string, number>();
  /** Whether some bucket's nodes were left out by the PreFilter (counted in its words): a change of their verdict is not followed. */
  private leftOut = false;
  /** The nodes as the build saw them, and each node's part then; the node object each changed verdict was asked of. */
  private builtNodes: readonly Node[] = [];
  /** Made when a node's part first changes (reverdict): until then, partAt. */
  private builtParts: Int32Array | undefined;
  private readonly verdictNodes = new Map<number, Node>();
  private spreadColumns: SpreadGroups = { count: 0, set: new Int32Array(64), host: new Int32Array(64), flags: new Uint8Array(64) };
  private readonly turnColumns = new TurnGroupColumns();

  constructor(private readonly inputs: KindInputs) {
    const n = (this.n = inputs.names.length);
    // One buffer for the columns by position: a thousand kinds in a drain, each one allocation, not five.
    const buffer = new ArrayBuffer(n * 17);
    this.masks = new Int32Array(buffer, 0, n);
    this.outcomeAt = new Int32Array(buffer, 4 * n, n);
    this.partAt = new Int32Array(buffer, 8 * n, n).fill(-1);
    this.groupAt = new Int32Array(buffer, 12 * n, n).fill(-1);
    this.passes = new Uint8Array(buffer, 16 * n, n);
    this.seen = inputs.boundPositions.length;
    this.seenReplaced = inputs.replacedPositions.length;
    this.build();
  }

  /** Every node in its group, from the buckets of the kind's first turn. */
  private build(): void {
    const { placed, spread, affinityAt, imageAt } = this.inputs;
    const { buckets, bucketAt } = placed;
    // A node the group rejects (or the PreFilter leaves out) never fits in a simulation; the others by their bits.
    const passes = buckets.map((bucket) => placed.verdictOf(bucket).shared.rejection === undefined && placed.leftOutOf(bucket) === undefined);
    const outcomeOf = buckets.map((bucket) => this.states.outcomeId(placed.outcomeOf(bucket)));
    const softOf = buckets.map((bucket) => placed.verdictOf(bucket).softTaints);
    this.leftOut = buckets.some((bucket) => placed.leftOutOf(bucket) !== undefined);
    // The line's counts, bucket by bucket.
    buckets.forEach((bucket, b) => {
      if (passes[b]) this.states.count(bucket.mask, outcomeOf[b] as number, bucket.count);
    });
    // Parts interned by a number (the group of the bucket, the spread set, the hostname label, ignored): in
    // an array of its range, or with NodeAffinity's and ImageLocality's raw scores in a string key when
    // the kind has those columns.
    const setCount = spread ? spread.sets.count : 0;
    const lacksKey = new Uint8Array(setCount);
    for (let set = 0; set < setCount; set++) if (spread?.sets.valuesOf(set).includes(null)) lacksKey[set] = 1;
    const groupCount = buckets.reduce((most, bucket) => Math.max(most, bucket.group + 1), 0);
    const byNumber = affinityAt || imageAt ? undefined : new Int32Array(groupCount * (setCount + 1) * 4).fill(-1);
    const byString = new Map<string, number>();
    const setAt = spread?.sets.setAt;
    const hostnameAt = spread?.hasHostname;
    const requireAll = spread?.requireAllTopologies === true;
    this.columns = { ...(setAt ? { setAt } : {}), ...(hostnameAt ? { hostnameAt } : {}), lacksKey, requireAll };
    const fitting: number[] = [];
    for (let i = 0; i < this.n; i++) {
      const b = bucketAt[i] as number;
      if (!passes[b]) continue;
      this.passes[i] = 1;
      const bucket = buckets[b] as (typeof buckets)[number];
      const mask = bucket.mask;
      const outcome = outcomeOf[b] as number;
      this.masks[i] = mask;
      this.outcomeAt[i] = outcome;
      const set = setAt ? (setAt[i] as number) : 0;
      const hasHostname = hostnameAt !== undefined && hostnameAt[i] === 1;
      const ignored = requireAll && ((hostnameAt !== undefined && !hasHostname) || lacksKey[set] === 1);
      const numeric = ((bucket.group * (setCount + 1) + set) * 2 + (hasHostname ? 1 : 0)) * 2 + (ignored ? 1 : 0);
      const affinity = affinityAt ? (affinityAt[i] as number) : 0;
      const image = imageAt ? (imageAt[i] as number) : 0;
      let id = byNumber ? (byNumber[numeric] as number) : (byString.get(`${numeric}/${affinity}/${image}`) ?? -1);
      if (id < 0) {
        id = this.parts.length;
        this.parts.push({ soft: softOf[b] as number, affinity, image, set, hasHostname, ignored });
        if (byNumber) byNumber[numeric] = id;
        else byString.set(`${numeric}/${affinity}/${image}`, id);
      }
      this.partAt[i] = id;
      if (maskFits(mask) && outcome === 0) fitting.push(i);
    }
    this.builtNodes = this.inputs.nodesNow();
    this.join(fitting);
  }

  /** The nodes at `positions` (fitting the kind) in the groups of their totals' parts now. */
  private join(positions: readonly number[]): void {
    const { roomScores, spread } = this.inputs;
    const rooms = roomScores(positions);
    // The kind's matching pods on each node, kept by the counter as pods are bound.
    const hostAt = spread?.hostAt?.();
    for (let k = 0; k < positions.length; k++) {
      const i = positions[k] as number;
      const room = rooms[k] as number;
      const host = hostAt ? (hostAt[i] as number) : 0;
      const part = this.partAt[i] as number;
      const key = room < ROOM_LIMIT && host < HOST_LIMIT && part < PART_LIMIT ? (part * ROOM_LIMIT + room) * HOST_LIMIT + host : `${part}/${room}/${host}`;
      let g = this.groupByKey.get(key);
      if (g === undefined) {
        this.groupByKey.set(key, (g = this.groups.length));
        this.groups.push({ part, room, host, count: 0, live: false, members: new MinHeap() });
      }
      const group = this.groups[g] as ScoreGroup;
      group.count++;
      group.members.push(i);
      if (!group.live) {
        group.live = true;
        this.live.push(g);
      }
      this.groupAt[i] = g;
    }
  }

  /**
   * The nodes replaced since the last turn (a cordon, an uncordon): their class verdict asked again,
   * the line's counts moved by its words, in or out of the nodes it passes. False when it cannot be
   * followed (nodes the PreFilter left out): the caller ranks the kind anew.
   */
  private reverdict(outcomeOf: ((node: Node) => PluginOutcome) | undefined): boolean {
    const log = this.inputs.replacedPositions;
    if (this.seenReplaced === log.length) return true;
    if (this.leftOut) return false;
    const { placed, verdictAt, reasonsOf, maskAt, nodes } = this.inputs;
    for (let j = this.seenReplaced; j < log.length; j++) {
      const i = log[j] as number;
      const node = nodes[i] as Node;
      const built = this.builtNodes[i] as Node;
      // Asked of this very node already (a node cordoned and uncordoned since is the node built again).
      if (node === (this.verdictNodes.get(i) ?? built)) continue;
      const bucket = placed.buckets[placed.bucketAt[i] as number] as (typeof placed.buckets)[number];
      const { shared, softTaints } = placed.verdictOf(bucket);
      const baseReasons = shared.rejection ? reasonsOf(shared.rejection) : [];
      let now: NodeVerdict;
      if (node === built) {
        now = { passes: shared.rejection === undefined, soft: softTaints, reasons: baseReasons };
        this.verdictNodes.delete(i);
      } else {
        now = verdictAt(i);
        this.verdictNodes.set(i, node);
      }
      const before = this.reasonsNow.get(i) ?? baseReasons;
      if (before.join('\n') !== now.reasons.join('\n')) {
        for (const reason of before) this.reasonDelta.set(reason, (this.reasonDelta.get(reason) ?? 0) - 1);
        for (const reason of now.reasons) this.reasonDelta.set(reason, (this.reasonDelta.get(reason) ?? 0) + 1);
        this.reasonsNow.set(i, now.reasons);
        this.summary = undefined;
      }
      const g = this.groupAt[i] as number;
      if (g >= 0) {
        (this.groups[g] as ScoreGroup).count--;
        this.groupAt[i] = -1;
      }
      if (this.passes[i] && !now.passes) {
        this.passes[i] = 0;
        this.states.count(this.masks[i] as number, this.outcomeAt[i] as number, -1);
        this.summary = undefined;
      } else if (!this.passes[i] && now.passes) {
        this.passes[i] = 1;
        const mask = maskAt(i);
        const outcome = outcomeOf ? this.states.outcomeId(outcomeOf(node)) : 0;
        this.masks[i] = mask;
        this.outcomeAt[i] = outcome;
        this.states.count(mask, outcome, 1);
        this.summary = undefined;
      }
      if (now.passes) {
        this.builtParts ??= this.partAt.slice();
        this.partAt[i] = node === built ? (this.builtParts[i] as number) : this.laterPart(i, now.soft);
      }
    }
    this.seenReplaced = log.length;
    return true;
  }

  /** The part of a node whose verdict changed: its soft taints now, its static columns as built. */
  private laterPart(i: number, soft: number): number {
    const { affinityAt, imageAt } = this.inputs;
    const columns = this.columns as NonNullable<typeof this.columns>;
    const set = columns.setAt ? (columns.setAt[i] as number) : 0;
    const hasHostname = columns.hostnameAt !== undefined && columns.hostnameAt[i] === 1;
    const ignored = columns.requireAll && ((columns.hostnameAt !== undefined && !hasHostname) || columns.lacksKey[set] === 1);
    const affinity = affinityAt ? (affinityAt[i] as number) : 0;
    const image = imageAt ? (imageAt[i] as number) : 0;
    const key = `${soft}/${set}/${hasHostname ? 1 : 0}/${ignored ? 1 : 0}/${affinity}/${image}`;
    let id = this.laterParts.get(key);
    if (id === undefined) {
      this.laterParts.set(key, (id = this.parts.length));
      this.parts.push({ soft, affinity, image, set, hasHostname, ignored });
    }
    return id;
  }

  /** The nodes bound to since the last turn, moved: out of their groups, their bits worked out again, and back in if they still fit. */
  private refresh(outcomeOf: ((node: Node) => PluginOutcome) | undefined): void {
    const log = this.inputs.boundPositions;
    if (this.seen === log.length) return;
    const stamps = this.inputs.stamps;
    const stamp = ++stamps.last;
    const marks = stamps.at;
    const fitting: number[] = [];
    for (let j = this.seen; j < log.length; j++) {
      const i = log[j] as number;
      if (marks[i] === stamp || !this.passes[i]) continue;
      marks[i] = stamp;
      const g = this.groupAt[i] as number;
      if (g >= 0) {
        (this.groups[g] as ScoreGroup).count--;
        this.groupAt[i] = -1;
      }
      const mask = this.inputs.maskAt(i);
      const outcome = outcomeOf ? this.states.outcomeId(outcomeOf(this.inputs.nodes[i] as Node)) : 0;
      const was = this.masks[i] as number;
      const wasOutcome = this.outcomeAt[i] as number;
      if (mask !== was || outcome !== wasOutcome) {
        this.states.count(was, wasOutcome, -1);
        this.states.count(mask, outcome, 1);
        this.masks[i] = mask;
        this.outcomeAt[i] = outcome;
        this.summary = undefined;
      }
      if (maskFits(mask) && outcome === 0) fitting.push(i);
    }
    this.seen = log.length;
    this.join(fitting);
  }

  /**
   * The kind's turn over the cluster as it stands. `outcomeOf`: its plugins' outcome on a node, with
   * their PreFilter's state as it stands, for a kind whose plugins read only a node's own labels
   * (the hostname's): a node's outcome changes only when a pod is bound to it or taken off. Undefined
   * when a node's change cannot be followed (see reverdict): the caller ranks the kind anew.
   */
  turn(outcomeOf?: (node: Node) => PluginOutcome): KeptTurn | undefined {
    const standing = this.stand(outcomeOf);
    return standing && this.choose(standing, this.inputs.spread, undefined);
  }

  /**
   * The turn of a kind that shares this ranking: one alike in all the groups read but its matching
   * pods (the replicas of workloads alike in requests, filters and spread keys), the ranking built
   * without counts of matching pods (its spread's hostAt absent). The kind's own counts (`spread`'s)
   * split the nodes that hold its matching pods off their groups: a few hundred nodes a turn, where a
   * ranking of its own would pass over every node at its first turn and move every node bound to at
   * its turns. Undefined as turn's.
   */
  turnSharing(spread: KindSpread | undefined): KeptTurn | undefined {
    const standing = this.stand(undefined);
    const own = spread?.hostAt && spread.hostPositions ? { hostAt: spread.hostAt(), positions: spread.hostPositions() } : undefined;
    return standing && this.choose(standing, spread, own);
  }

  /** The groups moved to the cluster as it stands (its changes since the last turn), and what the normalizations read of them. */
  private stand(outcomeOf: ((node: Node) => PluginOutcome) | undefined): Standing | undefined {
    if (!this.reverdict(outcomeOf)) return undefined;
    this.refresh(outcomeOf);
    const { spread } = this.inputs;
    // The groups with nodes, and over them the normalizations' inputs: the feasible nodes, the highest raw scores, the sets scored.
    const live: number[] = [];
    let feasible = 0;
    let ignoredCount = 0;
    let maxSoft = 0;
    let maxAffinity = 0;
    const scored = spread ? new Uint8Array(spread.sets.count) : undefined;
    for (const g of this.live) {
      const group = this.groups[g] as ScoreGroup;
      if (group.count === 0) {
        group.live = false;
        continue;
      }
      live.push(g);
      const part = this.parts[group.part] as StaticPart;
      feasible += group.count;
      if (part.ignored) ignoredCount += group.count;
      else if (scored) scored[part.set] = 1;
      if (part.soft > maxSoft) maxSoft = part.soft;
      if (part.affinity > maxAffinity) maxAffinity = part.affinity;
    }
    this.live = live;
    this.summary ??= summaryOfStates(this.inputs.placed, this.states.counted(), this.n, feasible, this.reasonDelta);
    return { live, feasible, ignoredCount, maxSoft, maxAffinity, scored, summary: this.summary };
  }

  /** The node chosen over the groups as they stand, a kind's own counts (`own`) splitting its nodes with matching pods off them. */
  private choose(standing: Standing, spread: KindSpread | undefined, own: OwnCounts | undefined): KeptTurn {
    const { feasible, ignoredCount, maxSoft, maxAffinity, scored, summary } = standing;
    if (feasible === 0) return { node: null, summary };
    const turn = this.turnColumns.of(standing.live, this.groups, this.groupAt, own);
    const spreadScores = spread && scored ? groupSpreadScores(spread, scored, feasible - ignoredCount, this.spreadGroups(turn)) : undefined;
    let best = -Infinity;
    let bestAt: number[] = [];
    for (let k = 0; k < turn.count; k++) {
      const group = this.groups[turn.group[k] as number] as ScoreGroup;
      const part = this.parts[group.part] as StaticPart;
      let total = (maxSoft === 0 ? maxNodeScore : maxNodeScore - Math.trunc((maxNodeScore * part.soft) / maxSoft)) * W.TaintToleration + group.room;
      if (spreadScores) total += spreadScores[k] as number;
      if (maxAffinity > 0) total += Math.trunc((maxNodeScore * part.affinity) / maxAffinity) * W.NodeAffinity;
      total += part.image * W.ImageLocality;
      if (total > best) {
        best = total;
        bestAt = [k];
      } else if (total === best) bestAt.push(k);
    }
    // The first node by name of the best groups; every node of them tied.
    let tied = 0;
    let chosen = this.n;
    for (const k of bestAt) {
      tied += turn.members[k] as number;
      const first = turn.first[k] as number;
      chosen = Math.min(chosen, first >= 0 ? first : this.firstMember(turn.group[k] as number, own?.hostAt));
    }
    return { node: this.inputs.names[chosen] as string, summary, ...(tied > 1 ? { bestTied: tied } : {}) };
  }

  /** The first node by position of group g's own (its members now, less those a kind's counts split off). */
  private firstMember(g: number, hostAt: Int32Array | undefined): number {
    const members = (this.groups[g] as ScoreGroup).members;
    let aside: number[] | undefined;
    for (;;) {
      const i = members.peek() as number;
      // A member that left the group is gone for good (it is pushed again when it comes back).
      if (this.groupAt[i] !== g) members.pop();
      else if (hostAt !== undefined && (hostAt[i] as number) > 0) (aside ??= []).push(members.pop() as number);
      else break;
    }
    const first = members.peek() as number;
    if (aside) for (const i of aside) members.push(i);
    return first;
  }

  /** The turn's groups as the spread score reads them, in columns kept from turn to turn. */
  private spreadGroups(turn: TurnGroups): SpreadGroups {
    const count = turn.count;
    if (this.spreadColumns.set.length < count) {
      const size = Math.max(count, 2 * this.spreadColumns.set.length);
      this.spreadColumns = { count: 0, set: new Int32Array(size), host: new Int32Array(size), flags: new Uint8Array(size) };
    }
    const { set, host, flags } = this.spreadColumns;
    for (let k = 0; k < count; k++) {
      const group = this.groups[turn.group[k] as number] as ScoreGroup;
      const part = this.parts[group.part] as StaticPart;
      set[k] = part.set;
      host[k] = turn.host[k] as number;
      flags[k] = (part.hasHostname ? HAS_HOSTNAME : 0) | (part.ignored ? IGNORED : 0);
    }
    return { ...this.spreadColumns, count };
  }
}
