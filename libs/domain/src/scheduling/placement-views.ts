import { type ListChunk, type ListChunking, chunkOfSorted } from '../lists/list-chunks';
import type { Int64 } from '../numbers/int64';
import type { Taint } from '../types';
import type { NodePlacement, Placement } from './placement';
import { MAX_TOTAL_SCORE } from './framework/default-scores';
import { selectorMissWithoutNodeName } from './node-affinity';
import type { PlacementReason, PlacementReasonCode } from './placement-reasons';

/**
 * The views a placement is answered in. Every node with its reasons is 2.6 MiB at 10,000 nodes:
 * more than a person reads or a portal wants on every question. The summary view (the default) is
 * what they act on: kube-scheduler's line, how many nodes each reason rules out, the best nodes,
 * and the others grouped by why; the nodes view is every node, a page at a time.
 */

export const placementViews = ['summary', 'nodes'] as const;

/** How many nodes a list of the summary names when the request says nothing. */
export const DEFAULT_PLACEMENT_TOP = 10;
/** The most a request may ask for: at 10,000 nodes, a summary of 1,000 names per list is still bounded. */
export const MAX_PLACEMENT_TOP = 1000;

/** What a request asks to see of a placement. */
export type PlacementView = { readonly name: 'summary'; readonly top: number } | { readonly name: 'nodes'; readonly chunking: ListChunking };

/** A reason as a group of nodes shares it: a resource shortage says what the pod requests, not what each node has left. */
export interface GroupReason {
  code: PlacementReasonCode;
  message: string;
  taint?: Taint;
  field?: string;
  resource?: { name: string; requested: Int64 };
}

/** Infeasible nodes whose reasons are the same: the reasons once, how many nodes, and the first of their names. */
export interface InfeasibleGroup {
  count: number;
  reasons: GroupReason[];
  /** The first `top` names, in name order. */
  nodes: string[];
}

/** How many nodes have a reason of this code (a node with two untolerated taints counts once). */
export interface ReasonCount {
  code: PlacementReasonCode;
  nodes: number;
}

export interface PlacementSummary {
  pod: Placement['pod'];
  summary: string;
  detail: string;
  nodeCount: number;
  feasibleCount: number;
  reasonCounts: ReasonCount[];
  /** The best `top` feasible nodes, ranked, with their (soft) reasons and amounts. */
  feasibleNodes: NodePlacement[];
  /** Every infeasible node, in groups of the same reasons: the largest group first, then by first name. */
  infeasibleGroups: InfeasibleGroup[];
  capacityConsidered?: true;
  notEvaluated?: Placement['notEvaluated'];
  bestTied?: number;
}

/**
 * A reason as a group shares it. A matchFields miss names the node (`metadata.name In [node-42]: node
 * is node-7`): the group keeps what the pod asks. A resource shortage's message tells the node's own amounts
 * (`Insufficient cpu: needs 3000m, 1500m of 2000m free`): the group
 * keeps the words kube-scheduler counts (`Insufficient cpu`, `Too many pods`) and the pod's
 * request; the nodes view has each node's amounts.
 */
export function groupReason(reason: PlacementReason): GroupReason {
  const { resource, ...shared } = reason;
  // A matchFields miss names its node: the group says what the pod asks, as for a shortage.
  if (reason.field?.includes('.matchFields[')) return { ...shared, message: selectorMissWithoutNodeName(reason.message) };
  if (!resource) return shared;
  return { ...shared, message: shortageWords(reason), resource: { name: resource.name, requested: resource.requested } };
}

/** What a shortage's message says before its amounts. */
const shortageWords = (reason: PlacementReason): string => reason.message.split(':', 1)[0] ?? reason.message;

/** What makes two group reasons the same, as a string. */
export function groupReasonContent({ code, message, taint, field, resource }: GroupReason): string {
  return JSON.stringify([code, message, taint?.key, taint?.value, taint?.effect, field, resource?.name, String(resource?.requested ?? '')]);
}

/**
 * A reason's identity within a group, as a small number: reasons alike have the same one. Placement
 * by class gives every node of a class the same reason objects, so the content is looked at once per
 * object, not once per node, and a node's group key is a few numbers.
 */
function reasonIds(): (reason: PlacementReason) => number {
  const byObject = new WeakMap<PlacementReason, number>();
  const byContent = new Map<string, number>();
  return (reason) => {
    let id = byObject.get(reason);
    if (id === undefined) {
      const content = groupReasonContent(groupReason(reason));
      id = byContent.get(content);
      if (id === undefined) {
        id = byContent.size;
        byContent.set(content, id);
      }
      byObject.set(reason, id);
    }
    return id;
  };
}

/** The codes of a node's reasons, each once (a node has a handful of reasons). */
export function distinctCodes(reasons: readonly { code: PlacementReasonCode }[]): PlacementReasonCode[] {
  const codes: PlacementReasonCode[] = [];
  for (const { code } of reasons) if (!codes.includes(code)) codes.push(code);
  return codes;
}

export const byFirstName = (a: InfeasibleGroup, b: InfeasibleGroup) => b.count - a.count || ((a.nodes[0] ?? '') < (b.nodes[0] ?? '') ? -1 : 1);

/**
 * The summary view of a placement: its line and counts, the best `top` feasible nodes (placement
 * ranks them already), and the infeasible ones grouped by identical reasons, naming at most `top`
 * of each group. Every node is in exactly one of: the feasible count, one group's count.
 */
export function placementSummary(placement: Placement, top: number): PlacementSummary {
  const idOf = reasonIds();
  const codes = new Map<PlacementReasonCode, number>();
  const groups = new Map<string, InfeasibleGroup>();
  for (const node of placement.nodes) {
    for (const code of distinctCodes(node.reasons)) codes.set(code, (codes.get(code) ?? 0) + 1);
    if (node.feasible) continue;
    let key = '';
    for (const reason of node.reasons) key += `${idOf(reason)},`;
    let group = groups.get(key);
    if (!group) {
      group = { count: 0, reasons: node.reasons.map(groupReason), nodes: [] };
      groups.set(key, group);
    }
    group.count++;
    if (group.nodes.length < top) group.nodes.push(node.name);
  }
  const answer: PlacementSummary = {
    pod: placement.pod,
    summary: placement.summary,
    detail: placement.detail,
    nodeCount: placement.nodes.length,
    feasibleCount: placement.feasibleCount,
    reasonCounts: [...codes].map(([code, nodes]) => ({ code, nodes })).sort((a, b) => b.nodes - a.nodes || (a.code < b.code ? -1 : 1)),
    feasibleNodes: placement.nodes.slice(0, Math.min(top, placement.feasibleCount)),
    infeasibleGroups: [...groups.values()].sort(byFirstName),
  };
  if (placement.capacityConsidered) answer.capacityConsidered = true;
  if (placement.notEvaluated) answer.notEvaluated = placement.notEvaluated;
  if (placement.bestTied) answer.bestTied = placement.bestTied;
  return answer;
}

/**
 * A node's key in the order placement lists nodes, for continue tokens: feasible ones first by
 * score, highest first, then by name; then the infeasible ones by name. Names hold no "/" and
 * totals (0 to MAX_TOTAL_SCORE) have at most four digits, so the keys sort as the list does.
 */
export function placementNodeKey(node: Pick<NodePlacement, 'name' | 'score'>): string {
  return node.score === null ? `1/${node.name}` : `0/${String(MAX_TOTAL_SCORE - node.score).padStart(4, '0')}/${node.name}`;
}

/**
 * A page of the nodes view: the nodes from the token's key on, at most `limit`, and the next
 * page's token while more remain. A page asked after the cluster changed answers what is current
 * after that key, as every list does (docs/contract.md, "Lists").
 */
export function placementNodesPage(placement: Placement, chunking: ListChunking, revision: bigint): ListChunk<NodePlacement> {
  const byKey = new Map<string, NodePlacement>();
  const keys = placement.nodes.map((node) => {
    const key = placementNodeKey(node);
    byKey.set(key, node);
    return key;
  });
  return chunkOfSorted(keys, chunking, { itemOf: (key) => byKey.get(key), filtered: false, revision });
}
