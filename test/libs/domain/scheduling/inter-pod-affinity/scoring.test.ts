import { describe, expect, it } from 'vitest';
import type { Affinity, Namespace, Node, Pod, PodAffinityTerm, WeightedPodAffinityTerm } from '../../../../../libs/domain/src/types';
import { snapshotOf } from '../../../../../libs/domain/src/scheduling/framework/scheduling-snapshot';
import { podLabelIndexOf } from '../../../../../libs/domain/src/scheduling/framework/pod-label-index';
import { affinityPodIndexOf } from '../../../../../libs/domain/src/scheduling/inter-pod-affinity/affinity-pod-index';
import {
  type InterPodAffinityScoreOptions,
  defaultHardPodAffinityWeight,
  interPodAffinityPreScore,
  interPodAffinityScores,
  interPodAffinityWeight,
  normalizeInterPodAffinityScores,
} from '../../../../../libs/domain/src/scheduling/inter-pod-affinity/scoring';
import { node } from './pod-wrapper';

const namespace = (name: string, labels: Record<string, string>): Namespace => ({ metadata: { name, labels } });
/** scoring_test.go's namespaces. */
const namespaces = [
  namespace('subteam1.team1', { team: 'team1' }),
  namespace('subteam2.team1', { team: 'team1' }),
  namespace('subteam1.team2', { team: 'team2' }),
  namespace('subteam2.team2', { team: 'team2' }),
];

const MAX = 100;
const securityIn = (values: string[]): PodAffinityTerm['labelSelector'] => ({ matchExpressions: [{ key: 'security', operator: 'In', values }] });
const weighted = (weight: number, podAffinityTerm: PodAffinityTerm): WeightedPodAffinityTerm => ({ weight, podAffinityTerm });
const pod = (labels: Record<string, string> | undefined, affinity?: Affinity, nodeName?: string, ns?: string): Pod => ({
  metadata: { name: '', ...(ns ? { namespace: ns } : {}), ...(labels ? { labels } : {}) },
  spec: { ...(nodeName ? { nodeName } : {}), ...(affinity ? { affinity } : {}) },
});

/** What the upstream tests see: PreScore's Skip, or each node's score after NormalizeScore. */
function scores(incoming: Pod, pods: Pod[], nodes: Node[], options: InterPodAffinityScoreOptions = {}): 'skip' | number[] {
  const snapshot = snapshotOf(nodes, pods, { namespaces });
  const preScore = interPodAffinityPreScore(incoming, nodes, snapshot, options);
  const got = interPodAffinityScores(incoming, nodes, snapshot, options);
  // The same scores whether PreScore finds the pods with affinity itself or is given them.
  expect(interPodAffinityScores(incoming, nodes, snapshot, { ...options, index: affinityPodIndexOf(snapshot) })).toEqual(got);
  // And when the pod's own terms are tested once per set of pods alike in namespace and labels.
  const labels = podLabelIndexOf(snapshot);
  expect(interPodAffinityScores(incoming, nodes, snapshot, { ...options, index: affinityPodIndexOf(snapshot), labels })).toEqual(got);
  if (preScore === undefined) {
    expect(got).toEqual(nodes.map(() => 0));
    return 'skip';
  }
  return got;
}

describe("Kubernetes' TestPreferredAffinity", () => {
  const labelRgChina = { region: 'China' };
  const labelRgIndia = { region: 'India' };
  const labelAzAz1 = { az: 'az1' };
  const labelAzAz2 = { az: 'az2' };
  const labelRgChinaAzAz1 = { region: 'China', az: 'az1' };
  const s1 = { security: 'S1' };
  const s2 = { security: 'S2' };
  const stayWithS1InRegion: Affinity = {
    podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [weighted(5, { labelSelector: securityIn(['S1']), topologyKey: 'region' })] },
  };
  const stayWithS2InRegion: Affinity = {
    podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [weighted(6, { labelSelector: securityIn(['S2']), topologyKey: 'region' })] },
  };
  const affinity3: Affinity = {
    podAffinity: {
      preferredDuringSchedulingIgnoredDuringExecution: [
        weighted(8, {
          labelSelector: {
            matchExpressions: [
              { key: 'security', operator: 'NotIn', values: ['S1'] },
              { key: 'security', operator: 'In', values: ['S2'] },
            ],
          },
          topologyKey: 'region',
        }),
        weighted(2, {
          labelSelector: {
            matchExpressions: [
              { key: 'security', operator: 'Exists' },
              { key: 'wrongkey', operator: 'DoesNotExist' },
            ],
          },
          topologyKey: 'region',
        }),
      ],
    },
  };
  const hardAffinity: Affinity = {
    podAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: [
        { labelSelector: securityIn(['S1', 'value2']), topologyKey: 'region' },
        {
          labelSelector: {
            matchExpressions: [
              { key: 'security', operator: 'Exists' },
              { key: 'wrongkey', operator: 'DoesNotExist' },
            ],
          },
          topologyKey: 'region',
        },
      ],
    },
  };
  const awayFromS1InAz: Affinity = {
    podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [weighted(5, { labelSelector: securityIn(['S1']), topologyKey: 'az' })] },
  };
  const awayFromS2InAz: Affinity = {
    podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [weighted(5, { labelSelector: securityIn(['S2']), topologyKey: 'az' })] },
  };
  const stayWithS1InRegionAwayFromS2InAz: Affinity = {
    podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [weighted(8, { labelSelector: securityIn(['S1']), topologyKey: 'region' })] },
    podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [weighted(5, { labelSelector: securityIn(['S2']), topologyKey: 'az' })] },
  };
  const namespacedTerm: PodAffinityTerm = {
    labelSelector: securityIn(['S1']),
    topologyKey: 'region',
    namespaces: ['subteam2.team2'],
    namespaceSelector: { matchExpressions: [{ key: 'team', operator: 'In', values: ['team1'] }] },
  };
  const affinityNamespaceSelector: Affinity = { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [weighted(5, namespacedTerm)] } };
  const antiAffinityNamespaceSelector: Affinity = { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [weighted(5, namespacedTerm)] } };
  const invalidAffinityLabels: Affinity = {
    podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [weighted(8, { labelSelector: securityIn(['{{.bad-value.}}']), topologyKey: 'region' })] },
  };
  const invalidAntiAffinityLabels: Affinity = {
    podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [weighted(5, { labelSelector: securityIn(['{{.bad-value.}}']), topologyKey: 'az' })] },
  };
  const nsPods = (third: string) => [
    pod(s1, undefined, 'node1', 'subteam1.team1'),
    pod(s1, undefined, 'node1', 'subteam1.team1'),
    pod(s1, undefined, 'node1', third),
    pod(s1, undefined, 'node2', 'subteam2.team1'),
  ];

  const cases: { name: string; pod: Pod; pods?: Pod[]; nodes: Node[]; want: 'skip' | number[]; ignorePreferredTermsOfExistingPods?: boolean }[] = [
    {
      name: 'all nodes are same priority as Affinity is nil',
      pod: pod(s1),
      nodes: [node('node1', labelRgChina), node('node2', labelRgIndia), node('node3', labelAzAz1)],
      want: 'skip',
    },
    {
      name: "Affinity: pod that matches topology key & pods in nodes will get high score comparing to otherswhich doesn't match either pods in nodes or in topology key",
      pod: pod(s1, stayWithS1InRegion),
      pods: [pod(s1, undefined, 'node1'), pod(s2, undefined, 'node2'), pod(s1, undefined, 'node3')],
      nodes: [node('node1', labelRgChina), node('node2', labelRgIndia), node('node3', labelAzAz1)],
      want: [MAX, 0, 0],
    },
    {
      name: 'All the nodes that have the same topology key & label value with one of them has an existing pod that match the affinity rules, have the same score',
      pod: pod(undefined, stayWithS1InRegion),
      pods: [pod(s1, undefined, 'node1')],
      nodes: [node('node1', labelRgChina), node('node2', labelRgChinaAzAz1), node('node3', labelRgIndia)],
      want: [MAX, MAX, 0],
    },
    {
      name: 'Affinity: nodes in one region has more matching pods comparing to other region, so the region which has more matches will get high score',
      pod: pod(s1, stayWithS2InRegion),
      pods: ['node1', 'node1', 'node2', 'node3', 'node4', 'node5'].map((n) => pod(s2, undefined, n)),
      nodes: [node('node1', labelRgChina), node('node2', labelRgIndia), node('node3', labelRgChina), node('node4', labelRgChina), node('node5', labelRgIndia)],
      want: [MAX, 0, MAX, MAX, 0],
    },
    {
      name: 'Affinity: different Label operators and values for pod affinity scheduling preference, including some match failures ',
      pod: pod(s1, affinity3),
      pods: [pod(s1, undefined, 'node1'), pod(s2, undefined, 'node2'), pod(s1, undefined, 'node3')],
      nodes: [node('node1', labelRgChina), node('node2', labelRgIndia), node('node3', labelAzAz1)],
      want: [20, MAX, 0],
    },
    {
      name: 'Affinity symmetry: considered only the preferredDuringSchedulingIgnoredDuringExecution in pod affinity symmetry',
      pod: pod(s2),
      pods: [pod(s1, stayWithS1InRegion, 'node1'), pod(s2, stayWithS2InRegion, 'node2')],
      nodes: [node('node1', labelRgChina), node('node2', labelRgIndia), node('node3', labelAzAz1)],
      want: [0, MAX, 0],
    },
    {
      name: 'Affinity symmetry with namespace selector',
      pod: pod(s1, undefined, undefined, 'subteam1.team1'),
      pods: [pod(s1, affinityNamespaceSelector, 'node1'), pod(s2, stayWithS2InRegion, 'node2')],
      nodes: [node('node1', labelRgChina), node('node2', labelRgIndia), node('node3', labelAzAz1)],
      want: [MAX, 0, 0],
    },
    {
      name: 'AntiAffinity symmetry with namespace selector',
      pod: pod(s1, undefined, undefined, 'subteam1.team1'),
      pods: [pod(s1, antiAffinityNamespaceSelector, 'node1'), pod(s2, stayWithS2InRegion, 'node2')],
      nodes: [node('node1', labelRgChina), node('node2', labelRgIndia), node('node3', labelAzAz1)],
      want: [0, MAX, MAX],
    },
    {
      name: 'Affinity symmetry: considered RequiredDuringSchedulingIgnoredDuringExecution in pod affinity symmetry',
      pod: pod(s1),
      pods: [pod(s1, hardAffinity, 'node1'), pod(s2, hardAffinity, 'node2')],
      nodes: [node('node1', labelRgChina), node('node2', labelRgIndia), node('node3', labelAzAz1)],
      want: [MAX, MAX, 0],
    },
    {
      name: 'Anti Affinity: pod that does not match existing pods in node will get high score ',
      pod: pod(s1, awayFromS1InAz),
      pods: [pod(s1, undefined, 'node1'), pod(s2, undefined, 'node2')],
      nodes: [node('node1', labelAzAz1), node('node2', labelRgChina)],
      want: [0, MAX],
    },
    {
      name: 'Anti Affinity: pod that does not match topology key & match the pods in nodes will get higher score comparing to others ',
      pod: pod(s1, awayFromS1InAz),
      pods: [pod(s1, undefined, 'node1'), pod(s1, undefined, 'node2')],
      nodes: [node('node1', labelAzAz1), node('node2', labelRgChina)],
      want: [0, MAX],
    },
    {
      name: 'Anti Affinity: one node has more matching pods comparing to other node, so the node which has more unmatches will get high score',
      pod: pod(s1, awayFromS1InAz),
      pods: [pod(s1, undefined, 'node1'), pod(s1, undefined, 'node1'), pod(s2, undefined, 'node2')],
      nodes: [node('node1', labelAzAz1), node('node2', labelRgIndia)],
      want: [0, MAX],
    },
    {
      name: 'Anti Affinity symmetry: the existing pods in node which has anti affinity match will get high score',
      pod: pod(s2),
      pods: [pod(s1, awayFromS2InAz, 'node1'), pod(s2, awayFromS1InAz, 'node2')],
      nodes: [node('node1', labelAzAz1), node('node2', labelAzAz2)],
      want: [0, MAX],
    },
    {
      name: 'Affinity and Anti Affinity: considered only preferredDuringSchedulingIgnoredDuringExecution in both pod affinity & anti affinity',
      pod: pod(s1, stayWithS1InRegionAwayFromS2InAz),
      pods: [pod(s1, undefined, 'node1'), pod(s1, undefined, 'node2')],
      nodes: [node('node1', labelRgChina), node('node2', labelAzAz1)],
      want: [MAX, 0],
    },
    {
      name: 'Affinity and Anti Affinity: considering both affinity and anti-affinity, the pod to schedule and existing pods have the same labels',
      pod: pod(s1, stayWithS1InRegionAwayFromS2InAz),
      pods: ['node1', 'node1', 'node2', 'node3', 'node3', 'node4', 'node5'].map((n) => pod(s1, undefined, n)),
      nodes: [
        node('node1', labelRgChinaAzAz1),
        node('node2', labelRgIndia),
        node('node3', labelRgChina),
        node('node4', labelRgChina),
        node('node5', labelRgIndia),
      ],
      want: [MAX, 0, MAX, MAX, 0],
    },
    {
      name: 'Affinity and Anti Affinity and symmetry: considered only preferredDuringSchedulingIgnoredDuringExecution in both pod affinity & anti affinity & symmetry',
      pod: pod(s1, stayWithS1InRegionAwayFromS2InAz),
      pods: [
        pod(s1, undefined, 'node1'),
        pod(s2, undefined, 'node2'),
        pod(undefined, stayWithS1InRegionAwayFromS2InAz, 'node3'),
        pod(undefined, awayFromS1InAz, 'node4'),
      ],
      nodes: [node('node1', labelRgChina), node('node2', labelAzAz1), node('node3', labelRgIndia), node('node4', labelAzAz2)],
      want: [MAX, 0, MAX, 0],
    },
    {
      name: "Avoid panic when partial nodes in a topology don't have pods with affinity",
      pod: pod(s1),
      pods: [pod(s1, undefined, 'node1'), pod(undefined, stayWithS1InRegionAwayFromS2InAz, 'node2')],
      nodes: [node('node1', labelRgChina), node('node2', labelRgChina)],
      want: [0, 0],
    },
    {
      // Upstream's PreScore returns an Error here (PreFilter has refused the pod before); the scores are then 0.
      name: 'invalid Affinity fails PreScore',
      pod: pod(undefined, invalidAffinityLabels),
      nodes: [node('node1', labelRgChina), node('node2', labelRgChina)],
      want: 'skip',
    },
    {
      name: 'invalid AntiAffinity fails PreScore',
      pod: pod(undefined, invalidAntiAffinityLabels),
      nodes: [node('node1', labelRgChina), node('node2', labelRgChina)],
      want: 'skip',
    },
    {
      name: 'Affinity with pods matching NamespaceSelector',
      pod: pod(s1, affinityNamespaceSelector, undefined, 'subteam1.team1'),
      pods: nsPods('subteam1.team2'),
      nodes: [node('node1', labelRgChina), node('node2', labelRgIndia)],
      want: [MAX, 0],
    },
    {
      name: 'Affinity with pods matching both NamespaceSelector and Namespaces fields',
      pod: pod(s1, affinityNamespaceSelector, undefined, 'subteam1.team1'),
      pods: nsPods('subteam2.team2'),
      nodes: [node('node1', labelRgChina), node('node2', labelRgIndia)],
      want: [MAX, 0],
    },
    {
      // Upstream names this case "Affinity with pods matching NamespaceSelector" too; it is the anti-affinity one.
      name: 'Affinity with pods matching NamespaceSelector (anti-affinity)',
      pod: pod(s1, antiAffinityNamespaceSelector, undefined, 'subteam1.team1'),
      pods: nsPods('subteam1.team2'),
      nodes: [node('node1', labelRgChina), node('node2', labelRgIndia)],
      want: [0, MAX],
    },
    {
      name: 'Affinity with pods matching both NamespaceSelector and Namespaces fields (anti-affinity)',
      pod: pod(s1, antiAffinityNamespaceSelector, undefined, 'subteam1.team1'),
      pods: nsPods('subteam2.team2'),
      nodes: [node('node1', labelRgChina), node('node2', labelRgIndia)],
      want: [0, MAX],
    },
    {
      name: 'Ignore preferred terms of existing pods',
      pod: pod(s2),
      pods: [pod(s1, stayWithS1InRegionAwayFromS2InAz, 'node1'), pod(s2, stayWithS2InRegion, 'node2')],
      nodes: [node('node1', labelRgChina), node('node2', labelRgIndia)],
      want: 'skip',
      ignorePreferredTermsOfExistingPods: true,
    },
    {
      name: 'Do not ignore preferred terms of existing pods',
      pod: pod(s2),
      pods: [pod(s1, stayWithS1InRegionAwayFromS2InAz, 'node1'), pod(s2, stayWithS2InRegion, 'node2')],
      nodes: [node('node1', labelRgChina), node('node2', labelRgIndia)],
      want: [0, MAX],
      ignorePreferredTermsOfExistingPods: false,
    },
    {
      name: 'No nodes to score',
      pod: pod(s2),
      nodes: [],
      want: 'skip',
    },
  ];
  it.each(cases)('$name', (c) => {
    expect(
      scores(c.pod, c.pods ?? [], c.nodes, { hardPodAffinityWeight: 1, ignorePreferredTermsOfExistingPods: c.ignorePreferredTermsOfExistingPods ?? false }),
    ).toEqual(c.want);
  });
});

describe("Kubernetes' TestPreferredAffinityWithHardPodAffinitySymmetricWeight", () => {
  const serviceS1 = { service: 'S1' };
  const hardPodAffinity: Affinity = {
    podAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: [
        {
          labelSelector: { matchExpressions: [{ key: 'service', operator: 'In', values: ['S1'] }] },
          namespaces: ['', 'subteam2.team2'],
          namespaceSelector: { matchExpressions: [{ key: 'team', operator: 'In', values: ['team1'] }] },
          topologyKey: 'region',
        },
      ],
    },
  };
  const nodes = [node('node1', { region: 'China' }), node('node2', { region: 'India' }), node('node3', { az: 'az1' })];
  const pods = [pod(undefined, hardPodAffinity, 'node1'), pod(undefined, hardPodAffinity, 'node2')];
  const cases: { name: string; pod: Pod; hardPodAffinityWeight: number; want: 'skip' | number[] }[] = [
    { name: 'with default weight', pod: pod(serviceS1), hardPodAffinityWeight: defaultHardPodAffinityWeight, want: [MAX, MAX, 0] },
    { name: 'with zero weight', pod: pod(serviceS1), hardPodAffinityWeight: 0, want: 'skip' },
    {
      name: 'with no matching namespace',
      pod: pod(serviceS1, undefined, undefined, 'subteam1.team2'),
      hardPodAffinityWeight: defaultHardPodAffinityWeight,
      want: 'skip',
    },
    {
      name: 'with matching NamespaceSelector',
      pod: pod(serviceS1, undefined, undefined, 'subteam1.team1'),
      hardPodAffinityWeight: defaultHardPodAffinityWeight,
      want: [MAX, MAX, 0],
    },
    {
      name: 'with matching Namespaces',
      pod: pod(serviceS1, undefined, undefined, 'subteam2.team2'),
      hardPodAffinityWeight: defaultHardPodAffinityWeight,
      want: [MAX, MAX, 0],
    },
  ];
  it.each(cases)('$name', (c) => {
    expect(scores(c.pod, pods, nodes, { hardPodAffinityWeight: c.hardPodAffinityWeight })).toEqual(c.want);
  });

  it('defaults HardPodAffinityWeight to 1 when no option is given', () => {
    expect(scores(pod(serviceS1), pods, nodes)).toEqual([MAX, MAX, 0]);
  });
});

describe('InterPodAffinity scoring', () => {
  it("is weighted 2 in the default profile, as kube-scheduler's default plugins are", () => {
    expect(interPodAffinityWeight).toBe(2);
  });

  it('normalizes between the lowest and the highest score, truncating', () => {
    expect(normalizeInterPodAffinityScores([5, 10, 7])).toEqual([0, 100, 40]);
    expect(normalizeInterPodAffinityScores([-5, 0, -2])).toEqual([0, 100, 60]);
    expect(normalizeInterPodAffinityScores([1, 2, 0])).toEqual([50, 100, 0]);
    expect(normalizeInterPodAffinityScores([3, 3])).toEqual([0, 0]);
  });

  it('scores only the feasible nodes given, from the pods on every node', () => {
    const s1 = { security: 'S1' };
    const incoming = pod(s1, {
      podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [weighted(5, { labelSelector: securityIn(['S1']), topologyKey: 'region' })] },
    });
    const nodes = [node('n1', { region: 'a' }), node('n2', { region: 'a' }), node('n3', { region: 'b' })];
    const snapshot = snapshotOf(nodes, [pod(s1, undefined, 'n1')], { namespaces });
    // n1 is not feasible; its pod still draws n2 (same region) up.
    expect(interPodAffinityScores(incoming, [nodes[1] as Node, nodes[2] as Node], snapshot)).toEqual([MAX, 0]);
  });

  it("does not select a namespace the snapshot does not hold with the pod's non-empty namespaceSelector", () => {
    const s1 = { security: 'S1' };
    const incoming = pod(
      s1,
      {
        podAffinity: {
          preferredDuringSchedulingIgnoredDuringExecution: [
            weighted(5, {
              labelSelector: securityIn(['S1']),
              topologyKey: 'region',
              namespaceSelector: { matchExpressions: [{ key: 'team', operator: 'DoesNotExist' }] },
            }),
          ],
        },
      },
      undefined,
      'subteam1.team1',
    );
    const nodes = [node('n1', { region: 'a' }), node('n2', { region: 'b' })];
    // "unknown" is not in the snapshot: the unrolled namespaceSelector cannot list it, even though DoesNotExist would match no labels.
    const snapshot = snapshotOf(nodes, [pod(s1, undefined, 'n1', 'unknown')], { namespaces });
    expect(interPodAffinityPreScore(incoming, nodes, snapshot)).toBeUndefined();
  });
});
