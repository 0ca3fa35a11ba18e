import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Node,
  type NodePodFacts,
  type Pod,
  type PodKinds,
  type PodsByNode,
  type ReschedulingQuery,
  type ScheduledEviction,
  type Toleration,
  impactSummary,
  nodeClassesOf,
  nodePodFacts,
  podKinds,
  replacementHome,
  taintImpact,
  taintImpactSummary,
  usageByNode,
} from '@taintgate/domain';
import { taintedNodes } from '../../../../libs/domain/src/eviction/taint-impact';
import { requestingPod, sizedNodes, taint, toleration } from '../support/arbitraries';

/**
 * The summary counted as pods are decided (taintImpactSummary) is the summary of taintImpact's
 * full answer, on random clusters: bound, pending, terminating and finished pods, evictions
 * already scheduled (before now, at now, due or not), tolerations never in practice (beyond 2^53
 * too), with and without capacity and node classes, and pods alike on nodes alike, which it
 * decides once; with the pods' kinds kept across questions, as the service keeps a snapshot's, and
 * with the pods packed by node as its snapshot keeps them (node-pod-facts.ts).
 * And where each evicted pod could go is the first home of its replacement looked for on its own
 * (replacementHome over the nodes as they are after the taint), whatever was shared or skipped.
 */

const now = Date.UTC(2026, 10, 22);

/** Nodes that often share their taints under other names, so that decisions are shared. */
const cluster: fc.Arbitrary<Node[]> = fc
  .tuple(sizedNodes, fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }))
  .map(([ns, copies]) => ns.map((n, i) => (i > 0 && copies[i] && ns[0] ? { ...n, spec: ns[0].spec } : n)));

/** Seconds the shared arbitraries do not make: past year 9999, and beyond 2^53. */
const farToleration: fc.Arbitrary<Toleration> = fc.record({
  key: fc.constantFrom('a', 'b'),
  operator: fc.constant('Exists'),
  effect: fc.constant('NoExecute'),
  tolerationSeconds: fc.constantFrom(9_000_000_000_000, 2n ** 62n),
});

const lifecycle = fc.constantFrom('Running', 'Pending', 'Succeeded', 'Failed', 'terminating');

const scheduledEviction: fc.Arbitrary<ScheduledEviction | undefined> = fc.option(
  fc.record({ startedAt: fc.constantFrom(now - 60_000, now), fireAt: fc.constantFrom(now - 1000, now, now + 30_000, now + 7_200_000) }),
  { nil: undefined },
);

const pods = fc
  .array(
    fc.tuple(
      requestingPod,
      fc.constantFrom(undefined, 'n1', 'n2', 'n3', 'n4'),
      lifecycle,
      fc.array(fc.oneof(toleration, farToleration), { maxLength: 2 }),
      fc.boolean(),
      scheduledEviction,
    ),
    { maxLength: 8 },
  )
  .map((ps) =>
    ps.map(([p, nodeName, state, more, plain, scheduled], i) => {
      const { nodeName: _, tolerations = [], ...spec } = p.spec ?? {};
      const pod: Pod = {
        ...p,
        metadata: { name: `p${i}`, namespace: i % 2 ? 'a' : 'a-b', ...(state === 'terminating' ? { deletionTimestamp: '2026-11-22T00:00:00Z' } : {}) },
        spec: { ...spec, tolerations: plain ? tolerations : [...tolerations, ...more], ...(nodeName ? { nodeName } : {}) },
        status: { phase: state === 'terminating' ? 'Running' : state },
      };
      return { pod, scheduled };
    }),
  );

/** The pods as the service's snapshot hands them to a summary: each node's facts, made on first asking and kept, and the pending pods. */
function podsByNode(all: readonly Pod[], kinds: PodKinds): PodsByNode {
  const facts = new Map<string, NodePodFacts>();
  return {
    factsOn: (name) => {
      let made = facts.get(name);
      if (!made)
        facts.set(
          name,
          (made = nodePodFacts(
            all.filter((pod) => pod.spec?.nodeName === name),
            kinds,
          )),
        );
      return made;
    },
    pending: all.filter((pod) => !pod.spec?.nodeName),
  };
}

/** Kept across every run and question, as the service keeps one for its snapshots: a kind holds nothing of a question. */
const keptKinds = podKinds();

describe('the summary counted as pods are decided', () => {
  it('is the summary of taint impact', () => {
    fc.assert(
      fc.property(
        cluster,
        pods,
        taint,
        fc.subarray(['n1', 'n2', 'n3', 'n4']),
        fc.constantFrom('none', 'nodes', 'usage', 'usage+classes'),
        fc.boolean(),
        (ns, ps, t, names, asked, comparisonOperators) => {
          const options = { comparisonOperators };
          const all = ps.map(({ pod }) => pod);
          const scheduledByPod = new Map(ps.map(({ pod, scheduled }) => [pod, scheduled]));
          const scheduledOf = (pod: Pod) => scheduledByPod.get(pod);
          const usage = usageByNode(all);
          const rescheduling: ReschedulingQuery | undefined =
            asked === 'none'
              ? undefined
              : {
                  ...(asked === 'nodes' ? {} : { usageOf: (name: string) => usage.get(name) }),
                  ...(asked === 'usage+classes' ? { nodeClasses: nodeClassesOf(ns) } : {}),
                };
          const targets = new Set(names);
          const full = taintImpact(t, ns, all, targets, now, options, scheduledOf, rescheduling);
          const expected = impactSummary(full, now);
          // The pods as an iterable that is not an array, as a snapshot's are, and in another order (the service takes them node by node).
          expect(taintImpactSummary(t, ns, new Set([...all].reverse()).values(), targets, now, options, scheduledOf, rescheduling)).toEqual(expected);
          // Twice with kinds kept: the second time every pod's kind is known already.
          for (let i = 0; i < 2; i++) expect(taintImpactSummary(t, ns, all, targets, now, options, scheduledOf, rescheduling, keptKinds)).toEqual(expected);
          // As a snapshot keeps them, packed by node (facts made once per node and read by every
          // question), the scheduled evictions asked of every pod or only of the nodes they are on.
          const byNode = podsByNode(all, keptKinds);
          const onNodes = new Set(ps.flatMap(({ pod, scheduled }) => (scheduled && pod.spec?.nodeName ? [pod.spec.nodeName] : [])));
          for (const lookup of [scheduledOf, Object.assign((pod: Pod) => scheduledOf(pod), { nodes: onNodes })])
            expect(taintImpactSummary(t, ns, byNode, targets, now, options, lookup, rescheduling, keptKinds)).toEqual(expected);
          if (!rescheduling) return;
          const after = taintedNodes(ns, targets, t);
          const ordered = [...ns.filter((n) => !after.has(n.metadata.name)), ...after.values()];
          const byName = new Map(all.map((p) => [`${p.metadata.namespace}/${p.metadata.name}`, p]));
          for (const eviction of full.evictions) {
            if (eviction.elsewhere === undefined) continue;
            const pod = byName.get(`${eviction.pod.namespace}/${eviction.pod.name}`) as Pod;
            expect(eviction.elsewhere).toBe(replacementHome(pod, ordered, now, options, rescheduling));
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});
