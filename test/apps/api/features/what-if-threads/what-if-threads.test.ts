import { describe, expect, it } from 'vitest';
import { type Node, type Pod, drainPlan, placeEvicted } from '@taintgate/domain';
import { whatIfOnThread } from '../../../../../apps/api/src/features/what-if-threads/what-if-threads';
import { FailureException } from '../../../../../apps/api/src/platform/failures/failure.exception';

/**
 * whatIfOnThread: a drain plan, or a taint's evicted pods placed, on a real worker thread (the
 * TypeScript thread through tsx's loader, as the tests run from source), over a copy of the cluster
 * given as lists, is the answer made here; a thread past its heap limit fails the request with a
 * 500 that says so, and the process goes on.
 */

const options = { comparisonOperators: true, summaryWording: 'current' as const };

const node = (name: string, zone: string): Node => ({
  metadata: { name, labels: { 'kubernetes.io/hostname': name, 'topology.kubernetes.io/zone': zone } },
  status: { allocatable: { cpu: '4', memory: '16Gi', pods: '110' } },
});

const pod = (name: string, on: string, app: string): Pod => ({
  metadata: {
    name,
    namespace: 'default',
    labels: { app },
    ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: `${app}-rs`, uid: `uid-${app}`, controller: true }],
  },
  spec: {
    nodeName: on,
    containers: [{ name: 'c', image: 'x', resources: { requests: { cpu: '1' } } }],
    affinity: {
      podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app } }, topologyKey: 'kubernetes.io/hostname' }] },
    },
  },
  status: { phase: 'Running' },
});

describe('whatIfOnThread', () => {
  it('answers the plan drainPlan makes here, with the pods placed together and their anti-affinity held', async () => {
    const nodes = [node('a', 'z1'), node('b', 'z1'), node('c', 'z2'), node('d', 'z2')];
    const pods = [pod('web-0', 'a', 'web'), pod('web-1', 'b', 'web'), pod('db-0', 'a', 'db'), pod('db-1', 'c', 'db'), pod('db-2', 'd', 'db')];
    const request = { nodes: ['a'], force: false, mode: 'together' as const, now: Date.parse('2026-11-30T06:00:00Z') };
    const plan = await whatIfOnThread({ cluster: { nodes, pods }, question: { kind: 'drain', request }, options }, 512);
    expect(plan).toEqual(drainPlan({ nodes, pods }, request, options));
    // web-0 may not join web-1 on b, nor db-0 a db pod on c or d: each has a node left, so both fit.
    expect(plan.verdict).toBe('AllFit');
    expect(plan.counts.evicted).toBe(2);
  }, 60_000);

  it('fails the request with an InternalError naming the limit when the thread passes its heap, and the process goes on', async () => {
    // 2,000 nodes and 40,000 pods do not fit in a heap of 16 MiB.
    const nodes = Array.from({ length: 2000 }, (_, i) => node(`n${i}`, `z${i % 3}`));
    const pods = Array.from({ length: 40_000 }, (_, i) => pod(`p${i}`, `n${i % 2000}`, `app${i % 50}`));
    const request = { nodes: ['n0'], force: false, mode: 'together' as const, now: Date.now() };
    const failed = await whatIfOnThread({ cluster: { nodes, pods }, question: { kind: 'drain', request }, options }, 16).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(FailureException);
    expect((failed as FailureException).failure).toMatchObject({
      reason: 'InternalError',
      message: expect.stringMatching(/drain plan's worker thread failed .*WHATIF_THREAD_MEMORY_MB=16 MiB/),
    });
  }, 60_000);

  it("answers where a taint's evicted pods go as placeEvicted does here: the tainted nodes in place of the lists' own, the pods found by name", async () => {
    const nodes = [node('a', 'z1'), node('b', 'z1'), node('c', 'z2'), node('d', 'z2')];
    const pods = [pod('web-0', 'a', 'web'), pod('web-1', 'b', 'web'), pod('db-0', 'a', 'db'), pod('db-1', 'c', 'db'), pod('db-2', 'd', 'db')];
    // A NoExecute taint on a and c: their pods leave at once; the replacements may go to b or d only.
    const taint = { key: 'maintenance', value: 'true', effect: 'NoExecute' as const };
    const tainted = nodes.filter((n) => ['a', 'c'].includes(n.metadata.name)).map((n) => ({ ...n, spec: { taints: [taint] } }));
    const withTaints = nodes.map((n) => tainted.find((t) => t.metadata.name === n.metadata.name) ?? n);
    const at = Date.parse('2026-11-30T07:00:00Z');
    const leaving = ['web-0', 'db-0', 'db-1'].map((name) => ({ pod: { namespace: 'default', name }, at }));
    const here = placeEvicted(
      { nodes: withTaints, pods },
      leaving.map((e) => ({ pod: pods.find((p) => p.metadata.name === e.pod.name) as Pod, at })),
      'together',
      options,
    );
    const there = await whatIfOnThread({ cluster: { nodes, pods }, question: { kind: 'evicted', tainted, evicted: leaving, mode: 'together' }, options }, 512);
    expect(there).toEqual(here);
    // web-0 goes to d (web-1 holds b), one db pod to b; the other finds no node without a db pod.
    expect(there.to.get('default/web-0')?.node).toBe('d');
    expect(there.stranded).toBe(1);
  }, 60_000);
});
