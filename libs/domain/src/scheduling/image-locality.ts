import type { Container, Node, Pod } from '../types';
import type { SchedulingSnapshot } from './framework/scheduling-snapshot';
import { maxNodeScore } from './taint-toleration-score';

/**
 * kube-scheduler's ImageLocality score (pkg/scheduler/framework/plugins/imagelocality/image_locality.go):
 * favors the nodes that already hold the images of the pod's containers, the bigger the better,
 * scaled down for images most nodes hold (so that pods do not pile up where an image happens to be).
 * No NormalizeScore: the raw score, 0..100, is final.
 */

/** ImageLocality's weight in the default profile (default_plugins.go). */
export const imageLocalityWeight = 1;

const mb = 1024n * 1024n;
/** The image sizes the score ranges over, per container: from 23MB (score 0) to 1000MB (score 100). */
const minThreshold = 23n * mb;
const maxContainerThreshold = 1000n * mb;

/**
 * normalizedImageName: an image named without a tag (no `:` after the last `/`) is its `:latest`;
 * a tag or a digest keeps it as written. Registries are not resolved (`nginx` is not `docker.io/library/nginx`).
 */
export function normalizedImageName(name: string): string {
  return name.lastIndexOf(':') <= name.lastIndexOf('/') ? `${name}:latest` : name;
}

/**
 * How many nodes list each image name in status.images (createImageExistenceMap): the NumNodes of
 * the cache's image states. Per nodes list, as a snapshot's nodes are never changed.
 */
const nodesHoldingCache = new WeakMap<readonly Node[], ReadonlyMap<string, number>>();

function nodesHolding(nodes: readonly Node[]): ReadonlyMap<string, number> {
  let counts = nodesHoldingCache.get(nodes);
  if (counts) return counts;
  const found = new Map<string, number>();
  for (const node of nodes) {
    const names = new Set((node.status?.images ?? []).flatMap((image) => image.names ?? []));
    for (const name of names) found.set(name, (found.get(name) ?? 0) + 1);
  }
  counts = found;
  nodesHoldingCache.set(nodes, counts);
  return counts;
}

/**
 * The node's image sizes by name (getNodeImageStates): each name its image lists, with that
 * image's size. The scheduler's cache takes the size from the first node that reported the name;
 * nodes report the same size for the same image, and this takes the node's own.
 */
function imageSizes(node: Node): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const image of node.status?.images ?? []) for (const name of image.names ?? []) sizes.set(name, image.sizeBytes ?? 0);
  return sizes;
}

/**
 * sumImageScores: over the init containers and the containers, the size of each image the node
 * holds, scaled by the share of all the cluster's nodes that hold it (scaledImageScore, float64
 * then truncated as Go's int64 conversion does).
 */
function sumImageScores(
  containers: readonly Container[],
  sizes: ReadonlyMap<string, number>,
  holding: ReadonlyMap<string, number>,
  totalNumNodes: number,
): bigint {
  let sum = 0n;
  for (const container of containers) {
    const name = normalizedImageName(container.image ?? '');
    const size = sizes.get(name);
    if (size === undefined) continue;
    const spread = totalNumNodes === 0 ? 0 : (holding.get(name) ?? 0) / totalNumNodes;
    sum += BigInt(Math.trunc(size * spread));
  }
  return sum;
}

/** calculatePriority: the sum clamped to [23MB, 1000MB × containers], scaled to 0..100 with Go's integer division. */
function calculatePriority(sumScores: bigint, numContainers: number): number {
  const maxThreshold = maxContainerThreshold * BigInt(numContainers);
  let sum = sumScores;
  if (sum < minThreshold) sum = minThreshold;
  else if (sum > maxThreshold) sum = maxThreshold;
  return Number((BigInt(maxNodeScore) * (sum - minThreshold)) / (maxThreshold - minThreshold));
}

/**
 * ImageLocality's Score: for each feasible node, in the order given, 0..100. The spread counts
 * every node of the snapshot, feasible or not (totalNumNodes is the length of the node list).
 */
export function imageLocalityScores(pod: Pod, feasibleNodes: readonly Node[], snapshot: SchedulingSnapshot): number[] {
  const containers = [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])];
  const holding = nodesHolding(snapshot.nodes);
  const totalNumNodes = snapshot.nodes.length;
  return feasibleNodes.map((node) => calculatePriority(sumImageScores(containers, imageSizes(node), holding, totalNumNodes), containers.length));
}
