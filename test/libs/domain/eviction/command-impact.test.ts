import { describe, expect, it } from 'vitest';
import {
  type CommandImpact,
  type KubectlCommand,
  type NodeChange,
  type NodeChangeImpact,
  type Pod,
  type Taint,
  commandImpact,
  commandWarnings,
  defaultMatchOptions,
  drainEvictionWarnings,
  drainPlan,
  drainWarnings,
  nodeChangeImpact,
  nodeChangeKey,
  nodeChangeOf,
  nodeImpactInCommand,
  usageLookup,
  withNodeChange,
} from '@taintgate/domain';
import { defaultPlacementOptions } from '../../../../libs/domain/src/scheduling/placement';
import { node, pod } from '../support/drain-objects';

/**
 * A kubectl command over many nodes judged as one (commandImpact): kubectl writes one node at a
 * time, and each write judged alone (nodeChangeImpact) would send its evicted pods to the nodes the
 * next writes taint. Clusters small enough to work out by hand.
 */

const now = Date.parse('2026-11-29T12:00:00Z');
const maintenance: Taint = { key: 'maintenance', value: 'true', effect: 'NoExecute' };
const evicts: NodeChange = { taints: [maintenance], cordon: false };
const cordon: NodeChange = { taints: [], cordon: true };
const taintCommand = (nodes: string[], listed = true): KubectlCommand => ({ name: 'kubectl taint', nodes, listed });
const options = { match: defaultMatchOptions, placement: defaultPlacementOptions, maxTogether: 30_000 };

/** The command over every pod given: those on its nodes and the pending ones. */
function judged(command: KubectlCommand, change: NodeChange, nodes = spot, pods = spotPods, maxTogether = options.maxTogether): CommandImpact {
  const own = pods.filter((p) => !p.spec?.nodeName || command.nodes.includes(p.spec.nodeName));
  const cluster = { nodes, pods: own, simulated: { pods: pods.filter((p) => p.spec?.nodeName) } };
  return commandImpact(command, change, cluster, now, { ...options, maxTogether }, () => undefined, { usageOf: usageLookup(pods) });
}

// Three 2-cpu nodes: s1 and s2 hold a 1.5-cpu replica each, s3 is empty.
const spot = [node('s1', '2'), node('s2', '2'), node('s3', '2')];
const spotPods = [pod('a', { on: 's1', cpu: '1500m' }), pod('b', { on: 's2', cpu: '1500m' })];
const ref = (name: string) => ({ namespace: 'default', name });

/** One node's write judged alone (nodeChangeImpact), the NoExecute taint added to it. */
function nodeChangeImpactOf(name: string): NodeChangeImpact {
  const before = node(name, '2');
  const impact = nodeChangeImpact(before, withNodeChange(before, evicts, now), spot, spotPods, now, defaultMatchOptions, undefined, {
    usageOf: usageLookup(spotPods),
  });
  if (!impact) throw new Error(`adding the taint to ${name} changes nothing`);
  return impact;
}

describe('commandImpact: the nodes of one kubectl command changed together', () => {
  it('s1 and s2 tainted NoExecute: alone, each replica would go to s3; together s3 takes one (a, first by name) and b fits nowhere', () => {
    const impact = judged(taintCommand(['s1', 's2']), evicts);
    expect(impact).toMatchObject({ addsNoExecute: true, cordons: false, evictedNow: 2, evictedLater: 0, placed: 1, staying: 0, pendingStranded: [] });
    expect([...impact.stranded]).toEqual([['s2', [ref('b')]]]);
    // Each write alone (as before): both find s3.
    for (const [name, p] of [
      ['s1', 'a'],
      ['s2', 'b'],
    ] as const) {
      const alone = nodeChangeImpactOf(name);
      expect(alone.evictedNow).toEqual([ref(p)]);
      expect(alone.stranded).toEqual([]);
    }
  });

  it('every node of the pool tainted: no replacement finds a node', () => {
    const impact = judged(taintCommand(['s1', 's2', 's3']), evicts);
    expect(impact.placed).toBe(0);
    expect([...impact.stranded]).toEqual([
      ['s1', [ref('a')]],
      ['s2', [ref('b')]],
    ]);
  });

  it('a replica tolerating the taint for 60 s is evicted later; its replacement tolerates it too, and may go back to an emptied tainted node', () => {
    const tolerating = pod('b', {
      on: 's2',
      cpu: '1500m',
      spec: { tolerations: [{ key: 'maintenance', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 }] },
    });
    const impact = judged(taintCommand(['s1', 's2']), evicts, spot, [spotPods[0] as Pod, tolerating]);
    // TaintToleration lets a pod on a node whose NoExecute taint it tolerates, for a while or not.
    expect(impact).toMatchObject({ evictedNow: 1, evictedLater: 1, placed: 2 });
    expect([...impact.stranded]).toEqual([]);
  });

  it('a cordon over every node: the replicas stay, and a pending pod loses its last node; with any node left out, it keeps that one', () => {
    const pending: Pod = {
      metadata: { name: 'p', namespace: 'default' },
      spec: { containers: [{ name: 'c', image: 'x', resources: { requests: { cpu: '400m' } } }] },
      status: { phase: 'Pending' },
    };
    const cordoning = (nodes: string[]) => judged({ name: 'kubectl cordon', nodes, listed: true }, cordon, spot, [...spotPods, pending]);
    expect(cordoning(['s1', 's2', 's3'])).toMatchObject({ addsNoExecute: false, cordons: true, evictedNow: 0, staying: 2, pendingStranded: [ref('p')] });
    for (const nodes of [
      ['s1', 's2'],
      ['s1', 's3'],
      ['s2', 's3'],
    ])
      expect(cordoning(nodes).pendingStranded).toEqual([]);
  });

  it('more evicted pods than maxTogether: none placed (a turn of the scheduler each), and each node keeps its own judgement', () => {
    const impact = judged(taintCommand(['s1', 's2']), evicts, spot, spotPods, 1);
    expect(impact).toMatchObject({ placedTogether: false, evictedNow: 2, placed: 0 });
    expect([...impact.stranded]).toEqual([]);
    expect(commandWarnings(impact, true)).toEqual([
      "kubectl taint over 2 nodes (s1, s2), judged together: 2 pods would be evicted (2 at once, 0 after their tolerationSeconds); too many to place together (PLACE_TOGETHER_MAX_PODS): each node's lines judge its pods alone",
    ]);
    const own = { ...nodeChangeImpactOf('s2'), stranded: [ref('b')] };
    expect(nodeImpactInCommand(own, impact).stranded).toEqual([ref('b')]);
  });

  it('a node of the command tells its own evictions, and its stranded pods as the command leaves them', () => {
    const impact = judged(taintCommand(['s1', 's2']), evicts);
    const s2 = node('s2', '2');
    const alone = nodeChangeImpact(s2, withNodeChange(s2, evicts, now), spot, spotPods, now, defaultMatchOptions, undefined, {
      usageOf: usageLookup(spotPods),
    });
    expect(alone?.stranded).toEqual([]);
    expect(alone && nodeImpactInCommand(alone, impact)).toMatchObject({ node: 's2', evictedNow: [ref('b')], stranded: [ref('b')], pendingStranded: [] });
  });
});

describe('nodeChangeOf: what a write adds, the same change for every node of the command', () => {
  const tainted = (taints: Taint[], unschedulable?: boolean) => ({ metadata: { name: 'n' }, spec: { taints, ...(unschedulable ? { unschedulable } : {}) } });
  it.each<[string, ReturnType<typeof tainted>, ReturnType<typeof tainted>, NodeChange]>([
    ['a taint added', tainted([]), tainted([maintenance]), evicts],
    ['a value changed is a taint added', tainted([{ ...maintenance, value: 'false' }]), tainted([maintenance]), evicts],
    ['a taint already there adds nothing', tainted([maintenance]), tainted([maintenance]), { taints: [], cordon: false }],
    ['a cordon', tainted([]), tainted([], true), cordon],
    ['already cordoned: no cordon', tainted([], true), tainted([], true), { taints: [], cordon: false }],
  ])('%s', (_, before, after, change) => {
    expect(nodeChangeOf(before, after)).toEqual(change);
  });

  it("a taint's timeAdded is not part of the change, and the key ignores the order of the taints", () => {
    const noSchedule: Taint = { key: 'x', effect: 'NoSchedule' };
    const change = nodeChangeOf(tainted([]), tainted([{ ...maintenance, timeAdded: '2026-11-29T12:00:00Z' }, noSchedule]));
    expect(change.taints).toEqual([maintenance, noSchedule]);
    expect(nodeChangeKey(change)).toBe(nodeChangeKey({ taints: [noSchedule, maintenance], cordon: false }));
    expect(nodeChangeKey(change)).not.toBe(nodeChangeKey({ ...change, cordon: true }));
  });
});

describe('commandWarnings: the command as one warning line kubectl prints', () => {
  const impact = (over: Partial<CommandImpact>): CommandImpact => ({
    command: taintCommand(['s1', 's2']),
    addsNoExecute: true,
    cordons: false,
    placedTogether: true,
    evictedNow: 2,
    evictedLater: 0,
    placed: 1,
    stranded: new Map([['s2', [ref('b')]]]),
    pendingStranded: [],
    staying: 0,
    ...over,
  });
  it.each<[string, CommandImpact, boolean, string[]]>([
    [
      'a listed taint, in a dry run',
      impact({}),
      true,
      [
        'kubectl taint over 2 nodes (s1, s2), judged together: 2 pods would be evicted (2 at once, 0 after their tolerationSeconds); placed together, 1 of their replacements would find a node and 1 would find none (default/b)',
      ],
    ],
    [
      'the same, done',
      impact({}),
      false,
      [
        'kubectl taint over 2 nodes (s1, s2), judged together: 2 pods are evicted (2 at once, 0 after their tolerationSeconds); placed together, 1 of their replacements find a node and 1 finds none (default/b)',
      ],
    ],
    [
      'nodes read one by one: the nodes so far',
      impact({ command: taintCommand(['s1', 's2'], false), placed: 2, stranded: new Map() }),
      true,
      [
        'kubectl taint over the 2 nodes it has named so far (s1, s2), judged together: 2 pods would be evicted (2 at once, 0 after their tolerationSeconds); placed together, every replacement would find a node',
      ],
    ],
    [
      'a NoExecute taint that evicts nobody',
      impact({ evictedNow: 0, placed: 0, stranded: new Map(), staying: 3 }),
      true,
      ['kubectl taint over 2 nodes (s1, s2), judged together: no pod would be evicted'],
    ],
    [
      'a cordon',
      impact({
        command: { name: 'kubectl cordon', nodes: ['s1', 's2'], listed: true },
        addsNoExecute: false,
        cordons: true,
        evictedNow: 0,
        placed: 0,
        stranded: new Map(),
        staying: 2,
      }),
      true,
      [
        'kubectl cordon over 2 nodes (s1, s2), judged together: 2 pods running there would stay, new pods go elsewhere; no pending pod would lose the last node it could be scheduled on',
      ],
    ],
    [
      "a drain's cordon that strands a pending pod",
      impact({
        command: { name: 'kubectl drain', nodes: ['s1', 's2'], listed: true },
        addsNoExecute: false,
        cordons: true,
        evictedNow: 0,
        placed: 0,
        stranded: new Map(),
        pendingStranded: [ref('p')],
      }),
      true,
      ['kubectl drain over 2 nodes (s1, s2), judged together: 1 pending pod would lose the last node it could be scheduled on (default/p)'],
    ],
    [
      "a drain's cordon that strands none: its evictions tell the drain",
      impact({
        command: { name: 'kubectl drain', nodes: ['s1', 's2'], listed: true },
        addsNoExecute: false,
        cordons: true,
        evictedNow: 0,
        placed: 0,
        stranded: new Map(),
      }),
      true,
      [],
    ],
    [
      'more than five nodes: the first five named',
      impact({ command: taintCommand(['a', 'b', 'c', 'd', 'e', 'f', 'g']), placed: 2, stranded: new Map() }),
      true,
      [
        'kubectl taint over 7 nodes (a, b, c, d, e, and 2 more), judged together: 2 pods would be evicted (2 at once, 0 after their tolerationSeconds); placed together, every replacement would find a node',
      ],
    ],
  ])('%s', (_, given, dryRun, lines) => {
    expect(commandWarnings(given, dryRun)).toEqual(lines);
  });
});

describe("drainWarnings and drainEvictionWarnings: a drain's evictions, placed together", () => {
  // s1 and s2 drained: their replicas' replacements compete for s3's 2 cpu; a bare pod goes with --force.
  const nodes = spot;
  const pods = [...spotPods, pod('bare', { on: 's1', cpu: '100m', owner: '' })];
  const plan = drainPlan({ nodes, pods }, { nodes: ['s1', 's2'], force: true, mode: 'together', now });
  const command = { name: 'kubectl drain', nodes: ['s1', 's2'], listed: false };

  it('the whole drain: 3 evicted, one replacement placed, one stranded, the bare pod gone', () => {
    expect(drainWarnings(plan, command, true)).toEqual([
      'kubectl drain over the 2 nodes it has named so far (s1, s2), judged together: 3 pods would be evicted; placed together, 1 of their replacements would find a node and 1 would find none (default/b); 1 pod without a controller would be gone for good',
    ]);
  });

  it.each<[string, string, string[] | undefined]>([
    ['a replica placed: nothing to tell', 'a', []],
    ['the bare pod, not recreated: nothing to tell', 'bare', []],
    ['a pod not in the plan: the plan cannot tell', 'elsewhere', undefined],
  ])('%s', (_, name, lines) => {
    expect(drainEvictionWarnings(plan, ref(name), true)).toEqual(lines);
  });

  it("the stranded replica: told, with the scheduler's line", () => {
    expect(drainEvictionWarnings(plan, ref('b'), true)).toEqual([
      expect.stringMatching(
        /^pod default\/b: no node would take its replacement, placed together with the drain's 2 other evicted pods \(0\/3 nodes are available: .*\)$/,
      ),
    ]);
  });
});
