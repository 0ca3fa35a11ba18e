import { describe, expect, it } from 'vitest';
import type { Node, Pod } from '../../../../../libs/domain/src/types';
import { interPodAffinityFilter } from '../../../../../libs/domain/src/scheduling/inter-pod-affinity/filter';
import { interPodAffinityPreFilter } from '../../../../../libs/domain/src/scheduling/inter-pod-affinity/pre-filter';
import { KindAntiAffinity } from '../../../../../libs/domain/src/scheduling/simulation/kind-anti-affinity';
import { type SimulatedClusterState, simulatedClusterState } from '../../../../../libs/domain/src/scheduling/simulation/simulated-cluster-state';

/**
 * A kind of pod with required anti-affinity on the hostname keeps InterPodAffinity's counts per
 * hostname, moved by the pods bound and taken off since its last turn: its outcome on every node is
 * the Filter's over a PreFilter made again on the cluster as it stands (filtering.go's
 * satisfyPodAntiAffinity and satisfyExistingPodsAntiAffinity; the counts as
 * preFilterState.updateWithPod moves them, upstream's TestPreFilterStateAddRemovePod).
 */

const hostname = 'kubernetes.io/hostname';

const node = (name: string, labels: Record<string, string> = { [hostname]: name, 'topology.kubernetes.io/zone': 'a' }): Node => ({
  metadata: { name, labels },
  status: { allocatable: { cpu: '8', memory: '64Gi', pods: '110' } },
});

const antiAffinity = (app: string, topologyKey = hostname): NonNullable<Pod['spec']>['affinity'] => ({
  podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app } }, topologyKey }] },
});

function pod(name: string, labels: Record<string, string>, affinity?: NonNullable<Pod['spec']>['affinity'], on?: string): Pod {
  return {
    metadata: { name, namespace: 'default', labels },
    spec: {
      ...(affinity ? { affinity } : {}),
      ...(on ? { nodeName: on } : {}),
      containers: [{ name: 'c', image: 'x', resources: { requests: { cpu: '100m' } } }],
    },
    status: { phase: on ? 'Running' : 'Pending' },
  };
}

/** The Filter's reasons on each node from a PreFilter over the state's cluster now. */
function reasonsNow(state: SimulatedClusterState, incoming: Pod): (readonly string[])[] {
  const outcome = interPodAffinityPreFilter(incoming, state.context.snapshot);
  return state.context.snapshot.nodes.map((n) => (outcome.kind === 'run' ? (interPodAffinityFilter(outcome.state, incoming, n)?.reasons ?? []) : []));
}

function followed(state: SimulatedClusterState, incoming: Pod): KindAntiAffinity {
  const outcome = interPodAffinityPreFilter(incoming, state.context.snapshot);
  if (outcome.kind !== 'run') throw new Error('the PreFilter skipped');
  const nodes = state.context.snapshot.nodes;
  const kind = KindAntiAffinity.of(
    incoming,
    outcome.state,
    state.podMoves,
    (p) => nodes[p] as Node,
    () => undefined,
    {},
  );
  if (!kind) throw new Error('not followed');
  return kind;
}

const reasonsOf = (state: SimulatedClusterState, kind: KindAntiAffinity) => state.context.snapshot.nodes.map((n) => kind.outcomeOf(n).rejection?.reasons ?? []);

const web = (name: string, on?: string) => pod(name, { app: 'web' }, antiAffinity('web'), on);
const anti = "node(s) didn't match pod anti-affinity rules";
const existing = "node(s) didn't satisfy existing pods anti-affinity rules";

describe('KindAntiAffinity: InterPodAffinity counts of a one-replica-a-node kind, followed', () => {
  const cases: { name: string; nodes: Node[]; running: Pod[]; incoming: Pod; moves: (state: SimulatedClusterState) => void; expected: string[][] }[] = [
    {
      name: 'a replica bound to n2: n2 now holds a pod the kind must avoid, and one whose term the kind matches (the pod term first)',
      nodes: [node('n1'), node('n2'), node('n3')],
      running: [web('w0', 'n1')],
      incoming: web('w9'),
      moves: (state) => state.bind(web('w1', 'n2'), 'n2'),
      expected: [[anti], [anti], []],
    },
    {
      name: 'a replica taken off n1 and bound to n3: n1 passes again',
      nodes: [node('n1'), node('n2'), node('n3')],
      running: [web('w0', 'n1')],
      incoming: web('w9'),
      moves: (state) => {
        const w0 = state.context.snapshot.podsOn('n1')[0] as Pod;
        state.unbind(w0, 'n1');
        state.bind({ ...w0, spec: { ...w0.spec, nodeName: 'n3' } }, 'n3');
      },
      expected: [[], [], [anti]],
    },
    {
      name: 'a pod of another app bound: no node changes',
      nodes: [node('n1'), node('n2')],
      running: [web('w0', 'n1')],
      incoming: web('w9'),
      moves: (state) => state.bind(pod('api', { app: 'api' }, undefined, 'n2'), 'n2'),
      expected: [[anti], []],
    },
    {
      name: "a pod without the kind's label whose own term matches the kind: its node is off limits for the existing pod's rule",
      nodes: [node('n1'), node('n2')],
      running: [web('w0', 'n1')],
      incoming: web('w9'),
      moves: (state) => state.bind(pod('guard', { app: 'guard' }, antiAffinity('web'), 'n2'), 'n2'),
      expected: [[anti], [existing]],
    },
    {
      name: 'a replica bound to a node without the hostname label (listed first, by name): counted nowhere, as the PreFilter counts it',
      nodes: [node('n1'), node('bare', { 'topology.kubernetes.io/zone': 'a' })],
      running: [web('w0', 'n1')],
      incoming: web('w9'),
      moves: (state) => state.bind(web('w1', 'bare'), 'bare'),
      expected: [[], [anti]],
    },
  ];

  it.each(cases)('$name', ({ nodes, running, incoming, moves, expected }) => {
    const state = simulatedClusterState({ nodes, pods: running });
    const kind = followed(state, incoming);
    expect(reasonsOf(state, kind)).toEqual(reasonsNow(state, incoming));
    moves(state);
    expect(kind.follow()).toBe(true);
    expect(reasonsOf(state, kind)).toEqual(reasonsNow(state, incoming));
    expect(reasonsOf(state, kind)).toEqual(expected);
  });

  it('a moved pod whose term matching the kind is on the zone cannot be followed: the caller asks the PreFilter again', () => {
    const state = simulatedClusterState({ nodes: [node('n1'), node('n2')], pods: [web('w0', 'n1')] });
    const kind = followed(state, web('w9'));
    state.bind(pod('zonal', { app: 'zonal' }, antiAffinity('web', 'topology.kubernetes.io/zone'), 'n2'), 'n2');
    expect(kind.follow()).toBe(false);
  });

  it('a kind with a term on the zone is not followed so', () => {
    const state = simulatedClusterState({ nodes: [node('n1')], pods: [] });
    const incoming = pod('z', { app: 'web' }, antiAffinity('web', 'topology.kubernetes.io/zone'));
    const outcome = interPodAffinityPreFilter(incoming, state.context.snapshot);
    if (outcome.kind !== 'run') throw new Error('the PreFilter skipped');
    expect(
      KindAntiAffinity.of(
        incoming,
        outcome.state,
        state.podMoves,
        () => node('n1'),
        () => undefined,
        {},
      ),
    ).toBeUndefined();
  });
});
