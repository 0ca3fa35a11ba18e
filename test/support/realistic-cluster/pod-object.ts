import { ago, agoWithNanos } from './clock';
import type { JsonValue, KubeObject } from './json';
import { containerSpec, emptyObject, statusMount, tokenMountPath, tokenProjection } from './pod-containers';
import { statusOf, timeline } from './pod-status';
import { priorities } from './pod-template';
import type { PodPlan } from './pod-types';
import { between, hex, IdKind, nameSuffix, randomStream, uuid, type Random } from './random';

function metadataOf(plan: PodPlan, seed: number, random: Random): KubeObject['metadata'] {
  const { owner, state } = plan;
  const m: Record<string, JsonValue> = {};
  if (owner.mirror === true && plan.node !== undefined) {
    const hash = hex(random, 32);
    m.annotations = {
      'kubernetes.io/config.hash': hash,
      'kubernetes.io/config.mirror': hash,
      'kubernetes.io/config.seen': agoWithNanos(plan.createdAgo + 2, between(random, 0, 999_999_999)),
      'kubernetes.io/config.source': 'file',
    };
  } else if (plan.template.annotations) {
    m.annotations = plan.template.annotations;
  }
  m.creationTimestamp = ago(plan.createdAgo);
  if (state === 'terminating') {
    // Evicted 18 s ago with the default 30 s grace period: deletionTimestamp is when it runs out.
    m.deletionGracePeriodSeconds = 30;
    m.deletionTimestamp = ago(18 - 30);
  }
  if (owner.tracksCompletion === true && state !== 'succeeded' && state !== 'failed') m.finalizers = ['batch.kubernetes.io/job-tracking'];
  if (owner.generateName !== undefined) m.generateName = owner.generateName;
  m.labels = owner.labels;
  m.name = plan.name;
  m.namespace = plan.namespace;
  if (owner.ownerReferences) m.ownerReferences = owner.ownerReferences;
  // Distinct for distinct pods: an odd multiplier is a bijection modulo 2^24.
  m.resourceVersion = String(1_850_000_000 + ((plan.index * 40_503 + seed) % 16_777_216));
  m.uid = uuid(seed, IdKind.pod, plan.index);
  return m as KubeObject['metadata'];
}

/** A Pod as `kubectl get pods -o json` prints it. */
export function buildPod(plan: PodPlan, seed: number): KubeObject {
  const random = randomStream(seed, plan.index);
  const t = plan.template;
  const times = timeline(random, plan.createdAgo, t.initContainers?.length ?? 0);
  const metadata = metadataOf(plan, seed, random);
  const tokenVolume = t.serviceAccountName !== undefined ? `kube-api-access-${nameSuffix(plan.index, seed ^ 0x7a11)}` : undefined;
  const tokenMount = tokenVolume !== undefined ? { mountPath: tokenMountPath, name: tokenVolume, readOnly: true } : undefined;
  const tokenStatusMount = tokenMount !== undefined ? statusMount(tokenMount) : undefined;
  const spec: Record<string, JsonValue> = {};
  const node = plan.node;
  if (node !== undefined && isDaemonSetPod(plan)) {
    // The DaemonSet controller pins each pod to its node (ReplaceDaemonSetPodNodeNameNodeAffinity).
    spec.affinity = {
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [node.name] }] }],
        },
      },
    };
  } else if (t.affinity) {
    spec.affinity = t.affinity;
  }
  spec.containers = t.containers.map((c) => containerSpec(c, tokenMount));
  spec.dnsPolicy = t.dnsPolicy ?? 'ClusterFirst';
  spec.enableServiceLinks = true;
  if (t.hostNetwork === true) spec.hostNetwork = true;
  if (t.initContainers) spec.initContainers = t.initContainers.map((c) => containerSpec(c, tokenMount));
  if (node !== undefined) spec.nodeName = node.name;
  if (t.nodeSelector) spec.nodeSelector = t.nodeSelector;
  if (t.overhead) spec.overhead = t.overhead;
  spec.preemptionPolicy = 'PreemptLowerPriority';
  spec.priority = t.priorityClassName !== undefined ? priorities[t.priorityClassName] : 0;
  if (t.priorityClassName !== undefined) spec.priorityClassName = t.priorityClassName;
  spec.restartPolicy = t.restartPolicy ?? 'Always';
  if (t.runtimeClassName !== undefined) spec.runtimeClassName = t.runtimeClassName;
  spec.schedulerName = 'default-scheduler';
  spec.securityContext = t.securityContext ?? emptyObject;
  if (t.serviceAccountName !== undefined) {
    // The deprecated serviceAccount field is still filled in from serviceAccountName.
    spec.serviceAccount = t.serviceAccountName;
    spec.serviceAccountName = t.serviceAccountName;
  }
  spec.terminationGracePeriodSeconds = t.terminationGracePeriodSeconds ?? 30;
  spec.tolerations = t.tolerations;
  if (t.topologySpreadConstraints) spec.topologySpreadConstraints = t.topologySpreadConstraints;
  const volumes = t.volumes ?? [];
  if (tokenVolume !== undefined) spec.volumes = [...volumes, { name: tokenVolume, projected: tokenProjection }];
  else if (volumes.length > 0) spec.volumes = volumes;
  return { apiVersion: 'v1', kind: 'Pod', metadata, spec, status: statusOf(plan, random, times, tokenStatusMount) };
}

function isDaemonSetPod(plan: PodPlan): boolean {
  return plan.owner.ownerReferences?.some((o) => o.kind === 'DaemonSet') === true;
}
