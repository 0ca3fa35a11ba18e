/**
 * GraphQL's limits against hostile documents of at most 1 KB: how long the service takes to
 * refuse (or answer) each shape, through the real app (validation rules, then the cost estimate).
 * The bound: a 1 KB document is validated in under 100 ms whatever its shape.
 *   npm run bench:graphql-limits
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from '../apps/api/src/app.module';
import { configureApp, createHttpAdapter } from '../apps/api/src/configure-app';
import { createBenchDatabase, endBench } from './bench-database';
import { machineLine } from './machine';

const RUNS = 21;

/** Each shape at most 1 KB: the kinds of document that made validation or estimation blow up elsewhere. */
function shapes(): Record<string, string> {
  const fragments = (n: number) =>
    `query { placement { nodes { reasons { taint { ...F0 } } } } } ${Array.from({ length: n }, (_, i) => `fragment F${i} on Taint { ...F${i + 1} ...F${i + 1} }`).join(' ')} fragment F${n} on Taint { key }`;
  const within = (build: (n: number) => string) => {
    let n = 1;
    while (build(n + 1).length <= 1024) n += 1;
    return build(n);
  };
  return {
    'fragments spreading the next twice': within(fragments),
    'aliases of one list': within((n) => `query { ${Array.from({ length: n }, (_, i) => `a${i}: pods { object }`).join(' ')} }`),
    'one fragment spread many times': within(
      (n) =>
        `query { ${Array.from({ length: n }, (_, i) => `a${i}: nodes { ...N }`).join(' ')} } fragment N on Node { name labels taints { key value effect } object }`,
    ),
    'deep nesting': within((n) => `query { placement { nodes { reasons { taint { ${'key { '.repeat(n)}${'}'.repeat(n)} } } } } }`),
    'many fields on one object': within((n) => `query { placement { summary ${Array.from({ length: n }, (_, i) => `s${i}: summary`).join(' ')} } }`),
    'many operations, one chosen': within((n) => Array.from({ length: n }, (_, i) => `query Q${i} { nodes { name } }`).join(' ')),
  };
}

async function main(): Promise<void> {
  const bench = await createBenchDatabase();
  console.log(machineLine());
  process.env.DATABASE_URL = bench.databaseUrl;
  // Its queues' keys under a prefix of its own, deleted at the end (endBench): none left beside the service's.
  const prefix = `taintgate_bench_graphql_limits_${process.pid}`;
  process.env.REDIS_PREFIX = prefix;
  process.env.TAINTGATE_AUTH = 'off';
  process.env.EVICTION_WORKER = 'false';
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, createHttpAdapter(), { logger: ['error'] });
  await configureApp(app);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  try {
    console.log('| document (at most 1 KB) | bytes | status | median | max |');
    console.log('|---|---|---|---|---|');
    for (const [name, query] of Object.entries(shapes())) {
      const times: number[] = [];
      let status = 0;
      for (let run = 0; run < RUNS; run += 1) {
        const start = process.hrtime.bigint();
        const reply = await app.inject({
          method: 'POST',
          url: '/graphql',
          payload: { query, operationName: name.startsWith('many operations') ? 'Q0' : undefined },
        });
        times.push(Number(process.hrtime.bigint() - start) / 1e6);
        status = reply.statusCode;
      }
      times.sort((a, b) => a - b);
      console.log(`| ${name} | ${query.length} | ${status} | ${(times[RUNS >> 1] ?? 0).toFixed(1)} ms | ${(times[RUNS - 1] ?? 0).toFixed(1)} ms |`);
    }
  } finally {
    await app.close();
    await endBench(bench, prefix);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
