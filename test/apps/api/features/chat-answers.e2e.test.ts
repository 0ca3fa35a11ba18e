import { beforeEach, describe, expect, it } from 'vitest';
import type { Reply } from '../../../support/api-client';
import { gqlData } from '../faces/graphql/graphql-client';
import { useApiFixture } from '../../../support/api-test-app';

/**
 * Chat answers: placement, taint impact, the taint command and evictions in Markdown, asked by
 * `Accept: text/markdown` or `?format=markdown`; taint impact with kubectl's taint strings and
 * several taints; a selector that matches no node said so.
 */
describe('chat answers (Markdown)', () => {
  const t = useApiFixture();
  const { api } = t;
  // Each test on a cluster of its own (made by its first write), so that none sees another's nodes and evictions.
  let clusterName = '';
  let clusters = 0;
  beforeEach(() => {
    clusterName = `chat-${++clusters}`;
  });
  const at = (path: string) => `/v1/clusters/${clusterName}/${path.replace(/^\/v1\//, '')}`;
  const put = (path: string, body: unknown) => api.put(at(path), body);
  const post = (path: string, body: unknown) => api.post(at(path), body);
  const putNode = (name: string, body: unknown = { metadata: { name } }) => put(`/v1/nodes/${name}`, body);
  const putPod = (name: string, body: unknown) => put(`/v1/namespaces/default/pods/${name}`, body);
  /** A 400 naming one field, its reason in the API server's words. */
  const refused = (reply: Reply, field: string, reason: RegExp) => {
    expect(reply.statusCode).toBe(400);
    expect(reply.json().details).toEqual([{ field, reason: expect.stringMatching(reason) }]);
  };
  const ask = (method: 'GET' | 'POST', url: string, body?: unknown, accept = 'text/markdown') =>
    api.app.inject({
      method,
      url: at(url),
      headers: { accept, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  const cluster = async () => {
    for (const n of ['n1', 'n2', 'n4']) await putNode(n, { metadata: { name: n, labels: { pool: 'web' } } });
    await putNode('n3', { metadata: { name: 'n3', labels: { pool: 'gpu' } }, spec: { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] } });
    await putNode('n5', { metadata: { name: 'n5', labels: { pool: 'web' } }, spec: { unschedulable: true } });
  };

  it('placement: where the pod can go, the best first, and why not elsewhere', async () => {
    await cluster();
    const reply = await ask('POST', '/v1/placement', { pod: { metadata: { name: 'web-1' }, spec: {} } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(reply.headers.vary).toMatch(/Accept/);
    const lines = reply.body.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^`web-1` can go to 3\/5 nodes: `n\d` \(best\), `n\d` and `n\d`\.$/);
    expect(lines).toContain('`n3`: untolerated taint `dedicated=gpu:NoSchedule`.');
    expect(lines).toContain('`n5`: cordoned.');
    expect(lines.length).toBeLessThanOrEqual(20);
  });

  it('placement nowhere: says so, with kube-scheduler line; ?format=markdown and ?format=text do the same', async () => {
    await cluster();
    const body = { pod: { metadata: { name: 'big' }, spec: { nodeSelector: { pool: 'gpu' } } } };
    const reply = await post('/v1/placement?format=markdown', body);
    expect(reply.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(reply.body).toContain('`big` can go to none of 5 nodes.');
    expect(reply.body).toContain('kube-scheduler: `0/5 nodes are available:');
    const text = await post('/v1/placement?format=text', body);
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(text.body).toBe(reply.body);
    // JSON stays the default, and asked for by name.
    expect((await post('/v1/placement', body)).json().feasibleCount).toBe(0);
    expect((await ask('POST', '/v1/placement', body, 'application/json, text/markdown;q=0.5')).headers['content-type']).toMatch(/^application\/json/);
  });

  it('a stored pod placement answers in Markdown too', async () => {
    await cluster();
    await putPod('db', { spec: { nodeName: 'n1' } });
    const reply = await ask('GET', '/v1/namespaces/default/pods/db/placement');
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toMatch(/^`db` can go to 1\/5 nodes: `n1` \(best\)\.\n/);
    // Where it could go if it were rescheduled (draining n1, say).
    expect((await ask('GET', '/v1/namespaces/default/pods/db/placement?reschedule=true')).body).toMatch(/^`db` can go to 3\/5 nodes/);
  });

  it('an unknown format, or Markdown with a view it does not write, is refused by name', async () => {
    await cluster();
    const pod = { pod: { metadata: { name: 'x' }, spec: {} } };
    refused(await post('/v1/placement?format=html', pod), 'format', /^Unsupported value: "html"/);
    refused(await post('/v1/placement?format=markdown&view=nodes', pod), 'format', /^Forbidden: /);
    refused(await post('/v1/taint-impact?format=markdown&view=pods', { taint: 'a:NoExecute', all: true }), 'format', /^Forbidden: /);
  });

  it('taint impact: evicted now, after their seconds (and when), and, placed together, with nowhere to go', async () => {
    await putNode('n1', { metadata: { name: 'n1', labels: { pool: 'spot' } } });
    await putNode('n2', { metadata: { name: 'n2', labels: { pool: 'spot' } } });
    for (const name of ['a', 'b']) await putPod(name, { spec: { nodeName: 'n1' } });
    await putPod('c', {
      spec: { nodeName: 'n2', tolerations: [{ key: 'maintenance', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 120 }] },
    });
    await putPod('d', { spec: { nodeName: 'n2', tolerations: [{ key: 'maintenance', operator: 'Exists' }] } });
    const reply = await ask('POST', '/v1/taint-impact', { taint: 'maintenance=true:NoExecute', selector: 'pool=spot' });
    expect(reply.statusCode).toBe(200);
    const lines = reply.body.trimEnd().split('\n');
    expect(lines[0]).toBe('`maintenance=true:NoExecute` on 2 nodes (`n1` and `n2`):');
    expect(lines[1]).toMatch(
      // c tolerates the taint for 120 s: kube-scheduler may place its replacement back on a tainted node.
      /^2 pods evicted now, 1 after 120 s \(at \d\d:\d\d UTC\), placed together, 2 with nowhere to go: `default\/a` and `default\/b`, 1 stays\.$/,
    );
    expect(lines).toContain('Evicted now: `default/a` and `default/b`.');
    expect(lines.some((l) => /^After 120 s \(at \d\d:\d\d UTC\): `default\/c`\.$/.test(l))).toBe(true);
  });

  it("taint impact takes kubectl's taint strings, several at once, and refuses a bad one by its index", async () => {
    await putNode('n1');
    await putPod('a', {
      spec: { nodeName: 'n1', tolerations: [{ key: 'one', operator: 'Exists', effect: 'NoExecute' }] },
    });
    // One taint alone is tolerated; the two together evict.
    const one = (await post('/v1/taint-impact', { taint: 'one=x:NoExecute', nodes: ['n1'] })).json();
    expect(one).toMatchObject({ taint: { key: 'one', value: 'x', effect: 'NoExecute' }, counts: { evictedNow: 0, unaffected: 1 } });
    const both = (await post('/v1/taint-impact', { taints: ['one=x:NoExecute', { key: 'two', effect: 'NoExecute' }], nodes: ['n1'] })).json();
    expect(both.taints).toEqual([
      { key: 'one', value: 'x', effect: 'NoExecute' },
      { key: 'two', effect: 'NoExecute' },
    ]);
    expect(both.counts).toMatchObject({ evictedNow: 1, unaffected: 0 });
    const pods = (await post('/v1/taint-impact?view=pods', { taints: ['one:NoExecute', 'two:NoSchedule'], nodes: ['n1'] })).json();
    expect(pods.taints).toHaveLength(2);
    expect(pods.unaffected).toMatchObject([{ pod: { name: 'a' }, reason: 'ToleratesForever' }]);

    refused(await post('/v1/taint-impact', { taints: ['ok:NoExecute', 'bad:Sometimes'], nodes: ['n1'] }), 'taints[1]', /^Invalid value: /);
    refused(await post('/v1/taint-impact', { taints: ['gone-'], nodes: ['n1'] }), 'taints[0]', /^Invalid value: /);
    refused(await post('/v1/taint-impact', { taints: ['a:NoExecute', 'a=2:NoExecute'], nodes: ['n1'] }), 'taints[1]', /^Duplicate value: /);
    refused(await post('/v1/taint-impact', { taint: 'a:NoExecute', taints: ['b:NoExecute'], nodes: ['n1'] }), 'taints', /^Forbidden: /);
    refused(await post('/v1/taint-impact', { nodes: ['n1'] }), 'taint', /^Required value/);
  });

  it('a selector that matches no node says so: a warning in the answer, the header and the chat text', async () => {
    await putNode('n1', { metadata: { name: 'n1', labels: { pool: 'web' } } });
    const reply = await post('/v1/taint-impact', { taint: 'x:NoExecute', selector: 'pool=spto' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ nodeCount: 0, warnings: ['no node matches the selector "pool=spto"'] });
    expect([reply.headers.warning].flat()).toEqual(['299 - "no node matches the selector \\"pool=spto\\""']);
    const pods = (await post('/v1/taint-impact?view=pods', { taint: 'x:NoExecute', selector: 'pool=spto' })).json();
    expect(pods.warnings).toEqual(['no node matches the selector "pool=spto"']);
    const chat = await ask('POST', '/v1/taint-impact', { taint: 'x:NoExecute', selector: 'pool=spto' });
    expect(chat.body).toBe(':warning: no node matches the selector "pool=spto"\n`x:NoExecute` would go on no node: nothing is evicted.\n');
    // A selector that matches: no warning.
    expect((await post('/v1/taint-impact', { taint: 'x:NoExecute', selector: 'pool=web' })).json().warnings).toBeUndefined();
  });

  it('the taint command tells what its NoExecute taints did, as JSON and in Markdown', async () => {
    await putNode('n1');
    await putNode('n2');
    await putPod('a', { spec: { nodeName: 'n1' } });
    await putPod('b', {
      spec: { nodeName: 'n1', tolerations: [{ key: 'drain', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 600 }] },
    });
    await putPod('c', { spec: { nodeName: 'n1', tolerations: [{ key: 'drain', operator: 'Exists' }] } });
    const json = (await post('/v1/taint', { nodes: ['n1'], taints: ['drain=now:NoExecute'] })).json();
    expect(json.noExecute).toMatchObject({ nodes: 1, evictedNow: 1, scheduled: 1, cancelled: 0, unaffected: 1, queuedNodes: 0 });
    expect(Date.parse(json.noExecute.firstScheduledFor)).toBeGreaterThan(Date.now() + 500_000);

    const chat = await ask('POST', '/v1/taint', { nodes: ['n1'], taints: ['drain-'] });
    expect(chat.statusCode).toBe(200);
    expect(chat.body.trimEnd().split('\n')).toEqual([
      '`node/n1 untainted`',
      'NoExecute on 1 node: 0 pods evicted now, 0 scheduled, 1 scheduled eviction cancelled, 2 unaffected.',
    ]);
    // A taint that is not NoExecute: kubectl's line alone.
    const plain = await ask('POST', '/v1/taint', { nodes: ['n2'], taints: ['quiet:NoSchedule'] });
    expect(plain.body).toBe('`node/n2 tainted`\n');
    expect((await post('/v1/taint', { nodes: ['n2'], taints: ['quiet:NoSchedule-'] })).json().noExecute).toBeUndefined();
  });

  it('evictions: a line each, newest first', async () => {
    await putNode('n1');
    await putPod('a', { spec: { nodeName: 'n1' } });
    await post('/v1/nodes/n1/taints', { key: 'drain', effect: 'NoExecute' });
    const reply = await ask('GET', '/v1/evictions');
    expect(reply.statusCode).toBe(200);
    const lines = reply.body.trimEnd().split('\n');
    expect(lines[0]).toBe('1 eviction, newest first:');
    expect(lines[1]).toMatch(/^`default\/a` on `n1`: evicted at \d\d:\d\d UTC \(`drain:NoExecute`\)\.$/);
    expect((await ask('GET', '/v1/evictions?pod=none')).body).toBe('No evictions.\n');
  });

  it("GraphQL asks the same: several taints, the warning, and the taint command's NoExecute report", async () => {
    await putNode('n1', { metadata: { name: 'n1', labels: { pool: 'web' } } });
    await putPod('a', { spec: { nodeName: 'n1', tolerations: [{ key: 'one', operator: 'Exists', effect: 'NoExecute' }] } });
    const impact = await gqlData(
      api.app,
      `query($cluster: String) { taintImpact(cluster: $cluster, taints: [{key: "one", effect: "NoExecute"}, {key: "two", effect: "NoExecute"}], nodes: ["n1"]) {
        taint { key } taints { key effect } warnings counts { evictedNow } } }`,
      { cluster: clusterName },
    );
    expect(impact.taintImpact).toEqual({
      taint: { key: 'one' },
      taints: [
        { key: 'one', effect: 'NoExecute' },
        { key: 'two', effect: 'NoExecute' },
      ],
      warnings: null,
      counts: { evictedNow: 1 },
    });
    const none = await gqlData(
      api.app,
      `query($cluster: String) { taintImpact(cluster: $cluster, taint: {key: "x", effect: "NoExecute"}, selector: "pool=none") { warnings } }`,
      { cluster: clusterName },
    );
    expect(none.taintImpact.warnings).toEqual(['no node matches the selector "pool=none"']);
    const command = await gqlData(
      api.app,
      `mutation($cluster: String) { taint(cluster: $cluster, nodes: ["n1"], taints: ["two:NoExecute"]) { results { message } noExecute { evictedNow scheduled unaffected } } }`,
      { cluster: clusterName },
    );
    expect(command.taint).toEqual({ results: [{ message: 'node/n1 tainted' }], noExecute: { evictedNow: 1, scheduled: 0, unaffected: 0 } });
  });
});
