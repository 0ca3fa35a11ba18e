import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';
import { KUBECTLS, Kubectl } from '../../../../support/kubectl';
import { kubectlNames } from './kubectl-names';
import { kubectlList, namespaces, podDisruptionBudgets } from '../../../../support/twin-kinds';

/** The real kubectl, oldest and newest, reading the PodDisruptionBudgets the twin keeps through its Kubernetes API (policy/v1). */

const table = (run: { stdout: string }) =>
  run.stdout
    .trim()
    .split('\n')
    .map((line) => line.split(/\s{2,}/));

describe.each(KUBECTLS)('kubectl $version: get pdb', ({ binary }) => {
  const t = useApiFixture();
  let kubectl: Kubectl;

  beforeAll(async () => {
    await t.app.listen(0, '127.0.0.1');
    // With their namespaces: kubectl tells a missing object of a missing namespace by the namespace.
    const imported = await t.api.post('/v1/import', kubectlList(...podDisruptionBudgets, ...namespaces));
    expect(imported.json()).toMatchObject({ rejected: [], podDisruptionBudgets: { created: 3 } });
    kubectl = await Kubectl.for(binary, (await t.app.getUrl()).replace('[::1]', '127.0.0.1'));
  });
  afterAll(async () => {
    await kubectl.close();
  });

  const names = (args: string[]) => kubectlNames(kubectl, args);

  it('lists them by their name and short name, in every namespace or one, selected by label and field', async () => {
    const all = ['poddisruptionbudget.policy/api', 'poddisruptionbudget.policy/db', 'poddisruptionbudget.policy/web'];
    expect(await names(['get', 'poddisruptionbudgets', '-A'])).toEqual(all);
    expect(await names(['get', 'pdb', '--all-namespaces'])).toEqual(all);
    expect(await names(['get', 'pdb', '-n', 'shop'])).toEqual(['poddisruptionbudget.policy/db', 'poddisruptionbudget.policy/web']);
    // The kubeconfig's context names no namespace: default.
    expect(await names(['get', 'pdb'])).toEqual(['poddisruptionbudget.policy/api']);
    expect(await names(['get', 'pdb', '-A', '-l', 'app=db'])).toEqual(['poddisruptionbudget.policy/db']);
    expect(await names(['get', 'pdb', '-A', '--field-selector', 'metadata.name=web'])).toEqual(['poddisruptionbudget.policy/web']);
  });

  it("prints kubectl's columns from the server's Table: MIN AVAILABLE, MAX UNAVAILABLE (N/A when unset), ALLOWED DISRUPTIONS; -o wide adds none", async () => {
    const listed = table(await kubectl.run(['get', 'pdb', '-A']));
    expect(listed.map((row) => row.slice(0, 5))).toEqual([
      ['NAMESPACE', 'NAME', 'MIN AVAILABLE', 'MAX UNAVAILABLE', 'ALLOWED DISRUPTIONS'],
      ['default', 'api', '50%', 'N/A', '1'],
      ['shop', 'db', '1', 'N/A', '0'],
      ['shop', 'web', 'N/A', '25%', '1'],
    ]);
    expect(listed[0]?.[5]).toBe('AGE');
    const wide = table(await kubectl.run(['get', 'poddisruptionbudgets', '-n', 'shop', '-o', 'wide']));
    expect(wide.map((row) => row.slice(0, 4))).toEqual([
      ['NAME', 'MIN AVAILABLE', 'MAX UNAVAILABLE', 'ALLOWED DISRUPTIONS'],
      ['db', '1', 'N/A', '0'],
      ['web', 'N/A', '25%', '1'],
    ]);
    expect(wide[0]).toHaveLength(5);
    expect(table(await kubectl.run(['get', 'pdb', 'db', '-n', 'shop']))[1]?.slice(0, 4)).toEqual(['db', '1', 'N/A', '0']);
  });

  it('reads one as YAML and JSON, as imported; a missing one is NotFound in the API server words', async () => {
    const yaml = await kubectl.run(['get', 'pdb', 'web', '-n', 'shop', '-o', 'yaml']);
    expect(yaml.stdout).toContain('unhealthyPodEvictionPolicy: AlwaysAllow');
    expect(yaml.stdout).toContain('web-7d9f-abcde: "2026-01-10T09:00:00Z"');
    const db = JSON.parse((await kubectl.run(['get', 'pdb', 'db', '-n', 'shop', '-o', 'json'])).stdout);
    expect(db).toMatchObject({ apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', spec: { minAvailable: 1 }, status: { disruptionsAllowed: 0 } });
    const missing = await kubectl.run(['get', 'pdb', 'nope', '-n', 'shop']);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe('Error from server (NotFound): poddisruptionbudgets.policy "nope" not found');
  });

  it('discovery: poddisruptionbudgets in policy/v1, short name pdb, namespaced, watched', async () => {
    const resources = await kubectl.run(['api-resources', '--api-group=policy', '-o', 'wide']);
    expect(resources.stderr).toBe('');
    expect(resources.stdout).toMatch(/^poddisruptionbudgets\s+pdb\s+policy\/v1\s+true\s+PodDisruptionBudget\s+get,list,watch(\s|$)/m);
  });
});

describe('kubectl get pdb -w', () => {
  const t = useApiFixture();
  let kubectl: Kubectl;

  beforeAll(async () => {
    await t.app.listen(0, '127.0.0.1');
    await t.api.post('/v1/import', kubectlList(podDisruptionBudgets[1]));
    kubectl = await Kubectl.for('kubectl', (await t.app.getUrl()).replace('[::1]', '127.0.0.1'));
  });
  afterAll(async () => {
    await kubectl.close();
  });

  it("follows a namespace's budgets as imports change them: one added, one changed, one pruned, in the default table", async () => {
    const watch = kubectl.start(['get', 'pdb', '-n', 'shop', '-w', '--output-watch-events']);
    const events = (lines: string[]) => lines.slice(1).map((l) => l.split(/\s+/).slice(0, 5).join(' '));
    const listed = await watch.waitFor((lines) => lines.length >= 2);
    expect(listed[0]).toMatch(/^EVENT\s+NAME\s+MIN AVAILABLE\s+MAX UNAVAILABLE\s+ALLOWED DISRUPTIONS\s+AGE$/);
    expect(events(listed)).toEqual(['ADDED db 1 N/A 0']);
    const [, db, web] = podDisruptionBudgets;
    // The disruption controller counted again: a disruption allowed. The default namespace's budget is not watched.
    const counted = { ...db!, status: { ...db!.status, disruptionsAllowed: 1 } };
    await t.api.post('/v1/import', kubectlList(counted, web, podDisruptionBudgets[0]));
    await watch.waitFor((seen) => events(seen).length >= 3);
    await t.api.post('/v1/import?prune=true', kubectlList(web));
    const lines = await watch.waitFor((seen) => events(seen).length >= 4);
    // The import's writes in their order: stored (the changed one, the new one), then the one it does not name pruned.
    expect(events(lines).sort()).toEqual(['ADDED db 1 N/A 0', 'ADDED web N/A 25% 1', 'DELETED db 1 N/A 1', 'MODIFIED db 1 N/A 1']);
    expect(events(lines)[0]).toBe('ADDED db 1 N/A 0');
    expect(events(lines)[3]).toBe('DELETED db 1 N/A 1');
    expect(watch.stderr).toBe('');
    await watch.stop();
  });
});
