/**
 * How long do the domain's two answers take at the scale docs/contract.md aims at (10,000 nodes,
 * 300,000 pods)? Pure computation over an in-memory cluster: no database, no HTTP. Placement node by
 * node is compared with placement by class of nodes (bench/grouped-placement.ts); taint impact's
 * summary over every node, as the service asks it, with the summary counted (bench/impact-summary.ts).
 *   npm run bench:placement
 */
import { type Pod, placePod, taintImpact } from '@taintgate/domain';
import { machineLine } from './machine';
import { makeNodes, makePods, medianMs } from './cluster-fixture';
import { benchGroupedPlacement } from './grouped-placement';
import { benchImpactSummary } from './impact-summary';

const NODES = 10_000;
const PODS = 300_000;
const nodes = makeNodes(NODES);
const now = Date.UTC(2026, 10, 22);

const pods: Record<string, Pod> = {
  'no tolerations': { metadata: { name: 'plain' }, spec: {} },
  'tolerates gpu + affinity': {
    metadata: { name: 'gpu' },
    spec: {
      tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' }],
      affinity: {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: {
            nodeSelectorTerms: [{ matchExpressions: [{ key: 'dedicated', operator: 'In', values: ['gpu'] }] }],
          },
        },
      },
    },
  },
  'tolerates everything': { metadata: { name: 'all' }, spec: { tolerations: [{ operator: 'Exists' }] } },
};

console.log(machineLine());
console.log(`placement over ${NODES} nodes (median of 21 runs):`);
for (const [name, pod] of Object.entries(pods)) {
  const t = medianMs(() => placePod(pod, nodes), 21);
  console.log(`  ${name.padEnd(26)} median ${t.median.toFixed(1)} ms  (min ${t.min.toFixed(1)}, max ${t.max.toFixed(1)})`);
}

benchGroupedPlacement(nodes);

const allPods = makePods(PODS, nodes, 0.01);
const targets = new Set(nodes.map((n) => n.metadata.name));
const drain = { key: 'drain', effect: 'NoExecute' };
const impact = taintImpact(drain, nodes, allPods, targets, now);
console.log(
  `taint-impact of ${JSON.stringify(drain)} on all ${NODES} nodes, ${PODS} pods: ` +
    `${impact.evictions.length} evictions, ${impact.unaffected.length} unaffected, ${impact.unschedulable.length} left unschedulable`,
);
const t = medianMs(() => taintImpact(drain, nodes, allPods, targets, now), 5, 1);
console.log(`  median ${t.median.toFixed(0)} ms  (min ${t.min.toFixed(0)}, max ${t.max.toFixed(0)}) over 5 runs`);
const one = new Set(['node-42']);
const t1 = medianMs(() => taintImpact(drain, nodes, allPods, one, now), 11);
console.log(`taint-impact on one node (300,000 pods scanned): median ${t1.median.toFixed(1)} ms`);

benchImpactSummary(nodes, allPods, now);
