import { type Node, type Pod, type Taint, evictionStep, parseTaintArgs, taintNodes } from '@taintgate/domain';
import { describe, expect, it, vi } from 'vitest';
import { random } from '../../../../../bench/cluster-fixture';
import { ClusterWriter } from '../../../../../apps/api/src/store/cluster-writer';
import { NODES_PER_WRITE } from '../../../../../apps/api/src/features/taints/taint-command.service';
import { useApiFixture } from '../../../../support/api-test-app';

/**
 * POST /v1/taint over many nodes is planned from the cluster's snapshot before the write takes the
 * cluster's lock, and stored in bulk under it (TaintCommandService.command). These tests hold it to what
 * the domain decides, node by node and pod by pod, and to the plan's checks under the lock.
 */

const spelled = (taints: readonly Taint[] | undefined) => (taints ?? []).map((t) => `${t.key}${t.value ? `=${t.value}` : ''}:${t.effect}`);

/** 150 nodes (some with a NoExecute taint already, some with the key the command adds) and 450 pods with every kind of toleration of it. */
function mixedCluster(): { nodes: Node[]; pods: Pod[] } {
  const rand = random(12);
  const nodes: Node[] = Array.from({ length: 150 }, (_, i) => {
    const taints: Taint[] = [];
    const r = rand();
    if (r < 0.15) taints.push({ key: 'old', value: 'x', effect: 'NoExecute' });
    else if (r < 0.3) taints.push({ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' });
    else if (r < 0.35) taints.push({ key: 'maint', value: 'old', effect: 'NoExecute' });
    return {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name: `n-${String(i).padStart(3, '0')}`, labels: { pool: i % 2 ? 'a' : 'b' } },
      spec: { taints },
    };
  });
  const tolerationsOf = (r: number) =>
    r < 0.3
      ? []
      : r < 0.45
        ? [{ key: 'maint', operator: 'Exists', effect: 'NoExecute' }]
        : r < 0.6
          ? [{ key: 'maint', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 30 + Math.floor(r * 1000) }]
          : r < 0.7
            ? [
                { key: 'old', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 600 },
                { operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 900 },
              ]
            : r < 0.8
              ? [{ operator: 'Exists' }]
              : [{ key: 'maint', operator: 'Equal', value: 'other', effect: 'NoExecute' }];
  const pods: Pod[] = Array.from({ length: 450 }, (_, i) => {
    const r = rand();
    const bound = rand() < 0.95;
    const spec: Record<string, unknown> = {
      containers: [{ name: 'c', image: 'nginx' }],
      tolerations: tolerationsOf(r),
      terminationGracePeriodSeconds: i % 7 === 0 ? 0 : 30,
    };
    if (bound) spec.nodeName = nodes[Math.floor(rand() * nodes.length)]?.metadata.name;
    return {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: `p-${i}`, namespace: i % 3 ? 'web' : 'batch' },
      spec,
      status: { phase: bound ? 'Running' : 'Pending' },
    };
  });
  return { nodes, pods };
}

interface EvictionRow {
  id: string;
  pod: string;
  node: string;
  taint: string;
  status: string;
  reason: string | null;
  seconds: string | null;
  startedAt: Date;
  scheduledFor: Date;
}

describe('POST /v1/taint, planned before the lock', () => {
  const t = useApiFixture();
  const { api, db } = t;

  const evictions = async (cluster: string): Promise<EvictionRow[]> =>
    (
      await db.query<EvictionRow>(
        `SELECT e.id::text AS id, e.pod_namespace || '/' || e.pod_name AS pod, e.node_name AS node,
                e.taint_key || CASE WHEN e.taint_value = '' THEN '' ELSE '=' || e.taint_value END || ':' || e.taint_effect AS taint,
                e.status::text AS status, e.reason, e.toleration_seconds::text AS seconds, e.started_at AS "startedAt", e.scheduled_for AS "scheduledFor"
         FROM evictions e JOIN clusters c ON c.id = e.cluster_id WHERE c.name = $1 ORDER BY e.id`,
        [cluster],
      )
    ).rows;
  const revisionOf = async (cluster: string): Promise<bigint> =>
    BigInt((await db.query<{ revision: string }>(`SELECT revision::text AS revision FROM clusters WHERE name = $1`, [cluster])).rows[0]?.revision ?? -1);
  const nodesOf = async (cluster: string): Promise<Node[]> => (await api.get(`/v1/clusters/${cluster}/nodes`)).json().items;
  const podsOf = async (cluster: string): Promise<Pod[]> => (await api.get(`/v1/clusters/${cluster}/pods`)).json().items;

  it('a NoExecute taint over hundreds of nodes and pods: the answer, the stored taints and every eviction are what the domain decides', async () => {
    const { nodes, pods } = mixedCluster();
    const imported = await api.post('/v1/clusters/mixed/import', { apiVersion: 'v1', kind: 'List', items: [...nodes, ...pods] });
    expect(imported.statusCode).toBe(200);
    expect(imported.json().rejected).toEqual([]);
    const nodesBefore = await nodesOf('mixed');
    const podsBefore = await podsOf('mixed');
    const evictionsBefore = await evictions('mixed');
    // The import scheduled the evictions of pods that tolerate the nodes' NoExecute taints for a while.
    expect(evictionsBefore.filter((e) => e.status === 'Scheduled').length).toBeGreaterThan(10);

    const change = parseTaintArgs(['maint=now:NoExecute']);
    if (!change.ok) throw new Error('the arguments parse');
    const started = Date.now();
    const reply = await api.post('/v1/clusters/mixed/taint', { all: true, taints: ['maint=now:NoExecute'], overwrite: true });
    const ended = Date.now();
    expect(reply.statusCode).toBe(200);

    // The nodes: kubectl's answer and the taints after, as the domain makes them from the nodes before.
    const expected = taintNodes({ by: 'all' }, change.value, true, nodesBefore, () => undefined);
    if (!expected.ok) throw new Error('the command applies to every node');
    const results = reply.json().results as { node: string; operation: string; message: string; taints: Taint[]; object: Node }[];
    expect(results.map((r) => [r.node, r.operation, r.message, spelled(r.taints)])).toEqual(
      expected.value.map((e) => [e.node.metadata.name, e.operation, `node/${e.node.metadata.name} ${e.operation}`, spelled(e.taints)]),
    );
    const nodesAfter = await nodesOf('mixed');
    expect(nodesAfter.map((n) => [n.metadata.name, spelled(n.spec?.taints)])).toEqual(expected.value.map((e) => [e.node.metadata.name, spelled(e.taints)]));
    // Each answered object is the node as stored; a taint kept keeps its time.
    expect(results.map((r) => r.object)).toEqual(nodesAfter);
    const before = new Map(nodesBefore.map((n) => [n.metadata.name, n]));
    for (const node of nodesAfter) {
      for (const taint of node.spec?.taints ?? []) {
        const old = before.get(node.metadata.name)?.spec?.taints?.find((t) => t.key === taint.key && t.effect === taint.effect && t.value === taint.value);
        if (old) expect(taint.timeAdded).toBe(old.timeAdded);
      }
    }

    // The pods: each one's step, as the controller takes it from the node's taints after and the eviction scheduled before.
    const taintsAfter = new Map(nodesAfter.map((n) => [n.metadata.name, n.spec?.taints ?? []]));
    const scheduledBefore = new Map(evictionsBefore.filter((e) => e.status === 'Scheduled').map((e) => [e.pod, e]));
    const newRows = new Map<string, EvictionRow>();
    for (const row of (await evictions('mixed')).filter((e) => !evictionsBefore.some((b) => b.id === e.id))) {
      expect(newRows.has(row.pod)).toBe(false);
      newRows.set(row.pod, row);
    }
    const rowsAfter = new Map((await evictions('mixed')).map((e) => [e.id, e]));
    const podsAfter = new Map((await podsOf('mixed')).map((p) => [`${p.metadata.namespace}/${p.metadata.name}`, p]));
    const steps: Record<string, number> = {};
    for (const pod of podsBefore) {
      const key = `${pod.metadata.namespace}/${pod.metadata.name}`;
      const old = scheduledBefore.get(key);
      const nodeName = pod.spec?.nodeName;
      const taints = nodeName ? taintsAfter.get(nodeName) : undefined;
      // Only the nodes whose NoExecute taints changed have their pods decided again (all of them here).
      // Already terminating (evicted by the import): the controller has nothing more to do with it.
      if (pod.metadata.deletionTimestamp) {
        expect(newRows.get(key), key).toBeUndefined();
        steps.Terminating = (steps.Terminating ?? 0) + 1;
        continue;
      }
      const step = evictionStep(
        { taints, tolerations: pod.spec?.tolerations, scheduled: old && { startedAt: old.startedAt.getTime(), fireAt: old.scheduledFor.getTime() } },
        started,
      );
      steps[step.step] = (steps[step.step] ?? 0) + 1;
      const row = newRows.get(key);
      if (step.step === 'EvictNow') {
        expect(row, key).toMatchObject({ status: 'Executed', reason: 'DeletionByTaintManager', node: nodeName, taint: spelled([step.taint])[0] });
        const after = podsAfter.get(key);
        if (pod.spec?.terminationGracePeriodSeconds === 0) expect(after, key).toBeUndefined();
        else expect(after?.metadata.deletionTimestamp, key).toBeDefined();
      } else if (step.step === 'Schedule') {
        expect(row, key).toMatchObject({ status: 'Scheduled', node: nodeName, taint: spelled([step.taint])[0], seconds: String(step.tolerationSeconds) });
        expect(row && row.scheduledFor.getTime() - row.startedAt.getTime()).toBe(step.tolerationSeconds * 1000);
        expect(row?.startedAt.getTime()).toBeGreaterThanOrEqual(started - 1000);
        expect(row?.startedAt.getTime()).toBeLessThanOrEqual(ended);
      } else {
        expect(row, key).toBeUndefined();
        expect(podsAfter.get(key)?.metadata.deletionTimestamp, key).toBeUndefined();
      }
      if (old) {
        const superseded = step.step === 'EvictNow' || step.step === 'Schedule';
        const status = step.step === 'Cancel' || superseded ? 'Cancelled' : 'Scheduled';
        expect(rowsAfter.get(old.id)?.status, key).toBe(status);
        if (step.step === 'Cancel') expect(rowsAfter.get(old.id)?.reason, key).toBe(step.reason);
        if (superseded) expect(rowsAfter.get(old.id)?.reason, key).toBe('Superseded');
      }
    }
    // Every kind of step that adds an eviction, or none, was there to compare.
    expect(Object.keys(steps)).toEqual(expect.arrayContaining(['EvictNow', 'Nothing', 'Schedule']));
    expect(newRows.size).toBe((steps.EvictNow ?? 0) + (steps.Schedule ?? 0));
    expect(steps.Terminating).toBeGreaterThan(0);
  });

  /**
   * Holds the cluster's lock (its row, as a write takes it) from the test's own connection while
   * `during` runs; `queued(n)` waits until n requests are in line for it (the first waiting on
   * the row, the others in the service's line: ClusterWriter.inLine).
   */
  const whileLocked = async (cluster: string, during: (queued: (n: number) => Promise<void>) => Promise<void>) => {
    await db.query('BEGIN');
    try {
      await db.query(`SELECT 1 FROM clusters WHERE name = $1 FOR UPDATE`, [cluster]);
      await during(async (n) => {
        for (;;) {
          const { rows } = await db.query<{ n: string }>(
            `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
          );
          if (Number(rows[0]?.n) >= 1 && t.app.get(ClusterWriter).inLine(cluster) >= n) return;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      });
    } finally {
      await db.query('ROLLBACK');
    }
  };

  it('a write that lands between the plan and the lock is not lost: the plan is made again', async () => {
    await api.put('/v1/clusters/race/nodes/w1', { metadata: { name: 'w1' } });
    await api.put('/v1/clusters/race/nodes/w2', { metadata: { name: 'w2' } });
    const revision = await revisionOf('race');
    let addTaint!: Promise<Awaited<ReturnType<typeof api.post>>>;
    let bindPod!: Promise<Awaited<ReturnType<typeof api.put>>>;
    let command!: Promise<Awaited<ReturnType<typeof api.post>>>;
    await whileLocked('race', async (queued) => {
      // Queued first: a taint on w1, and a pod bound to w2, neither in the snapshot the command plans from.
      addTaint = api.post('/v1/clusters/race/nodes/w1/taints', { key: 'early', effect: 'NoSchedule' });
      await queued(1);
      bindPod = api.put('/v1/clusters/race/namespaces/default/pods/late', {
        metadata: { name: 'late' },
        spec: { nodeName: 'w2', containers: [{ name: 'c', image: 'nginx' }] },
      });
      await queued(2);
      // Planned now, then queued behind them.
      command = api.post('/v1/clusters/race/taint', { all: true, taints: ['drain=now:NoExecute'] });
      await queued(3);
    });
    expect((await addTaint).statusCode).toBe(201);
    expect((await bindPod).statusCode).toBe(201);
    const reply = await command;
    expect(reply.statusCode).toBe(200);
    const results = reply.json().results as { node: string; taints: Taint[] }[];
    expect(results.map((r) => [r.node, spelled(r.taints)])).toEqual([
      ['w1', ['drain=now:NoExecute', 'early:NoSchedule']],
      ['w2', ['drain=now:NoExecute']],
    ]);
    expect(spelled((await api.get('/v1/clusters/race/nodes/w1')).json().spec.taints)).toEqual(['drain=now:NoExecute', 'early:NoSchedule']);
    // The pod bound meanwhile does not tolerate the taint: evicted with the others.
    expect((await api.get('/v1/clusters/race/namespaces/default/pods/late')).json().metadata.deletionTimestamp).toBeDefined();
    expect((await evictions('race')).map((e) => [e.pod, e.status, e.taint])).toEqual([['default/late', 'Executed', 'drain=now:NoExecute']]);
    // Three writes, three revisions: the overtaken plan's write was rolled back.
    expect(await revisionOf('race')).toBe(revision + 3n);
  });

  it('a write meanwhile that the plan did not read leaves it standing', async () => {
    await api.put('/v1/clusters/calm/nodes/c1', { metadata: { name: 'c1' } });
    await api.put('/v1/clusters/calm/namespaces/default/pods/bound', {
      metadata: { name: 'bound' },
      spec: { nodeName: 'c1', containers: [{ name: 'c', image: 'nginx' }] },
    });
    const revision = await revisionOf('calm');
    let pending!: Promise<Awaited<ReturnType<typeof api.put>>>;
    let command!: Promise<Awaited<ReturnType<typeof api.post>>>;
    await whileLocked('calm', async (queued) => {
      // A pod bound to no node: nothing the command decides about.
      pending = api.put('/v1/clusters/calm/namespaces/default/pods/pending', {
        metadata: { name: 'pending' },
        spec: { containers: [{ name: 'c', image: 'nginx' }] },
      });
      await queued(1);
      command = api.post('/v1/clusters/calm/taint', { nodes: ['c1'], taints: ['drain:NoExecute'] });
      await queued(2);
    });
    expect((await pending).statusCode).toBe(201);
    expect((await command).statusCode).toBe(200);
    expect((await api.get('/v1/clusters/calm/namespaces/default/pods/bound')).json().metadata.deletionTimestamp).toBeDefined();
    expect((await api.get('/v1/clusters/calm/namespaces/default/pods/pending')).json().metadata.deletionTimestamp).toBeUndefined();
    expect(await revisionOf('calm')).toBe(revision + 2n);
  });

  it('a dry run takes no lock: it answers while another write holds the cluster', async () => {
    await api.put('/v1/clusters/dry/nodes/d1', { metadata: { name: 'd1' } });
    const revision = await revisionOf('dry');
    await whileLocked('dry', async () => {
      const reply = await api.post('/v1/clusters/dry/taint', { all: true, taints: ['x=y:NoExecute'], dryRun: true });
      expect(reply.statusCode).toBe(200);
      expect(reply.json().results.map((r: { message: string }) => r.message)).toEqual(['node/d1 tainted (dry run)']);
    });
    expect(await revisionOf('dry')).toBe(revision);
    expect((await api.get('/v1/clusters/dry/nodes/d1')).json().spec.taints).toBeUndefined();
  });

  it('a command that fails on the snapshot answers without taking the lock', async () => {
    await api.put('/v1/clusters/refused/nodes/r1', { metadata: { name: 'r1' }, spec: { taints: [{ key: 'k', effect: 'NoSchedule' }] } });
    const revision = await revisionOf('refused');
    await whileLocked('refused', async () => {
      const conflict = await api.post('/v1/clusters/refused/taint', { all: true, taints: ['k:NoSchedule'] });
      expect(conflict.statusCode).toBe(409);
      const missing = await api.post('/v1/clusters/refused/taint', { nodes: ['r1', 'r9'], taints: ['k2:NoSchedule'] });
      expect(missing.statusCode).toBe(404);
    });
    expect(await revisionOf('refused')).toBe(revision);
  });

  describe('over more than NODES_PER_WRITE nodes', () => {
    const taintedNodes = async (cluster: string): Promise<number> =>
      Number(
        (
          await db.query<{ count: string }>(
            `SELECT count(DISTINCT t.node_name)::text AS count FROM taints t JOIN clusters c ON c.id = t.cluster_id WHERE c.name = $1 AND t.key = 'maint' AND t.value = 'now'`,
            [cluster],
          )
        ).rows[0]?.count,
      );
    const manyNodes = (count: number): Node[] =>
      Array.from({ length: count }, (_, i) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name: `m-${String(i).padStart(4, '0')}` } }));

    it('is stored in writes of NODES_PER_WRITE nodes, in name order, each of its own revision', async () => {
      const count = 2 * NODES_PER_WRITE + 1;
      expect((await api.post('/v1/clusters/many/import', { apiVersion: 'v1', kind: 'List', items: manyNodes(count) })).statusCode).toBe(200);
      const revision = await revisionOf('many');
      const reply = await api.post('/v1/clusters/many/taint', { all: true, taints: ['maint=now:NoSchedule'] });
      expect(reply.statusCode).toBe(200);
      const results = reply.json().results as { node: string; message: string; object: Node }[];
      expect(results.map((r) => r.node)).toEqual(manyNodes(count).map((n) => n.metadata.name));
      // Three writes: a thousand nodes, a thousand, then one.
      expect(await revisionOf('many')).toBe(revision + 3n);
      const versions = results.map((r) => r.object.metadata.resourceVersion);
      expect([...new Set(versions)]).toEqual([String(revision + 1n), String(revision + 2n), String(revision + 3n)]);
      expect(versions.filter((v) => v === String(revision + 3n))).toHaveLength(1);
      expect(await taintedNodes('many')).toBe(count);
    });

    it('one that fails for any node changes nothing', async () => {
      const count = NODES_PER_WRITE + 10;
      const nodes = manyNodes(count);
      const last = nodes[count - 1] as Node;
      last.spec = { taints: [{ key: 'maint', value: 'old', effect: 'NoSchedule' }] };
      expect((await api.post('/v1/clusters/refused-many/import', { apiVersion: 'v1', kind: 'List', items: nodes })).statusCode).toBe(200);
      const revision = await revisionOf('refused-many');
      const reply = await api.post('/v1/clusters/refused-many/taint', { all: true, taints: ['maint=now:NoSchedule'] });
      expect(reply.statusCode).toBe(409);
      expect(reply.json().message).not.toContain('the command had stored');
      expect(await revisionOf('refused-many')).toBe(revision);
    });

    it('a node deleted between its writes stops the command there, saying how far it got', async () => {
      const count = NODES_PER_WRITE + 10;
      expect((await api.post('/v1/clusters/partway/import', { apiVersion: 'v1', kind: 'List', items: manyNodes(count) })).statusCode).toBe(200);
      // Another client deletes the last node just before the command's second write.
      const writer = t.app.get(ClusterWriter);
      const write = writer.write.bind(writer);
      let writes = 0;
      let deleted = 0;
      const spy = vi.spyOn(writer, 'write').mockImplementation(async (cluster, work, options) => {
        if (cluster === 'partway' && ++writes === 2) {
          spy.mockRestore();
          deleted = (await api.request('DELETE', `/v1/clusters/partway/nodes/m-${String(count - 1).padStart(4, '0')}`)).statusCode;
        }
        return write(cluster, work, options);
      });
      const reply = await api.post('/v1/clusters/partway/taint', { all: true, taints: ['maint=now:NoSchedule'] });
      spy.mockRestore();
      expect(deleted).toBe(200);
      expect(reply.statusCode).toBe(404);
      expect(reply.json().message).toBe(
        `nodes "m-${String(count - 1).padStart(4, '0')}" not found (the command had stored ${NODES_PER_WRITE} of ${count} nodes, through node/m-0999; send it again with overwrite to finish)`,
      );
      expect(await taintedNodes('partway')).toBe(NODES_PER_WRITE);
    });
  });
});
