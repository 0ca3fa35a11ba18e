import { describe, expect, it } from 'vitest';
import { type Node, type Pod, snapshotOf, usageByNode } from '@taintgate/domain';
import { preFilterVerdict, prepareFilters } from '../../../../libs/domain/src/scheduling/framework/default-filters';
import { type SchedulerRejection, resourceFitOf, runFilters } from '../../../../libs/domain/src/scheduling/node-filters';
import { defaultMatchOptions } from '../../../../libs/domain/src/tolerations/match';
import type { ResourceList } from '../../../../libs/domain/src/types';

/**
 * Each node's first rejecting status with kube-scheduler's code: UnschedulableAndUnresolvable
 * (`unresolvable: true`) where no pod taken off the node could help, which DefaultPreemption reads
 * (NodesForStatusCode(Unschedulable) tries the others only). The codes are each plugin's Filter's:
 * NodeUnschedulable, NodeName, TaintToleration and NodeAffinity always UnschedulableAndUnresolvable;
 * NodeResourcesFit Unschedulable unless a request exceeds the node's whole allocatable (fit.go's
 * Unresolvable); NodePorts Unschedulable; InterPodAffinity UnschedulableAndUnresolvable for its
 * affinity, Unschedulable for anti-affinity; PodTopologySpread UnschedulableAndUnresolvable for a
 * missing topology label, Unschedulable for skew.
 */

const node = (name: string, allocatable: ResourceList = { cpu: '1', memory: '1Gi', pods: '10' }, extra: Partial<Node> = {}): Node => ({
  metadata: { name, labels: { 'kubernetes.io/hostname': name, zone: 'a' } },
  status: { allocatable },
  ...extra,
});
const pod = (name: string, spec: Pod['spec'] = {}, labels: Record<string, string> = {}): Pod => ({
  metadata: { name, namespace: 'default', labels },
  spec: { containers: [{ name: 'c' }], ...spec },
});
const requesting = (requests: ResourceList, spec: Pod['spec'] = {}): Pod['spec'] => ({ ...spec, containers: [{ name: 'c', resources: { requests } }] });

/** The status as findNodesThatFitPod records it, explained and not: both must agree. */
function statusOf(incoming: Pod, target: Node, pods: Pod[] = []): SchedulerRejection | undefined {
  const snapshot = snapshotOf([target], pods);
  const prepared = prepareFilters(incoming, snapshot);
  const usage = usageByNode(pods);
  const fit = resourceFitOf(incoming, { usageOf: (n) => usage.get(n) });
  const verdict = preFilterVerdict(incoming, prepared).statusOf(target.metadata.name);
  const quick = verdict ?? runFilters(incoming, target, defaultMatchOptions, false, fit, prepared.plugins).rejection;
  const explained = verdict ?? runFilters(incoming, target, defaultMatchOptions, true, fit, prepared.plugins).rejection;
  expect(explained).toEqual(quick);
  return quick;
}

const hostPort = [{ name: 'c', ports: [{ containerPort: 80, hostPort: 8080 }] }];
const antiAffinity = (topologyKey: string) => ({
  podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'db' } }, topologyKey }] },
});

describe('the rejection codes of the filters', () => {
  const cases: [string, () => SchedulerRejection | undefined, SchedulerRejection | undefined][] = [
    [
      'NodeUnschedulable',
      () => statusOf(pod('p'), node('n1', undefined, { spec: { unschedulable: true } })),
      { reasons: ['node(s) were unschedulable'], unresolvable: true },
    ],
    [
      'TaintToleration',
      () => statusOf(pod('p'), node('n1', undefined, { spec: { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] } })),
      { reasons: ['node(s) had untolerated taint(s)'], taint: { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }, unresolvable: true },
    ],
    [
      'NodeAffinity',
      () => statusOf(pod('p', { nodeSelector: { zone: 'b' } }), node('n1')),
      { reasons: ["node(s) didn't match Pod's node affinity/selector"], unresolvable: true },
    ],
    [
      'NodeName',
      () => statusOf(pod('p', { nodeName: 'other' }), node('n1')),
      { reasons: ["node(s) didn't match the requested node name"], unresolvable: true },
    ],
    [
      'NodePorts',
      () => statusOf(pod('p', { containers: hostPort }), node('n1'), [pod('holder', { nodeName: 'n1', containers: hostPort })]),
      { reasons: ["node(s) didn't have free ports for the requested pod ports"] },
    ],
    [
      'NodeResourcesFit, short of what is left',
      () => statusOf(pod('p', requesting({ cpu: '600m' })), node('n1'), [pod('busy', requesting({ cpu: '600m' }, { nodeName: 'n1' }))]),
      { reasons: ['Insufficient cpu'] },
    ],
    [
      'NodeResourcesFit, more than the whole allocatable',
      () => statusOf(pod('p', requesting({ cpu: '2' })), node('n1')),
      { reasons: ['Insufficient cpu'], unresolvable: true },
    ],
    [
      'NodeResourcesFit, one resource over the whole node makes the status unresolvable',
      () => statusOf(pod('p', requesting({ cpu: '600m', memory: '2Gi' })), node('n1'), [pod('busy', requesting({ cpu: '600m' }, { nodeName: 'n1' }))]),
      { reasons: ['Insufficient cpu', 'Insufficient memory'], unresolvable: true },
    ],
    [
      'NodeResourcesFit, Too many pods',
      () => statusOf(pod('p'), node('n1', { cpu: '1', pods: '1' }), [pod('busy', { nodeName: 'n1' })]),
      { reasons: ['Too many pods'] },
    ],
    [
      'InterPodAffinity, affinity unmet',
      () =>
        statusOf(
          pod('p', {
            affinity: {
              podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'db' } }, topologyKey: 'zone' }] },
            },
          }),
          node('n1'),
          [pod('db', { nodeName: 'elsewhere' }, { app: 'db' })],
        ),
      { reasons: ["node(s) didn't match pod affinity rules"], unresolvable: true },
    ],
    [
      "InterPodAffinity, the pod's anti-affinity",
      () => statusOf(pod('p', { affinity: antiAffinity('zone') }), node('n1'), [pod('db', { nodeName: 'n1' }, { app: 'db' })]),
      { reasons: ["node(s) didn't match pod anti-affinity rules"] },
    ],
    [
      'PodTopologySpread, the topology label missing',
      () =>
        statusOf(
          pod(
            'p',
            {
              topologySpreadConstraints: [
                { maxSkew: 1, topologyKey: 'rack', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'web' } } },
              ],
            },
            { app: 'web' },
          ),
          node('n1'),
        ),
      { reasons: ["node(s) didn't match pod topology spread constraints (missing required label)"], unresolvable: true },
    ],
    ['a feasible node has none', () => statusOf(pod('p', requesting({ cpu: '500m' })), node('n1')), undefined],
  ];
  it.each(cases)('%s', (_name, status, expected) => {
    expect(status()).toEqual(expected);
  });

  it('PodTopologySpread, skew: Unschedulable', () => {
    const spread = {
      topologySpreadConstraints: [
        { maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule' as const, labelSelector: { matchLabels: { app: 'web' } } },
      ],
    };
    const nodes = [node('n1'), { ...node('n2'), metadata: { name: 'n2', labels: { zone: 'b' } } }];
    const pods = [pod('w1', { nodeName: 'n1' }, { app: 'web' }), pod('w2', { nodeName: 'n1' }, { app: 'web' })];
    const snapshot = snapshotOf(nodes, pods);
    const incoming = pod('p', spread, { app: 'web' });
    const prepared = prepareFilters(incoming, snapshot);
    expect(runFilters(incoming, nodes[0] as Node, defaultMatchOptions, false, undefined, prepared.plugins).rejection).toEqual({
      reasons: ["node(s) didn't match pod topology spread constraints"],
    });
  });
});

describe('preFilterVerdict: the statuses the PreFilters give before any Filter', () => {
  it("a PreFilter's rejection is every node's status, with its code, and the summary's message", () => {
    const incoming = pod('p', { volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'missing' } }] });
    const verdict = preFilterVerdict(incoming, prepareFilters(incoming, snapshotOf([node('n1')], [])));
    expect(verdict.message).toBe('persistentvolumeclaim "missing" not found');
    expect(verdict.statusOf('n1')).toEqual({ reasons: ['persistentvolumeclaim "missing" not found'], unresolvable: true });
    expect(verdict.statusOf('any')).toEqual(verdict.statusOf('n1'));
  });

  const pinnedTo = (...names: string[][]): Pod =>
    pod('p', {
      affinity: {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: {
            nodeSelectorTerms: names.map((values) => ({ matchFields: [{ key: 'metadata.name', operator: 'In', values }] })),
          },
        },
      },
    });

  it('the nodes a PreFilter result leaves out are UnschedulableAndUnresolvable, the others left to their Filters', () => {
    const incoming = pinnedTo(['n1']);
    const verdict = preFilterVerdict(incoming, prepareFilters(incoming, snapshotOf([node('n1'), node('n2')], [])));
    expect(verdict.message).toBeUndefined();
    expect(verdict.statusOf('n1')).toBeUndefined();
    expect(verdict.statusOf('n2')).toEqual({ reasons: ["node(s) didn't satisfy plugin(s) [NodeAffinity]"], unresolvable: true });
  });

  it("NodeAffinity's own terms in conflict: every node, UnschedulableAndUnresolvable", () => {
    const incoming = pinnedTo([]);
    const verdict = preFilterVerdict(incoming, prepareFilters(incoming, snapshotOf([node('n1')], [])));
    expect(verdict.message).toBe('pod affinity terms conflict');
    expect(verdict.statusOf('n1')).toEqual({ reasons: ['pod affinity terms conflict'], unresolvable: true });
  });

  it('no PreFilter verdict: every node to its Filters', () => {
    const incoming = pod('p');
    expect(preFilterVerdict(incoming, prepareFilters(incoming, snapshotOf([node('n1')], []))).statusOf('n1')).toBeUndefined();
  });
});
