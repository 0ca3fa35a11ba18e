import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';
import { KUBECTLS, Kubectl } from '../../../../support/kubectl';

/**
 * kubectl's node commands that PATCH (taint, cordon, uncordon, label, annotate) against taintgate:
 * kubectl's own messages, and the node, its evictions and its audit as the REST writes leave them.
 */
describe.each(KUBECTLS)('kubectl $version: taint, cordon, label, annotate', ({ binary }) => {
  const t = useApiFixture();
  let kubectl: Kubectl;

  beforeAll(async () => {
    await t.app.listen(0, '127.0.0.1');
    kubectl = await Kubectl.for(binary, await t.app.getUrl());
    await t.api.put('/v1/nodes/n1', { metadata: { name: 'n1' } });
    await t.api.put('/v1/namespaces/web/pods/p1', {
      metadata: { name: 'p1' },
      spec: { nodeName: 'n1', containers: [{ name: 'c', image: 'nginx' }] },
      status: { phase: 'Running' },
    });
  });
  afterAll(async () => {
    await kubectl.close();
  });

  const say = async (args: string[]) => {
    const run = await kubectl.run(args);
    return { code: run.code, out: `${run.stdout}${run.stderr}`.trim() };
  };
  const node = async () => (await t.api.get('/v1/nodes/n1')).json();

  it("taints and untaints with kubectl's messages, refusing a second taint without --overwrite", async () => {
    expect(await say(['taint', 'nodes', 'n1', 'maint=now:NoSchedule'])).toEqual({ code: 0, out: 'node/n1 tainted' });
    expect((await node()).spec.taints).toMatchObject([{ key: 'maint', value: 'now', effect: 'NoSchedule' }]);
    const again = await say(['taint', 'nodes', 'n1', 'maint=now:NoSchedule']);
    expect(again.code).toBe(1);
    expect(again.out).toBe('error: node n1 already has maint taint(s) with same effect(s) and --overwrite is false');
    expect(await say(['taint', 'nodes', 'n1', 'maint=later:NoSchedule', '--overwrite'])).toEqual({ code: 0, out: 'node/n1 modified' });
    expect(await say(['taint', 'nodes', 'n1', 'maint:NoSchedule-'])).toEqual({ code: 0, out: 'node/n1 untainted' });
    expect((await node()).spec.taints).toBeUndefined();
  });

  it('cordons and uncordons: spec.unschedulable and its NoSchedule taint, as kube-apiserver and the node lifecycle controller leave them', async () => {
    // The impact, as a Warning header kubectl prints (stderr, after the result on stdout here).
    expect(await say(['cordon', 'n1'])).toEqual({
      code: 0,
      out: 'node/n1 cordoned\nWarning: node/n1: cordoned; 1 pod running there stays, new pods go elsewhere',
    });
    expect((await node()).spec).toMatchObject({ unschedulable: true, taints: [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' }] });
    expect(await say(['cordon', 'n1'])).toEqual({ code: 0, out: 'node/n1 already cordoned' });
    expect(await say(['uncordon', 'n1'])).toEqual({ code: 0, out: 'node/n1 uncordoned' });
    expect((await node()).spec.unschedulable).toBeUndefined();
  });

  it('labels and annotates, refusing a changed value without --overwrite', async () => {
    expect(await say(['label', 'node', 'n1', 'pool=gpu'])).toEqual({ code: 0, out: 'node/n1 labeled' });
    const refused = await say(['label', 'node', 'n1', 'pool=cpu']);
    expect(refused.code).toBe(1);
    expect(refused.out).toBe("error: 'pool' already has a value (gpu), and --overwrite is false");
    expect(await say(['label', 'node', 'n1', 'pool=cpu', '--overwrite'])).toEqual({ code: 0, out: 'node/n1 labeled' });
    // kubectl's own line: 1.27 printed "annotate", later ones "annotated".
    expect(await say(['annotate', 'node', 'n1', 'note=hi'])).toEqual({ code: 0, out: expect.stringMatching(/^node\/n1 annotated?$/) });
    expect((await node()).metadata).toMatchObject({ labels: { pool: 'cpu' }, annotations: { note: 'hi' } });
    // The three patch formats kube-apiserver takes: strategic (above), merge (label) and JSON patch.
    expect(await say(['patch', 'node', 'n1', '--type=json', '-p', '[{"op":"add","path":"/metadata/labels/zone","value":"a"}]'])).toEqual({
      code: 0,
      out: 'node/n1 patched',
    });
    expect(await say(['patch', 'node', 'n1', '--type=merge', '-p', '{"metadata":{"labels":{"zone":null}}}'])).toEqual({ code: 0, out: 'node/n1 patched' });
    expect(await say(['label', 'node', 'n1', 'pool-'])).toEqual({ code: 0, out: 'node/n1 unlabeled' });
    expect((await node()).metadata.labels?.pool).toBeUndefined();
  });

  it('a NoExecute taint evicts as through REST: the pod terminating, its event, the audit entry', async () => {
    expect(await say(['taint', 'nodes', 'n1', 'evict=now:NoExecute'])).toEqual({
      code: 0,
      out: 'node/n1 tainted\nWarning: node/n1: 1 pod is evicted at once (web/p1)\nWarning: node/n1: 1 evicted pod has no other node to go to (web/p1)',
    });
    expect((await t.api.get('/v1/namespaces/web/pods/p1')).json().metadata.deletionTimestamp).toBeDefined();
    const events = await kubectl.run(['get', 'events', '-n', 'web', '-o', 'jsonpath={.items[*].message}']);
    expect(events.stdout).toBe('Marking for deletion Pod web/p1');
    const { rows } = await t.db.query<{ action: string }>(`SELECT action FROM audit_events WHERE kind = 'Node' AND name = 'n1' ORDER BY id DESC LIMIT 1`);
    expect(rows[0]?.action).toBe('node.patch');
  });

  it('kubectl edit: the editor’s change sent as a strategic merge patch', async () => {
    await t.api.put('/v1/nodes/ed', { metadata: { name: 'ed' } });
    // The "editor": adds a label under metadata.name, as a user would type it.
    const editor = path.join(await mkdtemp(path.join(tmpdir(), 'taintgate-editor-')), 'editor.sh');
    await writeFile(editor, `#!/bin/sh\nsed -i 's/^  name: ed$/  name: ed\\n  labels:\\n    edited: "yes"/' "$1"\n`, { mode: 0o755 });
    const run = await kubectl.run(['edit', 'node', 'ed'], undefined, { KUBE_EDITOR: editor });
    expect(run.stdout.trim(), run.stderr).toBe('node/ed edited');
    expect((await t.api.get('/v1/nodes/ed')).json().metadata.labels).toEqual({ edited: 'yes' });
    await rm(path.dirname(editor), { recursive: true, force: true });
  });

  it('a patch that makes the node invalid is refused with the API server words, and changes nothing', async () => {
    const before = await node();
    const bad = await say(['patch', 'node', 'n1', '-p', '{"spec":{"taints":[{"key":"k","effect":"Sometimes"}]}}']);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('The Node "n1" is invalid');
    expect(bad.out).toContain('spec.taints[0].effect: Unsupported value: "Sometimes"');
    expect(await node()).toEqual(before);
    const missing = await say(['cordon', 'nope']);
    expect(missing.out).toContain('nodes "nope" not found');
  });

  it('deletes a pod and a node, as kubectl words it, and a missing one is NotFound', async () => {
    await t.api.put('/v1/nodes/gone', { metadata: { name: 'gone' } });
    await t.api.put('/v1/namespaces/web/pods/p2', { metadata: { name: 'p2' }, spec: { containers: [{ name: 'c', image: 'nginx' }] } });
    expect(await say(['delete', 'pod', 'p2', '-n', 'web', '--wait=false'])).toEqual({ code: 0, out: 'pod "p2" deleted' });
    expect((await t.api.get('/v1/namespaces/web/pods/p2')).statusCode).toBe(404);
    expect(await say(['delete', 'node', 'gone', '--wait=false'])).toEqual({ code: 0, out: 'node "gone" deleted' });
    expect((await t.api.get('/v1/nodes/gone')).statusCode).toBe(404);
    const missing = await say(['delete', 'node', 'gone']);
    expect(missing).toEqual({ code: 1, out: 'Error from server (NotFound): nodes "gone" not found' });
  });
});
