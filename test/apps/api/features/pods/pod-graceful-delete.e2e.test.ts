import { beforeAll, describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';
import { waitUntil } from '../../../../support/waiting';

type Json = Record<string, any>;

/**
 * DELETE /v1/namespaces/{ns}/pods/{name} with DeleteOptions.gracePeriodSeconds, as kube-apiserver
 * deletes a pod: rest.BeforeDelete and the pod strategy's CheckGracefulDelete. A pod that is not
 * scheduled, or Succeeded or Failed, goes at once whatever period is sent; a bound, running pod
 * terminates for it; a negative period is 1 s; a deletion under way may only be brought forward.
 */
describe('DELETE of a pod with gracePeriodSeconds (CheckGracefulDelete, rest.BeforeDelete)', () => {
  const t = useApiFixture();
  const { api } = t;
  const container = [{ name: 'c', image: 'nginx' }];
  const del = (name: string, options?: unknown) => api.request('DELETE', `/v1/namespaces/gd/pods/${name}`, options);
  const grace = (gracePeriodSeconds: number) => ({ kind: 'DeleteOptions', apiVersion: 'v1', gracePeriodSeconds });
  const put = async (name: string, spec: Json, phase = 'Running') => {
    const reply = await api.putPod('gd', name, { spec: { containers: container, ...spec }, status: { phase } });
    expect(reply.statusCode, reply.body).toBe(201);
  };
  const stored = async (name: string) => {
    const reply = await api.getPod('gd', name);
    return reply.statusCode === 404 ? undefined : reply.json<Json>();
  };

  beforeAll(async () => {
    await api.putNode('n1');
  });

  it.each<[string, Json, string]>([
    ['a pod not scheduled (no spec.nodeName)', {}, 'Pending'],
    ['a Succeeded pod bound to a node', { nodeName: 'n1' }, 'Succeeded'],
    ['a Failed pod bound to a node', { nodeName: 'n1' }, 'Failed'],
  ])('%s goes at once with gracePeriodSeconds 30, and is never terminating', async (_name, spec, phase) => {
    const name = `at-once-${phase.toLowerCase()}`;
    await put(name, spec, phase);
    const reply = await del(name, grace(30));
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().metadata.deletionTimestamp).toBeUndefined();
    expect(await stored(name)).toBeUndefined();
    const { rows } = await t.db.query(`SELECT action, details FROM audit_events WHERE name = $1`, [name]);
    expect(rows.map((r) => r.action)).toEqual(['pod.create', 'pod.delete']);
  });

  it('a bound, running pod terminates for the period sent, answered and stored with deletionTimestamp and deletionGracePeriodSeconds', async () => {
    await put('graceful', { nodeName: 'n1', terminationGracePeriodSeconds: 5 });
    const before = Date.now();
    const reply = await del('graceful', grace(30));
    expect(reply.statusCode, reply.body).toBe(200);
    const answered = reply.json<Json>();
    expect(answered.metadata.deletionGracePeriodSeconds).toBe(30);
    const at = Date.parse(answered.metadata.deletionTimestamp);
    expect(at).toBeGreaterThanOrEqual(before + 29_000);
    expect(at).toBeLessThanOrEqual(Date.now() + 31_000);
    expect(await stored('graceful')).toEqual(answered);

    // A longer period, or none, leaves it as it is (pending); a shorter one brings it forward.
    expect((await del('graceful', grace(60))).json()).toEqual(answered);
    const shortened = (await del('graceful', grace(10))).json<Json>();
    expect(shortened.metadata.deletionGracePeriodSeconds).toBe(10);
    expect(Date.parse(shortened.metadata.deletionTimestamp)).toBe(at - 20_000);
    // Without a period: at once, as taintgate deletes (DELETE's default is 0 here).
    expect((await del('graceful')).statusCode).toBe(200);
    expect(await stored('graceful')).toBeUndefined();
  });

  it('a negative period is 1 s: terminating, then removed by the reaper', async () => {
    await put('negative', { nodeName: 'n1' });
    const reply = await del('negative', grace(-7));
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().metadata.deletionGracePeriodSeconds).toBe(1);
    await waitUntil(async () => (await stored('negative')) === undefined, 5_000);
    const { rows } = await t.db.query(`SELECT action FROM audit_events WHERE name = 'negative' ORDER BY id`);
    expect(rows.map((r) => r.action)).toEqual(['pod.create', 'pod.delete', 'pod.terminated']);
  });

  it('0 removes a terminating pod at once (a forced deletion)', async () => {
    await put('forced', { nodeName: 'n1' });
    expect((await del('forced', grace(300))).json().metadata.deletionGracePeriodSeconds).toBe(300);
    expect((await del('forced', grace(0))).statusCode).toBe(200);
    expect(await stored('forced')).toBeUndefined();
  });

  it('a dry run answers the pod terminating and changes nothing', async () => {
    await put('dry', { nodeName: 'n1' });
    const reply = await api.request('DELETE', '/v1/namespaces/gd/pods/dry?dryRun=All', grace(30));
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().metadata.deletionGracePeriodSeconds).toBe(30);
    expect((await stored('dry'))?.metadata.deletionTimestamp).toBeUndefined();
  });
});
