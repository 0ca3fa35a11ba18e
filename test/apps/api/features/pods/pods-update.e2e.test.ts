import { beforeAll, describe, expect, it } from 'vitest';
import { type Detail, expectApiError, expectNothingStored, invalidMessage } from '../../../../support/api-client';
import { useApiFixture } from '../../../../support/api-test-app';
import { kubectlPod, withoutResourceVersion } from '../../../../support/kubectl-objects';
import { msg } from '../../../../libs/domain/validation/messages';
import { gqlError } from '../../faces/graphql/graphql-client';

type Json = Record<string, any>;

/** The 400 (kube-apiserver's 422) of a spec change ValidatePodUpdate forbids, with taintgate's diff lines. */
const specForbidden = (...diff: string[]): Detail => ({ field: 'spec', reason: `Forbidden: ${msg.podUpdateForbidden}\n${diff.join('\n')}` });
const tolerationForbidden: Detail = { field: 'spec.tolerations', reason: 'Forbidden: existing toleration can not be modified except its tolerationSeconds' };

describe('PUT of an existing pod: only what ValidatePodUpdate allows may change', () => {
  const t = useApiFixture();
  const { api, db } = t;
  const [ns, name] = ['shop', 'web-7d4b9c8f6d-x2k9p'];
  const read = async (): Promise<Json> => (await api.getPod(ns, name)).json();
  const put = (body: unknown) => api.putPod(ns, name, body);
  const withSpec = (pod: Json, change: (spec: Json) => void): Json => {
    const copy = structuredClone(pod);
    change(copy.spec);
    return copy;
  };

  beforeAll(async () => {
    expect((await put(withoutResourceVersion(kubectlPod(name, ns, 'worker-1')))).statusCode).toBe(201);
  });

  it('a pod read and sent back unchanged, server-set fields and status included, is a 200 that changes nothing else', async () => {
    const before = await read();
    const reply = await put(before);
    expect(reply.statusCode).toBe(200);
    const after = reply.json();
    expect(Number(after.metadata.resourceVersion)).toBeGreaterThan(Number(before.metadata.resourceVersion));
    expect({ ...after, metadata: { ...after.metadata, resourceVersion: '' } }).toEqual({ ...before, metadata: { ...before.metadata, resourceVersion: '' } });
  });

  it('a terse body that leaves out what defaulting fills in is no change either', async () => {
    const before = await read();
    const { containers, nodeName, tolerations, volumes, serviceAccount } = before.spec;
    const terse = { metadata: { labels: before.metadata.labels }, spec: { containers, nodeName, tolerations, volumes, serviceAccount } };
    expect((await put(terse)).statusCode).toBe(200);
    expect((await read()).spec).toEqual(terse.spec);
  });

  it('may change a container image', async () => {
    const before = await put(withoutResourceVersion(kubectlPod(name, ns, 'worker-1')));
    expect(before.statusCode).toBe(200);
    const reply = await put(withSpec(before.json(), (spec) => (spec.containers[0].image = 'nginx:1.28')));
    expect(reply.statusCode).toBe(200);
    expect((await read()).spec.containers[0].image).toBe('nginx:1.28');
  });

  it('may add a toleration', async () => {
    const added = { key: 'dedicated', operator: 'Equal', value: 'web', effect: 'NoSchedule' };
    const reply = await put(withSpec(await read(), (spec) => spec.tolerations.push(added)));
    expect(reply.statusCode).toBe(200);
    expect((await read()).spec.tolerations).toContainEqual(added);
  });

  it('may set activeDeadlineSeconds, then lower it, but not raise it', async () => {
    expect((await put(withSpec(await read(), (spec) => (spec.activeDeadlineSeconds = 600)))).statusCode).toBe(200);
    expect((await put(withSpec(await read(), (spec) => (spec.activeDeadlineSeconds = 300)))).statusCode).toBe(200);
    const pod = await read();
    const reply = await expectNothingStored(api, db, () => put(withSpec(pod, (spec) => (spec.activeDeadlineSeconds = 900))));
    const details = [{ field: 'spec.activeDeadlineSeconds', reason: 'Invalid value: 900: must be less than or equal to previous value' }];
    expectApiError(reply, 400, invalidMessage('Pod', name, details), details);
  });

  it('takes a status change through PUT, as before (no pods/status subresource yet)', async () => {
    const reply = await put({ ...(await read()), status: { phase: 'Succeeded' } });
    expect(reply.statusCode).toBe(200);
    expect((await read()).status.phase).toBe('Succeeded');
  });

  it.each<[string, (spec: Json) => void, Detail[]]>([
    ['adding a nodeSelector', (spec) => (spec.nodeSelector = { disktype: 'ssd' }), [specForbidden('+ spec.nodeSelector: {"disktype":"ssd"}')]],
    [
      'adding a node affinity',
      (spec) =>
        (spec.affinity = {
          nodeAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] }] },
          },
        }),
      [
        specForbidden(
          '+ spec.affinity: {"nodeAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":{"nodeSelectorTerms":[{"matchExpressions":[{"key":"zone","operator":"In","values":["a"]}]}]}}}',
        ),
      ],
    ],
    [
      "changing a container's resources",
      (spec) => (spec.containers[0].resources.requests.cpu = '200m'),
      [specForbidden('- spec.containers[0].resources.requests[cpu]: "100m"', '+ spec.containers[0].resources.requests[cpu]: "200m"')],
    ],
    [
      'adding a container',
      (spec) => spec.containers.push({ name: 'sidecar', image: 'busybox' }),
      [{ field: 'spec.containers', reason: 'Forbidden: pod updates may not add or remove containers' }],
    ],
    ['moving the pod to another node', (spec) => (spec.nodeName = 'worker-2'), [specForbidden('- spec.nodeName: "worker-1"', '+ spec.nodeName: "worker-2"')]],
    ['removing a toleration', (spec) => (spec.tolerations = spec.tolerations.filter((x: Json) => x.key !== 'dedicated')), [tolerationForbidden]],
  ])('refuses %s with the 400 and its field details, and changes nothing', async (_, change, details) => {
    const pod = await read();
    const reply = await expectNothingStored(api, db, () => put(withSpec(pod, change)));
    expectApiError(reply, 400, invalidMessage('Pod', name, details), details);
    expect(await read()).toEqual(pod);
  });

  it('GraphQL upsertPod answers the same error as REST', async () => {
    const body = withSpec(await read(), (spec) => (spec.nodeSelector = { disktype: 'ssd' }));
    const error = await gqlError(
      t.app,
      'mutation($ns: String!, $name: String!, $pod: JSON!) { upsertPod(namespace: $ns, name: $name, pod: $pod) { created } }',
      { ns, name, pod: body },
      'BAD_REQUEST',
    );
    const rest = (await put(body)).json();
    const details = [specForbidden('+ spec.nodeSelector: {"disktype":"ssd"}')];
    expect(rest.message).toBe(invalidMessage('Pod', name, details));
    expect(error.message).toBe(rest.message);
    expect(error.extensions).toMatchObject({ statusCode: 400, details });
  });
});

describe('PUT of a gated pod: scheduling gates only go, nodeSelector only grows (KEP-3838)', () => {
  const t = useApiFixture();
  const { api, db } = t;
  const put = (spec: Json) => api.putPod('gated', 'p', { spec });
  const gate = { name: 'example.com/quota' };

  beforeAll(async () => {
    expect((await put({ schedulingGates: [gate], nodeSelector: { pool: 'a' } })).statusCode).toBe(201);
  });

  it.each<[string, Json, Detail[]]>([
    [
      'a new gate',
      { schedulingGates: [gate, { name: 'example.com/other' }], nodeSelector: { pool: 'a' } },
      [{ field: 'spec.schedulingGates[1].name', reason: "Forbidden: only deletion is allowed, but found new scheduling gate 'example.com/other'" }],
    ],
    [
      'a changed nodeSelector',
      { schedulingGates: [gate], nodeSelector: { pool: 'b' } },
      [{ field: 'spec.nodeSelector', reason: 'Invalid value: {"pool":"b"}: only additions to spec.nodeSelector are allowed (no mutations or deletions)' }],
    ],
    [
      'a node while a gate is left',
      { schedulingGates: [gate], nodeSelector: { pool: 'a' }, nodeName: 'n1' },
      [{ field: 'spec.nodeName', reason: 'Forbidden: cannot be set until all schedulingGates have been cleared' }],
    ],
  ])('refuses %s (400, nothing stored)', async (_, spec, details) => {
    const reply = await expectNothingStored(api, db, () => put(spec));
    expectApiError(reply, 400, invalidMessage('Pod', 'p', details), details);
  });

  it('takes an added nodeSelector while gated, then the gate removed, then refuses what is no longer allowed', async () => {
    expect((await put({ schedulingGates: [gate], nodeSelector: { pool: 'a', zone: 'z1' } })).statusCode).toBe(200);
    expect((await put({ nodeSelector: { pool: 'a', zone: 'z1' } })).statusCode).toBe(200);
    const reply = await expectNothingStored(api, db, () => put({ nodeSelector: { pool: 'a', zone: 'z1', disk: 'ssd' } }));
    const details = [specForbidden('+ spec.nodeSelector[disk]: "ssd"')];
    expectApiError(reply, 400, invalidMessage('Pod', 'p', details), details);
    expect((await api.getPod('gated', 'p')).json().spec).toMatchObject({ nodeSelector: { pool: 'a', zone: 'z1' } });
  });
});
