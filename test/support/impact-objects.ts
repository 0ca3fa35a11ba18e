/**
 * The objects the taint impact's placement end-to-end tests store: nodes of some cpu (8Gi, 110
 * pods, their hostname label), and Running replicas of one ReplicaSet by name (`web-0`: app `web`)
 * asking some cpu.
 */

export const node = (name: string, cpu: string) => ({
  metadata: { name, labels: { 'kubernetes.io/hostname': name } },
  status: { allocatable: { cpu, memory: '8Gi', pods: '110' } },
});

export const replica = (name: string, on: string, cpu = '1') => ({
  metadata: {
    name,
    labels: { app: name.replace(/-\d+$/, '') },
    ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid: `uid-${name.replace(/-\d+$/, '')}`, controller: true }],
  },
  spec: { nodeName: on, containers: [{ name: 'c', image: 'x', resources: { requests: { cpu } } }] },
  status: { phase: 'Running' },
});

/** Three 1-cpu replicas on t1 (8 cpu), and room for two of them on n1 (2 cpu, one taken) and n2 (1 cpu). */
export const threeReplicasAndRoomForTwo = () => ({
  nodes: [node('t1', '8'), node('n1', '2'), node('n2', '1')],
  pods: [replica('web-0', 't1'), replica('web-1', 't1'), replica('web-2', 't1'), replica('old-0', 'n1')],
});
