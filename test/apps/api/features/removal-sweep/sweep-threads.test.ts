import { describe, expect, it } from 'vitest';
import type { Node, Pod } from '@taintgate/domain';
import { runSweepThreads } from '../../../../../apps/api/src/features/removal-sweep/sweep-threads';

/**
 * runSweepThreads: a sweep's nodes shared among real worker threads (the TypeScript thread through
 * tsx's loader, as the tests run from source), their progress summed, their ranks gathered; a thread
 * past its heap limit fails the sweep, and the process goes on.
 */

const options = { comparisonOperators: true, summaryWording: 'current' as const };

const node = (name: string): Node => ({
  metadata: { name, labels: { 'kubernetes.io/hostname': name } },
  status: { allocatable: { cpu: '4', memory: '16Gi', pods: '110' } },
});

const pod = (name: string, on: string): Pod => ({
  metadata: {
    name,
    namespace: 'default',
    labels: { app: name },
    ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: `${name}-rs`, uid: `uid-${name}`, controller: true }],
  },
  spec: { nodeName: on, containers: [{ name: 'c', image: 'x', resources: { requests: { cpu: '1' } } }] },
  status: { phase: 'Running' },
});

describe('runSweepThreads', () => {
  it('shares the nodes among the threads, tells the nodes judged across them, and gathers every rank', async () => {
    const nodes = ['a', 'b', 'c'].map(node);
    const seen: number[] = [];
    const ranks = await runSweepThreads(
      { cluster: { nodes, pods: [pod('web', 'a')] }, nodes: ['a', 'b', 'c'], now: Date.now(), options },
      { worker: true, threads: 2, threadMemoryMb: 512 },
      (done) => seen.push(done),
    );
    expect(ranks.map((r) => [r.node, r.verdict, r.counts.evicted])).toEqual([
      ['a', 'AllFit', 1],
      ['b', 'AllFit', 0],
      ['c', 'AllFit', 0],
    ]);
    expect(seen.at(-1)).toBe(3);
  }, 60_000);

  it('fails the sweep when a thread passes its heap limit, and the process goes on', async () => {
    // 2,000 nodes and 40,000 pods do not fit in a heap of 16 MiB.
    const nodes = Array.from({ length: 2000 }, (_, i) => node(`n${i}`));
    const pods = Array.from({ length: 40_000 }, (_, i) => pod(`p${i}`, `n${i % 2000}`));
    await expect(
      runSweepThreads({ cluster: { nodes, pods }, nodes: ['n0'], now: Date.now(), options }, { worker: true, threads: 1, threadMemoryMb: 16 }, () => undefined),
    ).rejects.toThrow(/memory/i);
  }, 60_000);
});
