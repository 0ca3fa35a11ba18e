import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { gqlData } from '../../faces/graphql/graphql-client';
import { useApiFixture } from '../../../../support/api-test-app';
import { node, pod } from '../../../../support/drain-objects';
import { bootApp } from '../../../../support/boot-app';

type Json = Record<string, any>;

/**
 * POST /v1/removal-sweep over the stored cluster (the real Postgres and Redis behind it): the sweep
 * is stored and queued; this replica runs no sweep worker (SWEEP_WORKER=false), so it waits until a
 * second replica on the same database and Redis starts, whose BullMQ worker takes it and judges every
 * node on worker threads; its progress and ranked nodes are read back from the first. Nothing in the
 * cluster changes.
 */
describe('POST /v1/removal-sweep', () => {
  const t = useApiFixture({ SWEEP_WORKER: 'false' });
  const { api } = t;
  let worker: NestFastifyApplication | undefined;
  afterAll(async () => {
    await worker?.close();
  });

  /** The sweep once it has finished (the worker threads take a moment to start). */
  async function finished(name: string, path = '/v1/removal-sweeps'): Promise<Json> {
    for (let tries = 0; tries < 600; tries++) {
      const sweep = (await api.get(`${path}/${name}`)).json<Json>();
      if (sweep.status.phase === 'Succeeded' || sweep.status.phase === 'Failed') return sweep;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`sweep ${name} did not finish`);
  }

  beforeAll(async () => {
    // n1 (4 cpu) runs web (1 cpu); n2 (2 cpu, room for nothing more) runs batch (3.5 cpu asked: it fits
    // nowhere else, n1 having 3 free); n3 (2 cpu) runs a bare pod (no controller); n4 (1 cpu) is empty.
    for (const n of [node('n1', '4'), node('n2', '2'), node('n3', '2'), node('n4', '1')]) {
      expect((await api.putNode(n.metadata.name, n)).statusCode).toBe(201);
    }
    const pods = [pod('web', 'n1', 'web', 'ReplicaSet', '1'), pod('batch', 'n2', 'batch', 'Job', '3500m'), pod('bare', 'n3', 'bare', undefined, '1')];
    for (const p of pods) expect((await api.putPod('default', p.metadata.name, p)).statusCode).toBe(201);
  });

  it('answers 202 with the sweep Pending; one a cluster at a time (409); a replica with a worker takes it, judges every node on threads and ranks them, the easiest first', async () => {
    const reply = await api.post('/v1/removal-sweep', {});
    expect(reply.statusCode, reply.body).toBe(202);
    const asked = reply.json<Json>();
    expect(asked).toMatchObject({
      apiVersion: 'taintgate.io/v1',
      kind: 'RemovalSweep',
      metadata: { cluster: 'default' },
      spec: { nodeCount: 4 },
      status: { phase: 'Pending', done: 0, total: 4 },
    });
    const again = await api.post('/v1/removal-sweep', { nodes: ['n1'] });
    expect(again.statusCode).toBe(409);
    expect(again.json<Json>().message).toBe(`removal sweep ${asked.metadata.name} of cluster default is pending: one sweep a cluster at a time`);
    expect((await api.get(`/v1/removal-sweeps/${asked.metadata.name}`)).json<Json>().status.phase).toBe('Pending');

    // Followed over graphql-ws from this replica: Pending now, then each change until it is done.
    await t.app.listen(0, '127.0.0.1');
    const { port } = t.app.getHttpServer().address() as { port: number };
    const client = createClient({ url: `ws://127.0.0.1:${port}/graphql`, webSocketImpl: WebSocket, retryAttempts: 0 });
    const seen: Json[] = [];
    const followed = new Promise<void>((resolve, reject) =>
      client.subscribe<{ removalSweepProgress: Json }>(
        {
          query: 'subscription($name: String!) { removalSweepProgress(name: $name) { status { phase done total removable } } }',
          variables: { name: asked.metadata.name },
        },
        {
          next: ({ data, errors }) => (errors ? reject(new Error(JSON.stringify(errors))) : seen.push(data?.removalSweepProgress.status as Json)),
          error: reject,
          complete: resolve,
        },
      ),
    );
    while (seen.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen[0]).toEqual({ phase: 'Pending', done: 0, total: 4, removable: null });

    worker = await bootApp({ DATABASE_URL: t.databaseUrl, REDIS_PREFIX: t.redisPrefix });
    const sweep = await finished(asked.metadata.name);
    await followed;
    await client.dispose();
    expect(seen.at(-1)).toEqual({ phase: 'Succeeded', done: 4, total: 4, removable: 2 });
    expect(sweep.status).toMatchObject({ phase: 'Succeeded', done: 4, total: 4, removable: 2 });
    expect(sweep.status.startTime).toMatch(/Z$/);
    expect(sweep.status.completionTime).toMatch(/Z$/);
    // n4 holds nothing and n1's web fits elsewhere (n3 has 1 cpu free); n2's batch (3.5 cpu) fits nowhere; n3's bare pod blocks its drain.
    expect(sweep.status.nodes.map((r: Json) => [r.node, r.verdict])).toEqual([
      ['n4', 'AllFit'],
      ['n1', 'AllFit'],
      ['n2', 'SomeStranded'],
      ['n3', 'Blocked'],
    ]);
    expect(sweep.status.nodes[2]).toMatchObject({
      removable: false,
      counts: { evicted: 1, stranded: 1 },
      reasons: ['default/batch: 0/4 nodes are available: 1 node(s) were unschedulable, 3 Insufficient cpu.'],
    });
    expect(sweep.status.nodes[3].reasons[0]).toMatch(/^cannot delete Pods that declare no controller/);
    // And as a chat answer.
    const text = (await api.get(`/v1/removal-sweeps/${asked.metadata.name}?format=markdown`)).body.split('\n');
    expect(text[0]).toMatch(/^Removal sweep of 4 nodes: done, 2 can go \(revision \d+\)\.$/);
    expect(text.slice(1, 4)).toEqual([
      '1. `n4`: :white_check_mark: removable (0 pods to move).',
      '2. `n1`: :white_check_mark: removable (1 pod to move).',
      '3. `n2`: :x: replacements fit nowhere (1 pod to move): default/batch: 0/4 nodes are available: 1 node(s) were unschedulable, 3 Insufficient cpu.',
    ]);
    expect(text[4]).toMatch(/^4\. `n3`: :no_entry: the drain cannot finish \(0 pods to move\): cannot delete Pods that declare no controller/);
  });

  it('sweeps the nodes named, by the cluster path too; lists the sweeps, newest first', async () => {
    const asked = (await api.post('/v1/clusters/default/removal-sweep', { nodes: ['n2'] })).json<Json>();
    const sweep = await finished(asked.metadata.name, '/v1/clusters/default/removal-sweeps');
    expect(sweep.status.nodes.map((r: Json) => r.node)).toEqual(['n2']);
    const list = (await api.get('/v1/removal-sweeps')).json<Json>();
    expect(list.kind).toBe('RemovalSweepList');
    expect(list.items[0]).toMatchObject({ metadata: { name: asked.metadata.name }, spec: { nodeCount: 1 }, status: { phase: 'Succeeded', done: 1, total: 1 } });
    expect(list.items[0].status.nodes).toBeUndefined();
  });

  it('GraphQL: the mutation starts one, the query reads it, removalSweeps lists them', async () => {
    const started = await gqlData<{ removalSweep: Json }>(
      t.app,
      'mutation { removalSweep(nodes: ["n1", "n4"]) { metadata { name } spec { nodeCount } status { phase } } }',
    );
    expect(started.removalSweep.spec.nodeCount).toBe(2);
    const name = started.removalSweep.metadata.name;
    await finished(name);
    const read = await gqlData<{ removalSweep: Json }>(
      t.app,
      'query($name: String!) { removalSweep(name: $name) { status { phase removable nodes { node removable verdict counts { evicted placed } reasons } } } }',
      { name },
    );
    expect(read.removalSweep.status).toEqual({
      phase: 'Succeeded',
      removable: 2,
      nodes: [
        { node: 'n4', removable: true, verdict: 'AllFit', counts: { evicted: 0, placed: 0 }, reasons: [] },
        { node: 'n1', removable: true, verdict: 'AllFit', counts: { evicted: 1, placed: 1 }, reasons: [] },
      ],
    });
    const listed = await gqlData<{ removalSweeps: Json[] }>(t.app, '{ removalSweeps { metadata { name } status { phase } } }');
    expect(listed.removalSweeps[0]).toEqual({ metadata: { name }, status: { phase: 'Succeeded' } });
  });

  it('names a bad field, an unknown node, an unknown sweep', async () => {
    expect((await api.post('/v1/removal-sweep', { nodes: [] })).statusCode).toBe(400);
    const unknown = await api.post('/v1/removal-sweep', { nodes: ['nope'] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<Json>().message).toBe('nodes "nope" not found');
    const missing = await api.get('/v1/removal-sweeps/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json<Json>().message).toBe('removalsweeps.taintgate.io "00000000-0000-4000-8000-000000000000" not found');
    expect((await api.get('/v1/removal-sweeps/not-a-uuid')).statusCode).toBe(404);
  });
});
