import { type ListChunk, type ListChunking, chunkOfIndexed } from '../lists/list-chunks';
import type { Node, Pod } from '../types';
import { groupedContext, placePodGrouped } from './grouped-placement';
import { scoreColumns } from './framework/default-scores';
import { heldFeasibleNodes } from './held-feasible-nodes';
import { summaryLines } from './grouped-summary';
import { type Bucket, bucketedPlacement } from './node-buckets';
import { UNKNOWN } from './node-room-masks';
import { type NodeClasses, heldNode } from './node-classes';
import { resourceFitOf, withResourceFit } from './node-filters';
import { type NodePlacement, type Placement, type PlacementContext, type PlacementOptions, defaultPlacementOptions, podRef } from './placement';
import type { PlacementCapacity, PlacementReason } from './placement-reasons';
import { placementNodeKey, placementNodesPage } from './placement-views';
import { withResourceHolders } from './resource-holders';

/**
 * The nodes view of placePodGrouped's answer (its heading and one page of placementNodesPage)
 * without the answer for every node: the feasible nodes are scored (scoreNodes) and ordered, and an
 * entry is made for the page's nodes only. The nodes of a bucket share one reasons array but for a shortage,
 * whose amounts are each node's own. grouped-nodes.property.test.ts holds it to placementNodesPage.
 */

export interface PlacementNodesPage {
  pod: Placement['pod'];
  summary: string;
  detail: string;
  nodeCount: number;
  feasibleCount: number;
  capacityConsidered?: true;
  notEvaluated?: Placement['notEvaluated'];
  bestTied?: number;
  page: ListChunk<NodePlacement>;
}

export function placementNodesGrouped(
  pod: Pod,
  classes: NodeClasses,
  options: PlacementOptions = defaultPlacementOptions,
  capacity: PlacementCapacity | undefined,
  chunking: ListChunking,
  revision: bigint,
  context?: PlacementContext,
): PlacementNodesPage {
  const grouped = groupedContext(pod, classes, context);
  const placed = grouped.byClass ? bucketedPlacement(pod, classes, options, capacity, 0, true) : undefined;
  const capacityConsidered = capacity ? ({ capacityConsidered: true } as const) : {};
  const notEvaluated = grouped.prepared.unevaluated.length ? { notEvaluated: [...grouped.prepared.unevaluated] } : {};
  if (!placed) {
    const placement = placePodGrouped(pod, classes, options, capacity, grouped);
    const { pod: ref, summary, detail, feasibleCount } = placement;
    return {
      pod: ref,
      summary,
      detail,
      nodeCount: placement.nodes.length,
      feasibleCount,
      ...capacityConsidered,
      ...notEvaluated,
      ...(placement.bestTied ? { bestTied: placement.bestTied } : {}),
      page: withHoldersOnPage(placementNodesPage(placement, chunking, revision), context),
    };
  }
  const { buckets, verdictOf, feasible } = placed;
  const bucketAt = placed.bucketAt as Int32Array;
  const { names } = classes;

  // The list's order: feasible nodes by their scores' total, highest first, then by name; then the
  // others by name (positions are in name order already).
  const feasibleBuckets = buckets.map(feasible);
  const feasiblePositions: number[] = [];
  const infeasiblePositions: number[] = [];
  for (let i = 0; i < names.length; i++) (feasibleBuckets[bucketAt[i] as number] ? feasiblePositions : infeasiblePositions).push(i);
  const bucketOf = (position: number) => buckets[bucketAt[position] as number] as Bucket;
  const scored = scoreColumns(
    pod,
    heldFeasibleNodes(pod, classes, feasiblePositions, capacity, (position) => verdictOf(bucketOf(position)).softTaints),
    grouped.snapshot,
    options,
    capacity,
    grouped.indexes,
  );
  const scoreAt = new Map(feasiblePositions.map((position, k) => [position, { total: scored.totals[k] as number, plugins: () => scored.pluginsAt(k) }]));
  feasiblePositions.sort((a, b) => (scoreAt.get(b)?.total ?? 0) - (scoreAt.get(a)?.total ?? 0) || a - b);
  const order = Int32Array.from([...feasiblePositions, ...infeasiblePositions]);
  const bestTotal = scoreAt.get(feasiblePositions[0] ?? -1)?.total;
  const bestTied = feasiblePositions.filter((p) => scoreAt.get(p)?.total === bestTotal).length;
  const keyAt = (index: number) => {
    const position = order[index] as number;
    return placementNodeKey({ name: names[position] as string, score: scoreAt.get(position)?.total ?? null });
  };

  const fit = resourceFitOf(pod, capacity);
  const reasonsOf = (bucket: Bucket, position: number): PlacementReason[] =>
    // A shortage tells the node's own amounts: made as placePodGrouped makes it.
    bucket.mask & ~UNKNOWN
      ? withResourceFit(verdictOf(bucket).shared, heldNode(classes, names[position] as string) as Node, fit, false, true).reasons
      : placed.unshortReasons(bucket);
  const page = chunkOfIndexed(names.length, keyAt, chunking, {
    revision,
    itemAt: (index): NodePlacement => {
      const position = order[index] as number;
      const bucket = buckets[bucketAt[position] as number] as Bucket;
      const scores = scoreAt.get(position);
      const name = names[position] as string;
      const reasons = reasonsOf(bucket, position);
      // Feasible nodes come first, so a feasible node's index is its rank less one.
      if (!scores) return { name, feasible: false, score: null, rank: null, reasons };
      return { name, feasible: true, score: scores.total, scores: scores.plugins(), rank: index + 1, reasons };
    },
  });
  return {
    pod: podRef(pod),
    ...summaryLines(placed, names.length),
    nodeCount: names.length,
    feasibleCount: placed.feasibleCount,
    ...capacityConsidered,
    ...notEvaluated,
    ...(bestTied > 1 ? { bestTied } : {}),
    page: withHoldersOnPage(page, context),
  };
}

/** The page's entries with the pods holding what their nodes are short of, when the cluster's pods are known. */
function withHoldersOnPage(page: ListChunk<NodePlacement>, context: PlacementContext | undefined): ListChunk<NodePlacement> {
  return context ? { ...page, items: withResourceHolders(page.items, context.snapshot.podsOn) } : page;
}
