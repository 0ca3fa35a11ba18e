/**
 * Placement over the realistic cluster (test/support/realistic-cluster.ts: a GKE cluster with
 * Karpenter, pods as kubectl prints them) at docs/contract.md's scale, in the domain, as the
 * service's holder answers it (placementSummaryGrouped over the classes, with the rooms and the
 * indexed context): a plain pod, a pod asking for a GPU (nvidia.com/gpu, tolerating the GPU pools'
 * taint), each asked again the same (its buckets remembered) and varied (a new cpu request each
 * time: counted afresh); and the mix of 20 kinds of the cluster's own pods, as their replacements.
 * Answers a second, from the median of BENCH_RUNS (31).
 *   npm run bench:realistic-placement
 * (BENCH_NODES: 10,000 by default; BENCH_PODS_PER_NODE: 30.)
 */
import { type Node, type Pod, indexedContext, nodeClassesOf, nodeRoomsOf, placementSummaryGrouped, snapshotOf, usageByNode } from '@taintgate/domain';
import { realisticCluster } from '../test/support/realistic-cluster';
import { medianMs } from './cluster-fixture';
import { machineLine } from './machine';
import { gpuPod, mixOf, plainPod } from './realistic-pods';

const NODES = Number(process.env.BENCH_NODES ?? 10_000);
const PODS_PER_NODE = Number(process.env.BENCH_PODS_PER_NODE ?? 30);
const RUNS = Number(process.env.BENCH_RUNS ?? 31);

console.log(machineLine());
const built = performance.now();
const cluster = realisticCluster({ nodes: NODES, podsPerNode: PODS_PER_NODE });
const nodes = cluster.nodes as unknown as Node[];
const pods = cluster.pods as unknown as Pod[];
console.log(`${cluster.nodes.length} nodes, ${pods.length} pods, built in ${((performance.now() - built) / 1000).toFixed(1)} s`);

const classes = nodeClassesOf(nodes);
const usage = usageByNode(pods);
const usageOf = (name: string) => usage.get(name);
const capacity = { usageOf, rooms: nodeRoomsOf(nodes, usageOf) };
const context = indexedContext(snapshotOf(nodes, pods));
const place = (pod: Pod) => placementSummaryGrouped(pod, classes, undefined, capacity, 10, context);

const plain = plainPod;
const gpu = gpuPod;
const mix = mixOf(pods);

const perSecond = (ms: number) => Math.round(1000 / ms);
let varied = 0;
const rows: [string, number][] = [];
const measure = (label: string, fn: () => unknown) => {
  const { median } = medianMs(fn, RUNS);
  rows.push([label, median]);
  console.log(`${label}: median ${median.toFixed(2)} ms, ${perSecond(median)}/s`);
};
measure('plain pod, asked again', () => place(plain()));
measure('plain pod, varied', () => place(plain(`${500 + ++varied}m`)));
measure('GPU pod, asked again', () => place(gpu()));
measure('GPU pod, varied', () => place(gpu(`${500 + ++varied}m`)));
let turn = 0;
measure('the 20-pod mix, one after another', () => place(mix[turn++ % mix.length] as Pod));
if (process.env.BENCH_EACH === '1') {
  for (const pod of mix) {
    const { median } = medianMs(() => place(pod), 5, 1);
    console.log(`  ${pod.metadata.namespace ?? 'default'}/${pod.metadata.name}: ${median.toFixed(2)} ms`);
  }
}
const of = (label: string) => rows.find(([l]) => l === label)?.[1] as number;
console.log(
  `GPU against plain, varied: ${(of('plain pod, varied') / of('GPU pod, varied')).toFixed(2)} of the rate; asked again: ${(of('plain pod, asked again') / of('GPU pod, asked again')).toFixed(2)}`,
);
