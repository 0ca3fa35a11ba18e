import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Pod, isFeasible, podRef, taintImpact, withTaint } from '@taintgate/domain';
import { nodes, pod, taint } from '../support/arbitraries';

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
});
