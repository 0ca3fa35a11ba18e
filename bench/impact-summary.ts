/**
 * Taint impact's summary view (the default answer) over every node, as the service asks it of a
 * stored cluster: with rescheduling, capacity (the pods' usage) and the snapshot's node classes;
 * without evictions scheduled, then with one pod in a hundred having one already (as after an
 * earlier taint, each such pod may stay on its node and is looked for a place of its own). The
 * summary of taintImpact's full answer, then the summary counted (taintImpactSummary), with the
 * pods taken from a Map as a snapshot holds them: each question on its own, then with the pods'
 * kinds kept across questions, as the service keeps them for a snapshot. Run by bench/placement.ts.
 */
import {
  type Node,
  type Pod,
  type ScheduledEviction,
  impactSummary,
  nodeClassesOf,
  podKinds,
  taintImpact,
  taintImpactSummary,
  usageLookup,
} from '@taintgate/domain';
import { medianMs } from './cluster-fixture';

const drain = { key: 'drain', effect: 'NoExecute' as const };

export function benchImpactSummary(nodes: readonly Node[], pods: readonly Pod[], now: number): void {
  const targets = new Set(nodes.map((n) => n.metadata.name));
  const rescheduling = { usageOf: usageLookup(pods), nodeClasses: nodeClassesOf(nodes) };
  const byName = new Map(pods.map((p) => [p.metadata.name, p]));
  for (const every of [0, 100]) {
    const scheduled = new Map<string, ScheduledEviction>();
    if (every > 0)
      pods.forEach((p, i) => i % every === 0 && p.spec?.nodeName && scheduled.set(p.metadata.name, { startedAt: now - 60_000, fireAt: now + 240_000 }));
    const scheduledOf = (p: Pod) => scheduled.get(p.metadata.name);
    const full = () => impactSummary(taintImpact(drain, nodes, pods, targets, now, undefined, scheduledOf, rescheduling), now);
    const counted = () => taintImpactSummary(drain, nodes, byName.values(), targets, now, undefined, scheduledOf, rescheduling);
    const kinds = podKinds();
    const kept = () => taintImpactSummary(drain, nodes, byName.values(), targets, now, undefined, scheduledOf, rescheduling, kinds);
    const expected = JSON.stringify(full());
    if (JSON.stringify(counted()) !== expected || JSON.stringify(kept()) !== expected)
      throw new Error('the counted summary differs from the summary of the answer');
    const f = medianMs(full, 5, 1);
    const c = medianMs(counted, 5, 1);
    const k = medianMs(kept, 9, 1);
    console.log(
      `taint-impact summary on all ${nodes.length} nodes with rescheduling and capacity, ${scheduled.size} evictions scheduled: ` +
        `summary of taintImpact median ${f.median.toFixed(0)} ms, taintImpactSummary median ${c.median.toFixed(0)} ms (min ${c.min.toFixed(0)}, max ${c.max.toFixed(0)}; 5 runs), ` +
        `with the pods' kinds kept median ${k.median.toFixed(1)} ms (min ${k.min.toFixed(1)}, max ${k.max.toFixed(1)}; 9 runs)`,
    );
  }
}
