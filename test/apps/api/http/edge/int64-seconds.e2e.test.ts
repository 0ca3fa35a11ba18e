import { describe, expect, it } from 'vitest';
import { withExactIntegers } from '../../../../../apps/api/src/http/edge/exact-json';
import { EvictionReconciler } from '../../../../../apps/api/src/control-loops/taint-eviction/eviction-reconciler';
import { type Reply, expectApiError, invalidMessage } from '../../../../support/api-client';
import { useApiFixture } from '../../../../support/api-test-app';
import { gql, gqlData } from '../../faces/graphql/graphql-client';

/**
 * tolerationSeconds is Kubernetes' int64: every integer up to 9223372036854775807 goes in and
 * comes back digit for digit (JSON.parse would round it to 9223372036854775808, which is
 * invalid), is stored without overflow, and a deadline past year 9999 is never in practice.
 */

const int64Max = '9223372036854775807';
const onePast = '9223372036854775808';

/** A reply's body read with its integers exact (reply.json() would round them). */
const exactBody = (reply: Reply): any => withExactIntegers(reply.body, JSON.parse(reply.body));

/** A pod as raw JSON text, so that the digits are sent as written. */
const podText = (name: string, seconds: string, nodeName?: string) =>
  `{"metadata":{"name":"${name}"},"spec":{${nodeName ? `"nodeName":"${nodeName}",` : ''}"tolerations":[{"key":"drain","operator":"Exists","effect":"NoExecute","tolerationSeconds":${seconds}}]}}`;

describe('tolerationSeconds over the whole int64 range', () => {
  const t = useApiFixture();
  const { api } = t;
  const putPodText = (name: string, seconds: string, nodeName?: string) =>
    api.raw('PUT', `/v1/namespaces/default/pods/${name}`, podText(name, seconds, nodeName));
  const evictionsOn = async (node: string) => exactBody(await api.get(`/v1/evictions?nodeName=${node}`)).items;

  it.each([int64Max, '-9223372036854775808', '2147483648', '9007199254740993'])('%s is accepted and answered with the same digits', async (seconds) => {
    const name = `p${seconds.replace('-', 'm').slice(0, 12)}`;
    const put = await putPodText(name, seconds);
    expect(put.statusCode).toBe(201);
    expect(put.body).toContain(`"tolerationSeconds":${seconds}`);
    const got = await api.getPod('default', name);
    expect(got.statusCode).toBe(200);
    expect(got.body).toContain(`"tolerationSeconds":${seconds}`);
    expect(exactBody(got).spec.tolerations[0].tolerationSeconds).toBe(Number.isSafeInteger(Number(seconds)) ? Number(seconds) : BigInt(seconds));
    // The list reads from the in-memory snapshot: the same digits there.
    expect((await api.get('/v1/pods')).body).toContain(`"tolerationSeconds":${seconds}`);
  });

  it.each([onePast, '-9223372036854775809', '99999999999999999999999'])('%s is refused with 400 naming the field, nothing stored', async (seconds) => {
    const reply = await putPodText('too-long', seconds);
    const reason = `Invalid value: ${seconds}: json: cannot unmarshal number ${seconds} into Go struct field Toleration.spec.tolerations.tolerationSeconds of type int64`;
    const details = [{ field: 'spec.tolerations[0].tolerationSeconds', reason }];
    expectApiError(reply, 400, invalidMessage('Pod', 'too-long', details), details);
    expect((await api.getPod('default', 'too-long')).statusCode).toBe(404);
  });

  it('a pod tolerating 2147483648 s (past int32) on a node that gets a NoExecute taint: recorded exactly, the others still evicted', async () => {
    expect((await api.putNode('big-1')).statusCode).toBe(201);
    expect((await putPodText('long-stay', '2147483648', 'big-1')).statusCode).toBe(201);
    expect(
      (await api.putPod('default', 'plain-1', { metadata: { name: 'plain-1' }, spec: { nodeName: 'big-1', terminationGracePeriodSeconds: 0 } })).statusCode,
    ).toBe(201);
    expect((await putPodText('short-stay', '600', 'big-1')).statusCode).toBe(201);

    const tainted = await api.post('/v1/nodes/big-1/taints', { key: 'drain', effect: 'NoExecute' });
    expect(tainted.statusCode).toBe(201);

    expect((await api.getPod('default', 'plain-1')).statusCode).toBe(404);
    expect((await api.getPod('default', 'long-stay')).statusCode).toBe(200);
    const byPod = new Map<string, any>((await evictionsOn('big-1')).map((e: any) => [e.pod.name, e]));
    expect(byPod.get('plain-1')).toMatchObject({ status: 'Executed' });
    expect(byPod.get('short-stay')).toMatchObject({ status: 'Scheduled', tolerationSeconds: 600 });
    const long = byPod.get('long-stay');
    expect(long).toMatchObject({ status: 'Scheduled', tolerationSeconds: 2147483648 });
    expect(Date.parse(long.scheduledFor) - Date.parse(long.startedAt)).toBe(2_147_483_648_000);
    // Its 68-year wake-up is held by BullMQ: the reconciler finds none missing.
    expect(await t.app.get(EvictionReconciler).run()).toBe(0);

    // Untainted: the scheduled ones are cancelled as usual.
    expect((await api.del('/v1/nodes/big-1/taints?key=drain')).statusCode).toBe(200);
    expect((await evictionsOn('big-1')).filter((e: any) => e.status === 'Scheduled')).toEqual([]);
  });

  it('a pod tolerating int64 max on a tainted node: never in practice, nothing scheduled, the others evicted', async () => {
    expect((await api.putNode('big-2')).statusCode).toBe(201);
    expect((await putPodText('forever-ish', int64Max, 'big-2')).statusCode).toBe(201);
    expect(
      (await api.putPod('default', 'plain-2', { metadata: { name: 'plain-2' }, spec: { nodeName: 'big-2', terminationGracePeriodSeconds: 0 } })).statusCode,
    ).toBe(201);

    const impact = await api.post('/v1/taint-impact?view=pods', { taint: { key: 'drain', effect: 'NoExecute' }, nodes: ['big-2'] });
    expect(impact.statusCode).toBe(200);
    const answer = exactBody(impact);
    expect(answer.evictions).toEqual([
      expect.objectContaining({ pod: { namespace: 'default', name: 'plain-2' }, when: 'Immediately', neverInPractice: false }),
      {
        pod: { namespace: 'default', name: 'forever-ish' },
        node: 'big-2',
        when: 'AfterTolerationSeconds',
        tolerationSeconds: BigInt(int64Max),
        at: null,
        neverInPractice: true,
        // Its own node counts: an eviction never in practice leaves it where it is.
        elsewhere: expect.any(String),
      },
    ]);

    const tainted = await api.post('/v1/nodes/big-2/taints', { key: 'drain', effect: 'NoExecute' });
    expect(tainted.statusCode).toBe(201);
    expect((await api.getPod('default', 'plain-2')).statusCode).toBe(404);
    expect((await api.getPod('default', 'forever-ish')).statusCode).toBe(200);
    expect((await evictionsOn('big-2')).map((e: any) => [e.pod.name, e.status])).toEqual([['plain-2', 'Executed']]);
  });

  it('taint impact over 2147483648 s names its date', async () => {
    expect((await api.putNode('big-3')).statusCode).toBe(201);
    expect((await putPodText('long-3', '2147483648', 'big-3')).statusCode).toBe(201);
    const before = Date.now();
    const impact = await api.post('/v1/taint-impact?view=pods', { taint: { key: 'drain', effect: 'NoExecute' }, nodes: ['big-3'] });
    expect(impact.statusCode).toBe(200);
    const [eviction] = impact.json().evictions;
    expect(eviction).toMatchObject({ when: 'AfterTolerationSeconds', tolerationSeconds: 2147483648, neverInPractice: false });
    expect(Date.parse(eviction.at) - before).toBeGreaterThanOrEqual(2_147_483_648_000);
  });

  it('an integer beyond 2^53 in a field taintgate does not read is stored, as its double', async () => {
    // (activeDeadlineSeconds would do too, but the API server allows it only up to 2147483647.)
    const body = `{"metadata":{"name":"other-int"},"spec":{"securityContext":{"runAsUser":${int64Max}}}}`;
    const put = await api.raw('PUT', '/v1/namespaces/default/pods/other-int', body);
    expect(put.statusCode).toBe(201);
    // 2^63, the double nearest to int64 max, as before integers were read exactly.
    expect(put.json().spec.securityContext.runAsUser).toBe(2 ** 63);
  });

  describe('GraphQL', () => {
    const upsert = 'mutation ($pod: JSON!, $name: String!) { upsertPod(name: $name, pod: $pod) { pod { tolerations object } } }';

    it('variables: int64 max in, the same digits out', async () => {
      const reply = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json' },
        payload: `{"query":${JSON.stringify(upsert)},"variables":{"name":"gql-max","pod":${podText('gql-max', int64Max)}}}`,
      });
      expect(reply.statusCode).toBe(200);
      expect(exactBody(reply).data.upsertPod.pod.tolerations[0].tolerationSeconds).toBe(BigInt(int64Max));
      expect(reply.body).toContain(`"tolerationSeconds":${int64Max}`);
    });

    it('an inline literal: the same', async () => {
      const query = `mutation { upsertPod(name: "gql-literal", pod: {metadata: {name: "gql-literal"}, spec: {tolerations: [{key: "drain", operator: "Exists", effect: "NoExecute", tolerationSeconds: ${int64Max}}]}}) { pod { tolerations } } }`;
      const reply = await t.app.inject({ method: 'POST', url: '/graphql', payload: { query } });
      expect(reply.statusCode).toBe(200);
      expect(reply.body).toContain(`"tolerationSeconds":${int64Max}`);
    });

    it('one past int64: the field error REST gives', async () => {
      const query = `mutation { upsertPod(name: "gql-past", pod: {metadata: {name: "gql-past"}, spec: {tolerations: [{key: "k", operator: "Exists", effect: "NoExecute", tolerationSeconds: ${onePast}}]}}) { pod { name } } }`;
      const reply = await gql(t.app, query);
      expect(reply.errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_REQUEST',
        details: [{ field: 'spec.tolerations[0].tolerationSeconds', reason: expect.stringContaining(`cannot unmarshal number ${onePast}`) }],
      });
    });

    it('Eviction.tolerationSeconds and ImpactEviction are Int64 strings; never in practice has no date', async () => {
      const data = await gqlData(
        t.app,
        `{ evictions(nodeName: "big-1") { pod { name } tolerationSeconds }
           taintImpact(taint: {key: "drain", effect: "NoExecute"}, nodes: ["big-2"], view: "pods") { evictions { pod { name } tolerationSeconds at neverInPractice } } }`,
      );
      expect(data.evictions).toContainEqual({ pod: { name: 'long-stay' }, tolerationSeconds: '2147483648' });
      expect(data.taintImpact.evictions).toEqual([{ pod: { name: 'forever-ish' }, tolerationSeconds: int64Max, at: null, neverInPractice: true }]);
    });
  });
});
