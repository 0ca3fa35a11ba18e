import {
  type Node,
  type NodeTarget,
  type NodeTargetInput,
  type Pod,
  type Taint,
  type Toleration,
  defaultMatchOptions,
  parseNodeTarget,
  parseTaintArgs,
} from '@taintgate/domain';
import { describe, expect, it } from 'vitest';
import type { Eviction } from '../../../../../apps/api/src/generated/prisma/client';
import { PODS_PER_WRITE } from '../../../../../apps/api/src/control-loops/taint-eviction/node-update-queue';
import type { TaintNodesCommand } from '../../../../../apps/api/src/features/taints/taint-commands';
import {
  type PlanView,
  type TaintPlan,
  type WrittenSince,
  addedReports,
  decidesPods,
  dryRunOf,
  namedNodes,
  noExecuteReport,
  overtakenBy,
  planTaints,
  resultsAt,
  sameEvictions,
  withEvictions,
} from '../../../../../apps/api/src/features/taints/taint-plan';

/**
 * The plan POST /v1/taint works out from the snapshot before it takes the lock (taint-plan.ts):
 * which nodes it names, their taints after, what becomes of the pods on the nodes whose NoExecute
 * taints change, the dry run's answer, and whether a write since overtakes it.
 */

const NOW = Date.parse('2026-03-01T12:00:00Z');
const spelled = (taints: readonly Taint[] | undefined) => (taints ?? []).map((t) => `${t.key}${t.value ? `=${t.value}` : ''}:${t.effect}`);

function node(name: string, taints: Taint[] = [], labels: Record<string, string> = {}): Node {
  return { apiVersion: 'v1', kind: 'Node', metadata: { name, labels, resourceVersion: '7' }, spec: taints.length ? { taints } : {} };
}

function pod(name: string, nodeName: string, tolerations: Toleration[] = [], terminating = false): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'ns', uid: `uid-${name}`, ...(terminating ? { deletionTimestamp: '2026-03-01T11:59:00Z' } : {}) },
    spec: { nodeName, tolerations, containers: [{ name: 'c', image: 'nginx' }] },
  };
}

/** A snapshot at revision 7 of these nodes and pods. */
function viewOf(nodes: Node[], pods: Pod[] = []): PlanView {
  return {
    revision: 7n,
    nodes: new Map(nodes.map((n) => [n.metadata.name, n])),
    podsOn: (name) => pods.filter((p) => p.spec?.nodeName === name),
  };
}

function command(target: NodeTarget, args: string[], overwrite = false, dryRun = false): TaintNodesCommand {
  const change = parseTaintArgs(args);
  if (!change.ok) throw new Error(change.error.message);
  return { target, change: change.value, overwrite, dryRun };
}

const names = (...list: string[]): NodeTarget => ({ by: 'names', names: list });

function target(input: NodeTargetInput): NodeTarget {
  const parsed = parseNodeTarget(input);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

function planned(view: PlanView, cmd: TaintNodesCommand): TaintPlan {
  const plan = planTaints(view, cmd, NOW);
  if (!plan.ok) throw new Error(plan.error.message);
  return plan.value;
}

/** An eviction scheduled for a pod, as the ledger reads it. */
function scheduledFor(podName: string, nodeName: string, id: bigint, fireAt = NOW + 60_000): Eviction {
  return {
    id,
    podNamespace: 'ns',
    podName,
    nodeName,
    startedAt: new Date(NOW - 1000),
    scheduledFor: new Date(fireAt),
    status: 'Scheduled',
  } as Eviction;
}

const cluster = viewOf([
  node('n1', [], { pool: 'a' }),
  node('n2', [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }], { pool: 'b' }),
  node('n3', [{ key: 'maint', value: 'old', effect: 'NoExecute' }], { pool: 'a' }),
]);

describe('planTaints: the nodes named', () => {
  it.each<[string, NodeTarget, string[]]>([
    ['by name, in name order', names('n2', 'n1'), ['n1', 'n2']],
    ['by selector', target({ selector: 'pool=a' }), ['n1', 'n3']],
    ['all', { by: 'all' }, ['n1', 'n2', 'n3']],
  ])('%s', (_case, target, expected) => {
    const cmd = command(target, ['x=1:PreferNoSchedule']);
    expect(planned(cluster, cmd).tainted.map((t) => t.node.metadata.name)).toEqual(expected);
    expect(namedNodes(cluster, cmd)).toEqual({ ok: true, value: expected });
  });

  it.each<[string, NodeTarget, string[], boolean, string, string]>([
    ['a node missing', names('n1', 'ghost'), ['x=1:NoSchedule'], false, 'NotFound', 'nodes "ghost" not found'],
    ['a taint there already, without overwrite', names('n1', 'n2'), ['dedicated=cpu:NoSchedule'], false, 'Conflict', 'node n2 already has dedicated'],
    ['a taint to remove that is not there', names('n1'), ['gone:NoSchedule-'], false, 'NotFound', 'taint "gone:NoSchedule" not found'],
  ])('fails the whole command for one node: %s', (_case, target, args, overwrite, reason, message) => {
    const plan = planTaints(cluster, command(target, args, overwrite), NOW);
    expect(plan.ok).toBe(false);
    if (plan.ok) return;
    expect(plan.error.reason).toBe(reason);
    expect(plan.error.message).toContain(message);
  });
});

describe('planTaints: the taints after', () => {
  it.each<[string, string[], boolean, string[], string]>([
    ['n1', ['k=v:NoSchedule'], false, ['k=v:NoSchedule'], 'tainted'],
    ['n2', ['k=v:NoSchedule'], false, ['k=v:NoSchedule', 'dedicated=gpu:NoSchedule'], 'tainted'],
    ['n2', ['dedicated-'], false, [], 'untainted'],
    ['n2', ['dedicated=cpu:NoSchedule'], true, ['dedicated=cpu:NoSchedule'], 'modified'],
    ['n3', ['maint:NoExecute-', 'k=v:NoSchedule'], false, ['k=v:NoSchedule'], 'modified'],
  ])('%s with %j (overwrite %s): %j, %s', (name, args, overwrite, after, operation) => {
    const plan = planned(cluster, command(names(name), args, overwrite));
    expect(spelled(plan.after.get(name))).toEqual(after);
    const [result] = plan.results;
    expect(result).toMatchObject({ node: name, operation, message: `node/${name} ${operation}` });
    // Answered as stored at the revision the write most likely takes: the snapshot's next.
    expect(result?.object.metadata.resourceVersion).toBe('8');
    expect(spelled(result?.taints)).toEqual(after);
    expect(plan.audit).toEqual([
      expect.objectContaining({ action: 'taint.command', kind: 'Node', name, details: expect.objectContaining({ overwrite, operation }) }),
    ]);
  });

  it('answers at the revision the write took when another came between', () => {
    const plan = planned(cluster, command(names('n1'), ['k=v:NoSchedule']));
    expect(resultsAt(plan, 8n)).toBe(plan.results);
    expect(resultsAt(plan, 9n).map((r) => r.object.metadata.resourceVersion)).toEqual(['9']);
  });

  it('gives a new NoExecute taint the time of the plan, and keeps the time of one already there', () => {
    const plan = planned(viewOf([node('n', [{ key: 'old', effect: 'NoExecute', timeAdded: '2026-01-01T00:00:00Z' }])]), command(names('n'), ['new:NoExecute']));
    expect(plan.after.get('n')?.map((t) => [t.key, t.timeAdded])).toEqual([
      ['new', new Date(NOW).toISOString()],
      ['old', '2026-01-01T00:00:00.000Z'],
    ]);
  });
});

describe('planTaints and withEvictions: the NoExecute outcomes', () => {
  const tainted = (name: string) => node(name);
  const forever: Toleration = { key: 'maint', operator: 'Exists', effect: 'NoExecute' };
  const seconds = (s: number): Toleration => ({ key: 'maint', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: s });

  it.each<[string, string[], Node[], Pod[], Eviction[], Partial<ReturnType<typeof noExecuteReport>>]>([
    ['no NoExecute change: nothing decided', ['k:NoSchedule'], [tainted('n')], [pod('p', 'n')], [], {}],
    ['a pod that tolerates nothing is evicted now', ['maint:NoExecute'], [tainted('n')], [pod('p', 'n')], [], { nodes: 1, evictedNow: 1, unaffected: 0 }],
    [
      'a pod that tolerates it for 60 s is scheduled',
      ['maint:NoExecute'],
      [tainted('n')],
      [pod('p', 'n', [seconds(60)])],
      [],
      { scheduled: 1, firstScheduledFor: new Date(NOW + 60_000).toISOString(), unaffected: 0 },
    ],
    ['a pod that tolerates it forever is unaffected', ['maint:NoExecute'], [tainted('n')], [pod('p', 'n', [forever])], [], { evictedNow: 0, unaffected: 1 }],
    ['a terminating pod is left be, and not counted', ['maint:NoExecute'], [tainted('n')], [pod('p', 'n', [], true)], [], { evictedNow: 0, unaffected: 0 }],
    [
      'removing the taint cancels the eviction scheduled',
      ['maint:NoExecute-'],
      [node('n', [{ key: 'maint', effect: 'NoExecute' }])],
      [pod('p', 'n', [seconds(600)])],
      [scheduledFor('p', 'n', 41n)],
      { nodes: 1, cancelled: 1, unaffected: 1 },
    ],
    [
      'pods on other nodes are not decided',
      ['maint:NoExecute'],
      [tainted('n'), tainted('other')],
      [pod('p', 'n'), pod('q', 'other')],
      [],
      { nodes: 1, evictedNow: 1 },
    ],
  ])('%s', (_case, args, nodes, pods, scheduled, report) => {
    const view = viewOf(nodes, pods);
    let plan = planned(view, command(names('n'), args));
    if (decidesPods(plan)) plan = withEvictions(plan, view, new Map(scheduled.map((e) => [`ns/${e.podName}`, e])), NOW, defaultMatchOptions);
    expect(plan.queued).toBe(false);
    if (Object.keys(report).length === 0) {
      expect(plan.noExecuteChanged.size).toBe(0);
      expect(plan.outcome).toBeUndefined();
      return;
    }
    expect(noExecuteReport(plan)).toMatchObject({ queuedNodes: 0, ...report });
    expect(plan.scheduledIds).toEqual(new Set(scheduled.map((e) => e.id)));
  });

  it(`leaves the pods to the controller's queue past PODS_PER_WRITE (${PODS_PER_WRITE}) on the nodes`, () => {
    const pods = Array.from({ length: PODS_PER_WRITE + 1 }, (_, i) => pod(`p${i}`, i % 2 ? 'a' : 'b'));
    const plan = planned(viewOf([tainted('a'), tainted('b')], pods), command(names('a', 'b'), ['maint:NoExecute']));
    expect(plan.queued).toBe(true);
    expect(decidesPods(plan)).toBe(false);
    expect(noExecuteReport(plan)).toEqual({ nodes: 2, evictedNow: 0, scheduled: 0, cancelled: 0, unaffected: 0, queuedNodes: 2 });
  });

  it('adds two writes’ reports as one command’s: the soonest deadline of both', () => {
    const a = { nodes: 1, evictedNow: 2, scheduled: 1, firstScheduledFor: '2026-03-01T12:05:00.000Z', cancelled: 0, unaffected: 3, queuedNodes: 0 };
    const b = { nodes: 2, evictedNow: 1, scheduled: 2, firstScheduledFor: '2026-03-01T12:01:00.000Z', cancelled: 1, unaffected: 0, queuedNodes: 1 };
    expect(addedReports(a, b)).toEqual({
      nodes: 3,
      evictedNow: 3,
      scheduled: 3,
      firstScheduledFor: '2026-03-01T12:01:00.000Z',
      cancelled: 1,
      unaffected: 3,
      queuedNodes: 1,
    });
  });
});

describe('dryRunOf: the command as it would go', () => {
  it.each<[string, string[], string[]]>([
    ['n1', ['k=v:NoSchedule'], ['k=v:NoSchedule']],
    ['n2', ['dedicated-'], []],
    ['n3', ['x:NoExecute'], ['x:NoExecute', 'maint=old:NoExecute']],
  ])('%s with %j: %j, said to be a dry run, and no NoExecute report', (name, args, after) => {
    const dry = dryRunOf(cluster, command(names(name), args, false, true));
    expect(dry.ok).toBe(true);
    if (!dry.ok) return;
    expect(dry.value.dryRun).toBe(true);
    expect(dry.value.noExecute).toBeUndefined();
    const [result] = dry.value.results;
    expect(result?.message).toMatch(new RegExp(`^node/${name} \\w+ \\(dry run\\)$`));
    expect(spelled(result?.taints)).toEqual(after);
    expect(spelled(result?.object.spec?.taints)).toEqual(after);
    // The node as the snapshot holds it, its taints aside.
    expect(result?.object.metadata.resourceVersion).toBe('7');
  });

  it('fails as the command would', () => {
    expect(dryRunOf(cluster, command(names('ghost'), ['k:NoSchedule'], false, true))).toMatchObject({ ok: false, error: { reason: 'NotFound' } });
  });
});

describe('overtakenBy and sameEvictions: the plan checked under the lock', () => {
  const view = viewOf([node('n1'), node('n2'), node('n3')], [pod('p', 'n1'), pod('q', 'n2')]);
  const byName = withEvictions(planned(view, command(names('n1'), ['maint:NoExecute'])), view, new Map(), NOW, defaultMatchOptions);
  const bySelector = planned(view, command({ by: 'all' }, ['k:NoSchedule']));
  const row = (kind: string, key: string, nodeName: string | null = null): WrittenSince => ({ kind, key, node: nodeName });

  it.each<[string, boolean, TaintPlan, WrittenSince[]]>([
    ['nothing written', false, byName, []],
    ['a node it names written', true, byName, [row('Node', 'n1')]],
    ['another node written', false, byName, [row('Node', 'n2')]],
    ['any node written, for a command over all', true, bySelector, [row('Node', 'n3')]],
    ['a pod on a node whose NoExecute taints change', true, byName, [row('Pod', 'ns/new', 'n1')]],
    ['a pod it decided, since bound elsewhere', true, byName, [row('Pod', 'ns/p', 'n2')]],
    ['a pod on another node', false, byName, [row('Pod', 'ns/q', 'n2')]],
    ['a pod deleted (its tombstone)', true, byName, [row('Pod', 'ns/p')]],
    ['pods, with no NoExecute change', false, bySelector, [row('Pod', 'ns/p', 'n1')]],
  ])('%s: overtaken %s', (_case, overtaken, plan, since) => {
    expect(overtakenBy(plan, since)).toBe(overtaken);
  });

  it.each<[string, bigint[], bigint[], boolean]>([
    ['none then, none now', [], [], true],
    ['the same', [1n, 2n], [2n, 1n], true],
    ['one more now', [1n], [1n, 2n], false],
    ['another now', [1n], [3n], false],
  ])('evictions scheduled: %s', (_case, then, now, same) => {
    expect(sameEvictions({ ...byName, scheduledIds: new Set(then) }, new Set(now))).toBe(same);
  });
});
