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
 * Each image name's holders among the snapshot's nodes (createImageExistenceMap and the cache's
 * image states): by node name, the image's share of the score before the pod's containers are
 * summed, trunc(size * nodes holding it / all nodes) (scaledImageScore, float64 then truncated as
 * Go's int64 conversion does). Per nodes list, as a snapshot's nodes are never changed; a node
 * listing a name twice counts once, with the size of the last image naming it.
 */
const holdersCache = new WeakMap<readonly Node[], ReadonlyMap<string, ReadonlyMap<string, bigint>>>();

function imageHolders(nodes: readonly Node[]): ReadonlyMap<string, ReadonlyMap<string, bigint>> {
  let holders = holdersCache.get(nodes);
  if (holders) return holders;
  const sizes = new Map<string, Map<string, number>>();
  for (const node of nodes) {
    for (const image of node.status?.images ?? []) {
      for (const name of image.names ?? []) {
        let byNode = sizes.get(name);
        if (!byNode) sizes.set(name, (byNode = new Map<string, number>()));
        byNode.set(node.metadata.name, image.sizeBytes ?? 0);
      }
    }
  }
  const total = nodes.length;
  holders = new Map(
    [...sizes].map(([name, byNode]) => {
      const spread = byNode.size / total;
      return [name, new Map([...byNode].map(([nodeName, size]) => [nodeName, BigInt(Math.trunc(size * spread))]))];
    }),
  );
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
  const holders = imageHolders(snapshot.nodes);
  const held = containers.flatMap((container) => holders.get(normalizedImageName(container.image ?? '')) ?? []);
  const none = calculatePriority(0n, containers.length);
  if (held.length === 0) return { alike: none, scoreOf: () => none };
  return {
    scoreOf: (nodeName) => {
      let sum = 0n;
      for (const byNode of held) sum += byNode.get(nodeName) ?? 0n;
      return calculatePriority(sum, containers.length);
    },
  };
}

/** ImageLocality's Score: for each feasible node (of the snapshot), in the order given, 0..100. */
export function imageLocalityScores(pod: Pod, feasibleNodes: readonly Node[], snapshot: SchedulingSnapshot): number[] {
  const { scoreOf } = imageLocalityScoreOf(pod, snapshot);
  return feasibleNodes.map((node) => scoreOf(node.metadata.name));
}
