import { describe, expect, it } from 'vitest';
import type { Node, Pod, PodAffinity, PodAffinityTerm } from '../../../../../libs/domain/src/types';
import { snapshotOf } from '../../../../../libs/domain/src/scheduling/framework/scheduling-snapshot';
import { podLabelIndexOf } from '../../../../../libs/domain/src/scheduling/framework/pod-label-index';
import { affinityPodIndexOf } from '../../../../../libs/domain/src/scheduling/inter-pod-affinity/affinity-pod-index';
import {
  type InterPodAffinityState,
  interPodAffinityPreFilter,
  nodeTopologyPair,
  topologyPairKey,
} from '../../../../../libs/domain/src/scheduling/inter-pod-affinity/pre-filter';
import { makePod, node } from './pod-wrapper';

function stateOf(pod: Pod, pods: Pod[], nodes: Node[]): InterPodAffinityState {
  const outcome = interPodAffinityPreFilter(pod, snapshotOf(nodes, pods));
  if (outcome.kind !== 'run') throw new Error(`PreFilter: ${outcome.kind}`);
  return outcome.state;
}

const counts = (entries: Record<string, number> = {}) => new Map(Object.entries(entries));

describe("Kubernetes' TestGetTPMapMatchingIncomingAffinityAntiAffinity", () => {
  const newPod = (...labels: string[]) => {
    const pod = makePod().name('normal').node('nodeA');
    for (const l of labels) pod.label(l, '');
    return pod.obj();
  };
  const normalPodA = newPod('aaa');
  const normalPodB = newPod('bbb');
  const normalPodAB = newPod('aaa', 'bbb');
  const nodeA = node('nodeA', { hostname: 'nodeA' });
  const cases: { name: string; existingPods: Pod[]; pod: Pod; wantAffinity: Record<string, number>; wantAntiAffinity: Record<string, number> }[] = [
    // "nil test" and "incoming pod without affinity/anti-affinity causes a no-op": PreFilter skips such a pod (no counts to look at).
    {
      name: "no pod has label that violates incoming pod's affinity and anti-affinity",
      existingPods: [normalPodB],
      pod: makePod().name('aaa-anti').podAffinityExists('aaa', 'hostname', 'required').podAntiAffinityExists('aaa', 'hostname', 'required').obj(),
      wantAffinity: {},
      wantAntiAffinity: {},
    },
    {
      name: "existing pod matches incoming pod's affinity and anti-affinity - single term case",
      existingPods: [normalPodA],
      pod: makePod().name('affi-antiaffi').podAffinityExists('aaa', 'hostname', 'required').podAntiAffinityExists('aaa', 'hostname', 'required').obj(),
      wantAffinity: { 'hostname=nodeA': 1 },
      wantAntiAffinity: { 'hostname=nodeA': 1 },
    },
    {
      name: "existing pod matches incoming pod's affinity and anti-affinity - multiple terms case",
      existingPods: [normalPodAB],
      pod: makePod()
        .name('affi-antiaffi')
        .podAffinityExists('aaa', 'hostname', 'required')
        .podAffinityExists('bbb', 'hostname', 'required')
        .podAntiAffinityExists('aaa', 'hostname', 'required')
        .obj(),
      wantAffinity: { 'hostname=nodeA': 2 }, // 2 one for each term.
      wantAntiAffinity: { 'hostname=nodeA': 1 },
    },
    {
      name: "existing pod not match incoming pod's affinity but matches anti-affinity",
      existingPods: [normalPodA],
      pod: makePod()
        .name('affi-antiaffi')
        .podAffinityExists('aaa', 'hostname', 'required')
        .podAffinityExists('bbb', 'hostname', 'required')
        .podAntiAffinityExists('aaa', 'hostname', 'required')
        .podAntiAffinityExists('bbb', 'hostname', 'required')
        .obj(),
      wantAffinity: {},
      wantAntiAffinity: { 'hostname=nodeA': 1 },
    },
    {
      name: "incoming pod's anti-affinity has more than one term - existing pod violates partial term - case 1",
      existingPods: [normalPodAB],
      pod: makePod()
        .name('anaffi-antiaffiti')
        .podAffinityExists('aaa', 'hostname', 'required')
        .podAffinityExists('ccc', 'hostname', 'required')
        .podAntiAffinityExists('aaa', 'hostname', 'required')
        .podAntiAffinityExists('ccc', 'hostname', 'required')
        .obj(),
      wantAffinity: {},
      wantAntiAffinity: { 'hostname=nodeA': 1 },
    },
    {
      name: "incoming pod's anti-affinity has more than one term - existing pod violates partial term - case 2",
      existingPods: [normalPodB],
      pod: makePod()
        .name('affi-antiaffi')
        .podAffinityExists('aaa', 'hostname', 'required')
        .podAffinityExists('bbb', 'hostname', 'required')
        .podAntiAffinityExists('aaa', 'hostname', 'required')
        .podAntiAffinityExists('bbb', 'hostname', 'required')
        .obj(),
      wantAffinity: {},
      wantAntiAffinity: { 'hostname=nodeA': 1 },
    },
  ];
  it.each(cases)('$name', (c) => {
    const state = stateOf(c.pod, c.existingPods, [nodeA]);
    expect(state.affinityCounts).toEqual(counts(c.wantAffinity));
    expect(state.antiAffinityCounts).toEqual(counts(c.wantAntiAffinity));
  });

  it.each([
    ['nil test', []],
    ['incoming pod without affinity/anti-affinity causes a no-op', [normalPodA]],
  ])('%s: PreFilter skips', (_name, existingPods) => {
    expect(interPodAffinityPreFilter(makePod().name('aaa-normal').obj(), snapshotOf([nodeA], existingPods)).kind).toBe('skip');
  });
});

describe("Kubernetes' TestPreFilterStateAddRemovePod, as the state PreFilter computes with the added pod among the others", () => {
  // AddPod and RemovePod (PreFilterExtensions, for preemption) are not modelled; the cases' expected
  // counts are those of a PreFilter that sees the added pod from the start.
  const label1 = { region: 'r1', zone: 'z11' };
  const label2 = { region: 'r1', zone: 'z12' };
  const label3 = { region: 'r2', zone: 'z21' };
  const selector1 = { foo: 'bar' };
  const fooIn = (values: string[], topologyKey: string): PodAffinityTerm => ({
    labelSelector: { matchExpressions: [{ key: 'foo', operator: 'In', values }] },
    topologyKey,
  });
  const serviceNotIn: PodAffinityTerm = {
    labelSelector: { matchExpressions: [{ key: 'service', operator: 'NotIn', values: ['bar', 'security', 'test'] }] },
    topologyKey: 'zone',
  };
  const antiAffinityFooBar: PodAffinity = { requiredDuringSchedulingIgnoredDuringExecution: [fooIn(['bar'], 'region')] };
  const antiAffinityComplex: PodAffinity = { requiredDuringSchedulingIgnoredDuringExecution: [fooIn(['bar', 'buzz'], 'region'), serviceNotIn] };
  const affinityComplex: PodAffinity = { requiredDuringSchedulingIgnoredDuringExecution: [fooIn(['bar', 'buzz'], 'region'), serviceNotIn] };
  const nodes = [node('nodeA', label1), node('nodeB', label2), node('nodeC', label3)];
  const p1: Pod = { metadata: { name: 'p1', labels: selector1 }, spec: { nodeName: 'nodeA' } };

  const cases: {
    name: string;
    pendingPod: Pod;
    existingPods: Pod[];
    addedPod: Pod;
    wantAntiAffinity: Record<string, number>;
    wantAffinity: Record<string, number>;
  }[] = [
    {
      name: 'preFilterState anti-affinity terms are updated correctly after adding and removing a pod',
      pendingPod: { metadata: { name: 'pending', labels: selector1 }, spec: { affinity: { podAntiAffinity: antiAffinityFooBar } } },
      existingPods: [p1, { metadata: { name: 'p2' }, spec: { nodeName: 'nodeC', affinity: { podAntiAffinity: antiAffinityFooBar } } }],
      addedPod: { metadata: { name: 'addedPod', labels: selector1 }, spec: { nodeName: 'nodeB', affinity: { podAntiAffinity: antiAffinityFooBar } } },
      wantAntiAffinity: { 'region=r1': 2 },
      wantAffinity: {},
    },
    {
      name: 'preFilterState anti-affinity terms are updated correctly after adding and removing a pod (complex terms)',
      pendingPod: { metadata: { name: 'pending', labels: selector1 }, spec: { affinity: { podAntiAffinity: antiAffinityComplex } } },
      existingPods: [p1, { metadata: { name: 'p2' }, spec: { nodeName: 'nodeC', affinity: { podAntiAffinity: antiAffinityFooBar } } }],
      addedPod: { metadata: { name: 'addedPod', labels: selector1 }, spec: { nodeName: 'nodeA', affinity: { podAntiAffinity: antiAffinityComplex } } },
      wantAntiAffinity: { 'region=r1': 2, 'zone=z11': 2, 'zone=z21': 1 },
      wantAffinity: {},
    },
    {
      name: 'preFilterState matching pod affinity and anti-affinity are updated correctly after adding and removing a pod',
      pendingPod: { metadata: { name: 'pending', labels: selector1 }, spec: { affinity: { podAffinity: affinityComplex } } },
      existingPods: [
        p1,
        { metadata: { name: 'p2' }, spec: { nodeName: 'nodeC', affinity: { podAntiAffinity: antiAffinityFooBar, podAffinity: affinityComplex } } },
      ],
      addedPod: { metadata: { name: 'addedPod', labels: selector1 }, spec: { nodeName: 'nodeA', affinity: { podAntiAffinity: antiAffinityComplex } } },
      wantAntiAffinity: {},
      wantAffinity: { 'region=r1': 2, 'zone=z11': 2 },
    },
  ];
  it.each(cases)('$name', (c) => {
    const state = stateOf(c.pendingPod, [...c.existingPods, c.addedPod], nodes);
    expect(state.antiAffinityCounts).toEqual(counts(c.wantAntiAffinity));
    expect(state.affinityCounts).toEqual(counts(c.wantAffinity));
  });
});

describe('interPodAffinityPreFilter', () => {
  const zoneA = node('a1', { zone: 'a' });
  const zoneB = node('b1', { zone: 'b' });

  it('counts the existing pods whose required anti-affinity the pod matches, with a pod holding each', () => {
    const pod = makePod().name('web-9').namespace('default').label('app', 'web').obj();
    const db0 = makePod().name('db-0').namespace('default').node('a1').podAntiAffinityIn('app', 'zone', ['web'], 'required').obj();
    const db1 = makePod().name('db-1').namespace('default').node('a1').podAntiAffinityIn('app', 'zone', ['web'], 'required').obj();
    const other = makePod().name('x').namespace('other').node('b1').podAntiAffinityIn('app', 'zone', ['web'], 'required').obj();
    const state = stateOf(pod, [db0, db1, other], [zoneA, zoneB]);
    // The third pod's term names its own namespace only.
    expect(state.existingAntiAffinityCounts).toEqual(counts({ 'zone=a': 2 }));
    expect(state.existingAntiAffinityWitnesses).toEqual(
      new Map([
        ['zone=a', { pod: { namespace: 'default', name: 'db-0' }, field: 'spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0]' }],
      ]),
    );
  });

  it('counts by groups of pods alike in their terms as a pass pod by pod does, the witness the first pod in node order', () => {
    const pod = makePod().namespace('default').label('app', 'web').label('tier', 'front').obj();
    // Two groups: db's is made first (db-0 on a0), but on b1 a cache pod comes before db-2, so it is zone=b's witness.
    const nodes = [node('a0', { zone: 'a' }), node('a1', { zone: 'a' }), node('b1', { zone: 'b' })];
    const db = (name: string, on: string) => makePod().name(name).namespace('default').node(on).podAntiAffinityIn('app', 'zone', ['web'], 'required').obj();
    const cache = (name: string, on: string) =>
      makePod()
        .name(name)
        .namespace('default')
        .node(on)
        .podAntiAffinityIn('tier', 'zone', ['front'], 'required')
        .podAntiAffinityIn('app', 'zone', ['web'], 'required')
        .obj();
    // snapshotOf keeps each node's pods in the order given.
    const pods = [db('db-0', 'a0'), cache('cache-0', 'a0'), db('db-1', 'a1'), cache('cache-1', 'b1'), db('db-2', 'b1')];
    const snapshot = snapshotOf(nodes, pods);
    const byGroups = interPodAffinityPreFilter(pod, snapshot, affinityPodIndexOf(snapshot));
    const podByPod = interPodAffinityPreFilter(pod, snapshot);
    expect(byGroups).toEqual(podByPod);
    // With terms of its own, tested once per set of pods alike: the same counts and witnesses.
    const own = makePod().namespace('default').label('app', 'web').label('tier', 'front').podAntiAffinityIn('app', 'zone', ['db'], 'required').obj();
    const withSets = interPodAffinityPreFilter(own, snapshot, affinityPodIndexOf(snapshot), podLabelIndexOf(snapshot));
    expect(withSets).toEqual(interPodAffinityPreFilter(own, snapshot));
    if (byGroups.kind !== 'run') throw new Error('expected run');
    expect(byGroups.state.existingAntiAffinityCounts).toEqual(counts({ 'zone=a': 4, 'zone=b': 3 }));
    expect(byGroups.state.existingAntiAffinityWitnesses.get('zone=a')?.pod.name).toBe('db-0');
    expect(byGroups.state.existingAntiAffinityWitnesses.get('zone=b')?.pod.name).toBe('cache-1');
  });

  it('reads only the indexed pods when the pod has no required terms', () => {
    const pod = makePod().namespace('default').label('app', 'web').obj();
    const db = makePod().name('db-0').namespace('default').node('a1').podAntiAffinityIn('app', 'zone', ['web'], 'required').obj();
    const snapshot = snapshotOf([zoneA, zoneB], [db]);
    const index = { ...affinityPodIndexOf(snapshot), requiredAntiAffinityGroups: [] };
    // An index that says no pod has anti-affinity: PreFilter believes it, and skips.
    expect(interPodAffinityPreFilter(pod, snapshot, index).kind).toBe('skip');
    expect(interPodAffinityPreFilter(pod, snapshot, affinityPodIndexOf(snapshot)).kind).toBe('run');
  });

  it("skips a pod with empty podAffinity and podAntiAffinity when no existing pod's anti-affinity matches it", () => {
    const pod: Pod = {
      metadata: { name: 'p' },
      spec: { affinity: { podAffinity: {}, podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [] } } },
    };
    expect(interPodAffinityPreFilter(pod, snapshotOf([zoneA], [])).kind).toBe('skip');
  });

  it('rejects a pod whose preferred term does not parse, as NewPodInfo fails on any of its four lists', () => {
    const pod = makePod().namespace('default').podAntiAffinityIn('app', 'zone', [], 'preferred').obj();
    expect(interPodAffinityPreFilter(pod, snapshotOf([zoneA], []))).toEqual({
      kind: 'reject',
      status: {
        code: 'UnschedulableAndUnresolvable',
        plugin: 'InterPodAffinity',
        reasons: ["parsing pod: preferredAntiAffinityTerms: values: Invalid value: []string(nil): for 'in', 'notin' operators, values set can't be empty"],
        details: [
          {
            code: 'PodAntiAffinityMismatch',
            message:
              "spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0] does not parse: values: Invalid value: []string(nil): for 'in', 'notin' operators, values set can't be empty",
            field: 'spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0]',
          },
        ],
      },
    });
  });

  it('aggregates the errors of several lists as utilerrors does', () => {
    const pod: Pod = {
      metadata: { name: 'p' },
      spec: {
        affinity: {
          podAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: [
              { labelSelector: { matchExpressions: [{ key: 'a', operator: 'Gt', values: ['1'] }] }, topologyKey: 'zone' },
            ],
          },
          podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { 'bad key': 'x' } }, topologyKey: 'zone' }] },
        },
      },
    };
    const outcome = interPodAffinityPreFilter(pod, snapshotOf([zoneA], []));
    expect(outcome.kind === 'reject' && outcome.status.reasons).toEqual([
      "parsing pod: [requiredAffinityTerms: \"Gt\" is not a valid label selector operator, requiredAntiAffinityTerms: key: Invalid value: \"bad key\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')]",
    ]);
  });

  it('ignores the terms of an existing pod whose selector does not parse (the cache drops the error)', () => {
    const pod = makePod().namespace('default').label('app', 'web').obj();
    const broken = makePod()
      .name('broken')
      .namespace('default')
      .node('a1')
      .podAntiAffinityIn('app', 'zone', ['web'], 'required')
      .podAntiAffinityIn('app', 'zone', [], 'required')
      .obj();
    expect(interPodAffinityPreFilter(pod, snapshotOf([zoneA], [broken])).kind).toBe('skip');
  });

  it("matches an existing pod's namespaceSelector against the pod's namespace labels, empty when the namespace is not known", () => {
    const pod = makePod().namespace('ghost').label('app', 'web').obj();
    const guard: Pod = {
      metadata: { name: 'guard', namespace: 'default' },
      spec: {
        nodeName: 'a1',
        affinity: {
          podAntiAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: [
              {
                labelSelector: { matchLabels: { app: 'web' } },
                namespaceSelector: { matchExpressions: [{ key: 'team', operator: 'DoesNotExist' }] },
                topologyKey: 'zone',
              },
            ],
          },
        },
      },
    };
    // GetNamespaceLabelsSnapshot: "ghost" is not held, its labels are taken as empty, and DoesNotExist matches them.
    expect(stateOf(pod, [guard], [zoneA]).existingAntiAffinityCounts).toEqual(counts({ 'zone=a': 1 }));
  });

  it('lets the first pod of a group go where its topology keys are: no pod matches anywhere and it matches its own terms', () => {
    const pod = makePod().namespace('default').label('app', 'web').podAffinityIn('app', 'zone', ['web'], 'required').obj();
    const state = stateOf(pod, [], [zoneA]);
    expect(state.affinityCounts.size).toBe(0);
    expect(state.podMatchesOwnAffinityTerms).toBe(true);
  });

  it('names topology pairs key=value, and none for a node without the key', () => {
    expect(topologyPairKey('zone', 'a')).toBe('zone=a');
    expect(nodeTopologyPair(zoneA, 'zone')).toBe('zone=a');
    expect(nodeTopologyPair(zoneA, 'rack')).toBeUndefined();
    expect(nodeTopologyPair(node('e', { rack: '' }), 'rack')).toBe('rack=');
  });
});
