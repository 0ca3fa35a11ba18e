import { describe, expect, it } from 'vitest';
import type { Pod } from '../../../../../libs/domain/src/types';
import { drainPlan } from '../../../../../libs/domain/src/scheduling/simulation/drain-plan';
import { usageByNode } from '../../../../../libs/domain/src/scheduling/node-usage';
import { indexedContext } from '../../../../../libs/domain/src/scheduling/indexed-context';
import { snapshotOf } from '../../../../../libs/domain/src/scheduling/framework/scheduling-snapshot';
import { budget, node, pod } from '../../support/drain-objects';

/**
 * drainPlan: what `kubectl drain --ignore-daemonsets --delete-emptydir-data [--force]` does with
 * each pod of the nodes drained (its filters, as TestDrain in k8s.io/kubectl pkg/cmd/drain drives
 * them; the Eviction API's budgets, as TestEviction in pkg/registry/core/pod/storage decides them),
 * and where the replacements go, on small clusters worked out by hand.
 */

const now = Date.parse('2026-11-28T12:00:00Z');

const request = { nodes: ['n1'], force: false, mode: 'together' as const, now };

/** Required anti-affinity against the web replicas on the hostname: one a node. */
const anti: Pod['spec'] = {
  affinity: {
    podAntiAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'web' } }, topologyKey: 'kubernetes.io/hostname' }],
    },
  },
};
const moves = (plan: ReturnType<typeof drainPlan>) => plan.evicted.map((e) => [e.pod.name, e.from, e.to]);

describe('drainPlan', () => {
  it('two 1-cpu replicas leave n1, where n2 has 1.5 cpu free and n3 1: together each finds its own node and all fit', () => {
    const cluster = {
      nodes: [node('n1', '4'), node('n2', '2'), node('n3', '2')],
      pods: [pod('a', { on: 'n1' }), pod('b', { on: 'n1' }), pod('x', { on: 'n2', cpu: '500m', app: 'x' }), pod('y', { on: 'n3', app: 'y' })],
    };
    const plan = drainPlan(cluster, request);
    expect(plan).toMatchObject({
      mode: 'together',
      verdict: 'AllFit',
      nodes: ['n1'],
      counts: { evicted: 2, placed: 2, stranded: 0, deleted: 0, blocked: 0, skipped: 0 },
    });
    expect(moves(plan)).toEqual([
      ['a', 'n1', 'n2'],
      ['b', 'n1', 'n3'],
    ]);
  });

  it("with the holder's usage given (the evicted pods' requests taken off their node), the same plan", () => {
    const cluster = {
      nodes: [node('n1', '4'), node('n2', '2'), node('n3', '2')],
      pods: [pod('a', { on: 'n1' }), pod('b', { on: 'n1' }), pod('x', { on: 'n2', cpu: '500m', app: 'x' }), pod('y', { on: 'n3', app: 'y' })],
    };
    const held = usageByNode(cluster.pods);
    for (const nodes of [['n1'], ['n2'], ['n1', 'n3']]) {
      const asked = { ...request, nodes };
      expect(drainPlan({ ...cluster, usageOf: (name) => held.get(name) }, asked)).toEqual(drainPlan(cluster, asked));
    }
  });

  it("from the holder's lists and indexes (forked, the evicted pods taken off), the same plan, and the holder's indexes unchanged", () => {
    const cluster = {
      nodes: [node('n1', '8'), node('n2', '8'), node('n3', '16'), node('n4', '2')],
      pods: [
        pod('web-0', { on: 'n1', spec: anti }),
        pod('web-1', { on: 'n1', spec: anti }),
        pod('web-2', { on: 'n2', spec: anti }),
        pod('db-0', { on: 'n3', app: 'db' }),
      ],
    };
    const context = indexedContext(snapshotOf(cluster.nodes, cluster.pods));
    const usage = usageByNode(cluster.pods);
    const held = { podsOn: context.snapshot.podsOn, podLabels: () => context.indexes?.podLabels, affinityPods: () => context.indexes?.affinityPods };
    const members = () => context.indexes?.podLabels?.sets.map((set) => set.members.length);
    const before = members();
    for (const mode of ['together', 'alone'] as const) {
      const asked = { ...request, mode };
      expect(drainPlan({ ...cluster, usageOf: (name) => usage.get(name), held }, asked)).toEqual(drainPlan(cluster, asked));
      const boundTo = (name: string) => cluster.pods.filter((p) => p.spec?.nodeName === name);
      expect(drainPlan({ nodes: cluster.nodes, pods: [], podsBoundTo: boundTo, usageOf: (name) => usage.get(name), held }, asked)).toEqual(
        drainPlan(cluster, asked),
      );
    }
    expect(members()).toEqual(before);
  });

  it('the same alone: each replica judged against the cluster as it is, both sent to n2, which holds one', () => {
    const cluster = {
      nodes: [node('n1', '4'), node('n2', '2'), node('n3', '2')],
      pods: [pod('a', { on: 'n1' }), pod('b', { on: 'n1' }), pod('x', { on: 'n2', cpu: '500m', app: 'x' }), pod('y', { on: 'n3', app: 'y' })],
    };
    expect(moves(drainPlan(cluster, { ...request, mode: 'alone' }))).toEqual([
      ['a', 'n1', 'n2'],
      ['b', 'n1', 'n2'],
    ]);
  });

  it('a replica with no room left anywhere is stranded, with the scheduler line that counts the cordoned node', () => {
    const cluster = { nodes: [node('n1', '2'), node('n2', '1')], pods: [pod('a', { on: 'n1' }), pod('b', { on: 'n1' })] };
    const plan = drainPlan(cluster, request);
    expect(plan.verdict).toBe('SomeStranded');
    expect(plan.counts).toMatchObject({ evicted: 2, placed: 1, stranded: 1 });
    expect(plan.stranded).toEqual([
      {
        pod: { namespace: 'default', name: 'b' },
        from: 'n1',
        to: null,
        replaced: true,
        summary: '0/2 nodes are available: 1 Insufficient cpu, 1 node(s) were unschedulable.',
      },
    ]);
  });

  it("DaemonSet and mirror pods stay on the cordoned node, skipped, with kubectl's warning for the DaemonSet pod; a terminal pod is deleted and counts as skipped", () => {
    const cluster = {
      nodes: [node('n1', '4'), node('n2', '4')],
      pods: [
        pod('agent', { on: 'n1', owner: 'DaemonSet', app: 'agent' }),
        pod('static', { on: 'n1', owner: '', app: 'static', mirror: true }),
        pod('done', { on: 'n1', owner: 'Job', phase: 'Succeeded' }),
      ],
    };
    const plan = drainPlan(cluster, request);
    expect(plan).toMatchObject({ verdict: 'AllFit', counts: { evicted: 0, skipped: 3 }, warnings: ['ignoring DaemonSet-managed Pods: default/agent'] });
    expect(plan.skipped.map((s) => [s.pod.name, s.reason])).toEqual([
      ['agent', 'DaemonSet'],
      ['done', 'Terminal'],
      ['static', 'Mirror'],
    ]);
  });

  it('a pod that declares no controller, without --force: kubectl does not drain its node at all (the other pods stay) and goes on to the next', () => {
    const cluster = {
      nodes: [node('n1', '4'), node('n2', '4'), node('n3', '4')],
      pods: [pod('bare', { on: 'n1', owner: '' }), pod('a', { on: 'n1' }), pod('c', { on: 'n2' })],
    };
    const plan = drainPlan(cluster, { ...request, nodes: ['n1', 'n2'] });
    expect(plan.verdict).toBe('Blocked');
    expect(plan.undrained).toEqual([{ node: 'n1', message: 'cannot delete Pods that declare no controller (use --force to override): default/bare' }]);
    expect(plan.blocked).toEqual([
      { pod: { namespace: 'default', name: 'bare' }, from: 'n1', reason: 'NoController', message: 'Pods that declare no controller (use --force to override)' },
    ]);
    expect(plan.skipped.map((s) => [s.pod.name, s.reason])).toEqual([['a', 'NodeNotDrained']]);
    expect(moves(plan)).toEqual([['c', 'n2', 'n3']]);
  });

  it('the same pod with --force is evicted and gone: nothing recreates it, and kubectl warns', () => {
    const cluster = { nodes: [node('n1', '4'), node('n2', '4')], pods: [pod('bare', { on: 'n1', owner: '' }), pod('a', { on: 'n1' })] };
    const plan = drainPlan(cluster, { ...request, force: true });
    expect(plan).toMatchObject({
      verdict: 'AllFit',
      counts: { evicted: 2, placed: 1, deleted: 1 },
      warnings: ['deleting Pods that declare no controller: default/bare'],
    });
    expect(plan.evicted.map((e) => [e.pod.name, e.to, e.replaced])).toEqual([
      ['a', 'n2', true],
      ['bare', null, false],
    ]);
  });

  it("a PodDisruptionBudget that allows no disruption blocks its pod (429, which kubectl retries); the node's other pods are evicted", () => {
    const cluster = {
      nodes: [node('n1', '4'), node('n2', '4')],
      pods: [pod('db-0', { on: 'n1', app: 'db' }), pod('a', { on: 'n1' })],
      podDisruptionBudgets: [budget('db-pdb', 'db', 0)],
    };
    const plan = drainPlan(cluster, request);
    expect(plan.verdict).toBe('Blocked');
    expect(plan.blocked).toEqual([
      {
        pod: { namespace: 'default', name: 'db-0' },
        from: 'n1',
        reason: 'DisruptionBudget',
        disruptionBudget: 'db-pdb',
        message: "Cannot evict pod as it would violate the pod's disruption budget. The disruption budget db-pdb needs 2 healthy pods and has 2 currently",
      },
    ]);
    expect(moves(plan)).toEqual([['a', 'n1', 'n2']]);
  });

  it('a budget that allows one disruption lets both its pods go: the second eviction waits for the first replacement, then passes', () => {
    const cluster = {
      nodes: [node('n1', '4'), node('n2', '4')],
      pods: [pod('web-0', { on: 'n1' }), pod('web-1', { on: 'n1' })],
      podDisruptionBudgets: [budget('web-pdb', 'web', 1)],
    };
    expect(drainPlan(cluster, request)).toMatchObject({ verdict: 'AllFit', counts: { evicted: 2, placed: 2, blocked: 0 } });
  });

  it('a pod two budgets select cannot be evicted at all (500)', () => {
    const cluster = {
      nodes: [node('n1', '4'), node('n2', '4')],
      pods: [pod('web-0', { on: 'n1' })],
      podDisruptionBudgets: [budget('one', 'web', 1), budget('two', 'web', 1)],
    };
    const plan = drainPlan(cluster, request);
    expect(plan.blocked).toEqual([
      {
        pod: { namespace: 'default', name: 'web-0' },
        from: 'n1',
        reason: 'DisruptionBudget',
        disruptionBudget: 'one',
        message: 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.',
      },
    ]);
  });

  it('replacements with required anti-affinity on the hostname: the second keeps off the roomy node the first took, for the small one left', () => {
    const cluster = {
      nodes: [node('n1', '8'), node('n2', '8'), node('n3', '16'), node('n4', '2')],
      // Pods of a Job: no default spreading, so only the anti-affinity keeps the second off n3.
      pods: [
        pod('web-0', { on: 'n1', owner: 'Job', spec: anti }),
        pod('web-1', { on: 'n1', owner: 'Job', spec: anti }),
        pod('web-2', { on: 'n2', owner: 'Job', spec: anti }),
      ],
    };
    const plan = drainPlan(cluster, request);
    expect(moves(plan)).toEqual([
      ['web-0', 'n1', 'n3'],
      ['web-1', 'n1', 'n4'],
    ]);
  });

  it('pods of higher priority are placed first, whatever node they leave (PrioritySort)', () => {
    const cluster = {
      nodes: [node('n1', '4'), node('n2', '4'), node('n3', '1')],
      pods: [pod('low', { on: 'n1', app: 'low' }), pod('high', { on: 'n2', app: 'high', spec: { priority: 1000 } })],
    };
    const plan = drainPlan(cluster, { ...request, nodes: ['n1', 'n2'] });
    expect(moves(plan)).toEqual([
      ['high', 'n2', 'n3'],
      ['low', 'n1', null],
    ]);
  });
});
