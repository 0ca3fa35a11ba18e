import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedState } from '../../../../support/api-client';
import { useApiFixture } from '../../../../support/api-test-app';
import { KUBECTLS, Kubectl } from '../../../../support/kubectl';

/**
 * "What if" without leaving kubectl: `--dry-run=server` on every write kubectl makes (dryRun=All)
 * changes nothing and answers what would be stored, and a write that adds a NoExecute taint or
 * cordons tells its impact as Warning headers, which kubectl prints. A command over many nodes is
 * judged as one (KubectlCommands: the nodes it read, each given the same change, the evicted pods
 * placed together), known by the session kubectl names in every request.
 */
const pod = (name: string, nodeName: string | undefined, tolerationSeconds?: number) => ({
  metadata: { name, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web', uid: 'rs-web', controller: true }] },
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
    await t.api.put('/v1/namespaces/web/pods/pending', pod('pending', undefined));
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
  it('taint -l pool=spot ...:NoExecute --dry-run=server: the command judged as one, then each node; nothing stored', async () => {
    const before = await state();
    const run = await kubectl.run(['taint', 'nodes', '-l', 'pool=spot', 'maintenance=true:NoExecute', '--dry-run=server']);
    expect(run.code, run.stderr).toBe(0);
    expect(lines(run.stdout)).toEqual(['node/s1 tainted', 'node/s2 tainted']);
    // s1 and s2 both tainted, d1 kept for its own: web/now and web/other have nowhere to go, and the
    // pending pod loses both its nodes. Each write judged alone saw the other spot node open.
    expect(lines(run.stderr)).toEqual([
      'Warning: kubectl taint over 2 nodes (s1, s2), judged together: 3 pods would be evicted (2 at once, 1 after their tolerationSeconds); placed together, 1 of their replacements would find a node and 2 would find none (web/now, web/other); 1 pending pod would lose the last node it could be scheduled on (web/pending)',
      'Warning: node/s1: 1 pod would be evicted at once (web/now)',
      expect.stringMatching(/^Warning: node\/s1: 1 pod would be evicted after its tolerationSeconds, at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \(web\/later\)$/),
      'Warning: node/s1: 1 evicted pod would have no other node to go to (web/now)',
      'Warning: node/s2: 1 pod would be evicted at once (web/other)',
      'Warning: node/s2: 1 evicted pod would have no other node to go to (web/other)',
    ]);
    expect(await state()).toEqual(before);
  });

  it('taint s1 s2 by name: kubectl reads each node before its write, so the command is told over the nodes so far, the second time over both', async () => {
    const run = await kubectl.run(['taint', 'nodes', 's1', 's2', 'maintenance=true:NoExecute', '--dry-run=server']);
    expect(run.code, run.stderr).toBe(0);
    const warnings = lines(run.stderr);
    expect(warnings.filter((w) => w.includes('kubectl taint'))).toEqual([
      expect.stringMatching(
        /^Warning: kubectl taint over the 2 nodes it has named so far \(s1, s2\), judged together: 3 pods would be evicted .* 2 would find none \(web\/now, web\/other\)/,
      ),
    ]);
    // The first write, of s1 alone, saw s2 open.
    expect(warnings.filter((w) => w.includes('no other node'))).toEqual(['Warning: node/s2: 1 evicted pod would have no other node to go to (web/other)']);
  });

  it('cordon -l pool=spot --dry-run=server: the pending pod loses its last nodes', async () => {
    const run = await kubectl.run(['cordon', '-l', 'pool=spot', '--dry-run=server']);
    expect(run.code, run.stderr).toBe(0);
    expect(lines(run.stderr)).toEqual([
      'Warning: kubectl cordon over 2 nodes (s1, s2), judged together: 3 pods running there would stay, new pods go elsewhere; 1 pending pod would lose the last node it could be scheduled on (web/pending)',
      'Warning: node/s1: cordoned; 2 pods running there stay, new pods go elsewhere',
      'Warning: node/s2: cordoned; 1 pod running there stays, new pods go elsewhere',
    ]);
  });

  it('drain -l pool=spot --dry-run=server: the cordons tell the pending pod, the first eviction the whole drain, each eviction its stranded replacement', async () => {
    const before = await state();
    const run = await kubectl.run(['drain', '-l', 'pool=spot', '--dry-run=server', '--ignore-daemonsets']);
    expect(run.code, run.stderr).toBe(0);
    // kubectl evicts a node's pods side by side: their warnings come in any order.
    const warnings = lines(run.stderr)
      .filter((w) => w.startsWith('Warning:'))
      .sort();
    expect(warnings).toEqual([
      'Warning: kubectl drain over 2 nodes (s1, s2), judged together: 1 pending pod would lose the last node it could be scheduled on (web/pending)',
      'Warning: kubectl drain over 2 nodes (s1, s2), judged together: 3 pods would be evicted; placed together, no replacement would find a node (web/later, web/now, web/other)',
      ...['later', 'now', 'other'].map((name) =>
        expect.stringMatching(
          new RegExp(
            `^Warning: pod web/${name}: no node would take its replacement, placed together with the drain's 2 other evicted pods \\(0/3 nodes are available: .*\\)$`,
          ),
        ),
      ),
    ]);
    expect(await state()).toEqual(before);
  });

  it('writes without a kubectl session, or of another session, are judged alone', async () => {
    const session = (id: string) => ({ 'kubectl-session': id, 'kubectl-command': 'kubectl taint' });
    await t.api.raw('GET', '/api/v1/nodes?labelSelector=pool%3Dspot', '', undefined, session('aaaaaaaa-0000-0000-0000-000000000001'));
    const patch = (headers: Record<string, string>) =>
      t.api.raw(
        'PATCH',
        '/api/v1/nodes/s2?dryRun=All',
        JSON.stringify({ spec: { taints: [{ key: 'maintenance', value: 'true', effect: 'NoExecute' }] } }),
        'application/merge-patch+json',
        headers,
      );
    const told = (reply: Awaited<ReturnType<typeof patch>>) => [reply.headers.warning ?? []].flat();
    // Another session, and none: s2 alone, with s1 open for web/other.
    for (const reply of [await patch(session('bbbbbbbb-0000-0000-0000-000000000002')), await patch({})]) {
      expect(reply.statusCode).toBe(200);
      expect(told(reply)).toEqual(['299 - "node/s2: 1 pod would be evicted at once (web/other)"']);
    }
    // The session that listed the pool: the command over both.
    const same = await patch(session('aaaaaaaa-0000-0000-0000-000000000001'));
    expect(told(same)[0]).toMatch(/^299 - "kubectl taint over 2 nodes \(s1, s2\), judged together: /);
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
