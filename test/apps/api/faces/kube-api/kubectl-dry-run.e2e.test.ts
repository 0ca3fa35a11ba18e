import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedState } from '../../../../support/api-client';
import { useApiFixture } from '../../../../support/api-test-app';
import { KUBECTLS, Kubectl } from '../../../../support/kubectl';

/**
 * "What if" without leaving kubectl: `--dry-run=server` on every write kubectl makes (dryRun=All)
 * changes nothing and answers what would be stored, and a write that adds a NoExecute taint or
 * cordons tells its impact as Warning headers, which kubectl prints.
 */
const pod = (name: string, nodeName: string | undefined, tolerationSeconds?: number) => ({
  metadata: { name },
  spec: {
    ...(nodeName ? { nodeName } : {}),
    containers: [{ name: 'c', image: 'nginx' }],
    // Tolerations of their own, so that admission's 300 s defaults do not decide for them.
    tolerations:
      tolerationSeconds === undefined
        ? [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 }]
        : [{ key: 'maintenance', operator: 'Exists', effect: 'NoExecute', tolerationSeconds }],
  },
  status: { phase: nodeName ? 'Running' : 'Pending' },
});

describe.each(KUBECTLS.filter((k) => k.version !== '1.32'))('kubectl $version: --dry-run=server and impact warnings', ({ binary }) => {
  const t = useApiFixture();
  let kubectl: Kubectl;

  beforeAll(async () => {
    await t.app.listen(0, '127.0.0.1');
    kubectl = await Kubectl.for(binary, await t.app.getUrl());
    await t.api.put('/v1/nodes/s1', { metadata: { name: 's1', labels: { pool: 'spot' } } });
    await t.api.put('/v1/nodes/s2', { metadata: { name: 's2', labels: { pool: 'spot' } } });
    await t.api.put('/v1/nodes/d1', {
      metadata: { name: 'd1', labels: { pool: 'dedicated' } },
      spec: { taints: [{ key: 'dedicated', effect: 'NoSchedule' }] },
    });
    await t.api.put('/v1/namespaces/web/pods/now', pod('now', 's1'));
    await t.api.put('/v1/namespaces/web/pods/later', pod('later', 's1', 600));
    await t.api.put('/v1/namespaces/web/pods/other', pod('other', 's2'));
    await t.api.put('/v1/namespaces/web/pending', pod('pending', undefined));
  });
  afterAll(async () => {
    await kubectl.close();
  });

  const state = async () => {
    const { rows } = await t.db.query<{ evictions: number }>('SELECT count(*)::int AS evictions FROM evictions');
    return { ...(await storedState(t.api, t.db)), evictions: rows[0]?.evictions };
  };
  const lines = (text: string) => text.trim().split('\n').filter(Boolean);

  // kubectl taint prints no "(server dry run)" of its own, whatever the server answers; the warnings tell it apart.
  it('taint -l pool=spot ...:NoExecute --dry-run=server: what it would evict and when, nothing stored', async () => {
    const before = await state();
    const run = await kubectl.run(['taint', 'nodes', '-l', 'pool=spot', 'maintenance=true:NoExecute', '--dry-run=server']);
    expect(run.code, run.stderr).toBe(0);
    expect(lines(run.stdout)).toEqual(['node/s1 tainted', 'node/s2 tainted']);
    const warnings = lines(run.stderr);
    expect(warnings).toContain('Warning: node/s1: 1 pod would be evicted at once (web/now)');
    expect(warnings).toContainEqual(
      expect.stringMatching(/^Warning: node\/s1: 1 pod would be evicted after its tolerationSeconds, at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \(web\/later\)$/),
    );
    expect(warnings).toContain('Warning: node/s2: 1 pod would be evicted at once (web/other)');
    // kubectl patches one node at a time, and each dry run leaves the other open: no pod is stranded.
    expect(warnings.filter((w) => w.includes('no other node'))).toEqual([]);
    expect(await state()).toEqual(before);
  });

  it('the real taint: the impact, as done', async () => {
    const run = await kubectl.run(['taint', 'nodes', 's2', 'maintenance=true:NoExecute']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe('node/s2 tainted');
    expect(lines(run.stderr)).toEqual(['Warning: node/s2: 1 pod is evicted at once (web/other)']);
    expect((await t.api.get('/v1/namespaces/web/pods/other')).json().metadata.deletionTimestamp).toBeDefined();
  });

  it('cordon, label, delete and drain with --dry-run=server change nothing', async () => {
    const before = await state();
    const cordon = await kubectl.run(['cordon', 's1', '--dry-run=server']);
    expect(cordon.stdout.trim()).toBe('node/s1 cordoned (server dry run)');
    expect(lines(cordon.stderr)).toEqual(['Warning: node/s1: cordoned; 2 pods running there stay, new pods go elsewhere']);
    expect((await kubectl.run(['label', 'node', 's1', 'x=y', '--dry-run=server'])).stdout.trim()).toBe('node/s1 labeled (server dry run)');
    expect((await kubectl.run(['delete', 'node', 'd1', '--dry-run=server'])).stdout.trim()).toBe('node "d1" deleted (server dry run)');
    expect((await kubectl.run(['delete', 'pod', '-n', 'web', 'now', '--dry-run=server'])).stdout.trim()).toBe('pod "now" deleted (server dry run)');
    const drain = await kubectl.run(['drain', 's1', '--dry-run=server', '--ignore-daemonsets', '--delete-emptydir-data', '--force']);
    expect(drain.code, drain.stderr).toBe(0);
    expect(lines(drain.stdout)).toEqual(expect.arrayContaining(['node/s1 cordoned (server dry run)', 'node/s1 drained (server dry run)']));
    expect(await state()).toEqual(before);
  });

  it('a dryRun other than All: 400 naming it, as the API server answers', async () => {
    const reply = await t.api.raw('PATCH', '/api/v1/nodes/s1?dryRun=Some', '{"metadata":{"labels":{"a":"b"}}}', 'application/merge-patch+json');
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      kind: 'Status',
      reason: 'BadRequest',
      message: expect.stringContaining('dryRun: Unsupported value: ["Some"]: supported values: "All"'),
    });
  });
});
