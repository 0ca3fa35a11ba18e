import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';
import { KUBECTLS, Kubectl } from '../../../../support/kubectl';

/**
 * kubectl describe node and pod: every request it makes answered as kube-apiserver would (the
 * node, its non-terminated pods by field selector, its events by involvedObject, its Lease), so
 * that it prints each section from the twin's objects.
 */
describe.each(KUBECTLS)('kubectl $version: describe node and pod', ({ binary }) => {
  const t = useApiFixture();
  let kubectl: Kubectl;

  beforeAll(async () => {
    await t.app.listen(0, '127.0.0.1');
    kubectl = await Kubectl.for(binary, await t.app.getUrl());
    const ready = { type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status' };
    const at = { lastHeartbeatTime: '2026-01-01T00:00:00Z', lastTransitionTime: '2026-01-01T00:00:00Z' };
    const resources = { cpu: '4', memory: '8Gi', pods: '110' };
    await t.api.put('/v1/nodes/n1', {
      metadata: { name: 'n1', labels: { pool: 'gpu' } },
      spec: { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] },
      status: { conditions: [{ ...ready, ...at }], allocatable: resources, capacity: resources },
    });
    await t.api.post('/v1/nodes/n1/cordon', {});
    const container = { name: 'c', image: 'nginx', resources: { requests: { cpu: '500m', memory: '1Gi' }, limits: { cpu: '1' } } };
    await t.api.put('/v1/namespaces/web/pods/p1', {
      metadata: { name: 'p1' },
      spec: { nodeName: 'n1', containers: [container], tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' }] },
      status: { phase: 'Running' },
    });
    // Succeeded: not among the node's non-terminated pods.
    await t.api.put('/v1/namespaces/web/pods/done', {
      metadata: { name: 'done' },
      spec: { nodeName: 'n1', containers: [container] },
      status: { phase: 'Succeeded' },
    });
  });
  afterAll(async () => {
    await kubectl.close();
  });

  const describeOut = async (args: string[]) => {
    const run = await kubectl.run(['describe', ...args]);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    return run.stdout.split('\n').map((line) => line.trimEnd());
  };

  it('describes a node: taints, unschedulable, lease, conditions, non-terminated pods, allocated resources, events', async () => {
    const lines = await describeOut(['node', 'n1']);
    const at = (prefix: string) => lines.findIndex((line) => line.startsWith(prefix));
    expect(lines[at('Taints:')]).toBe('Taints:             dedicated=gpu:NoSchedule');
    expect(lines[at('Taints:') + 1]).toBe('                    node.kubernetes.io/unschedulable:NoSchedule');
    expect(lines[at('Unschedulable:')]).toBe('Unschedulable:      true');
    // The twin keeps no Lease: kubectl says so as it does for a node whose kubelet never made one.
    expect(lines[at('Lease:')]).toBe('Lease:              Failed to get lease: leases.coordination.k8s.io "n1" not found');
    expect(lines[at('Conditions:') + 3]).toMatch(
      /^ {2}Ready {3}True {4}Thu, 01 Jan 2026 00:00:00 \+0000 {3}Thu, 01 Jan 2026 00:00:00 \+0000 {3}KubeletReady {3}kubelet is posting ready status$/,
    );
    expect(lines[at('Non-terminated Pods:')]).toBe('Non-terminated Pods:          (1 in total)');
    expect(lines[at('Non-terminated Pods:') + 3]).toMatch(/^ {2}web +p1 +500m \(12%\) +1 \(25%\) +1Gi \(12%\) +0 \(0%\) +\d+s$/);
    expect(lines[at('Non-terminated Pods:') + 4]).toBe('Allocated resources:');
    expect(lines[at('  cpu      ')]).toBe('  cpu                500m (12%)  1 (25%)');
    expect(lines[at('  memory   ')]).toBe('  memory             1Gi (12%)   0 (0%)');
    expect(lines[at('Events:')]).toBe('Events:              <none>');
  });

  it('describes a pod: its node, tolerations (admission included) and the events of its eviction', async () => {
    await t.api.put('/v1/nodes/n2', { metadata: { name: 'n2' } });
    await t.api.put('/v1/namespaces/web/pods/ev', { metadata: { name: 'ev' }, spec: { nodeName: 'n2', containers: [{ name: 'c', image: 'nginx' }] } });
    expect((await kubectl.run(['taint', 'node', 'n2', 'drain=now:NoExecute'])).code).toBe(0);
    const lines = await describeOut(['pod', '-n', 'web', 'ev']);
    const at = (prefix: string) => lines.findIndex((line) => line.startsWith(prefix));
    expect(lines[at('Node:')]).toMatch(/^Node: +n2\/$/);
    expect(lines[at('Tolerations:')]).toMatch(/^Tolerations: +node\.kubernetes\.io\/not-ready:NoExecute op=Exists for 300s$/);
    expect(lines[at('Tolerations:') + 1]).toMatch(/^ +node\.kubernetes\.io\/unreachable:NoExecute op=Exists for 300s$/);
    expect(lines[at('Events:') + 3]).toMatch(/^ {2}Normal {2}TaintManagerEviction {2}\S+ +taint-eviction-controller {2}Marking for deletion Pod web\/ev$/);

    const p1 = await describeOut(['pod', '-n', 'web', 'p1']);
    expect(p1.find((line) => line.startsWith('Tolerations:'))).toMatch(/^Tolerations: +dedicated=gpu:NoSchedule$/);
    expect(p1.find((line) => line.startsWith('Events:'))).toMatch(/^Events: +<none>$/);
  });

  it('a node or pod that does not exist is NotFound, as kubectl prints it', async () => {
    expect(await kubectl.run(['describe', 'node', 'nope'])).toMatchObject({ code: 1, stderr: 'Error from server (NotFound): nodes "nope" not found\n' });
    expect(await kubectl.run(['describe', 'pod', '-n', 'web', 'nope'])).toMatchObject({
      code: 1,
      stderr: 'Error from server (NotFound): pods "nope" not found\n',
    });
  });
});
