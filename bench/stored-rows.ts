import { randomUUID } from 'node:crypto';
import { type Node, type Pod, reconcileUnschedulableTaint } from '@taintgate/domain';
import type { TaintEffect } from '../apps/api/src/generated/prisma/client';
import { nodeColumnsOf } from '../apps/api/src/store/node-record';
import { podColumnsOf } from '../apps/api/src/store/pod-record';
import { loadConfig } from '../apps/api/src/platform/config/load-config';
import { PrismaService } from '../apps/api/src/platform/database/prisma.service';

/**
 * A generated cluster stored as rows of the default cluster (id 1, made by the migrations), past
 * the API, in bulk: the benchmarks' setup, not measured. Nodes are stored as a write through the
 * API would store them: a cordoned node with its `node.kubernetes.io/unschedulable` taint, each
 * taint with the time it was sent with (so that sending the same node again changes no taint).
 * Its pods go to namespace `bench`, as BestEffort; the cluster takes the revision the rows carry;
 * the tables are analyzed.
 */
export async function storeClusterRows(databaseUrl: string, nodes: readonly Node[], pods: readonly Pod[]): Promise<void> {
  const prisma = new PrismaService(loadConfig({ ...process.env, DATABASE_URL: databaseUrl }));
  const now = Date.now();
  try {
    for (let i = 0; i < nodes.length; i += 2000) {
      const chunk = nodes.slice(i, i + 2000).map((n) => reconcileUnschedulableTaint(n, now));
      await prisma.node.createMany({ data: chunk.map((n) => ({ clusterId: 1, name: n.metadata.name, uid: randomUUID(), ...nodeColumnsOf(n), revision: 1n })) });
      await prisma.taint.createMany({
        data: chunk.flatMap((n) =>
          (n.spec?.taints ?? []).map((t, position) => ({
            clusterId: 1,
            nodeName: n.metadata.name,
            key: t.key,
            value: t.value ?? '',
            effect: t.effect as TaintEffect,
            timeAdded: new Date(t.timeAdded ?? now),
            position,
          })),
        ),
      });
    }
    for (let i = 0; i < pods.length; i += 5000) {
      const chunk = pods.slice(i, i + 5000).map((p) => ({ ...p, status: { ...p.status, qosClass: 'BestEffort' as const } }));
      await prisma.pod.createMany({
        data: chunk.map((p) => ({ clusterId: 1, namespace: 'bench', name: p.metadata.name, uid: randomUUID(), ...podColumnsOf(p), revision: 1n })),
      });
    }
    await prisma.cluster.update({ where: { id: 1 }, data: { revision: 1n } });
    // Planner statistics, as autovacuum gathers them within a minute of a load this size: the
    // benchmarks measure a cluster in its steady state, not the minute after it was bulk-loaded.
    await prisma.$executeRawUnsafe('ANALYZE');
  } finally {
    await prisma.$disconnect();
  }
}
