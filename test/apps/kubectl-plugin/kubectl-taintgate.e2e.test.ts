import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { useApiFixture } from '../../support/api-test-app';
import { selfSignedCertificate } from '../../support/kubectl';
import { PluginRunner } from './plugin-runner';

/**
 * `kubectl taintgate` run by the machine's real kubectl against the whole service, served as it is
 * exposed (HTTPS, API keys): the server, CA and key from ~/.kube/config, or from kubectl's flags.
 */

const ADMIN_TOKEN = 'kubectl-plugin-admin-token-0123456789abcdef';
const tls = selfSignedCertificate();
afterAll(() => tls.remove());

const node = (name: string, pool: string, taints = '') => `apiVersion: v1
kind: Node
metadata: {name: ${name}, labels: {pool: ${pool}}}
spec: {${taints}}
`;
const pod = (namespace: string, name: string, nodeName: string, tolerations = '[]') => `apiVersion: v1
kind: Pod
metadata: {name: ${name}, namespace: ${namespace}}
spec: {nodeName: ${nodeName}, containers: [{name: c, image: nginx}], tolerations: ${tolerations}}
status: {phase: Running}
`;
const CLUSTER = [
  node('s1', 'spot'),
  node('s2', 'spot'),
  node('g1', 'gpu', 'taints: [{key: dedicated, value: gpu, effect: NoSchedule}]'),
  pod('web', 'a', 's1'),
  pod('web', 'b', 's2', '[{key: maintenance, operator: Exists, effect: NoExecute, tolerationSeconds: 600}]'),
  pod('batch', 'j', 'g1', '[{key: dedicated, operator: Exists}]'),
].join('---\n');

/** The lines printed, trailing spaces dropped, each split into its cells. */
const cells = (stdout: string) =>
  stdout
    .trimEnd()
    .split('\n')
    .map((line) => line.trim().split(/ {2,}/));

describe('kubectl taintgate', () => {
  const t = useApiFixture({
    TAINTGATE_AUTH: 'on',
    TAINTGATE_ADMIN_TOKEN: ADMIN_TOKEN,
    TAINTGATE_TLS_CERT_FILE: tls.certFile,
    TAINTGATE_TLS_KEY_FILE: tls.keyFile,
  });
  let plugin: PluginRunner;
  let server = '';

  beforeAll(async () => {
    await t.app.listen(0, '127.0.0.1');
    server = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    plugin = await PluginRunner.create();
    await plugin.kubeconfig({ server, token: ADMIN_TOKEN, ca: tls.cert, namespace: 'web' });
  });
  afterAll(async () => {
    await plugin?.close();
  });

  it('kubectl finds it on PATH: `kubectl plugin list`, and `kubectl taintgate --help`', async () => {
    const list = await plugin.kubectl(['plugin', 'list']);
    expect(list.stdout).toContain(`${plugin.bin}/kubectl-taintgate`);
    const help = await plugin.run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^ {2}where {6}Where can this pod go\?/m);
    const whereHelp = await plugin.run(['where', '--help']);
    expect(whereHelp.stdout).toContain('Exit status: 0 when some node takes the pod, 1 when none does, 2 on any error.');
    const unknown = await plugin.run(['frobnicate']);
    expect(unknown).toMatchObject({
      code: 2,
      stderr: `error: unknown command "frobnicate" for "kubectl taintgate"\nSee 'kubectl taintgate --help' for usage.\n`,
    });
  }, 60_000);

  it('import -f: a cluster in, counted per kind; a rejected object is listed and the status is 1', async () => {
    const file = await plugin.file('cluster.yaml', CLUSTER);
    const run = await plugin.run(['import', '-f', file]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(cells(run.stdout)).toEqual([
      ['KIND', 'CREATED', 'UPDATED', 'UNCHANGED', 'DELETED'],
      ['Node', '3', '0', '0', '0'],
      ['Pod', '3', '0', '0', '0'],
    ]);
    const bad = await plugin.run(['import', '-f', '-', '-o', 'json'], { input: `${CLUSTER}---\n${pod('web', 'bad', 's1', '[{key: k, effect: Bogus}]')}` });
    expect(bad.code).toBe(1);
    const result = JSON.parse(bad.stdout);
    expect(result).toMatchObject({ kind: 'ImportResult', unchanged: 6, rejected: [{ kind: 'Pod', namespace: 'web', name: 'bad' }] });
  }, 60_000);

  it('import -f of mixed kinds: a row for each other kind kept, and the kinds skipped with their counts', async () => {
    const file = [
      'apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata: {name: fast}\nprovisioner: pd.csi.storage.gke.io\n',
      'apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {name: web, namespace: web}\nspec: {maxUnavailable: 1, selector: {matchLabels: {app: web}}}\n',
      'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, namespace: web}\n',
      'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: api, namespace: web}\n',
    ].join('---\n');
    const run = await plugin.run(['import', '-f', '-', '--dry-run'], { input: file });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(cells(run.stdout)).toEqual([
      ['KIND', 'CREATED', 'UPDATED', 'UNCHANGED', 'DELETED'],
      ['Node', '0', '0', '0', '0'],
      ['Pod', '0', '0', '0', '0'],
      ['StorageClass', '1', '0', '0', '0'],
      ['PodDisruptionBudget', '1', '0', '0', '0'],
      [''],
      ['SKIPPED', 'APIVERSION', 'COUNT'],
      ['Deployment', 'apps/v1', '2'],
      ['(dry run: nothing stored)'],
    ]);
  }, 60_000);

  it('import --prune into the cluster the server path names (/clusters/prod): what the file does not name is deleted', async () => {
    const kubeconfig = await plugin.kubeconfig({ server: `${server}/clusters/prod`, token: ADMIN_TOKEN, ca: tls.cert }, `${plugin.dir}/prod`);
    const env = { KUBECONFIG: kubeconfig };
    expect((await plugin.run(['import', '-f', '-'], { input: CLUSTER, env })).code).toBe(0);
    const pruned = await plugin.run(['import', '-f', '-', '--prune', '-o', 'yaml'], { input: [node('s1', 'spot'), pod('web', 'a', 's1')].join('---\n'), env });
    expect(pruned.code).toBe(0);
    expect(parse(pruned.stdout)).toMatchObject({ cluster: 'prod', deleted: 4, nodes: { unchanged: 1, deleted: 2 }, pods: { unchanged: 1, deleted: 2 } });
    const nodes = await t.api.as(ADMIN_TOKEN).get('/v1/clusters/prod/nodes');
    expect(nodes.json().items.map((n: any) => n.metadata.name)).toEqual(['s1']);
  }, 60_000);

  it('import: the evictions it decided under the counts, and the kinds --prune-kinds pruned', async () => {
    const kubeconfig = await plugin.kubeconfig({ server: `${server}/clusters/drained`, token: ADMIN_TOKEN, ca: tls.cert }, `${plugin.dir}/drained`);
    const env = { KUBECONFIG: kubeconfig };
    const draining = node('d1', 'general', 'taints: [{key: maintenance, effect: NoExecute}]');
    const waits = '[{key: maintenance, operator: Exists, effect: NoExecute, tolerationSeconds: 3600}]';
    const run = await plugin.run(['import', '-f', '-', '--prune', '--prune-kinds=Node,Pod'], {
      input: [draining, pod('web', 'gone', 'd1'), pod('web', 'stays', 'd1', waits)].join('---\n'),
      env,
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = cells(run.stdout);
    const at = lines.findIndex((line) => line[0] === 'NAMESPACE');
    expect(lines[at]).toEqual(['NAMESPACE', 'EVICTED POD', 'NODE', 'STATUS', 'AT']);
    expect(
      lines
        .slice(at + 1, at + 3)
        .map((line) => line.slice(0, 4))
        .sort(),
    ).toEqual([
      ['web', 'gone', 'd1', 'Executed'],
      ['web', 'stays', 'd1', 'Scheduled'],
    ]);
    expect(lines.slice(at + 3)).toEqual([
      ['(1 evicted at once, 1 scheduled; kubectl taintgate evictions shows them all)'],
      ['(pruned: the Node, Pod objects the file does not name)'],
    ]);
  }, 60_000);

  it('where -f: a pod that fits some node is exit status 0, the nodes as a table and the scheduler line', async () => {
    const file = await plugin.file('pod.yaml', 'apiVersion: v1\nkind: Pod\nmetadata: {name: web}\nspec: {containers: [{name: c, image: nginx}]}\n');
    const run = await plugin.run(['where', '-f', file]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = cells(run.stdout);
    expect(lines[0]).toEqual(['NODE', 'FEASIBLE', 'SCORE', 'REASONS']);
    expect(lines.slice(1, 4).map((l) => l.slice(0, 3))).toEqual([
      ['s1', 'true', '300'],
      ['s2', 'true', '300'],
      ['g1', 'false', '<none>'],
    ]);
    expect(lines[3]?.[3]).toContain('untolerated taint dedicated=gpu:NoSchedule');
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('2/3 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}.');
  }, 60_000);

  it('where: a pod no node takes is exit status 1; -o json and -o yaml print the answer', async () => {
    const pinned = 'kind: Pod\nmetadata: {name: picky}\nspec: {nodeSelector: {pool: none}, containers: [{name: c, image: nginx}]}\n';
    const json = await plugin.run(['where', '-f', '-', '-o', 'json'], { input: pinned });
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ view: 'summary', pod: { namespace: 'web', name: 'picky' }, nodeCount: 3, feasibleCount: 0 });
    const yaml = await plugin.run(['where', '-f', '-', '-o', 'yaml'], { input: pinned });
    expect(yaml.code).toBe(1);
    expect(parse(yaml.stdout)).toMatchObject({
      summary: expect.stringMatching(/^0\/3 nodes are available: .*2 node\(s\) didn't match Pod's node affinity\/selector\./),
    });
  }, 60_000);

  it('where: a stored pod, in the namespace of -n or of the context; errors are exit status 2 with the reason on stderr', async () => {
    const stored = await plugin.run(['where', 'a']);
    expect(stored.code).toBe(0);
    expect(stored.stdout).toMatch(/^s1 +true +300 /m);
    expect((await plugin.run(['where', '-n', 'batch', 'j', '--reschedule', '-o', 'json'])).code).toBe(0);

    const missing = await plugin.run(['where', '-n', 'web', 'nope']);
    expect(missing).toMatchObject({ code: 2, stdout: '', stderr: 'Error from server (NotFound): pods "nope" not found\n' });
    const noFile = await plugin.run(['where', '-f', `${plugin.dir}/missing.yaml`]);
    expect(noFile.code).toBe(2);
    expect(noFile.stderr).toMatch(/^error: the path ".*missing.yaml" cannot be read: ENOENT/);
    const notYaml = await plugin.run(['where', '-f', '-'], { input: 'kind: Pod\nspec: [' });
    expect(notYaml.code).toBe(2);
    expect(notYaml.stderr).toMatch(/^error: error parsing -: /);
    const invalid = await plugin.run(['where', '-f', '-'], { input: 'kind: Pod\nspec: {tolerations: [{key: k, effect: Bogus}]}\n' });
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toMatch(/^Error from server \(BadRequest\): .*pod\.spec\.tolerations\[0\]\.effect: Unsupported value: "Bogus"/);
    const usage = await plugin.run(['where']);
    expect(usage).toMatchObject({
      code: 2,
      stderr: "error: give -f FILENAME, or the name of one stored pod\nSee 'kubectl taintgate where --help' for usage.\n",
    });
  }, 60_000);

  it('impact nodes -l: the counts and the timeline; --pods: each pod with its fate', async () => {
    const run = await plugin.run(['impact', 'nodes', '-l', 'pool=spot', 'maintenance=true:NoExecute']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const [summary, timeline] = run.stdout.split('\n\n');
    expect(cells(summary ?? '')).toEqual([
      ['NODES', 'EVICTED NOW', 'EVICTED LATER', 'ALREADY SCHEDULED', 'NEVER IN PRACTICE', 'UNAFFECTED', 'UNSCHEDULABLE', 'STRANDED'],
      // g1 is tainted for the gpu pool: web/a's replacement, placed together, has nowhere to go;
      // web/b's tolerates the new taint for 600 s, and kube-scheduler may put it back on a spot node.
      ['2', '1', '1', '0', '0', '0', '0', '1'],
    ]);
    expect(cells(timeline ?? '').map((line) => line.slice(0, 2))).toEqual([
      ['WITHIN', 'PODS'],
      ['now', '1'],
      ['15m', '1'],
    ]);

    const pods = await plugin.run(['impact', 'nodes', 's1', 's2', 'maintenance=true:NoExecute', '--pods']);
    expect(cells(pods.stdout).map((line) => line.slice(0, 4))).toEqual([
      ['NAMESPACE', 'NAME', 'NODE', 'FATE'],
      ['web', 'a', 's1', 'EvictedNow'],
      ['web', 'b', 's2', 'EvictedAfter 600s'],
    ]);
    const json = await plugin.run(['impact', 'nodes', '--all', 'maintenance=true:NoExecute', '-o', 'json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ nodeCount: 3, counts: { evictedNow: 2, evictedLater: 1 } });

    // Two taints added together: the NoSchedule one evicts nobody more, and web/b still tolerates the NoExecute one for 600 s.
    const two = await plugin.run(['impact', 'nodes', 's1', 's2', 'maintenance=true:NoExecute', 'dedicated=db:NoSchedule', '-o', 'json']);
    expect(two.stderr).toBe('');
    expect(JSON.parse(two.stdout)).toMatchObject({
      taints: [
        { key: 'maintenance', value: 'true', effect: 'NoExecute' },
        { key: 'dedicated', value: 'db', effect: 'NoSchedule' },
      ],
      counts: { evictedNow: 1, evictedLater: 1 },
    });
    const nowhere = await plugin.run(['impact', 'nodes', '-l', 'pool=none', 'maintenance=true:NoExecute']);
    expect(nowhere.code).toBe(0);
    expect(nowhere.stderr).toMatch(/^Warning: .*pool=none/);

    const typo = await plugin.run(['impact', 'nodes', '-l', 'pool=spot', 'maintenance=true:NoExecut']);
    expect(typo).toMatchObject({ code: 2, stdout: '' });
    expect(typo.stderr).toMatch(/^error: invalid taint effect: NoExecut, unsupported taint effect/);
  }, 60_000);

  it('drain-plan: kubectl drain refuses a node whose pod declares no controller (status 1); with --force the pod is evicted and gone', async () => {
    const refused = await plugin.run(['drain-plan', 's1']);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain(
      'error: unable to drain node "s1" due to error: cannot delete Pods that declare no controller (use --force to override): web/a',
    );
    expect(cells(refused.stdout)[1]).toEqual(['web', 'a', 's1', 'Blocked (NoController)', '<none>']);
    expect(refused.stdout).toMatch(/^Blocked \(together\): 0 evicted, 0 placed, 0 stranded, 0 deleted, 1 blocked, 0 skipped\.$/m);

    const forced = await plugin.run(['drain-plan', 'node/s1', '--force', '--alone']);
    expect(forced.stderr).toBe('Warning: deleting Pods that declare no controller: web/a\n');
    expect(forced.code).toBe(0);
    expect(cells(forced.stdout)[1]).toEqual(['web', 'a', 's1', 'Deleted', '<none>']);
    const json = await plugin.run(['drain-plan', '-l', 'pool=spot', '--force', '-o', 'json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ mode: 'together', verdict: 'AllFit', nodes: ['s1', 's2'], counts: { evicted: 2, deleted: 2 } });
    const usage = await plugin.run(['drain-plan']);
    expect(usage).toMatchObject({ code: 2, stdout: '' });
    expect(usage.stderr).toMatch(/^error: name the nodes, or give a selector \(-l\), or --all/);
  }, 60_000);

  it('headroom: how many more copies fit, a row per node; a stored pod by name, kept to a pool by -l', async () => {
    const run = await plugin.run(['headroom', '-f', '-', '--max', '5'], {
      input: 'kind: Pod\nmetadata: {name: small}\nspec: {containers: [{name: c, image: x, resources: {requests: {cpu: 100m}}}]}\n',
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('at least 5 more web/small fit.');
    expect(cells(run.stdout)[0]).toEqual(['NODE', 'COPIES', 'BINDING']);
    const stored = await plugin.run(['headroom', 'b', '-l', 'pool=spot', '--max', '3', '-o', 'json']);
    expect(stored.stderr).toBe('');
    expect(JSON.parse(stored.stdout)).toMatchObject({ pod: { namespace: 'web', name: 'b' }, total: 3, complete: false });
    const bad = await plugin.run(['headroom', 'b', '--max', 'lots']);
    expect(bad).toMatchObject({ code: 2, stdout: '' });
  }, 60_000);

  it("-o markdown: the service's chat answer as it comes; where's exit status still says whether the pod fits", async () => {
    const picky = await plugin.run(['where', '-f', '-', '-o', 'markdown'], {
      input: 'kind: Pod\nmetadata: {name: picky}\nspec: {nodeSelector: {pool: none}}\n',
    });
    expect(picky.stderr).toBe('');
    expect(picky.code).toBe(1);
    expect(picky.stdout).toMatch(/^`web\/picky` can go to none of 3 nodes\.\n/);
    const fits = await plugin.run(['where', 'a', '-o', 'markdown']);
    expect(fits.code).toBe(0);
    expect(fits.stdout).toMatch(/^`web\/a` can go to 1\/3 nodes: `s1` \(best\)\./);
    const impact = await plugin.run(['impact', 'nodes', '-l', 'pool=spot', 'maintenance=true:NoExecute', '-o', 'markdown']);
    expect(impact.code).toBe(0);
    expect(impact.stdout).toMatch(/^`maintenance=true:NoExecute` on 2 nodes/);
    const withPods = await plugin.run(['impact', 'nodes', '--all', 'k=v:NoExecute', '--pods', '-o', 'markdown']);
    expect(withPods).toMatchObject({ code: 2, stderr: expect.stringMatching(/^error: -o markdown answers the counts: not with --pods/) });
  }, 60_000);

  it('keys create: the key printed once, and it works as a token; a viewer may not make keys', async () => {
    const created = await plugin.run(['keys', 'create', 'ci-viewer', '--role', 'viewer']);
    expect(created.code).toBe(0);
    const [header, row] = cells(created.stdout);
    expect(header).toEqual(['NAME', 'ROLE', 'KEY']);
    expect(row?.slice(0, 2)).toEqual(['ci-viewer', 'viewer']);
    const key = row?.[2] ?? '';
    expect(key).toMatch(/^tg_/);

    expect((await plugin.run(['where', 'a', `--token=${key}`])).code).toBe(0);
    const refused = await plugin.run(['keys', 'create', 'other', '--role', 'viewer', '--token', key]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^Error from server \(Forbidden\): .*the admin role is needed/);
    const list = await plugin.run(['keys', 'list', '-o', 'json']);
    expect(JSON.parse(list.stdout).items.map((k: any) => k.metadata.name)).toContain('ci-viewer');
  }, 60_000);

  it('flags win over the kubeconfig: --server, --token, --certificate-authority, --insecure-skip-tls-verify', async () => {
    const wrong = await plugin.kubeconfig({ server: 'https://127.0.0.1:1', token: 'tg_wrong' }, `${plugin.dir}/wrong`);
    const env = { KUBECONFIG: wrong };
    const unreachable = await plugin.run(['where', 'a'], { env });
    expect(unreachable.code).toBe(2);
    expect(unreachable.stderr).toMatch(/^error: Unable to connect to the server: connect ECONNREFUSED 127\.0\.0\.1:1/);

    const overridden = await plugin.run(
      ['where', 'a', '-n', 'web', `--server=${server}`, `--token=${ADMIN_TOKEN}`, `--certificate-authority=${tls.certFile}`],
      { env },
    );
    expect(overridden.stderr).toBe('');
    expect(overridden.code).toBe(0);
    const untrusted = await plugin.run(['where', 'a', '-n', 'web', '-s', server, '--token', ADMIN_TOKEN], { env });
    expect(untrusted.code).toBe(2);
    expect(untrusted.stderr).toMatch(/^error: Unable to connect to the server: self[- ]signed certificate/);
    const insecure = await plugin.run(['where', 'a', '-n', 'web', '-s', server, '--token', ADMIN_TOKEN, '--insecure-skip-tls-verify=true'], { env });
    expect(insecure.code).toBe(0);
    const noKey = await plugin.run(['where', 'a', '-n', 'web', '-s', server, '--insecure-skip-tls-verify'], { env: { KUBECONFIG: `${plugin.dir}/none` } });
    expect(noKey).toMatchObject({ code: 2 });
    expect(noKey.stderr).toMatch(/^Error from server \(Unauthorized\): /);
  }, 60_000);

  it('evictions --watch: each eviction as it is scheduled, executed or cancelled; then the list, and its filters', async () => {
    const admin = t.api.as(ADMIN_TOKEN);
    const watch = plugin.start(['evictions', '--watch', '--interval', '0.2']);
    try {
      // The plugin lists first (nothing yet: the lines below then come from the watch), then asks
      // again every 0.2 s. Should it start slower than this, the two evictions come in its list
      // instead; the cancellation below comes from the watch either way.
      await new Promise((resolve) => setTimeout(resolve, 4000));
      const tainted = await admin.post('/v1/taint', { selector: 'pool=spot', taints: ['maintenance=true:NoExecute'] });
      expect(tainted.statusCode, tainted.body).toBe(200);
      const seen = await watch.waitFor((lines) => lines.length >= 3, 20_000);
      expect(seen[0]?.split(/ {2,}/)).toEqual(['NAMESPACE', 'POD', 'NODE', 'TAINT', 'STATUS', 'DEADLINE', 'FIRED', 'AGE']);
      const rows = seen.slice(1).map((line) => line.split(/ {2,}/).slice(0, 5));
      expect(rows).toEqual(
        expect.arrayContaining([
          ['web', 'a', 's1', 'maintenance=true:NoExecute', 'Executed'],
          ['web', 'b', 's2', 'maintenance=true:NoExecute', 'Scheduled'],
        ]),
      );
      expect((await admin.post('/v1/taint', { nodes: ['s2'], taints: ['maintenance:NoExecute-'] })).statusCode).toBe(200);
      const after = await watch.waitFor((lines) => lines.some((line) => /^web +b +s2 .* Cancelled /.test(line)), 20_000);
      expect(after).toHaveLength(4);
    } finally {
      expect(await watch.stop()).toBe(0);
    }

    const list = await plugin.run(['evictions']);
    const [header, ...listed] = cells(list.stdout).map((line) => line.slice(0, 5));
    expect(header).toEqual(['NAMESPACE', 'POD', 'NODE', 'TAINT', 'STATUS']);
    expect(listed.sort((x, y) => (x[1] ?? '').localeCompare(y[1] ?? ''))).toEqual([
      ['web', 'a', 's1', 'maintenance=true:NoExecute', 'Executed'],
      ['web', 'b', 's2', 'maintenance=true:NoExecute', 'Cancelled'],
    ]);
    const cancelled = await plugin.run(['evictions', '--status', 'Cancelled', '-o', 'json']);
    expect(JSON.parse(cancelled.stdout)).toMatchObject({ kind: 'EvictionList', items: [{ pod: { name: 'b' }, status: 'Cancelled' }] });
    const markdown = await plugin.run(['evictions', '-o', 'markdown']);
    expect(markdown.code).toBe(0);
    expect(markdown.stdout).toContain('`web/b`');
    const none = await plugin.run(['evictions', '--node', 'g1']);
    expect(none).toMatchObject({ code: 0, stdout: '', stderr: 'No evictions found.\n' });
  }, 90_000);
});
