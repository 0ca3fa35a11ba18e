import type { PodDisruptionBudget } from '../../../../libs/domain/src/policy/pod-disruption-budget';
import type { Node, Pod } from '../../../../libs/domain/src/types';

/**
 * The objects of the drain plans' and the removal sweep's tests: nodes of some cpu (64Gi, 110 pods,
 * their hostname label), Ready pods of one cpu container owned by a controller (a ReplicaSet unless
 * said; `owner: ''` for a bare pod), and PodDisruptionBudgets of two pods allowing some disruptions.
 */

export const node = (name: string, cpu: string): Node => ({
  metadata: { name, labels: { 'kubernetes.io/hostname': name } },
  status: { allocatable: { cpu, memory: '64Gi', pods: '110' } },
});

export interface PodShape {
  on: string;
  cpu?: string;
  owner?: string;
  app?: string;
  phase?: string;
  mirror?: boolean;
  emptyDir?: boolean;
  spec?: Pod['spec'];
}

export function pod(name: string, { on, cpu = '1', owner = 'ReplicaSet', app = 'web', phase = 'Running', mirror, emptyDir, spec }: PodShape): Pod {
  return {
    metadata: {
      name,
      namespace: 'default',
      labels: { app },
      ...(owner ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: owner, name: `${app}-owner`, uid: `uid-${app}`, controller: true }] } : {}),
      ...(mirror ? { annotations: { 'kubernetes.io/config.mirror': 'x' } } : {}),
    },
    spec: {
      ...spec,
      nodeName: on,
      containers: [{ name: 'c', image: 'x', resources: { requests: { cpu } } }],
      ...(emptyDir ? { volumes: [{ name: 'scratch', emptyDir: {} }] } : {}),
    },
    status: { phase, conditions: [{ type: 'Ready', status: 'True' }] },
  };
}

export function budget(name: string, app: string, disruptionsAllowed: number): PodDisruptionBudget {
  return {
    metadata: { name, namespace: 'default', generation: 1 },
    spec: { minAvailable: 1, selector: { matchLabels: { app } } },
    status: { observedGeneration: 1, disruptionsAllowed, currentHealthy: 2, desiredHealthy: 2 - disruptionsAllowed, expectedPods: 2 },
  };
}
