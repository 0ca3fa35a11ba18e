import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';
import { KUBECTLS, Kubectl } from '../../../../support/kubectl';

/** The real kubectl, oldest and newest, reading a cluster through taintgate's Kubernetes API. */

const nodes = [
  {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: 'n1', labels: { pool: 'a' } },
    spec: { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] },
  },
  { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n2', labels: { pool: 'b' } }, spec: { unschedulable: true } },
];
const pod = (namespace: string, name: string, nodeName?: string) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace, labels: { app: name.split('-')[0] ?? name } },
  spec: { ...(nodeName ? { nodeName } : {}), containers: [{ name: 'c', image: 'nginx' }] },
  status: { phase: nodeName ? 'Running' : 'Pending' },
});
const pods = [pod('web', 'web-1', 'n1'), pod('web', 'web-2', 'n2'), pod('batch', 'job-1'), pod('default', 'solo-1', 'n1')];

describe.each(KUBECTLS)('kubectl $version: get', ({ binary }) => {
  const t = useApiFixture();
  let kubectl: Kubectl;
  let prod: Kubectl;

  beforeAll(async () => {
    await t.app.listen(0, '127.0.0.1');
    const base = await t.app.getUrl();
    for (const cluster of ['default', 'prod']) {
      const imported = await t.api.post(`/v1/clusters/${cluster}/import`, { apiVersion: 'v1', kind: 'List', items: [...nodes, ...pods] });
      expect(imported.statusCode).toBe(200);
    }
    await t.api.put('/v1/clusters/prod/nodes/p9', { metadata: { name: 'p9' } });
    kubectl = await Kubectl.for(binary, base.replace('[::1]', '127.0.0.1'));
    prod = await Kubectl.for(binary, `${base}/clusters/prod`);
  });
  afterAll(async () => {
    await kubectl.close();
    await prod.close();
  });

  const names = async (k: Kubectl, args: string[]) => {
    const run = await k.run([...args, '-o', 'name']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    return run.stdout.trim().split('\n').filter(Boolean);
  };

  it('lists nodes and pods, by short name too, in every namespace or one', async () => {
    expect(await names(kubectl, ['get', 'nodes'])).toEqual(['node/n1', 'node/n2']);
    expect(await names(kubectl, ['get', 'no'])).toEqual(['node/n1', 'node/n2']);
    expect(await names(kubectl, ['get', 'pods', '-A'])).toEqual(['pod/job-1', 'pod/solo-1', 'pod/web-1', 'pod/web-2']);
    expect(await names(kubectl, ['get', 'po', '-n', 'web'])).toEqual(['pod/web-1', 'pod/web-2']);
    // The namespaces that hold pods, and default.
    expect(await names(kubectl, ['get', 'ns'])).toEqual(['namespace/batch', 'namespace/default', 'namespace/web']);
    // The default namespace, as kubectl picks it without -n.
    expect(await names(kubectl, ['get', 'pods'])).toEqual(['pod/solo-1']);
  });

  it('selects by label and by field, as kube-apiserver does', async () => {
    expect(await names(kubectl, ['get', 'nodes', '-l', 'pool=b'])).toEqual(['node/n2']);
    expect(await names(kubectl, ['get', 'nodes', '--field-selector', 'spec.unschedulable=true'])).toEqual(['node/n2']);
    expect(await names(kubectl, ['get', 'pods', '-A', '--field-selector', 'spec.nodeName=n1,status.phase!=Succeeded'])).toEqual(['pod/solo-1', 'pod/web-1']);
    expect(await names(kubectl, ['get', 'pods', '-A', '-l', 'app in (web)'])).toEqual(['pod/web-1', 'pod/web-2']);
    const bad = await kubectl.run(['get', 'pods', '-A', '--field-selector', 'spec.podCIDR=x']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Error from server (BadRequest)');
    expect(bad.stderr).toContain('field label not supported: spec.podCIDR');
  });

  it('reads one object as JSON, YAML and JSONPath', async () => {
    const json = await kubectl.run(['get', 'node', 'n1', '-o', 'json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({
      kind: 'Node',
      metadata: { name: 'n1' },
      spec: { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] },
    });
    const yaml = await kubectl.run(['get', 'pod', 'web-1', '-n', 'web', '-o', 'yaml']);
    expect(yaml.stdout).toContain('nodeName: n1');
    const path = await kubectl.run(['get', 'nodes', '-o', 'jsonpath={range .items[*]}{.metadata.name}:{.spec.taints[*].key} {end}']);
    expect(path.stdout.trim()).toBe('n1:dedicated n2:');
  });

  it("prints kubectl's columns from the server's Table: nodes Ready or SchedulingDisabled, pods READY and STATUS, -o wide", async () => {
    const table = (run: { stdout: string }) =>
      run.stdout
        .trim()
        .split('\n')
        .map((line) => line.split(/\s{2,}/));
    const nodes = table(await kubectl.run(['get', 'nodes']));
    expect(nodes[0]).toEqual(['NAME', 'STATUS', 'ROLES', 'AGE', 'VERSION']);
    expect(nodes.slice(1).map((row) => [row[0], row[1], row[2]])).toEqual([
      ['n1', 'Unknown', '<none>'],
      ['n2', 'Unknown,SchedulingDisabled', '<none>'],
    ]);
    const wide = table(await kubectl.run(['get', 'nodes', '-o', 'wide']));
    expect(wide[0]).toEqual(['NAME', 'STATUS', 'ROLES', 'AGE', 'VERSION', 'INTERNAL-IP', 'EXTERNAL-IP', 'OS-IMAGE', 'KERNEL-VERSION', 'CONTAINER-RUNTIME']);
    const pods = table(await kubectl.run(['get', 'pods', '-n', 'web']));
    expect(pods[0]).toEqual(['NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE']);
    expect(pods.slice(1).map((row) => [row[0], row[1], row[2], row[3]])).toEqual([
      ['web-1', '0/1', 'Running', '0'],
      ['web-2', '0/1', 'Running', '0'],
    ]);
    const all = table(await kubectl.run(['get', 'pods', '-A', '-o', 'wide']));
    expect(all[0]).toEqual(['NAMESPACE', 'NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE', 'IP', 'NODE', 'NOMINATED NODE', 'READINESS GATES']);
    expect(all.find((row) => row[1] === 'job-1')?.slice(0, 4)).toEqual(['batch', 'job-1', '0/1', 'Pending']);
    const namespaces = table(await kubectl.run(['get', 'ns']));
    expect(namespaces.map((row) => row.slice(0, 2))).toEqual([
      ['NAME', 'STATUS'],
      ['batch', 'Active'],
      ['default', 'Active'],
      ['web', 'Active'],
    ]);
  });

  it('answers a missing object as kube-apiserver does: kubectl prints NotFound', async () => {
    const missing = await kubectl.run(['get', 'node', 'nope']);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe('Error from server (NotFound): nodes "nope" not found');
    const pod = await kubectl.run(['get', 'pod', 'nope', '-n', 'web']);
    expect(pod.stderr.trim()).toBe('Error from server (NotFound): pods "nope" not found');
  });

  it('serves another cluster under /clusters/{cluster}', async () => {
    expect(await names(prod, ['get', 'nodes'])).toEqual(['node/n1', 'node/n2', 'node/p9']);
  });

  it('discovery: the server version and the resources with their short names', async () => {
    const version = await kubectl.run(['version', '-o', 'json']);
    expect(JSON.parse(version.stdout).serverVersion).toMatchObject({ major: '1', minor: '32' });
    const resources = await kubectl.run(['api-resources', '-o', 'wide']);
    expect(resources.stderr).toBe('');
    expect(resources.code).toBe(0);
    for (const [name, short] of [
      ['nodes', 'no'],
      ['pods', 'po'],
      ['events', 'ev'],
      ['namespaces', 'ns'],
    ]) {
      expect(resources.stdout).toMatch(new RegExp(`^${name}\\s+${short}\\s+v1\\s`, 'm'));
    }
    expect(resources.stdout).toMatch(/^poddisruptionbudgets\s+pdb\s+policy\/v1\s/m);
  });
});

describe('kubectl with authentication on', () => {
  const t = useApiFixture({ TAINTGATE_AUTH: 'on', TAINTGATE_ADMIN_TOKEN: 'tg_admin-token-for-the-kubectl-tests-0123456789' });

  // kubectl sends a token over TLS only (client-go leaves credentials off plain http), so here it
  // is refused: the 401 is kube-apiserver's Status, which kubectl prints as it prints a real one.
  it('without a token over http: Unauthorized, as kubectl words it', async () => {
    await t.app.listen(0, '127.0.0.1');
    const anonymous = await Kubectl.for('kubectl', await t.app.getUrl());
    try {
      const refused = await anonymous.run(['get', 'nodes', '-o', 'name']);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('error: You must be logged in to the server');
    } finally {
      await anonymous.close();
    }
    const status = await t.api.get('/api/v1/nodes');
    expect(status.statusCode).toBe(401);
    expect(status.json()).toMatchObject({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'Unauthorized', code: 401 });
  });
});
