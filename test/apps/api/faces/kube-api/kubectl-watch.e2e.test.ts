import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';
import { KUBECTLS, Kubectl } from '../../../../support/kubectl';

/**
 * The real kubectl, oldest and newest, watching (`get -w`) while a NoExecute taint evicts pods:
 * kubectl lists, then watches from the list's resourceVersion, and prints each change as it
 * comes (the Table rows the server prints, or names).
 */

const node = (name: string) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name } });
const pod = (name: string, nodeName: string, phase = 'Running', extra: Record<string, unknown> = {}) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'web', labels: { app: 'web' } },
  // A grace period of 1 s: evicted, the pod is Terminating, then removed a second later.
  spec: { nodeName, terminationGracePeriodSeconds: 1, containers: [{ name: 'c', image: 'nginx' }], ...extra },
  status: { phase },
});
const tolerant = { tolerations: [{ key: 'k', operator: 'Exists', effect: 'NoExecute' }] };

describe.each(KUBECTLS.filter((k) => k.version !== '1.32'))('kubectl $version: get -w', ({ binary }) => {
  const t = useApiFixture();
  let kubectl: Kubectl;

  beforeAll(async () => {
    await t.app.listen(0, '127.0.0.1');
    kubectl = await Kubectl.for(binary, (await t.app.getUrl()).replace('[::1]', '127.0.0.1'));
  });
  afterAll(async () => {
    await kubectl.close();
  });

  /** A fresh cluster of two nodes and pods in `web`, every pod on `n1` but one that tolerates the taint. */
  async function cluster(suffix: string) {
    const n1 = `a${suffix}`;
    const pods = [pod(`run-${suffix}`, n1), pod(`done-${suffix}`, n1, 'Succeeded'), pod(`stay-${suffix}`, n1, 'Running', tolerant)];
    const imported = await t.api.post('/v1/import', { apiVersion: 'v1', kind: 'List', items: [node(n1), ...pods] });
    expect(imported.statusCode).toBe(200);
    return n1;
  }

  const taint = async (nodeName: string) => {
    const run = await kubectl.run(['taint', 'nodes', nodeName, 'k=v:NoExecute']);
    // Its impact comes as warnings (kubectl-dry-run.e2e.test.ts); nothing else on stderr.
    expect(run.stderr.split('\n').filter((line) => line !== '' && !line.startsWith('Warning: '))).toEqual([]);
    expect(run.stdout.trim()).toBe(`node/${nodeName} tainted`);
  };

  it('prints each eviction as it happens, with --output-watch-events, in the default table', async () => {
    const n1 = await cluster('t');
    const watch = kubectl.start(['get', 'pods', '-n', 'web', '-w', '--output-watch-events']);
    // The list first: the header, then a row per pod, each as ADDED.
    const listed = await watch.waitFor((lines) => lines.length >= 4);
    expect(listed[0]).toMatch(/^EVENT\s+NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE$/);
    expect(listed.slice(1).map((l) => l.split(/\s+/).slice(0, 2))).toEqual([
      ['ADDED', 'done-t'],
      ['ADDED', 'run-t'],
      ['ADDED', 'stay-t'],
    ]);

    await taint(n1);
    // The finished pod is deleted at once, the running one turns Terminating (in the same write), and a second later it is gone.
    const lines = await watch.waitFor((all) => all.some((l) => /^DELETED\s+run-t\s/.test(l)));
    const changes = lines.slice(4).map((l) => l.split(/\s+/));
    expect(changes.map(([type, name]) => `${type} ${name}`)).toEqual(['DELETED done-t', 'MODIFIED run-t', 'DELETED run-t']);
    expect(changes[1]?.[3]).toBe('Terminating');
    expect(watch.runningStill).toBe(true);
    expect(watch.stderr).toBe('');
    await watch.stop();
  });

  it('prints names with -o name; watches one pod by name', async () => {
    const n1 = await cluster('n');
    // kubectl's name printer prints names alone, whatever --output-watch-events says.
    const all = kubectl.start(['get', 'pods', '-n', 'web', '-l', 'app=web', '-w', '-o', 'name']);
    // kubectl get pod NAME -w watches from resourceVersion 0 with fieldSelector=metadata.name=NAME.
    const one = kubectl.start(['get', 'pod', 'run-n', '-n', 'web', '-w', '--output-watch-events']);
    const listed = await all.waitFor((lines) => lines.includes('pod/stay-n'));
    await one.waitFor((lines) => lines.length >= 1);

    await taint(n1);
    // Deleted, Terminating, deleted.
    const lines = await all.waitFor((printed) => printed.length >= listed.length + 3);
    expect(lines.slice(listed.length)).toEqual(['pod/done-n', 'pod/run-n', 'pod/run-n']);
    // The single pod: printed once got (kubectl leaves out the watch's ADDED of it, from resourceVersion 0), then its changes, nothing of the others.
    const mine = await one.waitFor((lines) => lines.some((l) => l.startsWith('DELETED')));
    expect(mine.slice(1).map((l) => l.split(/\s+/).slice(0, 4).join(' '))).toEqual([
      'ADDED run-n 0/1 Running',
      'MODIFIED run-n 0/1 Terminating',
      'DELETED run-n 0/1 Terminating',
    ]);
    expect(one.stderr).toBe('');
    await all.stop();
    await one.stop();
  });

  it('watches nodes: a taint is a MODIFIED node, a delete a DELETED one', async () => {
    const n1 = await cluster('w');
    const watch = kubectl.start(['get', 'nodes', '-w', '--output-watch-events']);
    await watch.waitFor((lines) => lines.some((l) => /^ADDED\s+aw\s/.test(l)));
    await taint(n1);
    await watch.waitFor((lines) => lines.some((l) => /^MODIFIED\s+aw\s/.test(l)));
    const deleted = await kubectl.run(['delete', 'node', n1]);
    expect(deleted.code).toBe(0);
    await watch.waitFor((lines) => lines.some((l) => /^DELETED\s+aw\s/.test(l)));
    expect(watch.stderr).toBe('');
    await watch.stop();
  });
});
