/**
 * DefaultPreemption's dry run (defaultPreemption) for a pod that fits no node of a full cluster:
 * 10,000 nodes of 16 cpu, each with 30 pods of 500m (15 cpu used), priorities 0, 100 and 1000; the
 * preemptor, of priority 500, asks 2 cpu, so every node is a candidate once some of its pods go, and
 * the search stops at max(10%, 100) = 1,000 candidates. Three preemptors: resources only; with a
 * DoNotSchedule zone spread constraint; with a required pod anti-affinity on hostname (both counted
 * by their PreFilter over the whole cluster once, then lowered node by node as pods are taken off).
 * The first question weighs every pod it looks at; the next ones reuse those requests (the pods are
 * the same objects). npm run bench:preemption.
 */
import { type Node, type Pod, affinityPodIndexOf, defaultPreemption, snapshotOf, usageLookup } from '@taintgate/domain';
import { defaultPlacementOptions } from '../libs/domain/src/scheduling/placement';
import { snapshotPodCounter } from '../libs/domain/src/scheduling/topology-spread/spread-counting';
import { medianMs, random } from './cluster-fixture';
import { machineLine } from './machine';

const zones = ['a', 'b', 'c'];
const rand = random(7);
const nodes: Node[] = Array.from({ length: 10_000 }, (_, i) => ({
  metadata: { name: `node-${String(i).padStart(5, '0')}`, labels: { 'kubernetes.io/hostname': `node-${i}`, zone: zones[i % 3] as string } },
  status: { allocatable: { cpu: '16', memory: '64Gi', pods: '110' } },
}));
const pods: Pod[] = nodes.flatMap((node, n) =>
  Array.from({ length: 30 }, (_, i): Pod => {
    const r = rand();
    return {
      metadata: { name: `p-${n}-${i}`, namespace: 'bench', labels: { app: i % 2 ? 'web' : 'batch' } },
      spec: {
        nodeName: node.metadata.name,
        priority: r < 0.5 ? 0 : r < 0.8 ? 100 : 1000,
        containers: [{ name: 'c', resources: { requests: { cpu: '500m', memory: '1Gi' } } }],
      },
      status: { phase: 'Running', startTime: new Date(Date.UTC(2026, 0, 1, 0, 0, Math.floor(rand() * 86_400))).toISOString() },
    };
  }),
);
const snapshot = snapshotOf(nodes, pods);
const usageOf = usageLookup(pods);
const indexes = { affinityPods: affinityPodIndexOf(snapshot), spreadCounter: snapshotPodCounter(snapshot) };

const preemptor = (spec: Pod['spec']): Pod => ({
  metadata: { name: 'urgent', namespace: 'bench', labels: { app: 'web' } },
  spec: { priority: 500, containers: [{ name: 'c', resources: { requests: { cpu: '2', memory: '2Gi' } } }], ...spec },
});
const cases: [string, Pod][] = [
  ['resources only', preemptor({})],
  [
    'zone spread constraint (DoNotSchedule, app=web)',
    preemptor({
      topologySpreadConstraints: [{ maxSkew: 5, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'web' } } }],
    }),
  ],
  [
    'required anti-affinity to app=batch on hostname',
    preemptor({
      affinity: {
        podAntiAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'batch' } }, topologyKey: 'kubernetes.io/hostname' }],
        },
      },
    }),
  ],
];

console.log(machineLine());
console.log(`${nodes.length} nodes, ${pods.length} pods`);
for (const [name, pod] of cases) {
  const question = { pod, nodes, context: { snapshot, indexes }, capacity: { usageOf }, options: defaultPlacementOptions, podDisruptionBudgets: [] };
  const start = process.hrtime.bigint();
  const answer = defaultPreemption(question);
  const first = Number(process.hrtime.bigint() - start) / 1e6;
  const victims = answer.nominated?.victims.length ?? 0;
  const timing = medianMs(() => defaultPreemption(question), 5, 1);
  console.log(
    `${name}: ${answer.candidates.length} candidates, nominated ${answer.nominated?.node ?? 'none'} with ${victims} victim(s)${answer.postFilterMessage ? ` (${answer.postFilterMessage})` : ''}; ` +
      `first ${first.toFixed(0)} ms, then median ${timing.median.toFixed(0)} ms (min ${timing.min.toFixed(0)}, max ${timing.max.toFixed(0)})`,
  );
}
