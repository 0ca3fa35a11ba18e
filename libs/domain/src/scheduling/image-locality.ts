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
 * The snapshot's images as ImageLocality reads them (createImageExistenceMap and the cache's image
 * states): how many nodes list each image name, and for each node, each image's share of the score
 * before the pod's containers are summed, trunc(size * nodes holding it / all nodes)
 * (scaledImageScore, float64 then truncated as Go's int64 conversion does). A node listing a name
 * twice counts once, with the size of the last image naming it. Per nodes list, as a snapshot's
 * nodes are never changed.
 */
interface ImageHolders {
  readonly holding: ReadonlyMap<string, number>;
  /**
   * By node name, its images' shares by image name: one map per images list, which the nodes of a
   * pool share (a snapshot holds one list for all of them). A map of holders per image held 10 MB
   * for a realistic cluster's 10,000 nodes.
   */
  readonly sharesOf: ReadonlyMap<string, ReadonlyMap<string, bigint>>;
}

const holdersCache = new WeakMap<readonly Node[], ImageHolders>();

function imageHolders(nodes: readonly Node[]): ImageHolders {
  const cached = holdersCache.get(nodes);
  if (cached) return cached;
  // Each images list's sizes by name, and each node's list.
  const sizesOfList = new Map<object, Map<string, number>>();
  const sizesOf = new Map<string, Map<string, number>>();
  const holding = new Map<string, number>();
  for (const node of nodes) {
    const images = node.status?.images;
    if (images === undefined) continue;
    let sizes = sizesOfList.get(images);
    if (sizes === undefined) {
      sizes = new Map<string, number>();
      for (const image of images) for (const name of image.names ?? []) sizes.set(name, image.sizeBytes ?? 0);
      sizesOfList.set(images, sizes);
    }
    sizesOf.set(node.metadata.name, sizes);
    for (const name of sizes.keys()) holding.set(name, (holding.get(name) ?? 0) + 1);
  }
  const total = nodes.length;
  const sharesOfList = new Map<Map<string, number>, Map<string, bigint>>();
  const sharesOf = new Map<string, ReadonlyMap<string, bigint>>();
  for (const [nodeName, sizes] of sizesOf) {
    let shares = sharesOfList.get(sizes);
    if (shares === undefined) {
      shares = new Map(
        [...sizes].map(([name, size]) => {
          const spread = (holding.get(name) as number) / total;
          return [name, BigInt(Math.trunc(size * spread))];
        }),
      );
      sharesOfList.set(sizes, shares);
    }
    sharesOf.set(nodeName, shares);
  }
  const holders = { holding, sharesOf };
  holdersCache.set(nodes, holders);
  return holders;
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
 * ImageLocality's Score by the node's name: for the snapshot's node of that name, 0..100
 * (sumImageScores over the init containers and the containers, then calculatePriority); `alike`
 * when no node holds an image of the pod, every node then scoring that. The spread counts every
 * node of the snapshot, feasible or not.
 */
export function imageLocalityScoreOf(pod: Pod, snapshot: SchedulingSnapshot): { alike?: number; scoreOf: (nodeName: string) => number } {
  const containers: readonly Container[] = [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])];
  const { holding, sharesOf } = imageHolders(snapshot.nodes);
  // One name per container (two containers of one image count it twice), those some node holds.
  const held = containers.map((container) => normalizedImageName(container.image ?? '')).filter((name) => holding.has(name));
  const none = calculatePriority(0n, containers.length);
  if (held.length === 0) return { alike: none, scoreOf: () => none };
  return {
    scoreOf: (nodeName) => {
      const shares = sharesOf.get(nodeName);
      let sum = 0n;
      if (shares !== undefined) for (const name of held) sum += shares.get(name) ?? 0n;
      return calculatePriority(sum, containers.length);
    },
  };
}

/** ImageLocality's Score: for each feasible node (of the snapshot), in the order given, 0..100. */
export function imageLocalityScores(pod: Pod, feasibleNodes: readonly Node[], snapshot: SchedulingSnapshot): number[] {
  const { scoreOf } = imageLocalityScoreOf(pod, snapshot);
  return feasibleNodes.map((node) => scoreOf(node.metadata.name));
}
