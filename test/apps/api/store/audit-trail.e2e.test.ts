import { describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../support/api-test-app';

interface AuditRow {
  id: string;
  at: Date;
  action: string;
  kind: string;
  namespace: string | null;
  name: string;
  details: Record<string, unknown>;
  revision: string;
}

/** Every change made through the API leaves a row in audit_events, in the write's transaction. */
describe('audit trail (audit_events)', () => {
  const { api, db } = useApiFixture();
  const rowsAfter = async (id: string): Promise<AuditRow[]> =>
    (
      await db.query<AuditRow>(
        'SELECT id::text, at, action, kind, namespace, name, details, revision::text FROM audit_events WHERE id > $1 ORDER BY audit_events.id',
        [id],
      )
    ).rows;
  const lastId = async (): Promise<string> => (await db.query<{ id: string }>('SELECT coalesce(max(id), 0)::text AS id FROM audit_events')).rows[0]?.id ?? '0';
  const shape = (rows: AuditRow[]) => rows.map(({ action, kind, namespace, name, details }) => ({ action, kind, namespace, name, details }));

  it('records node writes with the revision each answered as resourceVersion', async () => {
    const from = await lastId();
    const created = await api.putNode('n1', { metadata: { labels: { a: 'b' } } });
    const replaced = await api.putNode('n1', { metadata: { labels: { a: 'c' } } });
    const rows = await rowsAfter(from);
    expect(shape(rows)).toEqual([
      { action: 'node.create', kind: 'Node', namespace: null, name: 'n1', details: {} },
      { action: 'node.replace', kind: 'Node', namespace: null, name: 'n1', details: {} },
    ]);
    expect(rows.map((r) => r.revision)).toEqual([created.json().metadata.resourceVersion, replaced.json().metadata.resourceVersion]);
    for (const row of rows) expect(Math.abs(row.at.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('records taint writes with what was added and removed', async () => {
    await api.putNode('n2', { metadata: { labels: { pool: 'x' } } });
    const from = await lastId();
    expect((await api.post('/v1/nodes/n1/taints', { key: 'k', value: 'v', effect: 'NoSchedule' })).statusCode).toBe(201);
    expect((await api.post('/v1/nodes/n1/taints?overwrite=true', { key: 'k', value: 'w', effect: 'NoSchedule' })).statusCode).toBe(201);
    expect((await api.del('/v1/nodes/n1/taints?key=k&effect=NoSchedule')).statusCode).toBe(200);
    expect((await api.post('/v1/taint', { nodes: ['n2', 'n1'], taints: ['cmd=1:PreferNoSchedule'] })).statusCode).toBe(200);
    expect((await api.post('/v1/taint', { all: true, taints: ['cmd-'] })).statusCode).toBe(200);
    expect(shape(await rowsAfter(from))).toEqual([
      { action: 'taint.add', kind: 'Node', namespace: null, name: 'n1', details: { added: ['k=v:NoSchedule'], removed: [], overwrite: false } },
      { action: 'taint.add', kind: 'Node', namespace: null, name: 'n1', details: { added: ['k=w:NoSchedule'], removed: [], overwrite: true } },
      { action: 'taint.remove', kind: 'Node', namespace: null, name: 'n1', details: { added: [], removed: ['k:NoSchedule'], overwrite: false } },
      {
        action: 'taint.command',
        kind: 'Node',
        namespace: null,
        name: 'n1',
        details: { added: ['cmd=1:PreferNoSchedule'], removed: [], overwrite: false, operation: 'tainted' },
      },
      {
        action: 'taint.command',
        kind: 'Node',
        namespace: null,
        name: 'n2',
        details: { added: ['cmd=1:PreferNoSchedule'], removed: [], overwrite: false, operation: 'tainted' },
      },
      {
        action: 'taint.command',
        kind: 'Node',
        namespace: null,
        name: 'n1',
        details: { added: [], removed: ['cmd'], overwrite: false, operation: 'untainted' },
      },
      {
        action: 'taint.command',
        kind: 'Node',
        namespace: null,
        name: 'n2',
        details: { added: [], removed: ['cmd'], overwrite: false, operation: 'untainted' },
      },
    ]);
  });

  it('records pod writes with their namespace', async () => {
    const from = await lastId();
    const created = await api.putPod('team', 'p', {});
    await api.putPod('team', 'p', { spec: { tolerations: created.json().spec.tolerations, nodeName: 'n1' } });
    const deleted = await api.del('/v1/namespaces/team/pods/p');
    const rows = await rowsAfter(from);
    expect(shape(rows)).toEqual([
      { action: 'pod.create', kind: 'Pod', namespace: 'team', name: 'p', details: {} },
      { action: 'pod.replace', kind: 'Pod', namespace: 'team', name: 'p', details: {} },
      { action: 'pod.delete', kind: 'Pod', namespace: 'team', name: 'p', details: {} },
    ]);
    expect(Number(rows[2]?.revision)).toBeGreaterThan(Number(deleted.json().metadata.resourceVersion));
  });

  it('records a node delete', async () => {
    const from = await lastId();
    expect((await api.del('/v1/nodes/n2')).statusCode).toBe(200);
    expect(shape(await rowsAfter(from))).toEqual([{ action: 'node.delete', kind: 'Node', namespace: null, name: 'n2', details: {} }]);
  });

  it('records nothing for reads, dry runs, what-if questions and refused writes', async () => {
    const from = await lastId();
    await api.get('/v1/nodes');
    await api.getNode('n1');
    await api.get('/v1/pods');
    expect((await api.post('/v1/taint', { nodes: ['n1'], taints: ['d:NoSchedule'], dryRun: true })).statusCode).toBe(200);
    expect((await api.post('/v1/placement', { pod: {} })).statusCode).toBe(200);
    expect((await api.post('/v1/taint-impact', { taint: { key: 'x', effect: 'NoExecute' }, all: true })).statusCode).toBe(200);
    expect((await api.putNode('n1', { spec: { taints: [{ key: 'k', effect: 'Bad' }] } })).statusCode).toBe(400);
    expect((await api.post('/v1/nodes/n1/taints', { key: 'k' })).statusCode).toBe(400);
    expect((await api.post('/v1/nodes/ghost/taints', { key: 'k', effect: 'NoSchedule' })).statusCode).toBe(404);
    expect((await api.del('/v1/nodes/n1/taints?key=absent')).statusCode).toBe(404);
    expect((await api.post('/v1/taint', { nodes: ['n1', 'ghost'], taints: ['x:NoSchedule'] })).statusCode).toBe(404);
    expect((await api.putPod('team', 'bad', { spec: { tolerations: [{ key: 'k', operator: 'Foo' }] } })).statusCode).toBe(400);
    expect((await api.del('/v1/namespaces/team/pods/absent')).statusCode).toBe(404);
    expect((await api.del('/v1/nodes/ghost')).statusCode).toBe(404);
    expect(await rowsAfter(from)).toEqual([]);
  });

  it('holds one row per write, revisions strictly increasing with the ids', async () => {
    const rows = await rowsAfter('0');
    expect(rows.length).toBe(14);
    const revisions = rows.map((r) => Number(r.revision));
    for (let i = 1; i < revisions.length; i++) expect(revisions[i]).toBeGreaterThanOrEqual(revisions[i - 1] as number);
    // a kubectl command over two nodes is one write: its rows share a revision
    expect(new Set(rows.filter((r) => r.action === 'taint.command').map((r) => r.revision)).size).toBe(2);
  });
});
