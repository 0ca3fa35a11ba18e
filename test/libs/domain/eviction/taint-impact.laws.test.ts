import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PlacementCapacity, type Pod, asRescheduled, taintImpact, usageByNode } from '@taintgate/domain';
import { planNoExecute } from '../../../../libs/domain/src/eviction/no-execute-plan';
import { withTaint } from '../../../../libs/domain/src/eviction/taint-impact';
import { isFeasible, podRef } from '../../../../libs/domain/src/scheduling/placement';
import { nodes, pod, requestingPod, sizedNodes, taint } from '../support/arbitraries';

const now = Date.UTC(2026, 10, 22);
const pending = pod.map((p): Pod => ({ ...p, spec: { ...p.spec, nodeName: undefined } }));

describe('laws of taint impact', () => {
  it('a pending pod is reported unschedulable exactly when it was feasible somewhere and is nowhere after', () => {
    fc.assert(
      fc.property(nodes, fc.array(pending, { maxLength: 4 }), taint, fc.array(fc.constantFrom('n1', 'n2', 'n3', 'n4')), (ns, ps, t, names) => {
        const pods = ps.map((p, i) => ({ ...p, metadata: { ...p.metadata, name: `p${i}` } }));
        const targets = new Set<string>(names);
        const after = ns.map((n) => (targets.has(n.metadata.name) ? withTaint(n, t) : n));
        const expected = pods.filter((p) => ns.some((n) => isFeasible(p, n)) && !after.some((n) => isFeasible(p, n))).map((p) => ({ pod: podRef(p) }));
        expect(taintImpact(t, ns, pods, targets, now).unschedulable).toEqual(expected);
      }),
    );
  });

  it('every bound pod of a target node is either evicted or unaffected, once', () => {
    fc.assert(
      fc.property(nodes, fc.array(pod, { maxLength: 6 }), taint, (ns, ps, t) => {
        const pods = ps.map((p, i) => ({ ...p, metadata: { ...p.metadata, name: `p${i}` } }));
        const targets = new Set(ns.map((n) => n.metadata.name));
        const impact = taintImpact(t, ns, pods, targets, now);
        const bound = pods.filter((p) => p.spec?.nodeName && targets.has(p.spec.nodeName)).map((p) => p.metadata.name);
        const answered = [...impact.evictions, ...impact.unaffected].map((e) => e.pod.name);
        expect(answered.sort()).toEqual(bound.sort());
      }),
    );
  });

  it('an evicted pod is sent where it fits and stays, and is stranded only when no node would take it (with and without usage)', () => {
    // Some pods tolerate for 2^62 s (never in practice: they may stay); some nodes have no taints and no cordon (somewhere to go).
    const bound = fc.array(
      fc.tuple(requestingPod, fc.constantFrom('n1', 'n2', 'n3', 'n4'), fc.boolean()).map(([p, nodeName, patient]): Pod => {
        const tolerations = (p.spec?.tolerations ?? []).map((t) => (patient && t.tolerationSeconds !== undefined ? { ...t, tolerationSeconds: 2n ** 62n } : t));
        return { ...p, spec: { ...p.spec, nodeName, tolerations } };
      }),
      { maxLength: 6 },
    );
    const someBare = fc
      .tuple(sizedNodes, fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }))
      .map(([ns, bare]) => ns.map((n, i) => (bare[i] ? { ...n, spec: {} } : n)));
    const noExecute = taint.map((t) => ({ ...t, effect: 'NoExecute' }));
    fc.assert(
      fc.property(someBare, bound, noExecute, fc.array(fc.constantFrom('n1', 'n2', 'n3', 'n4')), fc.boolean(), (ns, ps, t, names, withUsage) => {
        const pods = ps.map((p, i) => ({ ...p, metadata: { ...p.metadata, name: `p${i}` } }));
        const targets = new Set<string>(names);
        const after = ns.map((n) => (targets.has(n.metadata.name) ? withTaint(n, t) : n));
        const usage = usageByNode(pods);
        const capacity: PlacementCapacity | undefined = withUsage ? { usageOf: (name) => usage.get(name) } : undefined;
        const impact = taintImpact(t, ns, pods, targets, now, undefined, undefined, capacity ?? {});
        expect(impact.rescheduling?.capacityConsidered).toBe(withUsage);
        for (const eviction of impact.evictions) {
          const evicted = pods.find((p) => p.metadata.name === eviction.pod.name) as Pod;
          const { pod: replacement, capacity: rest } = asRescheduled(evicted, capacity);
          const homes = after
            .filter((n) => isFeasible(replacement, n, undefined, rest))
            .filter((n) => !['EvictNow', 'EvictAt'].includes(planNoExecute(n.spec?.taints, evicted.spec?.tolerations, undefined, now).action))
            .map((n) => n.metadata.name);
          if (eviction.elsewhere === null) expect(homes).toEqual([]);
          else expect(homes).toContain(eviction.elsewhere);
        }
        expect(impact.rescheduling?.stranded).toBe(impact.evictions.filter((e) => e.elsewhere === null).length);
      }),
    );
  });
});
