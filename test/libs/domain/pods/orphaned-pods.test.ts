import { describe, expect, it } from 'vitest';
import { orphansToCollect } from '@taintgate/domain';
import type { BoundPod } from '../../../../libs/domain/src/pods/orphaned-pods';

/**
 * gcOrphaned (pkg/controller/podgc/gc_controller.go) and the quarantine of TestGCOrphaned
 * (gc_controller_test.go): pods of a missing node go only once the node has stayed missing for
 * quarantineTime; pods of an existing node, and a node re-created in time, keep their pods.
 */
const now = Date.UTC(2026, 10, 23, 12, 0, 0);
const quarantine = 40_000;
const pod = (name: string, nodeName: string, boundAt = now - 3_600_000): BoundPod => ({ namespace: 'ns', name, nodeName, boundAt });
const existing = new Set(['alive']);
const deletedAt = new Map([
  ['gone-long-ago', now - 60_000],
  ['just-gone', now - 10_000],
  ['gone-exactly', now - 40_000],
]);
const clock = { nodeExists: (n: string) => existing.has(n), nodeDeletedAt: (n: string) => deletedAt.get(n) };
const collected = (pods: BoundPod[]) => orphansToCollect(pods, clock, now, quarantine).map((p) => p.name);

describe('orphansToCollect (gcOrphaned with its quarantine)', () => {
  it.each<[string, BoundPod, boolean]>([
    ['node exists: kept', pod('a', 'alive'), false],
    ['node deleted a minute ago: collected', pod('b', 'gone-long-ago'), true],
    ['node deleted 10 s ago: still in quarantine', pod('c', 'just-gone'), false],
    ['node deleted exactly the quarantine ago: collected', pod('d', 'gone-exactly'), true],
    ['never-seen node, pod bound an hour ago: collected', pod('e', 'never-there'), true],
    ['never-seen node, pod bound 5 s ago: in quarantine from its binding', pod('f', 'never-there', now - 5_000), false],
    ['node deleted long ago, pod bound to it just now: in quarantine', pod('g', 'gone-long-ago', now - 1_000), false],
  ])('%s', (_name, p, expected) => {
    expect(collected([p])).toEqual(expected ? [p.name] : []);
  });

  it('keeps the order and the objects it was given', () => {
    const pods = [pod('x', 'gone-long-ago'), pod('y', 'alive'), pod('z', 'never-there')];
    expect(orphansToCollect(pods, clock, now, quarantine)).toEqual([pods[0], pods[2]]);
  });
});
