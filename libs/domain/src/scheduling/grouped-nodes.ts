import { type ListChunk, type ListChunking, chunkOfIndexed } from '../lists/list-chunks';
import type { Node, Pod } from '../types';
import { placePodGrouped } from './grouped-placement';
import { summaryLines } from './grouped-summary';
import { type Bucket, UNKNOWN, bucketedPlacement } from './node-buckets';
import { type NodeClasses, heldNode } from './node-classes';
import { resourceFitOf, withResourceFit } from './node-filters';
import { type NodePlacement, type Placement, type PlacementOptions, defaultPlacementOptions, podRef } from './placement';
import type { PlacementCapacity, PlacementReason } from './placement-reasons';
import { placementNodeKey, placementNodesPage } from './placement-views';
import { maxNodeScore } from './taint-toleration-score';

/**
 * The nodes view of placePodGrouped's answer (its heading and one page of placementNodesPage)
 * without the answer for every node: the order comes from the buckets' scores, and an entry is made
 * for the page's nodes only. The nodes of a bucket share one reasons array but for a shortage,
 * whose amounts are each node's own. grouped-nodes.property.test.ts holds it to placementNodesPage.
 */

export interface PlacementNodesPage {
  pod: Placement['pod'];
  summary: string;
  detail: string;
  nodeCount: number;
  feasibleCount: number;
  capacityConsidered?: true;
  page: ListChunk<NodePlacement>;
}

/** Slots of the counting sort: one per score (0-100), then the infeasible. */
const scoreBuckets = maxNodeScore + 1;

export function placementNodesGrouped(
  pod: Pod,
  classes: NodeClasses,
  options: PlacementOptions = defaultPlacementOptions,
  capacity: PlacementCapacity | undefined,
  chunking: ListChunking,
  revision: bigint,
): PlacementNodesPage {
  const placed = bucketedPlacement(pod, classes, options, capacity, 0, true);
  const capacityConsidered = capacity ? ({ capacityConsidered: true } as const) : {};
  if (!placed) {
    const placement = placePodGrouped(pod, classes, options, capacity);
    const { pod: ref, summary, detail, feasibleCount } = placement;
    return {
      pod: ref,
      summary,
      detail,
      nodeCount: placement.nodes.length,
      feasibleCount,
      ...capacityConsidered,
      page: placementNodesPage(placement, chunking, revision),
    };
  }
  const { buckets, verdictOf, feasible, scoreOf } = placed;
  const bucketAt = placed.bucketAt as Int32Array;
  const { names } = classes;

  // The list's order: feasible nodes by score, highest first, then by name; then the others by
  // name. A counting sort by score (101 values) over positions, which are in name order already.
  const scoreOfBucket = buckets.map((b) => (feasible(b) ? scoreOf(b) : null));
  const slotOfBucket = scoreOfBucket.map((score) => (score === null ? scoreBuckets : maxNodeScore - score));
  const starts = new Int32Array(scoreBuckets + 2);
  for (let i = 0; i < names.length; i++) (starts[(slotOfBucket[bucketAt[i] as number] as number) + 1] as number)++;
  for (let slot = 1; slot < starts.length; slot++) starts[slot] = (starts[slot] as number) + (starts[slot - 1] as number);
  const order = new Int32Array(names.length);
  for (let i = 0; i < names.length; i++) order[(starts[slotOfBucket[bucketAt[i] as number] as number] as number)++] = i;
  const keyAt = (index: number) => {
    const position = order[index] as number;
    return placementNodeKey({ name: names[position] as string, score: scoreOfBucket[bucketAt[position] as number] ?? null });
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
      const score = scoreOfBucket[bucketAt[position] as number] ?? null;
      const name = names[position] as string;
      // Feasible nodes come first, so a feasible node's index is its rank less one.
      return { name, feasible: score !== null, score, rank: score === null ? null : index + 1, reasons: reasonsOf(bucket, position) };
    },
  });
  return { pod: podRef(pod), ...summaryLines(placed, names.length), nodeCount: names.length, feasibleCount: placed.feasibleCount, ...capacityConsidered, page };
}
