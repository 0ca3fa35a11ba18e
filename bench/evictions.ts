/**
 * NoExecute at scale, through the real app, Postgres, Redis and BullMQ of this machine:
 * a NoExecute taint lands on 100 nodes of 100 pods each (10,000 pods, every one tolerating it
 * for 5 to 30 s): how long until every decision is stored, then how late each of the 10,000
 * evictions fires (fired_at - scheduled_for) while the others still wait.
 *   npm run bench:evictions
 */
import 'reflect-metadata';
import { machineLine } from './machine';
import { randomUUID } from 'node:crypto';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Node, Pod } from '@taintgate/domain';
import { AppModule } from '../apps/api/src/app.module';
import { ClusterWriter } from '../apps/api/src/store/cluster-writer';
import { createBenchDatabase } from './bench-database';
import { nodeColumnsOf } from '../apps/api/src/store/node-record';
import { podColumnsOf } from '../apps/api/src/store/pod-record';
import { loadConfig } from '../apps/api/src/platform/config/load-config';
import { configureApp, createHttpAdapter } from '../apps/api/src/configure-app';
import { PrismaService } from '../apps/api/src/platform/database/prisma.service';
import { deleteRedisKeys } from '../test/support/redis-prefix';
import { random } from './cluster-fixture';

const NODES = 100;
const PODS_PER_NODE = Number(process.env.BENCH_PODS_PER_NODE ?? 100);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const bench = await createBenchDatabase();
  const { databaseUrl } = bench;
  const prefix = `${bench.name}_q`;
  console.log(machineLine());

  // The cluster, written directly (setup, not measured).
  const prisma = new PrismaService(loadConfig({ ...process.env, DATABASE_URL: databaseUrl }));
  const rand = random(7);
  const nodes: Node[] = Array.from({ length: NODES }, (_, i) => ({ metadata: { name: `node-${i}`, labels: { pool: 'batch' } } }));
  await prisma.node.createMany({ data: nodes.map((n) => ({ clusterId: 1, name: n.metadata.name, uid: randomUUID(), ...nodeColumnsOf(n), revision: 1n })) });
  const pods: Pod[] = nodes.flatMap((n, i) =>
    Array.from({ length: PODS_PER_NODE }, (_, j) => ({
      metadata: { name: `pod-${i}-${j}`, namespace: 'bench', uid: randomUUID() },
      spec: {
        nodeName: n.metadata.name,
        tolerations: [{ key: 'drain', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 5 + Math.floor(rand() * 26) }],
      },
      status: { phase: 'Running', qosClass: 'BestEffort' },
    })),
  );
  for (let i = 0; i < pods.length; i += 2000) {
    await prisma.pod.createMany({
      data: pods
        .slice(i, i + 2000)
        .map((p) => ({ clusterId: 1, namespace: 'bench', name: p.metadata.name, uid: p.metadata.uid as string, ...podColumnsOf(p), revision: 1n })),
    });
  }
  // The default cluster (id 1, made by the migrations) at the revision the rows carry.
  await prisma.cluster.update({ where: { id: 1 }, data: { revision: 1n } });

  process.env.DATABASE_URL = databaseUrl;
  process.env.REDIS_PREFIX = prefix;
  // What is measured is the feature, not the key lookup.
  process.env.TAINTGATE_AUTH = 'off';
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, createHttpAdapter(), { logger: ['warn', 'error'] });
  await configureApp(app);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  const holds: number[] = [];
  app.get(ClusterWriter).onHold((_cluster, ms, what) => {
    if (what === 'eviction wake-up') holds.push(ms);
  });
  try {
    const start = process.hrtime.bigint();
    const reply = await app.inject({ method: 'POST', url: '/v1/taint', payload: { selector: 'pool=batch', taints: ['drain:NoExecute'] } });
    const answeredMs = Number(process.hrtime.bigint() - start) / 1e6;
    if (reply.statusCode !== 200) throw new Error(`taint failed: ${reply.body}`);
    // Over more than 1,000 pods the command queues its nodes, and the controller's node queue decides their pods after the answer.
    while ((await prisma.pendingNodeUpdate.count()) > 0) await sleep(20);
    const decidedMs = Number(process.hrtime.bigint() - start) / 1e6;
    const scheduled = await prisma.eviction.count({ where: { status: 'Scheduled' } });
    console.log(
      `POST /v1/taint on ${NODES} nodes of ${PODS_PER_NODE} pods: answered in ${answeredMs.toFixed(0)} ms, every decision stored (by the node queue) ` +
        `within ${decidedMs.toFixed(0)} ms (${scheduled} deadlines pending)`,
    );

    for (;;) {
      const left = await prisma.eviction.count({ where: { status: 'Scheduled' } });
      if (left === 0) break;
      await sleep(500);
    }
    const rows = await prisma.eviction.findMany({ where: { status: 'Executed' }, select: { scheduledFor: true, firedAt: true } });
    const lateness = rows.map((r) => (r.firedAt as Date).getTime() - r.scheduledFor.getTime()).sort((a, b) => a - b);
    console.log(
      `${rows.length} evictions fired; lateness p50 ${percentile(lateness, 50)} ms, p99 ${percentile(lateness, 99)} ms, max ${lateness[lateness.length - 1] ?? 0} ms`,
    );
    holds.sort((a, b) => a - b);
    console.log(
      `${holds.length} wake-up writes; their hold of the lock p50 ${percentile(holds, 50).toFixed(0)} ms, p99 ${percentile(holds, 99).toFixed(0)} ms`,
    );
  } finally {
    await app.close();
    await prisma.$disconnect();
    await deleteRedisKeys(prefix);
    await bench.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
