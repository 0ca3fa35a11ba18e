import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';
import { KUBECTLS, Kubectl } from '../../../../support/kubectl';

/** kubectl get events: the taint eviction controller's events as core/v1 Events. */
describe.each(KUBECTLS)('kubectl $version: events', ({ binary }) => {
  const t = useApiFixture();
  let kubectl: Kubectl;
  let podUid = '';

  beforeAll(async () => {
    await t.app.listen(0, '127.0.0.1');
    kubectl = await Kubectl.for(binary, await t.app.getUrl());
    await t.api.put('/v1/nodes/n1', { metadata: { name: 'n1' } });
    const container = [{ name: 'c', image: 'nginx' }];
    const evicted = await t.api.put('/v1/namespaces/web/pods/web-1', { metadata: { name: 'web-1' }, spec: { nodeName: 'n1', containers: container } });
    podUid = evicted.json().metadata.uid;
    await t.api.put('/v1/namespaces/batch/pods/job-1', {
      metadata: { name: 'job-1' },
      spec: { nodeName: 'n1', containers: container, tolerations: [{ key: 'maint', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 600 }] },
    });
    expect((await t.api.post('/v1/taint', { nodes: ['n1'], taints: ['maint=now:NoExecute'] })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await kubectl.close();
  });

  const rows = async (args: string[]) => {
    const run = await kubectl.run(args);
    expect(run.stderr).toBe('');
    return run.stdout
      .trim()
      .split('\n')
      .map((line) => line.split(/\s{2,}/));
  };

  it("lists them with kubectl's columns, per namespace and in all", async () => {
    const web = await rows(['get', 'events', '-n', 'web']);
    expect(web[0]).toEqual(['LAST SEEN', 'TYPE', 'REASON', 'OBJECT', 'MESSAGE']);
    expect(web.slice(1).map((row) => row.slice(1))).toEqual([['Normal', 'TaintManagerEviction', 'pod/web-1', 'Marking for deletion Pod web/web-1']]);
    const all = await rows(['get', 'ev', '-A']);
    expect(all[0]).toEqual(['NAMESPACE', 'LAST SEEN', 'TYPE', 'REASON', 'OBJECT', 'MESSAGE']);
    // In the order they were recorded: the command's write records the deadlines before the evictions.
    expect(all.slice(1).map((row) => [row[0], row[4]])).toEqual([
      ['batch', 'pod/job-1'],
      ['web', 'pod/web-1'],
    ]);
    expect(all[1]?.[5]).toMatch(/^Scheduling deletion of Pod batch\/job-1 at /);
  });

  it('selects by the involved object, as kubectl describe does, and answers core/v1 Events', async () => {
    const run = await kubectl.run([
      'get',
      'events',
      '-A',
      '--field-selector',
      `involvedObject.kind=Pod,involvedObject.name=web-1,involvedObject.uid=${podUid}`,
      '-o',
      'json',
    ]);
    expect(run.code).toBe(0);
    const { items } = JSON.parse(run.stdout) as { items: Record<string, unknown>[] };
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      kind: 'Event',
      metadata: { namespace: 'web' },
      involvedObject: { kind: 'Pod', namespace: 'web', name: 'web-1', uid: podUid, apiVersion: 'v1' },
      reason: 'TaintManagerEviction',
      type: 'Normal',
      count: 1,
      source: { component: 'taint-eviction-controller' },
    });
    const none = await kubectl.run(['get', 'events', '-A', '--field-selector', 'reason!=TaintManagerEviction', '-o', 'name']);
    expect(none.stdout).toBe('');
    const bad = await kubectl.run(['get', 'events', '--field-selector', 'spec.x=y']);
    expect(bad.stderr).toContain('field label not supported: spec.x');
  });
});
