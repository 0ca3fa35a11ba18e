import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';
import { KUBECTLS, Kubectl } from '../../../../support/kubectl';
import { waitUntil } from '../../../../support/waiting';

type Json = Record<string, any>;

const THREE_NODES = '0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 Insufficient cpu.';
// Counted and sorted as Go's sort.Strings sorts "N reason": byte order.
const FOUR_NODES = '0/4 nodes are available: 2 Insufficient cpu, 2 node(s) had untolerated taint(s).';

/**
 * kube-scheduler's FailedScheduling events for the twin's pending pods (FailedSchedulingRecorder):
 * recorded as the events.k8s.io recorder records them, their series carried on as the cluster
 * changes, shown by kubectl describe pod and kubectl get events. Two replicas run the recorder.
 */
describe('FailedScheduling events', () => {
  const t = useApiFixture();
  const kubectls: { version: string; kubectl: Kubectl }[] = [];
  const container = (cpu: string) => [{ name: 'c', image: 'nginx', resources: { requests: { cpu } } }];
  const node = (name: string, cpu: string, taints: Json[] = []) =>
    t.api.put(`/v1/nodes/${name}`, { metadata: { name }, spec: { taints }, status: { allocatable: { cpu, memory: '8Gi', pods: '110' } } });
  const failedScheduling = async (namespace = 'web', cluster = ''): Promise<Json[]> => {
    const reply = await t.api.get(`${cluster}/api/v1/namespaces/${namespace}/events?fieldSelector=reason%3DFailedScheduling`);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json().items;
  };
  const about = (events: Json[], name: string) => events.filter((e) => e.involvedObject.name === name);
  const eventually = (probe: () => Promise<boolean>) => waitUntil(probe, 15_000);

  beforeAll(async () => {
    // A second replica decides every pass too: each attempt is still recorded once (the counts below).
    await t.bootReplica();
    await t.app.listen(0, '127.0.0.1');
    for (const { version, binary } of KUBECTLS) kubectls.push({ version, kubectl: await Kubectl.for(binary, await t.app.getUrl()) });
    await node('n1', '4', [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }]);
    await node('n2', '1');
    await node('n3', '1');
  });
  afterAll(async () => {
    for (const { kubectl } of kubectls) await kubectl.close();
  });

  let big: Json;

  it('a pod no node takes gets one Warning event with the line kube-scheduler prints, as the events.k8s.io recorder makes it', async () => {
    big = (await t.api.putPod('web', 'big', { spec: { containers: container('2') } })).json();
    await eventually(async () => about(await failedScheduling(), 'big').length === 1);
    const [event] = about(await failedScheduling(), 'big');
    expect(event).toMatchObject({
      kind: 'Event',
      metadata: { namespace: 'web', name: expect.stringMatching(/^big\.[0-9a-f]{16}$/) },
      involvedObject: { kind: 'Pod', namespace: 'web', name: 'big', uid: big.metadata.uid, resourceVersion: big.metadata.resourceVersion, apiVersion: 'v1' },
      reason: 'FailedScheduling',
      type: 'Warning',
      message: THREE_NODES,
      action: 'Scheduling',
      reportingComponent: 'default-scheduler',
      source: {},
      eventTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
    });
    expect(event?.series).toBeUndefined();
    // A pod that fits, one of another scheduler and one gated: nothing.
    await t.api.putPod('web', 'small', { spec: { containers: container('500m') } });
    await t.api.putPod('web', 'other', { spec: { containers: container('2'), schedulerName: 'volcano' } });
    await t.api.putPod('web', 'gated', { spec: { containers: container('2'), schedulingGates: [{ name: 'example.com/quota' }] } });
    await t.api.putPod('web', 'late', { spec: { containers: container('8') } });
    await eventually(async () => about(await failedScheduling(), 'late').length === 1);
    expect((await failedScheduling()).map((e) => e.involvedObject.name).sort()).toEqual(['big', 'late']);
  });

  it('kubectl describe pod and kubectl get events show it', async () => {
    for (const { version, kubectl } of kubectls) {
      const described = await kubectl.run(['describe', 'pod', '-n', 'web', 'big']);
      expect(described.code, `${version}: ${described.stderr}`).toBe(0);
      const lines = described.stdout.split('\n').map((line) => line.trimEnd());
      const events = lines.findIndex((line) => line.startsWith('Events:'));
      expect(lines[events + 1], version).toMatch(/^ {2}Type +Reason +Age +From +Message$/);
      expect(lines[events + 3], version).toMatch(new RegExp(`^ {2}Warning {2}FailedScheduling {2}\\d+s +default-scheduler {2}${escape(THREE_NODES)}$`));

      const got = await kubectl.run(['get', 'events', '-n', 'web', '--field-selector', 'involvedObject.name=big']);
      expect(got.code, `${version}: ${got.stderr}`).toBe(0);
      const rows = got.stdout.trim().split('\n');
      expect(rows[0], version).toMatch(/^LAST SEEN +TYPE +REASON +OBJECT +MESSAGE$/);
      expect(rows[1], version).toMatch(new RegExp(`^\\d+s +Warning +FailedScheduling +pod/big +${escape(THREE_NODES)}$`));
      const wide = await kubectl.run(['get', 'events', '-n', 'web', '--field-selector', 'involvedObject.name=big,source=default-scheduler', '-o', 'wide']);
      expect(wide.stdout, version).toContain('default-scheduler, default-scheduler-taintgate');
    }
  });

  it('a change that changes the line carries the series on: count 2, last seen now, the line now', async () => {
    await node('n4', '8', [{ key: 'spot', value: 'true', effect: 'NoSchedule' }]);
    await eventually(async () => about(await failedScheduling(), 'big')[0]?.series?.count === 2);
    const [event] = about(await failedScheduling(), 'big');
    expect(event?.message).toBe(FOUR_NODES);
    expect(Date.parse(event?.series.lastObservedTime)).toBeGreaterThan(Date.parse(event?.eventTime));
    for (const { version, kubectl } of kubectls) {
      const described = await kubectl.run(['describe', 'pod', '-n', 'web', 'big']);
      expect(described.stdout, version).toMatch(
        new RegExp(`Warning {2}FailedScheduling {2}\\d+s \\(x2 over \\d+s\\) +default-scheduler {2}${escape(FOUR_NODES)}`),
      );
    }
    await node('n5', '1', [{ key: 'spot', value: 'true', effect: 'NoSchedule' }]);
    await eventually(async () => about(await failedScheduling(), 'big')[0]?.series?.count === 3);
    expect(about(await failedScheduling(), 'big')[0]?.message).toBe('0/5 nodes are available: 2 Insufficient cpu, 3 node(s) had untolerated taint(s).');
    // A change that leaves the line as it was (a pod bound to a node big does not tolerate) records nothing.
    await t.api.putPod('web', 'unrelated', { spec: { nodeName: 'n4', containers: container('1') } });
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const settled = about(await failedScheduling(), 'big');
    expect(settled).toHaveLength(1);
    expect(settled[0]?.series.count).toBe(3);
  });

  it('the pod written (another resourceVersion: the recorder’s regarding differs) starts a new Event', async () => {
    expect((await kubectls[0]!.kubectl.run(['label', 'pod', '-n', 'web', 'big', 'tier=batch'])).code).toBe(0);
    await eventually(async () => about(await failedScheduling(), 'big').length === 2);
    const [first, second] = about(await failedScheduling(), 'big');
    expect(second?.involvedObject.resourceVersion).not.toBe(first?.involvedObject.resourceVersion);
    expect(second?.message).toBe(first?.message);
    expect(second?.series).toBeUndefined();
  });

  it('a pod that a node now takes, or that is bound or deleted, records nothing more; its events stay, as kube-scheduler’s do', async () => {
    const before = about(await failedScheduling(), 'big');
    // n1 untainted takes big (4 cpu); late (8) is still short of cpu everywhere, and its line changes.
    expect((await node('n1', '4')).statusCode).toBe(200);
    await eventually(
      async () => about(await failedScheduling(), 'late')[0]?.message === '0/5 nodes are available: 2 node(s) had untolerated taint(s), 3 Insufficient cpu.',
    );
    expect(about(await failedScheduling(), 'big')).toEqual(before);
    const current = (await t.api.getPod('web', 'big')).json();
    expect((await t.api.putPod('web', 'big', { ...current, spec: { ...current.spec, nodeName: 'n1' } })).statusCode).toBe(200);
    const late = about(await failedScheduling(), 'late');
    expect((await t.api.request('DELETE', '/v1/namespaces/web/pods/late')).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(about(await failedScheduling(), 'big')).toEqual(before);
    expect(about(await failedScheduling(), 'late')).toEqual(late);
  });

  it('a cluster with no node: "no nodes available to schedule pods"', async () => {
    expect((await t.api.put('/v1/clusters/empty/namespaces/batch/pods/job', { spec: { containers: container('1') } })).statusCode).toBe(201);
    await eventually(async () => (await failedScheduling('batch', '/clusters/empty')).length === 1);
    expect((await failedScheduling('batch', '/clusters/empty'))[0]?.message).toBe('no nodes available to schedule pods');
    expect(await failedScheduling('batch')).toEqual([]);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
