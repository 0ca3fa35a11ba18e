import { describe, expect, it } from 'vitest';
import type { Node, Pod } from '../../../../../libs/domain/src/types';
import {
  evictedPlacementOf,
  placeEvicted,
  placeEvictedOfLists,
  queuedReplacement,
} from '../../../../../libs/domain/src/scheduling/simulation/evicted-placement';
import { schedulingInputKey } from '../../../../../libs/domain/src/scheduling/scheduling-input-key';

/** placeEvicted: the pods a taint evicts, placed as their replacements, in the order they are evicted. */

const node = (name: string, cpu: string): Node => ({ metadata: { name }, status: { allocatable: { cpu, memory: '8Gi', pods: '110' } } });
const pod = (name: string, on: string, phase = 'Running'): Pod => ({
  metadata: { name, namespace: 'default' },
  spec: { nodeName: on, containers: [{ name: 'c', image: 'x', resources: { requests: { cpu: '1' } } }] },
  status: { phase },
});

describe('placeEvicted', () => {
  const cluster = { nodes: [node('t', '8'), node('n', '1')], pods: [pod('now', 't'), pod('later', 't'), pod('never', 't'), pod('done', 't', 'Succeeded')] };
  const evicted = [
    { pod: cluster.pods[1] as Pod, at: 2_000 },
    { pod: cluster.pods[0] as Pod, at: 1_000 },
    { pod: cluster.pods[2] as Pod, at: null },
    { pod: cluster.pods[3] as Pod, at: 1_000 },
  ];

  it('together: the pod evicted first takes the only room; one evicted later is stranded; never-in-practice and finished pods are not placed', () => {
    // The taint is not on t here: only the room decides, and t is left to the pods that stay.
    const placed = placeEvicted({ ...cluster, nodes: [node('n', '1')] }, evicted, 'together');
    expect(placed).toMatchObject({ mode: 'together', stranded: 1 });
    expect(evictedPlacementOf(placed, { namespace: 'default', name: 'now' })?.node).toBe('n');
    expect(evictedPlacementOf(placed, { namespace: 'default', name: 'later' })).toEqual({
      node: null,
      summary: '0/1 nodes are available: 1 Insufficient cpu.',
    });
    expect(evictedPlacementOf(placed, { namespace: 'default', name: 'never' })).toBeUndefined();
    expect(evictedPlacementOf(placed, { namespace: 'default', name: 'done' })).toBeUndefined();
  });

  it('alone: each finds the room the other would take', () => {
    const placed = placeEvicted({ ...cluster, nodes: [node('n', '1')] }, evicted, 'alone');
    expect(placed.stranded).toBe(0);
  });
});

describe('placeEvictedOfLists', () => {
  const nodes = [node('t', '8'), node('n', '1'), node('m', '1')];
  const pods = [pod('now', 't'), pod('later', 't'), pod('never', 't'), pod('stays', 'm')];
  // A NoExecute taint on t: the tainted node is given in place of the lists' own.
  const tainted = [{ ...node('t', '8'), spec: { taints: [{ key: 'k', effect: 'NoExecute' as const }] } }];
  const withTaint = nodes.map((n) => (n.metadata.name === 't' ? (tainted[0] as Node) : n));
  const refs = [
    { pod: { namespace: 'default', name: 'later' }, at: 2_000 },
    { pod: { namespace: 'default', name: 'now' }, at: 1_000 },
    { pod: { namespace: 'default', name: 'never' }, at: null },
    { pod: { namespace: 'default', name: 'gone-since' }, at: 1_000 },
  ];

  it.each(['together', 'alone'] as const)(
    '%s: the placement placeEvicted makes over the same cluster, the pods found by name (one gone since is skipped)',
    (mode) => {
      const held = refs.flatMap(({ pod: ref, at }) => pods.filter((p) => p.metadata.name === ref.name).map((p) => ({ pod: p, at })));
      const listed = placeEvictedOfLists({ nodes, pods }, tainted, refs, mode);
      expect(listed).toEqual(placeEvicted({ nodes: withTaint, pods }, held, mode));
      // n is the only room left (m holds a pod, t is tainted): together, the pod evicted first takes it.
      expect(listed.stranded).toBe(mode === 'together' ? 1 : 0);
    },
  );
});

describe('queuedReplacement', () => {
  const held = {
    ...pod('web-1', 't'),
    metadata: { name: 'web-1', namespace: 'default', deletionTimestamp: '2026-01-01T00:00:00Z', deletionGracePeriodSeconds: 30 },
  };

  it('is the pod as its controller recreates it: not bound, not being deleted, pending', () => {
    const { pod: replacement } = queuedReplacement(held, 1_000);
    expect(replacement.spec?.nodeName).toBeUndefined();
    expect(replacement.metadata).toEqual({ name: 'web-1', namespace: 'default' });
    expect(replacement.status).toEqual({ phase: 'Pending' });
    expect(held.spec?.nodeName).toBe('t');
  });

  it('makes one replacement and key per pod held, each question queueing it at its own time', () => {
    const first = queuedReplacement(held, 1_000);
    const again = queuedReplacement(held, 2_000);
    expect(again.pod).toBe(first.pod);
    expect(again.key).toBe(first.key);
    expect([first.queuedAt, again.queuedAt]).toEqual([1_000, 2_000]);
    expect(first.key).toBe(schedulingInputKey(first.pod));
  });
});
