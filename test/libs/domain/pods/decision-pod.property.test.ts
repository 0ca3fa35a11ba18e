import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Node, Pod } from '../../../../libs/domain/src/types';
import type { PodDisruptionBudget } from '../../../../libs/domain/src/policy/pod-disruption-budget';
import { defaultPreemption } from '../../../../libs/domain/src/scheduling/preemption/default-preemption';
import { type PlacementOptions, defaultPlacementOptions } from '../../../../libs/domain/src/scheduling/placement';
import { decisionPodOf } from '../../../../libs/domain/src/pods/decision-pod';
import { drainPlan } from '../../../../libs/domain/src/scheduling/simulation/drain-plan';
import { headroom } from '../../../../libs/domain/src/scheduling/simulation/headroom';
import { indexedContext } from '../../../../libs/domain/src/scheduling/indexed-context';
import { placePod } from '../../../../libs/domain/src/scheduling/placement';
import { snapshotOf } from '../../../../libs/domain/src/scheduling/framework/scheduling-snapshot';
import { usageByNode } from '../../../../libs/domain/src/scheduling/node-usage';
import { taintImpact } from '../../../../libs/domain/src/eviction/taint-impact';
import { podFields } from '../../../../libs/domain/src/selectors/field-selector';
import { realisticCluster } from '../../../support/realistic-cluster';
import { interPodIncoming, interPodRunning } from '../support/inter-pod-clusters';
import { placementNodeNames, placementOptions } from '../support/placement-clusters';
import { withImages, workloadReplicas } from '../support/workload-replicas';

/**
 * decisionPodOf keeps what decisions read of a pod: every decision over a cluster of pods so cut
 * down answers as over the pods whole. Random clusters of workloads with anti-affinity, spread and
 * pod affinity of every kind, each pod carrying what kubectl prints beside (annotations, probes,
 * environment, volumes of secrets and projected tokens, conditions with their times, container
 * statuses, IPs); and the realistic GKE cluster of test/support.
 */

const now = Date.parse('2026-11-29T12:00:00Z');

/** What a pod as kubectl prints it carries that no decision reads, laid over the pod. */
const printed = fc.record({
  startMinute: fc.integer({ min: 0, max: 59 }),
  ip: fc.integer({ min: 2, max: 250 }),
  mirror: fc.boolean(),
  ready: fc.boolean(),
  disrupted: fc.boolean(),
  claim: fc.boolean(),
  emptyDir: fc.boolean(),
});

function asPrinted(pod: Pod, p: PrintedShape, i: number): Pod {
  const spec = pod.spec ?? {};
  const volumes = [
    ...(spec.volumes ?? []),
    { name: `kube-api-access-${i}`, projected: { sources: [{ serviceAccountToken: { path: 'token' } }] } },
    { name: 'config', configMap: { name: 'app-config' } },
    ...(p.claim ? [{ name: 'data', persistentVolumeClaim: { claimName: `data-${pod.metadata.name}` } }] : []),
    ...(p.emptyDir ? [{ name: 'scratch', emptyDir: {} }] : []),
  ];
  const containers = (spec.containers ?? [{ name: 'c' }]).map((c) => ({
    ...c,
    image: c.image ?? 'registry.example/app:1',
    env: [{ name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }],
    livenessProbe: { httpGet: { path: '/healthz', port: 8080 }, periodSeconds: 10 },
    volumeMounts: [{ name: `kube-api-access-${i}`, mountPath: '/var/run/secrets/kubernetes.io/serviceaccount', readOnly: true }],
    terminationMessagePath: '/dev/termination-log',
  }));
  const time = `2026-11-29T10:${String(p.startMinute).padStart(2, '0')}:00Z`;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      ...pod.metadata,
      uid: `uid-${pod.metadata.name}`,
      creationTimestamp: time,
      annotations: { 'kubectl.kubernetes.io/restartedAt': time, ...(p.mirror ? { 'kubernetes.io/config.mirror': 'abc' } : {}) },
      generateName: `${pod.metadata.name}-`,
    },
    spec: { ...spec, containers, volumes, dnsPolicy: 'ClusterFirst', enableServiceLinks: true, serviceAccountName: 'default', restartPolicy: 'Always' },
    status: {
      ...pod.status,
      startTime: time,
      podIP: `10.0.0.${p.ip}`,
      hostIP: '10.128.0.2',
      qosClass: 'Burstable',
      conditions: [
        { type: 'PodScheduled', status: 'True', lastTransitionTime: time },
        { type: 'Ready', status: p.ready ? 'True' : 'False', lastTransitionTime: time },
        ...(p.disrupted ? [{ type: 'DisruptionTarget', status: 'True', reason: 'PreemptionByScheduler', lastTransitionTime: time }] : []),
      ],
      containerStatuses: containers.map((c) => ({
        name: c.name,
        ready: p.ready,
        restartCount: 0,
        containerID: `containerd://${i}`,
        state: { running: { startedAt: time } },
      })),
    },
  };
}

interface PrintedShape {
  startMinute: number;
  ip: number;
  mirror: boolean;
  ready: boolean;
  disrupted: boolean;
  claim: boolean;
  emptyDir: boolean;
}

/**
 * Every decision this test asks, over the nodes and the pods given (whole, or cut down), as JSON to
 * compare. Headroom's template is the pod whole, as the service reads a stored one: whether it has
 * volumes at all decides whether its copies are counted node by node or placed one by one, up to
 * `max`, and that shows in the answer.
 */
function decisions(nodes: readonly Node[], pods: readonly Pod[], incoming: Pod, template: Pod, drained: readonly string[], options?: PlacementOptions) {
  const usage = usageByNode(pods);
  const capacity = { usageOf: (name: string) => usage.get(name) };
  const context = indexedContext(snapshotOf(nodes, pods));
  const taint = { key: 'maintenance', effect: 'NoExecute' as const };
  // High enough to preempt the replicas (priority 0), with budgets over every app some of whose pods are not Ready.
  const preempting = { ...incoming, spec: { ...incoming.spec, priority: 1000 } };
  const podDisruptionBudgets = budgets(pods);
  return JSON.parse(
    JSON.stringify({
      placement: placePod(incoming, nodes, options, capacity, context),
      preemption: defaultPreemption({ pod: preempting, nodes, context, capacity, options: options ?? defaultPlacementOptions, podDisruptionBudgets }),
      together: drainPlan({ nodes, pods, podDisruptionBudgets }, { nodes: drained, force: false, mode: 'together', now }),
      alone: drainPlan({ nodes, pods, podDisruptionBudgets }, { nodes: drained, force: true, mode: 'alone', now }),
      headroom: headroom({ nodes, pods }, { pod: template, max: 20 }),
      impact: taintImpact(taint, nodes, pods, new Set(drained), now),
      fields: pods.map(podFields),
    }),
  ) as unknown;
}

/**
 * A budget over each app's pods that allows no disruption but of a pod not Ready (its healthy pods
 * as many as it wants: IfHealthyBudget): the eviction API reads each pod's Ready condition.
 */
function budgets(pods: readonly Pod[]): PodDisruptionBudget[] {
  const apps = new Set(pods.flatMap((pod) => (pod.metadata.labels?.app ? [pod.metadata.labels.app] : [])));
  return [...apps].map((app) => ({
    metadata: { name: app, namespace: 'default' },
    spec: { minAvailable: 1, selector: { matchLabels: { app } } },
    status: { disruptionsAllowed: 0, currentHealthy: 1, desiredHealthy: 1, expectedPods: 2, observedGeneration: 1 },
  }));
}

const cutDown = (pods: readonly Pod[]) => pods.map(decisionPodOf);

describe('decisionPodOf', () => {
  it('keeps the fields decisions read and leaves out the rest', () => {
    const pod = asPrinted(
      {
        metadata: { name: 'web-1', namespace: 'shop', labels: { app: 'web' }, ownerReferences: [{ kind: 'ReplicaSet', name: 'web-abc', controller: true }] },
        spec: {
          nodeName: 'n1',
          priority: 10,
          containers: [{ name: 'c', resources: { requests: { cpu: '1' } }, ports: [{ containerPort: 80, hostPort: 80 }] }],
        },
        status: { phase: 'Running' },
      },
      { startMinute: 5, ip: 7, mirror: true, ready: true, disrupted: false, claim: true, emptyDir: true },
      1,
    );
    expect(decisionPodOf(pod)).toEqual({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name: 'web-1',
        namespace: 'shop',
        uid: 'uid-web-1',
        creationTimestamp: '2026-11-29T10:05:00Z',
        labels: { app: 'web' },
        ownerReferences: [{ kind: 'ReplicaSet', name: 'web-abc', controller: true }],
        annotations: { 'kubernetes.io/config.mirror': 'abc' },
      },
      spec: {
        nodeName: 'n1',
        priority: 10,
        restartPolicy: 'Always',
        serviceAccountName: 'default',
        containers: [{ name: 'c', image: 'registry.example/app:1', resources: { requests: { cpu: '1' } }, ports: [{ containerPort: 80, hostPort: 80 }] }],
        volumes: [
          { name: 'data', persistentVolumeClaim: { claimName: 'data-web-1' } },
          { name: 'scratch', emptyDir: {} },
        ],
      },
      status: {
        phase: 'Running',
        qosClass: 'Burstable',
        startTime: '2026-11-29T10:05:00Z',
        podIP: '10.0.0.7',
        conditions: [{ type: 'Ready', status: 'True' }],
      },
    });
  });

  it('answers placement, drains, headroom, taint impact and field selectors as the whole pods do, on random clusters', () => {
    fc.assert(
      fc.property(
        withImages,
        interPodRunning,
        workloadReplicas,
        interPodIncoming,
        fc.array(printed, { minLength: 40, maxLength: 40 }),
        fc.subarray(placementNodeNames, { minLength: 1, maxLength: 3 }),
        placementOptions,
        (nodes, running, replicas, incoming, shapes, drained, options) => {
          const bound = replicas.map((pod, i): Pod => ({
            ...pod,
            metadata: { ...pod.metadata, name: `w${i}` },
            spec: { ...pod.spec, nodeName: placementNodeNames[i % placementNodeNames.length] },
            status: { phase: 'Running' },
          }));
          const pods = [...running, ...bound].map((pod, i) => asPrinted(pod, shapes[i % shapes.length] as PrintedShape, i));
          const asked = asPrinted(incoming, shapes[0] as PrintedShape, 99);
          const { nodeName: _, ...unbound } = asked.spec ?? {};
          const pod = { ...asked, spec: unbound, status: { phase: 'Pending' } };
          expect(decisions(nodes, cutDown(pods), decisionPodOf(pod), pod, drained, options)).toEqual(decisions(nodes, pods, pod, pod, drained, options));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('answers the same over the realistic cluster, for a replacement of each kind of its pods', () => {
    const cluster = realisticCluster({ nodes: 24, podsPerNode: 8 });
    const nodes = cluster.nodes as unknown as Node[];
    const pods = cluster.pods as unknown as Pod[];
    const compact = cutDown(pods);
    const drained = nodes.slice(0, 3).map((n) => n.metadata.name);
    const owners = new Set<string>();
    for (const pod of pods) {
      const owner = pod.metadata.ownerReferences?.find((o) => o.controller)?.name ?? pod.metadata.name;
      if (owners.has(owner)) continue;
      owners.add(owner);
      const { nodeName: _, ...spec } = pod.spec ?? {};
      const replacement = { ...pod, spec, status: { phase: 'Pending' } };
      expect(decisions(nodes, compact, decisionPodOf(replacement), replacement, drained)).toEqual(decisions(nodes, pods, replacement, replacement, drained));
    }
    expect(owners.size).toBeGreaterThan(10);
  });
});
