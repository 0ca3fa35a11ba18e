/**
 * The objects the drain plan's and the removal sweep's end-to-end tests store: nodes of some cpu
 * (64Gi, 110 pods, their hostname label and any others), and Ready, Running pods of one container
 * asking some cpu, owned by a controller of the kind given (none for a bare pod).
 */

export const node = (name: string, cpu: string, labels: Record<string, string> = {}) => ({
  metadata: { name, labels: { ...labels, 'kubernetes.io/hostname': name } },
  status: { allocatable: { cpu, memory: '64Gi', pods: '110' } },
});

export const pod = (name: string, on: string, app: string, owner: string | undefined, cpu = '1') => ({
  metadata: {
    name,
    labels: { app },
    ...(owner ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: owner, name: `${app}-x`, uid: `uid-${app}`, controller: true }] } : {}),
  },
  spec: { nodeName: on, containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu } } }] },
  status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] },
});

/** The four nodes both drain tests store: two of the general pool (4 cpu), two spare ones (2 and 1 cpu). */
export const poolNodes = () => [
  node('g1', '4', { pool: 'general' }),
  node('g2', '4', { pool: 'general' }),
  node('s1', '2', { pool: 'spare' }),
  node('s2', '1', { pool: 'spare' }),
];
