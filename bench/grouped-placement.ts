/**
 * Placement node by node (placePod) against placement by class of nodes (placePodGrouped) over the
 * same 10,000 nodes, per pod of a realistic mix: p50 and p99 of each, and, apart, the decision by
 * class alone (placementByClass: feasibility and summary, no per-node list) and the list built from
 * it. Run from bench/placement.ts (npm run bench:placement).
 */
import {
  type Node,
  type NodeRooms,
  type NodeUsage,
  type PlacementCapacity,
  type PlacementContext,
  type Pod,
  affinityPodIndexOf,
  cachedPodCounter,
  nodeClassesOf,
  nodeRoomsOf,
  placePod,
  placePodGrouped,
  placementByClass,
  placementSummary,
  placementSummaryGrouped,
  putNode,
  setRoomUsage,
  snapshotOf,
  usageLookup,
} from '@taintgate/domain';
import { random } from './cluster-fixture';

const zones = ['a', 'b', 'c'];
const requiredTerms = (terms: object[]) => ({ nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: terms } } });
const requests = (cpu: string, memory: string) => [{ name: 'c', resources: { requests: { cpu, memory } } }];

/** Kinds of pending pods, with their share of the mix. */
const kinds: { name: string; share: number; make: (i: number) => Pod['spec'] }[] = [
  { name: 'no tolerations', share: 0.35, make: () => ({ containers: requests('500m', '1Gi') }) },
  { name: 'zone nodeSelector', share: 0.25, make: (i) => ({ nodeSelector: { zone: zones[i % 3] as string }, containers: requests('1', '2Gi') }) },
  {
    name: 'gpu toleration + affinity',
    share: 0.15,
    make: () => ({
      tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' }],
      affinity: requiredTerms([{ matchExpressions: [{ key: 'dedicated', operator: 'In', values: ['gpu'] }] }]),
      containers: requests('4', '16Gi'),
    }),
  },
  {
    name: 'zone affinity NotIn + spot tolerated',
    share: 0.13,
    make: (i) => ({
      tolerations: [{ key: 'spot', operator: 'Exists' }],
      affinity: requiredTerms([{ matchExpressions: [{ key: 'zone', operator: 'NotIn', values: [zones[i % 3] as string] }] }]),
    }),
  },
  { name: 'tolerates everything', share: 0.1, make: () => ({ tolerations: [{ operator: 'Exists' }] }) },
  // A DaemonSet's pod names its node (matchFields metadata.name): placed node by node either way.
  {
    name: 'DaemonSet pod (names its node)',
    share: 0.02,
    make: (i) => ({ affinity: requiredTerms([{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [`node-${i % 10_000}`] }] }]) }),
  },
];

function podMix(count: number, rand: () => number): { kind: string; pod: Pod }[] {
  return Array.from({ length: count }, (_, i) => {
    let r = rand();
    // The shares add up to 1; rounding may leave r just past the last, which takes it then.
    const kind = kinds.find((k, j) => (r -= k.share) < 0 || j === kinds.length - 1);
    if (!kind) throw new Error('no kinds of pods');
    return { kind: kind.name, pod: { metadata: { name: `pending-${i}`, namespace: 'bench' }, spec: kind.make(i) } };
  });
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;

/** Per-call times of fn over the pods, in ms, after one untimed pass over a few; `before` runs untimed before each call. */
function timePerPod(pods: readonly { pod: Pod }[], fn: (pod: Pod) => unknown, before?: (i: number) => void): number[] {
  for (const { pod } of pods.slice(0, 10)) fn(pod);
  return pods.map(({ pod }, i) => {
    before?.(i);
    const start = process.hrtime.bigint();
    fn(pod);
    return Number(process.hrtime.bigint() - start) / 1e6;
  });
}

function report(label: string, times: readonly number[]): { p50: number; p99: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const p99 = percentile(sorted, 99);
  console.log(`  ${label.padEnd(52)} p50 ${p50.toFixed(3)} ms  p99 ${p99.toFixed(3)} ms`);
  return { p50, p99 };
}

/** Nodes with a size, and the usage of pods already on them, for NodeResourcesFit. */
function withCapacity(nodes: readonly Node[], rand: () => number): { sized: Node[]; capacity: PlacementCapacity; context: PlacementContext } {
  const sized = nodes.map((n) => ({ ...n, status: { allocatable: { cpu: '16', memory: '64Gi', pods: '110' } } }));
  const running: Pod[] = sized.flatMap((n, i) =>
    Array.from({ length: Math.floor(rand() * 30) }, (_, j) => ({
      metadata: { name: `run-${i}-${j}`, namespace: 'bench' },
      spec: { nodeName: n.metadata.name, containers: requests(`${250 + Math.floor(rand() * 1000)}m`, '2Gi') },
      status: { phase: 'Running' },
    })),
  );
  const usageOf: (name: string) => NodeUsage | undefined = usageLookup(running);
  // The cluster as the service hands it to placement: made once per revision, with its indexes.
  const snapshot = snapshotOf(sized, running);
  const context = { snapshot, indexes: { affinityPods: affinityPodIndexOf(snapshot), spreadCounter: cachedPodCounter(snapshot) } };
  return { sized, capacity: { usageOf }, context };
}

export function benchGroupedPlacement(nodes: readonly Node[]): void {
  const PODS = 300;
  const pods = podMix(PODS, random(3));
  console.log(`per-pod placement over ${nodes.length} nodes, ${PODS} pending pods of a mix (${kinds.map((k) => `${k.share * 100}% ${k.name}`).join(', ')}):`);

  let start = process.hrtime.bigint();
  const classes = nodeClassesOf(nodes);
  console.log(`  grouping the nodes: ${classes.byKey.size} classes, built in ${(Number(process.hrtime.bigint() - start) / 1e6).toFixed(1)} ms`);

  const perNode = report(
    'placePod (node by node)',
    timePerPod(pods, (p) => placePod(p, nodes)),
  );
  const decision = report(
    'placementByClass (decision + summary, no node list)',
    timePerPod(pods, (p) => placementByClass(p, classes)),
  );
  const grouped = report(
    'placePodGrouped (decision + the 10,000-node list)',
    timePerPod(pods, (p) => placePodGrouped(p, classes)),
  );

  const { sized, capacity, context } = withCapacity(nodes, random(4));
  const sizedClasses = nodeClassesOf(sized);
  const perNodeCap = report(
    'placePod with capacity',
    timePerPod(pods, (p) => placePod(p, sized, undefined, capacity)),
  );
  const groupedCap = report(
    'placePodGrouped with capacity',
    timePerPod(pods, (p) => placePodGrouped(p, sizedClasses, undefined, capacity)),
  );

  // The default answer, the summary: built from the every-node answer, and counted by buckets of nodes from the rooms.
  const withRooms: PlacementCapacity = { ...capacity, rooms: nodeRoomsOf(sized, capacity.usageOf) };
  report(
    'placementSummary(placePodGrouped) with capacity',
    timePerPod(pods, (p) => placementSummary(placePodGrouped(p, sizedClasses, undefined, capacity), 10)),
  );
  // Pods alike in their requests and view find their buckets remembered (node-buckets.ts's memo)...
  const summaryCap = report(
    'placementSummaryGrouped with capacity (rooms)',
    timePerPod(pods, (p) => placementSummaryGrouped(p, sizedClasses, undefined, withRooms, 10, context)),
  );
  // ...which a write forgets: here a node's room set again before each pod, so every pod counts its buckets over every node.
  const rooms = withRooms.rooms as NodeRooms;
  report(
    'placementSummaryGrouped, each after a room changed',
    timePerPod(
      pods,
      (p) => placementSummaryGrouped(p, sizedClasses, undefined, withRooms, 10, context),
      (i) => {
        const node = sized[i % sized.length] as Node;
        setRoomUsage(rooms, node, capacity.usageOf(node.metadata.name));
      },
    ),
  );
  console.log('  summary p50 by kind (placementSummaryGrouped with capacity):');
  for (const kind of kinds) {
    const times = timePerPod(
      pods.filter((p) => p.kind === kind.name),
      (p) => placementSummaryGrouped(p, sizedClasses, undefined, withRooms, 10, context),
    );
    console.log(
      `    ${kind.name.padEnd(40)} ${percentile(
        [...times].sort((a, b) => a - b),
        50,
      ).toFixed(3)} ms`,
    );
  }

  console.log('  p50 by kind (placePod / placementByClass / placePodGrouped):');
  for (const kind of kinds) {
    const ofKind = pods.filter((p) => p.kind === kind.name);
    const med = (fn: (pod: Pod) => unknown) =>
      percentile(
        [...timePerPod(ofKind, fn)].sort((a, b) => a - b),
        50,
      ).toFixed(3);
    console.log(
      `    ${kind.name.padEnd(40)} ${med((p) => placePod(p, nodes))} / ${med((p) => placementByClass(p, classes))} / ${med((p) => placePodGrouped(p, classes))} ms`,
    );
  }

  // One node changed at a time, as a snapshot would follow the cluster: a taint added to each of 1,000 nodes.
  const changes = nodes.slice(0, 1000).map((n) => ({ ...n, spec: { ...n.spec, taints: [...(n.spec?.taints ?? []), { key: 'drain', effect: 'NoSchedule' }] } }));
  start = process.hrtime.bigint();
  for (const changed of changes) putNode(classes, changed);
  const update = Number(process.hrtime.bigint() - start) / 1e6 / changes.length;
  console.log(`  putNode (one node replaced, ${classes.views.size} views kept up to date): ${(update * 1000).toFixed(1)} us per node`);

  const ratio = (a: number, b: number) => `${(a / b).toFixed(0)}x`;
  console.log(
    `  p50 ratios: placePod / placementByClass ${ratio(perNode.p50, decision.p50)}, placePod / placePodGrouped ${ratio(perNode.p50, grouped.p50)}, ` +
      `with capacity ${ratio(perNodeCap.p50, groupedCap.p50)}, placePodGrouped / placementSummaryGrouped with capacity ${ratio(groupedCap.p50, summaryCap.p50)}`,
  );
}
