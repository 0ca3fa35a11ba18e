import { describe, expect, it } from 'vitest';
import type { Namespace, Node, Pod, PodAffinityTerm } from '../../../../../libs/domain/src/types';
import { snapshotOf } from '../../../../../libs/domain/src/scheduling/framework/scheduling-snapshot';
import { podLabelIndexOf } from '../../../../../libs/domain/src/scheduling/framework/pod-label-index';
import { affinityPodIndexOf } from '../../../../../libs/domain/src/scheduling/inter-pod-affinity/affinity-pod-index';
import { InterPodAffinityReasons, interPodAffinityFilter } from '../../../../../libs/domain/src/scheduling/inter-pod-affinity/filter';
import { interPodAffinityPreFilter } from '../../../../../libs/domain/src/scheduling/inter-pod-affinity/pre-filter';
import { createPodWithAffinityTerms, makePod, node } from './pod-wrapper';

/** framework.Status as the upstream tables write it: code and reason, or nil. */
type Want = readonly ['Unschedulable' | 'UnschedulableAndUnresolvable', string] | null;
type WantPreFilter = 'skip' | { readonly reject: string } | undefined;

const affinityNotMatch: Want = ['UnschedulableAndUnresolvable', InterPodAffinityReasons.affinityRulesNotMatch];
const antiAffinityNotMatch: Want = ['Unschedulable', InterPodAffinityReasons.antiAffinityRulesNotMatch];
const existingNotMatch: Want = ['Unschedulable', InterPodAffinityReasons.existingAntiAffinityRulesNotMatch];

/** What PreFilter then Filter say of each node, as the upstream test loops check them. */
function verdicts(pod: Pod, pods: Pod[], nodes: Node[], namespaces: Namespace[]): { preFilter: WantPreFilter; filter: Want[] } {
  const snapshot = snapshotOf(nodes, pods, { namespaces });
  const outcome = interPodAffinityPreFilter(pod, snapshot);
  if (outcome.kind === 'skip') return { preFilter: 'skip', filter: nodes.map(() => null) };
  if (outcome.kind === 'reject') return { preFilter: { reject: outcome.status.reasons.join(', ') }, filter: [] };
  // The same state whether PreFilter finds the pods with anti-affinity itself or is given them.
  expect(interPodAffinityPreFilter(pod, snapshot, affinityPodIndexOf(snapshot))).toEqual(outcome);
  // And when it tests its own terms once per set of pods alike in namespace and labels.
  expect(interPodAffinityPreFilter(pod, snapshot, affinityPodIndexOf(snapshot), podLabelIndexOf(snapshot))).toEqual(outcome);
  return {
    preFilter: undefined,
    filter: nodes.map((n) => {
      const status = interPodAffinityFilter(outcome.state, pod, n, snapshot);
      return status ? ([status.code, status.reasons.join(', ')] as const) : null;
    }),
  };
}

const namespace = (name: string, labels: Record<string, string>): Namespace => ({ metadata: { name, labels } });
/** scoring_test.go's namespaces, which the filtering tests share. */
const namespaces = [
  namespace('subteam1.team1', { team: 'team1' }),
  namespace('subteam2.team1', { team: 'team1' }),
  namespace('subteam1.team2', { team: 'team2' }),
  namespace('subteam2.team2', { team: 'team2' }),
];

const serviceIn = (values: string[]): PodAffinityTerm['labelSelector'] => ({ matchExpressions: [{ key: 'service', operator: 'In', values }] });
const teamIn = (team: string): PodAffinityTerm['namespaceSelector'] => ({ matchExpressions: [{ key: 'team', operator: 'In', values: [team] }] });

describe("Kubernetes' TestRequiredAffinitySingleNode", () => {
  const podLabel = { service: 'securityscan' };
  const pod = makePod().labels(podLabel).node('node1').obj();
  const podLabel2 = { security: 'S1' };
  const node1 = node('node1', { region: 'r1', zone: 'z11' });
  const cases: { name: string; pod: Pod; pods?: Pod[]; wantPreFilter?: WantPreFilter; want?: Want }[] = [
    {
      name: 'A pod that has no required pod affinity scheduling rules can schedule onto a node with no existing pods',
      pod: { metadata: { name: '' } },
      wantPreFilter: 'skip',
    },
    {
      name: 'satisfies with requiredDuringSchedulingIgnoredDuringExecution in PodAffinity using In operator that matches the existing pod',
      pod: makePod().namespace('').labels(podLabel2).podAffinityIn('service', 'region', ['securityscan', 'value2'], 'required').obj(),
      pods: [pod],
    },
    {
      name: 'satisfies the pod with requiredDuringSchedulingIgnoredDuringExecution in PodAffinity using not in operator in labelSelector that matches the existing pod',
      pod: makePod().namespace('').labels(podLabel2).podAffinityNotIn('service', 'region', ['securityscan3', 'value3'], 'required').obj(),
      pods: [pod],
    },
    {
      name: 'Does not satisfy the PodAffinity with labelSelector because of diff Namespace',
      pod: createPodWithAffinityTerms(
        '',
        '',
        podLabel2,
        [{ labelSelector: serviceIn(['securityscan', 'value2']), namespaces: ['DiffNameSpace'], topologyKey: '' }],
        undefined,
      ),
      pods: [makePod().namespace('ns').label('service', 'securityscan').node('node1').obj()],
      want: affinityNotMatch,
    },
    {
      name: "Doesn't satisfy the PodAffinity because of unmatching labelSelector with the existing pod",
      pod: makePod().namespace('').labels(podLabel).podAffinityIn('service', '', ['antivirusscan', 'value2'], 'required').obj(),
      pods: [pod],
      want: affinityNotMatch,
    },
    {
      name: 'satisfies the PodAffinity with different label Operators in multiple RequiredDuringSchedulingIgnoredDuringExecution ',
      pod: createPodWithAffinityTerms(
        '',
        '',
        podLabel2,
        [
          {
            labelSelector: {
              matchExpressions: [
                { key: 'service', operator: 'Exists' },
                { key: 'wrongkey', operator: 'DoesNotExist' },
              ],
            },
            topologyKey: 'region',
          },
          {
            labelSelector: {
              matchExpressions: [
                { key: 'service', operator: 'In', values: ['securityscan'] },
                { key: 'service', operator: 'NotIn', values: ['WrongValue'] },
              ],
            },
            topologyKey: 'region',
          },
        ],
        undefined,
      ),
      pods: [pod],
    },
    {
      name: "The labelSelector requirements(items of matchExpressions) are ANDed, the pod cannot schedule onto the node because one of the matchExpression item don't match.",
      pod: createPodWithAffinityTerms(
        '',
        '',
        podLabel2,
        [
          {
            labelSelector: {
              matchExpressions: [
                { key: 'service', operator: 'Exists' },
                { key: 'wrongkey', operator: 'DoesNotExist' },
              ],
            },
            topologyKey: 'region',
          },
          {
            labelSelector: {
              matchExpressions: [
                { key: 'service', operator: 'In', values: ['securityscan2'] },
                { key: 'service', operator: 'NotIn', values: ['WrongValue'] },
              ],
            },
            topologyKey: 'region',
          },
        ],
        undefined,
      ),
      pods: [pod],
      want: affinityNotMatch,
    },
    {
      name: 'satisfies the PodAffinity and PodAntiAffinity with the existing pod',
      pod: makePod()
        .namespace('')
        .labels(podLabel2)
        .podAffinityIn('service', 'region', ['securityscan', 'value2'], 'required')
        .podAntiAffinityIn('service', 'node', ['antivirusscan', 'value2'], 'required')
        .obj(),
      pods: [pod],
    },
    {
      name: 'satisfies the PodAffinity and PodAntiAffinity and PodAntiAffinity symmetry with the existing pod',
      pod: makePod()
        .namespace('')
        .labels(podLabel2)
        .podAffinityIn('service', 'region', ['securityscan', 'value2'], 'required')
        .podAntiAffinityIn('service', 'node', ['antivirusscan', 'value2'], 'required')
        .obj(),
      pods: [makePod().namespace('').node('node1').labels(podLabel).podAntiAffinityIn('service', 'node', ['antivirusscan', 'value2'], 'required').obj()],
    },
    {
      name: "satisfies the PodAffinity but doesn't satisfy the PodAntiAffinity with the existing pod",
      pod: makePod()
        .namespace('')
        .labels(podLabel2)
        .podAffinityIn('service', 'region', ['securityscan', 'value2'], 'required')
        .podAntiAffinityIn('service', 'zone', ['securityscan', 'value2'], 'required')
        .obj(),
      pods: [pod],
      want: antiAffinityNotMatch,
    },
    {
      name: "satisfies the PodAffinity and PodAntiAffinity but doesn't satisfy PodAntiAffinity symmetry with the existing pod",
      pod: makePod()
        .namespace('')
        .labels(podLabel)
        .podAffinityIn('service', 'region', ['securityscan', 'value2'], 'required')
        .podAntiAffinityIn('service', 'node', ['antivirusscan', 'value2'], 'required')
        .obj(),
      pods: [makePod().namespace('').labels(podLabel).node('node1').podAntiAffinityIn('service', 'zone', ['securityscan', 'value2'], 'required').obj()],
      want: existingNotMatch,
    },
    {
      name: 'pod matches its own Label in PodAffinity and that matches the existing pod Labels',
      pod: makePod().namespace('').labels(podLabel).podAffinityNotIn('service', 'region', ['securityscan', 'value2'], 'required').obj(),
      pods: [makePod().label('service', 'securityscan').node('node2').obj()],
      want: affinityNotMatch,
    },
    {
      name: "verify that PodAntiAffinity from existing pod is respected when pod has no AntiAffinity constraints. doesn't satisfy PodAntiAffinity symmetry with the existing pod",
      pod: makePod().labels(podLabel).obj(),
      pods: [makePod().namespace('').node('node1').labels(podLabel).podAntiAffinityIn('service', 'zone', ['securityscan', 'value2'], 'required').obj()],
      want: existingNotMatch,
    },
    {
      name: 'verify that PodAntiAffinity from existing pod is respected when pod has no AntiAffinity constraints. satisfy PodAntiAffinity symmetry with the existing pod',
      pod: makePod().labels(podLabel).obj(),
      pods: [makePod().namespace('').node('node1').labels(podLabel).podAntiAffinityNotIn('service', 'zone', ['securityscan', 'value2'], 'required').obj()],
      wantPreFilter: 'skip',
    },
    {
      name: "satisfies the PodAntiAffinity with existing pod but doesn't satisfy PodAntiAffinity symmetry with incoming pod",
      pod: makePod()
        .namespace('')
        .labels(podLabel)
        .podAntiAffinityExists('service', 'region', 'required')
        .podAntiAffinityExists('security', 'region', 'required')
        .obj(),
      pods: [makePod().namespace('').node('node1').labels(podLabel2).podAntiAffinityExists('security', 'zone', 'required').obj()],
      want: antiAffinityNotMatch,
    },
    {
      name: 'PodAntiAffinity symmetry check a1: incoming pod and existing pod partially match each other on AffinityTerms',
      pod: makePod()
        .namespace('')
        .labels(podLabel)
        .podAntiAffinityExists('service', 'zone', 'required')
        .podAntiAffinityExists('security', 'zone', 'required')
        .obj(),
      pods: [makePod().namespace('').node('node1').labels(podLabel2).podAntiAffinityExists('security', 'zone', 'required').obj()],
      want: antiAffinityNotMatch,
    },
    {
      name: 'PodAntiAffinity symmetry check a2: incoming pod and existing pod partially match each other on AffinityTerms',
      pod: makePod().namespace('').labels(podLabel2).podAntiAffinityExists('security', 'zone', 'required').obj(),
      pods: [
        makePod()
          .namespace('')
          .node('node1')
          .labels(podLabel)
          .podAntiAffinityExists('service', 'zone', 'required')
          .podAntiAffinityExists('security', 'zone', 'required')
          .obj(),
      ],
      want: existingNotMatch,
    },
    {
      name: 'PodAntiAffinity symmetry check b1: incoming pod and existing pod partially match each other on AffinityTerms',
      pod: makePod()
        .namespace('')
        .labels({ abc: '', xyz: '' })
        .podAntiAffinityExists('abc', 'zone', 'required')
        .podAntiAffinityExists('def', 'zone', 'required')
        .obj(),
      pods: [
        makePod()
          .namespace('')
          .node('node1')
          .labels({ def: '', xyz: '' })
          .podAntiAffinityExists('abc', 'zone', 'required')
          .podAntiAffinityExists('def', 'zone', 'required')
          .obj(),
      ],
      want: antiAffinityNotMatch,
    },
    {
      name: 'PodAntiAffinity symmetry check b2: incoming pod and existing pod partially match each other on AffinityTerms',
      pod: makePod()
        .namespace('')
        .labels({ def: '', xyz: '' })
        .podAntiAffinityExists('abc', 'zone', 'required')
        .podAntiAffinityExists('def', 'zone', 'required')
        .obj(),
      pods: [
        makePod()
          .namespace('')
          .node('node1')
          .labels({ abc: '', xyz: '' })
          .podAntiAffinityExists('abc', 'zone', 'required')
          .podAntiAffinityExists('def', 'zone', 'required')
          .obj(),
      ],
      want: antiAffinityNotMatch,
    },
    {
      name: 'PodAffinity fails PreFilter with an invalid affinity label syntax',
      pod: makePod()
        .namespace('')
        .labels(podLabel)
        .podAffinityIn('service', 'region', ['{{.bad-value.}}'], 'required')
        .podAffinityIn('service', 'node', ['antivirusscan', 'value2'], 'required')
        .obj(),
      wantPreFilter: {
        reject: `parsing pod: requiredAffinityTerms: values[0][service]: Invalid value: "{{.bad-value.}}": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`,
      },
    },
    {
      // Upstream's case builds the bad term with PodAffinityIn too, so the error names requiredAffinityTerms as well.
      name: 'PodAntiAffinity fails PreFilter with an invalid antiaffinity label syntax',
      pod: makePod()
        .namespace('')
        .labels(podLabel)
        .podAffinityIn('service', 'region', ['foo'], 'required')
        .podAffinityIn('service', 'node', ['{{.bad-value.}}'], 'required')
        .obj(),
      wantPreFilter: {
        reject: `parsing pod: requiredAffinityTerms: values[0][service]: Invalid value: "{{.bad-value.}}": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`,
      },
    },
    {
      name: 'affinity with NamespaceSelector',
      pod: createPodWithAffinityTerms(
        '',
        '',
        podLabel2,
        [{ labelSelector: serviceIn(['securityscan', 'value2']), namespaceSelector: teamIn('team1'), topologyKey: 'region' }],
        undefined,
      ),
      pods: [{ metadata: { name: '', namespace: 'subteam1.team1', labels: podLabel }, spec: { nodeName: 'node1' } }],
    },
    {
      name: 'affinity with non-matching NamespaceSelector',
      pod: createPodWithAffinityTerms(
        '',
        '',
        podLabel2,
        [{ labelSelector: serviceIn(['securityscan', 'value2']), namespaceSelector: teamIn('team1'), topologyKey: 'region' }],
        undefined,
      ),
      pods: [{ metadata: { name: '', namespace: 'subteam1.team2', labels: podLabel }, spec: { nodeName: 'node1' } }],
      want: affinityNotMatch,
    },
    {
      name: 'anti-affinity with matching NamespaceSelector',
      pod: createPodWithAffinityTerms('subteam1.team1', '', podLabel2, undefined, [
        { labelSelector: serviceIn(['securityscan', 'value2']), namespaceSelector: teamIn('team1'), topologyKey: 'zone' },
      ]),
      pods: [{ metadata: { name: '', namespace: 'subteam2.team1', labels: podLabel }, spec: { nodeName: 'node1' } }],
      want: antiAffinityNotMatch,
    },
    {
      name: 'anti-affinity with matching all NamespaceSelector',
      pod: createPodWithAffinityTerms('subteam1.team1', '', podLabel2, undefined, [
        { labelSelector: serviceIn(['securityscan', 'value2']), namespaceSelector: {}, topologyKey: 'zone' },
      ]),
      pods: [{ metadata: { name: '', namespace: 'subteam2.team1', labels: podLabel }, spec: { nodeName: 'node1' } }],
      want: antiAffinityNotMatch,
    },
    {
      name: 'anti-affinity with non-matching NamespaceSelector',
      pod: createPodWithAffinityTerms('subteam1.team1', '', podLabel2, undefined, [
        { labelSelector: serviceIn(['securityscan', 'value2']), namespaceSelector: teamIn('team1'), topologyKey: 'zone' },
      ]),
      pods: [{ metadata: { name: '', namespace: 'subteam1.team2', labels: podLabel }, spec: { nodeName: 'node1' } }],
    },
  ];
  it.each(cases)('$name', (c) => {
    const got = verdicts(c.pod, c.pods ?? [], [node1], namespaces);
    expect(got.preFilter).toEqual(c.wantPreFilter);
    if (got.preFilter === undefined) expect(got.filter).toEqual([c.want ?? null]);
  });
});

describe("Kubernetes' TestRequiredAffinityMultipleNodes", () => {
  const podLabelA = { foo: 'bar' };
  const labelRgChina = { region: 'China' };
  const labelRgChinaAzAz1 = { region: 'China', az: 'az1' };
  const labelRgIndia = { region: 'India' };
  const abNodes = (zoneA: string, zoneB: string) => [
    node('nodeA', { region: 'r1', zone: zoneA, hostname: 'nodeA' }),
    node('nodeB', { region: 'r1', zone: zoneB, hostname: 'nodeB' }),
  ];
  const cases: { name: string; pod: Pod; pods: Pod[]; nodes: Node[]; want: Want[]; wantPreFilter?: WantPreFilter }[] = [
    {
      name: 'A pod can be scheduled onto all the nodes that have the same topology key & label value with one of them has an existing pod that matches the affinity rules',
      pod: makePod().namespace('').podAffinityIn('foo', 'region', ['bar'], 'required').obj(),
      pods: [makePod().name('p1').node('node1').labels(podLabelA).obj()],
      nodes: [node('node1', labelRgChina), node('node2', labelRgChinaAzAz1), node('node3', labelRgIndia)],
      want: [null, null, affinityNotMatch],
    },
    {
      name:
        'The affinity rule is to schedule all of the pods of this collection to the same zone. The first pod of the collection ' +
        "should not be blocked from being scheduled onto any node, even there's no existing pod that matches the rule anywhere.",
      pod: makePod()
        .namespace('')
        .labels({ foo: 'bar', service: 'securityscan' })
        .podAffinityIn('foo', 'zone', ['bar'], 'required')
        .podAffinityIn('service', 'zone', ['securityscan'], 'required')
        .obj(),
      pods: [makePod().name('p1').node('nodeA').labels({ foo: 'bar' }).obj()],
      nodes: [node('nodeA', { zone: 'az1', hostname: 'h1' }), node('nodeB', { zone: 'az2', hostname: 'h2' })],
      want: [null, null],
    },
    {
      name: 'The first pod of the collection can only be scheduled on nodes labelled with the requested topology keys',
      pod: makePod()
        .namespace('')
        .labels({ foo: 'bar', service: 'securityscan' })
        .podAffinityIn('foo', 'zone', ['bar'], 'required')
        .podAffinityIn('service', 'zone', ['securityscan'], 'required')
        .obj(),
      pods: [makePod().name('p1').node('nodeA').labels({ foo: 'bar' }).obj()],
      nodes: [node('nodeA', { zoneLabel: 'az1', hostname: 'h1' }), node('nodeB', { zoneLabel: 'az2', hostname: 'h2' })],
      want: [affinityNotMatch, affinityNotMatch],
    },
    {
      name: 'NodeA and nodeB have same topologyKey and label value. NodeA has an existing pod that matches the inter pod affinity rule. The pod can not be scheduled onto nodeA and nodeB.',
      pod: makePod().namespace('').podAntiAffinityIn('foo', 'region', ['abc'], 'required').obj(),
      pods: [makePod().node('nodeA').labels({ foo: 'abc' }).obj()],
      nodes: [node('nodeA', { region: 'r1', hostname: 'nodeA' }), node('nodeB', { region: 'r1', hostname: 'nodeB' })],
      want: [antiAffinityNotMatch, antiAffinityNotMatch],
    },
    {
      name: 'This test ensures that anti-affinity matches a pod when any term of the anti-affinity rule matches a pod.',
      pod: makePod()
        .namespace('')
        .podAntiAffinityIn('foo', 'region', ['abc'], 'required')
        .podAntiAffinityIn('service', 'zone', ['securityscan'], 'required')
        .obj(),
      pods: [makePod().node('nodeA').labels({ foo: 'abc', service: 'securityscan' }).obj()],
      nodes: [node('nodeA', { region: 'r1', zone: 'z1', hostname: 'nodeA' }), node('nodeB', { region: 'r1', zone: 'z2', hostname: 'nodeB' })],
      want: [antiAffinityNotMatch, antiAffinityNotMatch],
    },
    {
      name: 'NodeA and nodeB have same topologyKey and label value. NodeA has an existing pod that matches the inter pod affinity rule. The pod can not be scheduled onto nodeA and nodeB but can be scheduled onto nodeC',
      pod: makePod().namespace('').podAntiAffinityIn('foo', 'region', ['abc'], 'required').obj(),
      pods: [makePod().node('nodeA').labels({ foo: 'abc' }).obj()],
      nodes: [node('nodeA', labelRgChina), node('nodeB', labelRgChinaAzAz1), node('nodeC', labelRgIndia)],
      want: [antiAffinityNotMatch, antiAffinityNotMatch, null],
    },
    {
      name: 'NodeA and nodeB have same topologyKey and label value. NodeA has an existing pod that matches the inter pod affinity rule. The pod can not be scheduled onto nodeA, nodeB, but can be scheduled onto nodeC (NodeC has an existing pod that match the inter pod affinity rule but in different namespace)',
      pod: makePod().namespace('NS1').labels({ foo: '123' }).podAntiAffinityIn('foo', 'region', ['bar'], 'required').obj(),
      pods: [
        makePod().node('nodeA').namespace('NS1').labels({ foo: 'bar' }).obj(),
        makePod().node('nodeC').namespace('NS2').podAntiAffinityIn('foo', 'region', ['123'], 'required').obj(),
      ],
      nodes: [node('nodeA', labelRgChina), node('nodeB', labelRgChinaAzAz1), node('nodeC', labelRgIndia)],
      want: [antiAffinityNotMatch, antiAffinityNotMatch, null],
    },
    {
      name: "Test existing pod's anti-affinity: if an existing pod has a term with invalid topologyKey, labelSelector of the term is firstly checked, and then topologyKey of the term is also checked",
      pod: makePod().label('foo', '').obj(),
      pods: [makePod().node('nodeA').namespace('').podAntiAffinityExists('foo', 'invalid-node-label', 'required').obj()],
      nodes: [node('nodeA', { region: 'r1', zone: 'z1', hostname: 'nodeA' }), node('nodeB', { region: 'r1', zone: 'z1', hostname: 'nodeB' })],
      wantPreFilter: 'skip',
      want: [null, null],
    },
    {
      name: "Test incoming pod's anti-affinity: even if labelSelector matches, we still check if topologyKey matches",
      pod: makePod().node('nodeA').namespace('').podAntiAffinityExists('foo', 'invalid-node-label', 'required').obj(),
      pods: [makePod().node('nodeA').labels({ foo: '' }).obj()],
      nodes: [node('nodeA', { region: 'r1', zone: 'z1', hostname: 'nodeA' }), node('nodeB', { region: 'r1', zone: 'z1', hostname: 'nodeB' })],
      want: [null, null],
    },
    {
      name: "Test existing pod's anti-affinity: incoming pod wouldn't considered as a fit as it violates each existingPod's terms on all nodes",
      pod: makePod().label('foo', '').label('bar', '').obj(),
      pods: [
        makePod().node('nodeA').namespace('').podAntiAffinityExists('foo', 'zone', 'required').obj(),
        makePod().node('nodeA').namespace('').podAntiAffinityExists('bar', 'region', 'required').obj(),
      ],
      nodes: abNodes('z1', 'z2'),
      want: [existingNotMatch, existingNotMatch],
    },
    {
      name: "Test incoming pod's anti-affinity: incoming pod wouldn't considered as a fit as it at least violates one anti-affinity rule of existingPod",
      pod: makePod().namespace('').podAntiAffinityExists('foo', 'zone', 'required').podAntiAffinityExists('bar', 'region', 'required').obj(),
      pods: [makePod().node('nodeA').labels({ foo: '' }).obj(), makePod().node('nodeB').labels({ bar: '' }).obj()],
      nodes: abNodes('z1', 'z2'),
      want: [antiAffinityNotMatch, antiAffinityNotMatch],
    },
    {
      name: "Test existing pod's anti-affinity: only when labelSelector and topologyKey both match, it's counted as a single term match - case when one term has invalid topologyKey",
      pod: makePod().label('foo', '').label('bar', '').obj(),
      pods: [
        makePod()
          .node('nodeA')
          .namespace('')
          .podAntiAffinityExists('foo', 'invalid-node-label', 'required')
          .podAntiAffinityExists('bar', 'zone', 'required')
          .obj(),
      ],
      nodes: abNodes('z1', 'z2'),
      want: [existingNotMatch, null],
    },
    {
      name: "Test incoming pod's anti-affinity: only when labelSelector and topologyKey both match, it's counted as a single term match - case when one term has invalid topologyKey",
      pod: makePod().namespace('').podAntiAffinityExists('foo', 'invalid-node-label', 'required').podAntiAffinityExists('bar', 'zone', 'required').obj(),
      pods: [makePod().name('podA').node('nodeA').labels({ foo: '', bar: '' }).obj()],
      nodes: abNodes('z1', 'z2'),
      want: [antiAffinityNotMatch, null],
    },
    {
      name: "Test existing pod's anti-affinity: only when labelSelector and topologyKey both match, it's counted as a single term match - case when all terms have valid topologyKey",
      pod: makePod().label('foo', '').label('bar', '').obj(),
      pods: [makePod().namespace('').node('nodeA').podAntiAffinityExists('foo', 'region', 'required').podAntiAffinityExists('bar', 'zone', 'required').obj()],
      nodes: abNodes('z1', 'z2'),
      want: [existingNotMatch, existingNotMatch],
    },
    {
      name: "Test incoming pod's anti-affinity: only when labelSelector and topologyKey both match, it's counted as a single term match - case when all terms have valid topologyKey",
      pod: makePod().namespace('').podAntiAffinityExists('foo', 'region', 'required').podAntiAffinityExists('bar', 'zone', 'required').obj(),
      pods: [makePod().node('nodeA').labels({ foo: '', bar: '' }).obj()],
      nodes: abNodes('z1', 'z2'),
      want: [antiAffinityNotMatch, antiAffinityNotMatch],
    },
    {
      name: "Test existing pod's anti-affinity: existingPod on nodeA and nodeB has at least one anti-affinity term matches incoming pod, so incoming pod can only be scheduled to nodeC",
      pod: makePod().label('foo', '').label('bar', '').obj(),
      pods: [
        makePod().node('nodeA').namespace('').podAntiAffinityExists('foo', 'zone', 'required').podAntiAffinityExists('labelA', 'zone', 'required').obj(),
        makePod().node('nodeB').namespace('').podAntiAffinityExists('bar', 'zone', 'required').podAntiAffinityExists('labelB', 'zone', 'required').obj(),
      ],
      nodes: [...abNodes('z1', 'z2'), node('nodeC', { region: 'r1', zone: 'z3', hostname: 'nodeC' })],
      want: [existingNotMatch, existingNotMatch, null],
    },
    {
      name: "Test incoming pod's affinity: firstly check if all affinityTerms match, and then check if all topologyKeys match",
      pod: makePod().namespace('').podAffinityExists('foo', 'region', 'required').podAffinityExists('bar', 'zone', 'required').obj(),
      pods: [makePod().name('pod1').labels({ foo: '', bar: '' }).node('nodeA').obj()],
      nodes: abNodes('z1', 'z1'),
      want: [null, null],
    },
    {
      name: "Test incoming pod's affinity: firstly check if all affinityTerms match, and then check if all topologyKeys match, and the match logic should be satisfied on the same pod",
      pod: makePod().namespace('').podAffinityExists('foo', 'region', 'required').podAffinityExists('bar', 'zone', 'required').obj(),
      pods: [
        makePod().node('nodeA').name('pod1').namespace('').labels({ foo: '' }).obj(),
        makePod().node('nodeB').name('pod2').namespace('').labels({ bar: '' }).obj(),
      ],
      nodes: abNodes('z1', 'z2'),
      want: [affinityNotMatch, affinityNotMatch],
    },
  ];
  it.each(cases)('$name', (c) => {
    const got = verdicts(c.pod, c.pods, c.nodes, [{ metadata: { name: 'NS1' } }]);
    expect(got.preFilter).toEqual(c.wantPreFilter);
    if (got.preFilter === undefined) expect(got.filter).toEqual(c.want);
  });
});

// Kubernetes' TestPreFilterDisabled (Filter without PreFilter's state is an Error) cannot arise here:
// interPodAffinityFilter takes the state PreFilter returned, so there is no Filter without it.

describe('interPodAffinityFilter details', () => {
  const zoneA = node('a1', { zone: 'a', hostname: 'a1' });
  const zoneB = node('b1', { zone: 'b', hostname: 'b1' });

  it('names the affinity term and the domain with no matching pod', () => {
    const pod = makePod().namespace('default').labels({ app: 'web' }).podAffinityIn('app', 'zone', ['cache'], 'required').obj();
    const cache = makePod().name('cache-0').namespace('default').label('app', 'cache').node('a1').obj();
    const snapshot = snapshotOf([zoneA, zoneB], [cache]);
    const outcome = interPodAffinityPreFilter(pod, snapshot);
    if (outcome.kind !== 'run') throw new Error(outcome.kind);
    expect(interPodAffinityFilter(outcome.state, pod, zoneA, snapshot)).toBeUndefined();
    expect(interPodAffinityFilter(outcome.state, pod, zoneB, snapshot)).toEqual({
      code: 'UnschedulableAndUnresolvable',
      plugin: 'InterPodAffinity',
      reasons: ["node(s) didn't match pod affinity rules"],
      details: [
        {
          code: 'PodAffinityMismatch',
          message:
            "no pod in zone=b matches all of the pod's required pod affinity terms (spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0] is one); pods matching them run only in other domains",
          field: 'spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0]',
        },
      ],
    });
  });

  it('names the topology label a node lacks, even for the first pod of a group', () => {
    const pod = makePod().namespace('default').labels({ app: 'web' }).podAffinityIn('app', 'rack', ['web'], 'required').obj();
    const snapshot = snapshotOf([zoneA], []);
    const outcome = interPodAffinityPreFilter(pod, snapshot);
    if (outcome.kind !== 'run') throw new Error(outcome.kind);
    expect(interPodAffinityFilter(outcome.state, pod, zoneA, snapshot)?.details).toEqual([
      {
        code: 'PodAffinityMismatch',
        message: 'node has no label rack, the topology key of spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0]',
        field: 'spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0]',
      },
    ]);
  });

  it("names the pod in the domain that the pod's anti-affinity term matches", () => {
    const pod = makePod()
      .namespace('default')
      .labels({ app: 'web' })
      .podAntiAffinityIn('app', 'hostname', ['db'], 'required')
      .podAntiAffinityIn('app', 'zone', ['web'], 'required')
      .obj();
    const pods = [
      makePod().name('web-0').namespace('default').label('app', 'web').node('a1').obj(),
      makePod().name('web-1').namespace('default').label('app', 'web').node('a1').obj(),
    ];
    const snapshot = snapshotOf([zoneA, zoneB], pods);
    const outcome = interPodAffinityPreFilter(pod, snapshot);
    if (outcome.kind !== 'run') throw new Error(outcome.kind);
    expect(interPodAffinityFilter(outcome.state, pod, zoneB, snapshot)).toBeUndefined();
    expect(interPodAffinityFilter(outcome.state, pod, zoneA, snapshot)).toEqual({
      code: 'Unschedulable',
      plugin: 'InterPodAffinity',
      reasons: ["node(s) didn't match pod anti-affinity rules"],
      details: [
        {
          code: 'PodAntiAffinityMismatch',
          message:
            "pod default/web-0 in zone=a matches the pod's required pod anti-affinity term spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[1] (2 matches in that domain)",
          field: 'spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[1]',
        },
      ],
    });
  });

  it('names a pod holding the anti-affinity term the pod matches', () => {
    const pod = makePod().name('web-2').namespace('default').labels({ app: 'web' }).obj();
    const db = makePod().name('db-0').namespace('default').label('app', 'db').node('a1').podAntiAffinityIn('app', 'zone', ['web'], 'required').obj();
    const snapshot = snapshotOf([zoneA, zoneB], [db]);
    const outcome = interPodAffinityPreFilter(pod, snapshot);
    if (outcome.kind !== 'run') throw new Error(outcome.kind);
    expect(interPodAffinityFilter(outcome.state, pod, zoneB, snapshot)).toBeUndefined();
    expect(interPodAffinityFilter(outcome.state, pod, zoneA, snapshot)).toEqual({
      code: 'Unschedulable',
      plugin: 'InterPodAffinity',
      reasons: ["node(s) didn't satisfy existing pods anti-affinity rules"],
      details: [
        {
          code: 'ExistingPodAntiAffinity',
          message:
            'pod default/db-0 in zone=a has a required pod anti-affinity term (its spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0]) that the pod matches',
        },
      ],
    });
  });
});
