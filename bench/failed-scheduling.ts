/**
 * What a pass of FailedSchedulingRecorder costs in the domain over a large cluster: the line of
 * every pending pod (failedSchedulingMessage, the grouped summary's buckets over the nodes' rooms),
 * and the key pods alike share (schedulingInputKey), which lets a pass place each kind of pod
 * once. 10,000 nodes of 16 cpu with 0-29 running pods each; 10,000 pending pods, either the
 * replicas of 200 workloads (50 each) or each a kind of its own (every request different).
 *   npm run bench:failed-scheduling
 */
import {
  type NodeUsage,
  type Pod,
  failedSchedulingMessage,
  indexedContext,
  nodeClassesOf,
  nodeRoomsOf,
  schedulingInputKey,
  snapshotOf,
  usageLookup,
} from '@taintgate/domain';
import { makeNodes, random } from './cluster-fixture';
import { machineLine } from './machine';
import { defaultPlacementOptions } from '../libs/domain/src/scheduling/placement';

const NODES = 10_000;
const PENDING = 10_000;
const WORKLOADS = 200;
/** FailedSchedulingRecorder's PLACEMENTS_PER_PASS. */
const PLACEMENTS_PER_PASS = 500;

const rand = random(5);
const nodes = makeNodes(NODES).map((n) => ({ ...n, status: { allocatable: { cpu: '16', memory: '64Gi', pods: '110' } } }));
const requests = (cpu: string, memory: string) => [{ name: 'c', image: 'nginx', resources: { requests: { cpu, memory } } }];
const running: Pod[] = nodes.flatMap((n, i) =>
  Array.from({ length: Math.floor(rand() * 30) }, (_, j) => ({
    metadata: { name: `run-${i}-${j}`, namespace: 'bench' },
    spec: { nodeName: n.metadata.name, containers: requests(`${250 + Math.floor(rand() * 1000)}m`, '2Gi') },
    status: { phase: 'Running' },
  })),
);
const usageOf: (name: string) => NodeUsage | undefined = usageLookup(running);
const capacity = { usageOf, rooms: nodeRoomsOf(nodes, usageOf) };
const classes = nodeClassesOf(nodes);
// The cluster as the recorder gets it from the snapshot (view.scheduling()): made once per revision, its indexes on first asking.
const snapshot = snapshotOf(nodes, running);
const context = indexedContext(snapshot);

/** A workload's pod spec: most ask for more than a node has left, some for a zone, a GPU or a label no node has. */
function workloadSpec(w: number): Pod['spec'] {
  switch (w % 4) {
    case 0:
      return { containers: requests(`${17 + (w % 8)}`, '8Gi') };
    case 1:
      return { nodeSelector: { zone: ['a', 'b', 'c'][w % 3] as string, disk: 'nvme' }, containers: requests('1', '2Gi') };
    case 2:
      return { tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' }], containers: requests(`${10 + (w % 6)}`, '32Gi') };
    default:
      return { tolerations: [{ key: 'spot', operator: 'Exists' }], containers: requests(`${14 + (w % 3)}`, '4Gi') };
  }
}

const replicas: Pod[] = Array.from({ length: PENDING }, (_, i) => ({
  metadata: { name: `web-${i}`, namespace: 'bench', uid: `u-${i}`, resourceVersion: String(i), labels: { app: `w-${i % WORKLOADS}` } },
  spec: workloadSpec(i % WORKLOADS),
  status: { phase: 'Pending' },
}));
const distinct: Pod[] = replicas.map((p, i) => ({ ...p, spec: { ...p.spec, containers: requests(`${12_000 + i}m`, '8Gi') } }));

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;

/** A pass as the recorder makes it: each pod's key, and a placement per key not seen yet (at most `cap`). */
function pass(pods: readonly Pod[], cap: number): { total: number; keys: number; placements: number; unschedulable: number } {
  const start = process.hrtime.bigint();
  const messages = new Map<string, string | undefined>();
  let unschedulable = 0;
  for (const pod of pods) {
    const key = schedulingInputKey(pod);
    if (!messages.has(key)) {
      if (messages.size >= cap) break;
      messages.set(key, failedSchedulingMessage(pod, classes, defaultPlacementOptions, capacity, context));
    }
    if (messages.get(key) !== undefined) unschedulable++;
  }
  return { total: ms(start), keys: messages.size, placements: messages.size, unschedulable };
}

console.log(machineLine());
console.log(`${NODES} nodes (${classes.byKey.size} classes), ${running.length} running pods, ${PENDING} pending pods`);

for (const pod of replicas.slice(0, 50)) failedSchedulingMessage(pod, classes, defaultPlacementOptions, capacity, context);
const perPod = distinct.slice(0, 1000).map((pod) => {
  const start = process.hrtime.bigint();
  failedSchedulingMessage(pod, classes, defaultPlacementOptions, capacity, context);
  return ms(start);
});
perPod.sort((a, b) => a - b);
console.log(`failedSchedulingMessage, per pod (1,000 distinct pods): p50 ${percentile(perPod, 50).toFixed(3)} ms, p99 ${percentile(perPod, 99).toFixed(3)} ms`);

let start = process.hrtime.bigint();
for (const pod of replicas) schedulingInputKey(pod);
console.log(`schedulingInputKey, ${PENDING} pods: ${ms(start).toFixed(1)} ms (${((ms(start) / PENDING) * 1000).toFixed(1)} us a pod)`);

for (let run = 0; run < 3; run++) {
  const r = pass(replicas, PLACEMENTS_PER_PASS);
  console.log(
    `pass over ${PENDING} replicas of ${WORKLOADS} workloads: ${r.total.toFixed(0)} ms (${r.placements} placements, ${r.unschedulable} unschedulable)`,
  );
}
for (let run = 0; run < 3; run++) {
  const r = pass(distinct, PLACEMENTS_PER_PASS);
  console.log(`pass over ${PENDING} pods all different, capped at ${PLACEMENTS_PER_PASS} placements: ${r.total.toFixed(0)} ms (${r.placements} placements)`);
}
start = process.hrtime.bigint();
const whole = pass(distinct, Infinity);
console.log(`pass over ${PENDING} pods all different, uncapped: ${ms(start).toFixed(0)} ms (${whole.placements} placements)`);
