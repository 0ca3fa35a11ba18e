import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';
import { KUBECTLS, Kubectl } from '../../../../support/kubectl';

/** kubectl drain: cordon, then each pod through pods/eviction, DaemonSets' pods left alone. */
describe.each(KUBECTLS)('kubectl $version: drain', ({ binary }) => {
  const t = useApiFixture();
  let kubectl: Kubectl;

  const owned = (kind: string, name: string, uid: string) => [{ apiVersion: 'apps/v1', kind, name, uid, controller: true }];
  const container = [{ name: 'c', image: 'nginx' }];

  beforeAll(async () => {
    await t.app.listen(0, '127.0.0.1');
    kubectl = await Kubectl.for(binary, await t.app.getUrl());
    await t.api.put('/v1/nodes/n1', { metadata: { name: 'n1' } });
    await t.api.put('/v1/nodes/n2', { metadata: { name: 'n2' } });
    await t.api.put('/v1/namespaces/web/pods/web-1', {
      metadata: { name: 'web-1', ownerReferences: owned('ReplicaSet', 'web-rs', '7a1f0c9e-1111-4222-8333-444455556666') },
      spec: { nodeName: 'n1', terminationGracePeriodSeconds: 0, containers: container, volumes: [{ name: 'tmp', emptyDir: {} }] },
      status: { phase: 'Running' },
    });
    // Graceful: terminating for its second, then removed by the reaper, which drain waits for.
    await t.api.put('/v1/namespaces/web/pods/web-2', {
      metadata: { name: 'web-2', ownerReferences: owned('ReplicaSet', 'web-rs', '7a1f0c9e-1111-4222-8333-444455556666') },
      spec: { nodeName: 'n1', terminationGracePeriodSeconds: 1, containers: container },
      status: { phase: 'Running' },
    });
    await t.api.put('/v1/namespaces/kube-system/pods/fluentd-1', {
      metadata: { name: 'fluentd-1', ownerReferences: owned('DaemonSet', 'fluentd', '7a1f0c9e-1111-4222-8333-444455556667') },
      spec: { nodeName: 'n1', containers: container },
      status: { phase: 'Running' },
    });
    await t.api.put('/v1/namespaces/web/pods/web-3', {
      metadata: { name: 'web-3', ownerReferences: owned('ReplicaSet', 'web-rs', '7a1f0c9e-1111-4222-8333-444455556666') },
      spec: { nodeName: 'n2', containers: container },
      status: { phase: 'Running' },
    });
  });
  afterAll(async () => {
    await kubectl.close();
  });

  it('drain --ignore-daemonsets --delete-emptydir-data: the node cordoned, its pods evicted, the DaemonSet pod and other nodes left', async () => {
    const run = await kubectl.run(['drain', 'n1', '--ignore-daemonsets', '--delete-emptydir-data', '--timeout=60s']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('node/n1 cordoned');
    expect(run.stdout).toContain('pod/web-1 evicted');
    expect(run.stdout).toContain('pod/web-2 evicted');
    expect(run.stdout).toContain('node/n1 drained');
    expect(run.stderr).toContain('Warning: ignoring DaemonSet-managed Pods: kube-system/fluentd-1');
    // The drain as one, at its first eviction; the cordon tells nothing of pods that stay, as they do
    // not; n2 takes the evicted pods' replacements, so their evictions warn of nothing.
    expect(run.stderr).toContain(
      'Warning: kubectl drain over 1 node (n1), judged together: 2 pods are evicted; placed together, every replacement finds a node',
    );
    expect(run.stderr).not.toContain('cordoned;');
    expect(run.stderr).not.toContain('no node takes');
    const pods = (await t.api.get('/v1/pods')).json().items.map((p: { metadata: { name: string } }) => p.metadata.name);
    expect(pods.sort()).toEqual(['fluentd-1', 'web-3']);
    expect((await t.api.get('/v1/nodes/n1')).json().spec.unschedulable).toBe(true);
    const { rows } = await t.db.query<{ name: string; grace: number }>(
      `SELECT name, (details->>'gracePeriodSeconds')::int AS grace FROM audit_events WHERE action = 'pod.evict' ORDER BY name`,
    );
    expect(rows).toEqual([
      { name: 'web-1', grace: 0 },
      { name: 'web-2', grace: 1 },
    ]);
  });

  it('without --ignore-daemonsets drain refuses, as kubectl does, and evicts nothing', async () => {
    await t.api.put('/v1/namespaces/web/pods/web-4', {
      metadata: { name: 'web-4', ownerReferences: owned('ReplicaSet', 'web-rs', '7a1f0c9e-1111-4222-8333-444455556666') },
      spec: { nodeName: 'n1', containers: container },
      status: { phase: 'Running' },
    });
    const run = await kubectl.run(['drain', 'n1', '--timeout=20s']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('cannot delete DaemonSet-managed Pods');
    expect((await t.api.get('/v1/namespaces/web/pods/web-4')).statusCode).toBe(200);
  });

  // CheckGracefulDelete: the period sent is 0 for a pod already Succeeded or Failed, so nothing is left terminating for drain to wait on.
  it('drain --grace-period=30 of a node whose pods are Succeeded and Failed: both go at once, none is ever terminating', async () => {
    await t.api.put('/v1/nodes/n3', { metadata: { name: 'n3' } });
    for (const [name, phase] of [
      ['done-1', 'Succeeded'],
      ['failed-1', 'Failed'],
    ]) {
      await t.api.put(`/v1/namespaces/batch/pods/${name}`, { metadata: { name }, spec: { nodeName: 'n3', containers: container }, status: { phase } });
    }
    const run = await kubectl.run(['drain', 'n3', '--grace-period=30', '--timeout=60s']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('pod/done-1 evicted');
    expect(run.stdout).toContain('pod/failed-1 evicted');
    expect((await t.api.get('/v1/pods?nodeName=n3')).json().items).toEqual([]);
    const { rows } = await t.db.query<{ name: string; action: string; grace: number | null }>(
      `SELECT name, action, (details->>'gracePeriodSeconds')::int AS grace FROM audit_events
       WHERE namespace = 'batch' AND action IN ('pod.evict', 'pod.terminated') ORDER BY name`,
    );
    expect(rows).toEqual([
      { name: 'done-1', action: 'pod.evict', grace: 0 },
      { name: 'failed-1', action: 'pod.evict', grace: 0 },
    ]);
  });

  it('kubectl delete --grace-period=30 of an unscheduled pod: gone at once; of a bound, running one: terminating, then gone', async () => {
    await t.api.put('/v1/namespaces/batch/pods/pending-1', { metadata: { name: 'pending-1' }, spec: { containers: container } });
    const started = Date.now();
    const unbound = await kubectl.run(['delete', 'pod', '-n', 'batch', 'pending-1', '--grace-period=30']);
    expect(unbound.code, unbound.stderr).toBe(0);
    expect(unbound.stdout.trim()).toBe('pod "pending-1" deleted');
    expect(Date.now() - started).toBeLessThan(15_000);
    expect((await t.api.get('/v1/namespaces/batch/pods/pending-1')).statusCode).toBe(404);

    await t.api.put('/v1/namespaces/batch/pods/running-1', { metadata: { name: 'running-1' }, spec: { nodeName: 'n3', containers: container } });
    // kubectl waits until the pod is gone: the reaper removes it once its 2 s are over.
    const bound = await kubectl.run(['delete', 'pod', '-n', 'batch', 'running-1', '--grace-period=2', '--timeout=30s']);
    expect(bound.code, bound.stderr).toBe(0);
    expect((await t.api.get('/v1/namespaces/batch/pods/running-1')).statusCode).toBe(404);
    const { rows } = await t.db.query<{ action: string; grace: number | null }>(
      `SELECT action, (details->>'gracePeriodSeconds')::int AS grace FROM audit_events WHERE name = 'running-1' ORDER BY id`,
    );
    expect(rows).toEqual([
      { action: 'pod.create', grace: null },
      { action: 'pod.delete', grace: 2 },
      { action: 'pod.terminated', grace: null },
    ]);
  });

  it('draining the last open node: each evicted pod warns that no node takes its replacement', async () => {
    const run = await kubectl.run(['drain', 'n2', '--ignore-daemonsets', '--grace-period=0', '--timeout=60s']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('pod/web-3 evicted');
    expect(run.stderr).toContain(
      'Warning: kubectl drain over 1 node (n2), judged together: 1 pod is evicted; placed together, no replacement finds a node (web/web-3)',
    );
    expect(run.stderr).toContain('Warning: pod web/web-3: no node takes its replacement (0/3 nodes are available: 3 node(s) were unschedulable.)');
  });
});
