import fc from 'fast-check';
import type { Node, Pod } from '../../../../libs/domain/src/types';
import { interPodCluster } from './inter-pod-clusters';

/**
 * Replicas of a few workloads, alike within a workload in all that placement reads (a drain or a
 * sweep moves a workload's replicas one after another, and a simulation keeps each kind's ranking
 * across them): requests, tolerations of the hard taints or of all, soft spread constraints on the
 * zone and the hostname, a preferred zone, an image some nodes hold, and pod anti-affinity against
 * their own replicas on the hostname (one a node), the zone, or preferred. Named p0, p1, ... in the
 * order drawn, none bound, each owned by its workload's ReplicaSet.
 */

/** A workload's pod anti-affinity against its own replicas. */
function antiAffinityOf(app: string, kind: 'none' | 'hostname' | 'zone' | 'preferred'): NonNullable<NonNullable<Pod['spec']>['affinity']> {
  const term = (topologyKey: string) => ({ labelSelector: { matchLabels: { app } }, topologyKey });
  if (kind === 'hostname') return { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term('kubernetes.io/hostname')] } };
  if (kind === 'zone') return { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term('zone')] } };
  if (kind === 'preferred')
    return { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 50, podAffinityTerm: term('kubernetes.io/hostname') }] } };
  return {};
}

const workload = fc.record({
  app: fc.constantFrom('web', 'db', 'cache'),
  cpu: fc.constantFrom('0', '100m', '250m', '1'),
  memory: fc.constantFrom('0', '64Mi', '1Gi'),
  tolerate: fc.constantFrom('none', 'hard', 'all'),
  soft: fc.array(fc.record({ maxSkew: fc.integer({ min: 1, max: 3 }), topologyKey: fc.constantFrom('zone', 'kubernetes.io/hostname') }), { maxLength: 2 }),
  preferZone: fc.option(fc.constantFrom('a', 'b'), { nil: undefined }),
  image: fc.constantFrom('x', 'registry.example/app:1'),
  // One replica a node (ranked with each node's outcome kept), or across zones or preferred (placed the usual way).
  antiAffinity: fc.constantFrom('none', 'none', 'hostname', 'zone', 'preferred'),
});
type Workload = Omit<typeof workload extends fc.Arbitrary<infer W> ? W : never, 'app'> & { readonly app: string };

/** The replicas picked, in turn, of the workloads given. */
function replicasOf(kinds: readonly Workload[], picks: readonly number[]): Pod[] {
  return picks.map((pick, i): Pod => {
    const w = kinds[pick % kinds.length] as (typeof kinds)[number];
    return {
      metadata: {
        name: `p${i}`,
        namespace: 'default',
        labels: { app: w.app },
        ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: `${w.app}-rs`, uid: `uid-${w.app}`, controller: true }],
      },
      spec: {
        priority: 0,
        // Tolerating the hard taints only leaves PreferNoSchedule ones to score (TaintToleration).
        ...(w.tolerate === 'all' ? { tolerations: [{ operator: 'Exists' }] } : {}),
        ...(w.tolerate === 'hard'
          ? {
              tolerations: [
                { operator: 'Exists', effect: 'NoSchedule' },
                { operator: 'Exists', effect: 'NoExecute' },
              ],
            }
          : {}),
        ...(w.soft.length
          ? {
              topologySpreadConstraints: w.soft.map((c) => ({
                ...c,
                whenUnsatisfiable: 'ScheduleAnyway',
                labelSelector: { matchLabels: { app: w.app } },
              })),
            }
          : {}),
        affinity: {
          ...(w.preferZone
            ? {
                nodeAffinity: {
                  preferredDuringSchedulingIgnoredDuringExecution: [
                    { weight: 10, preference: { matchExpressions: [{ key: 'zone', operator: 'In', values: [w.preferZone] }] } },
                  ],
                },
              }
            : {}),
          ...antiAffinityOf(w.app, w.antiAffinity),
        },
        containers: [{ name: 'c', image: w.image, resources: { requests: { cpu: w.cpu, memory: w.memory } } }],
      },
    };
  });
}

export const workloadReplicas: fc.Arbitrary<Pod[]> = fc
  .tuple(fc.array(workload, { minLength: 1, maxLength: 3 }), fc.array(fc.nat(2), { minLength: 1, maxLength: 10 }))
  .map(([kinds, picks]) => replicasOf(kinds, picks));

/**
 * Replicas of workloads alike in all but their names (the labels their selectors count), some asking
 * another cpu: kinds placed by class that share one ranking, each reading its own matching pods.
 */
export const alikeWorkloadReplicas: fc.Arbitrary<Pod[]> = fc
  .tuple(
    workload,
    fc.array(fc.record({ app: fc.constantFrom('web', 'db', 'cache', 'api'), cpu: fc.option(fc.constantFrom('100m', '1'), { nil: undefined }) }), {
      minLength: 2,
      maxLength: 4,
    }),
    fc.array(fc.nat(3), { minLength: 2, maxLength: 12 }),
  )
  .map(([w, variants, picks]) =>
    replicasOf(
      variants.map((v) => ({ ...w, app: v.app, ...(v.cpu ? { cpu: v.cpu } : {}) })),
      picks,
    ),
  );
// Some nodes hold the workloads' image already (ImageLocality scores them).
export const withImages: fc.Arbitrary<Node[]> = fc
  .tuple(interPodCluster, fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }))
  .map(([nodes, held]) =>
    nodes.map((node, i): Node =>
      held[i] ? { ...node, status: { ...node.status, images: [{ names: ['registry.example/app:1'], sizeBytes: 600_000_000 }] } } : node,
    ),
  );
