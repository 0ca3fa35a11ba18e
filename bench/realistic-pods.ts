import type { Pod } from '@taintgate/domain';

/**
 * The pods the realistic-cluster benchmarks place (bench:realistic-placement in the domain,
 * bench:http-realistic-placement through the service): a plain pod, a pod asking for a GPU, and the
 * mix of 20 kinds of the cluster's own pods.
 */

const asking = (name: string, requests: Record<string, string>, tolerations: NonNullable<Pod['spec']>['tolerations'] = []): Pod => ({
  metadata: { name, namespace: 'bench' },
  spec: { tolerations, containers: [{ name: 'c', image: 'registry.example/app:1', resources: { requests, limits: requests } }] },
});
const gpuToleration = [{ key: 'nvidia.com/gpu', operator: 'Exists' as const, effect: 'NoSchedule' as const }];

/** A pod asking for cpu and 1Gi. */
export const plainPod = (cpu = '500m'): Pod => asking('plain', { cpu, memory: '1Gi' });

/** A pod asking for cpu, 1Gi and one nvidia.com/gpu, tolerating the GPU pools' taint. */
export const gpuPod = (cpu = '500m'): Pod => asking('gpu', { cpu, memory: '1Gi', 'nvidia.com/gpu': '1' }, gpuToleration);

/**
 * The cluster's own pods as their replacements (unbound, pending): one of each controller (a
 * DaemonSet's pod pinned to its node, a Deployment's replica, a Job's, a bare pod; not the static
 * pods, which the kubelet runs), 20 controllers taken evenly from all of them in name order.
 */
export function mixOf(pods: readonly Pod[]): Pod[] {
  const byOwner = new Map<string, Pod>();
  for (const pod of pods) {
    const owner = pod.metadata.ownerReferences?.find((ref) => ref.controller === true);
    const key = owner
      ? `${pod.metadata.namespace ?? 'default'}/${owner.kind}/${owner.name}`
      : `${pod.metadata.namespace ?? 'default'}/Pod/${pod.metadata.name}`;
    // A static pod (its owner the Node) is the kubelet's, never scheduled.
    if (owner?.kind === 'Node' || byOwner.has(key)) continue;
    const { nodeName: _bound, ...spec } = pod.spec ?? {};
    byOwner.set(key, { ...pod, spec, status: { phase: 'Pending' } });
  }
  const owners = [...byOwner.keys()].sort();
  return Array.from({ length: Math.min(20, owners.length) }, (_, k) => byOwner.get(owners[Math.floor((k * owners.length) / 20)] as string) as Pod);
}
