import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Node,
  type NodeClasses,
  type Pod,
  type ReschedulingQuery,
  nodeClassesOf,
  putNode,
  removeNode,
  replacementHome,
  taintImpact,
  usageByNode,
} from '@taintgate/domain';
import { requestingPod, sizedNodes, taint } from '../support/arbitraries';

/**
 * Taint impact given the nodes by class (as a snapshot keeps them) answers as it does node by
 * node: for the pending pods, the evictions' new homes and a drain's replacement, with and without
 * usage, and with classes a step ahead of the nodes asked about (a refresh between the two reads).
 */

const now = Date.UTC(2026, 10, 22);

/** Nodes that often share a shape (taints, cordon, labels) under other names, so that classes hold several. */
const cluster: fc.Arbitrary<Node[]> = fc
  .tuple(sizedNodes, fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }))
  .map(([ns, copies]) =>
    ns.map((n, i) => (i > 0 && copies[i] && ns[0] ? { ...n, metadata: { ...n.metadata, labels: ns[0].metadata.labels }, spec: ns[0].spec } : n)),
  );

const pods = fc.array(fc.tuple(requestingPod, fc.constantFrom(undefined, 'n1', 'n2', 'n3', 'n4')), { maxLength: 6 }).map((ps) =>
  ps.map(([p, nodeName], i): Pod => {
    const { nodeName: _, ...spec } = p.spec ?? {};
    return { ...p, metadata: { ...p.metadata, name: `p${i}` }, spec: { ...spec, ...(nodeName ? { nodeName } : {}) } };
  }),
);

/** Classes of the nodes, or of the nodes but one changed or gone: what a snapshot refreshed meanwhile holds. */
const classesOf = (ns: readonly Node[], moved: 'same' | 'changed' | 'removed'): NodeClasses => {
  const classes = nodeClassesOf(ns);
  const first = ns[0];
  if (first && moved === 'changed') putNode(classes, { ...first, spec: { ...first.spec, taints: [] } });
  if (first && moved === 'removed') removeNode(classes, first.metadata.name);
  return classes;
};

describe('taint impact by class of nodes answers as node by node', () => {
  it('taintImpact and replacementHome', () => {
    fc.assert(
      fc.property(
        cluster,
        pods,
        taint,
        fc.subarray(['n1', 'n2', 'n3', 'n4']),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom('same', 'changed', 'removed'),
        (ns, ps, t, names, withUsage, comparisonOperators, moved) => {
          const usage = usageByNode(ps);
          const query: ReschedulingQuery = withUsage ? { usageOf: (name) => usage.get(name) } : {};
          const byClass: ReschedulingQuery = { ...query, nodeClasses: classesOf(ns, moved) };
          const options = { comparisonOperators };
          const targets = new Set(names);
          expect(taintImpact(t, ns, ps, targets, now, options, undefined, byClass)).toEqual(taintImpact(t, ns, ps, targets, now, options, undefined, query));
          for (const p of ps) expect(replacementHome(p, ns, now, options, byClass)).toBe(replacementHome(p, ns, now, options, query));
        },
      ),
      { numRuns: 500 },
    );
  });
});
