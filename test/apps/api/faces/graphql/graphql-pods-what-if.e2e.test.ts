import { beforeAll, describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';
import { gqlData, gqlError } from './graphql-client';

describe('GraphQL: pods, placement, taint impact, evictions', () => {
  const t = useApiFixture();
  beforeAll(async () => {
    await t.app.inject({ method: 'PUT', url: '/v1/nodes/n1', payload: { metadata: { labels: { pool: 'a' } } } });
    await t.app.inject({
      method: 'PUT',
      url: '/v1/nodes/n2',
      payload: { metadata: {}, spec: { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] } },
    });
  });
  const upsertPod = (namespace: string, name: string, pod: unknown) =>
    gqlData(
      t.app,
      'mutation($ns: String!, $name: String!, $pod: JSON!) { upsertPod(namespace: $ns, name: $name, pod: $pod) { created pod { namespace name nodeName phase tolerations object } } }',
      { ns: namespace, name, pod },
    );

  it('upsertPod applies admission defaults; pod and pods read what REST reads', async () => {
    const created = await upsertPod('default', 'web-1', { metadata: {}, spec: { nodeName: 'n1' } });
    expect(created.upsertPod).toMatchObject({ created: true, pod: { namespace: 'default', name: 'web-1', nodeName: 'n1' } });
    expect(created.upsertPod.pod.tolerations.map((x: { key: string }) => x.key)).toEqual(
      expect.arrayContaining(['node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable']),
    );
    expect((await upsertPod('default', 'web-1', { metadata: {}, spec: { nodeName: 'n1' } })).upsertPod.created).toBe(false);
    await upsertPod('batch', 'job-1', { metadata: {}, spec: {} });

    const rest = (await t.app.inject({ method: 'GET', url: '/v1/namespaces/default/pods/web-1' })).json();
    const { pod } = await gqlData(t.app, 'query { pod(name: "web-1") { object } }');
    expect(pod.object).toEqual(rest);
    const all = await gqlData(t.app, 'query { pods { namespace name } }');
    expect(all.pods).toEqual([
      { namespace: 'batch', name: 'job-1' },
      { namespace: 'default', name: 'web-1' },
    ]);
    const onN1 = await gqlData(t.app, 'query { pods(nodeName: "n1") { name } }');
    expect(onN1.pods).toEqual([{ name: 'web-1' }]);
    const inBatch = await gqlData(t.app, 'query { pods(namespace: "batch") { name } }');
    expect(inBatch.pods).toEqual([{ name: 'job-1' }]);
  });

  it('upsertPod with an invalid toleration: REST field paths; pod and deletePod of a missing pod: NOT_FOUND', async () => {
    const bad = { metadata: {}, spec: { tolerations: [{ key: 'k', operator: 'Exists', value: 'v' }] } };
    const error = await gqlError(t.app, 'mutation($pod: JSON!) { upsertPod(name: "bad", pod: $pod) { created } }', { pod: bad }, 'BAD_REQUEST');
    const rest = (await t.app.inject({ method: 'PUT', url: '/v1/namespaces/default/pods/bad', payload: bad })).json();
    expect(error.message).toBe(rest.message);
    expect(error.extensions?.details).toEqual(rest.details);
    expect(error.extensions?.details?.[0]?.field).toMatch(/^spec\.tolerations\[0\]/);
    await gqlError(t.app, 'query { pod(name: "bad") { name } }', undefined, 'NOT_FOUND');
    await gqlError(t.app, 'mutation { deletePod(namespace: "x", name: "nope") { name } }', undefined, 'NOT_FOUND');
  });

  it('deletePod answers the deleted pod', async () => {
    await upsertPod('default', 'gone', { metadata: {}, spec: {} });
    expect((await gqlData(t.app, 'mutation { deletePod(name: "gone") { namespace name } }')).deletePod).toEqual({ namespace: 'default', name: 'gone' });
    expect((await t.app.inject({ method: 'GET', url: '/v1/namespaces/default/pods/gone' })).statusCode).toBe(404);
  });

  const PLACEMENT = `view nodeCount pod { namespace name } nodes { name feasible score rank scores { TaintToleration NodeAffinity NodeResourcesFit PodTopologySpread InterPodAffinity NodeResourcesBalancedAllocation ImageLocality } reasons { code message field taint { key value effect } resource { name requested used allocatable } } }
    feasibleCount summary detail capacityConsidered rescheduled admission { tolerations { key operator value effect tolerationSeconds addedBy } }`;
  /** Int64 fields (tolerationSeconds, resource amounts) are decimal strings in GraphQL. */
  const int64s = (o: any, keys: string[]) => ({ ...o, ...Object.fromEntries(keys.filter((k) => o[k] !== undefined).map((k) => [k, String(o[k])])) });
  /** A REST placement as GraphQL answers it: every field selected, those REST leaves out null. */
  const asGraphql = (rest: any) =>
    JSON.parse(
      JSON.stringify({
        rescheduled: null,
        ...rest,
        // The page's place is not selected: every node fits on the page.
        metadata: undefined,
        nodes: rest.nodes.map((n: any) => ({
          scores: null,
          ...n,
          reasons: n.reasons.map((r: any) => ({
            field: null,
            taint: null,
            resource: null,
            ...r,
            ...(r.taint ? { taint: { value: null, ...r.taint } } : {}),
            ...(r.resource ? { resource: int64s(r.resource, ['requested', 'used', 'allocatable']) } : {}),
          })),
        })),
        admission: rest.admission && {
          tolerations: rest.admission.tolerations.map((x: any) => ({
            value: null,
            addedBy: null,
            tolerationSeconds: null,
            ...int64s(x, ['tolerationSeconds']),
          })),
        },
      }),
    );

  it('placement: an inline pod over the stored nodes, as POST /v1/placement answers', async () => {
    const pod = { metadata: { name: 'what' }, spec: {} };
    const { placement } = await gqlData(t.app, `query($pod: JSON) { placement(pod: $pod, view: "nodes") { ${PLACEMENT} } }`, { pod });
    const rest = (await t.app.inject({ method: 'POST', url: '/v1/placement?view=nodes', payload: { pod } })).json();
    expect(placement).toEqual(asGraphql(rest));
    expect(placement).toMatchObject({ capacityConsidered: true, rescheduled: null });
    expect(placement.admission.tolerations.map((x: { key: string; addedBy: string }) => [x.key, x.addedBy])).toEqual([
      ['node.kubernetes.io/not-ready', 'DefaultTolerationSeconds'],
      ['node.kubernetes.io/unreachable', 'DefaultTolerationSeconds'],
    ]);
    expect(placement.summary).toBe('1/2 nodes are available: 1 node(s) had untolerated taint(s).');
    expect(placement.detail).toBe('1/2 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}.');
    expect(placement.nodes[1]).toMatchObject({
      name: 'n2',
      feasible: false,
      score: null,
      reasons: [
        { code: 'UntoleratedTaint', taint: { key: 'dedicated', value: 'gpu' } },
        { code: 'AllocatableUnknown', resource: null },
      ],
    });
  });

  it('placement: inline nodes (a hypothetical cluster), and a stored pod', async () => {
    const inline = await gqlData(t.app, `query($pod: JSON, $nodes: [JSON!]) { placement(pod: $pod, nodes: $nodes, view: "nodes") { ${PLACEMENT} } }`, {
      pod: { spec: {} },
      nodes: [{ metadata: { name: 'h1' } }, { metadata: { name: 'h2' }, spec: { unschedulable: true } }],
    });
    expect(inline.placement.nodes.map((n: { name: string; feasible: boolean }) => [n.name, n.feasible])).toEqual([
      ['h1', true],
      ['h2', false],
    ]);
    expect(inline.placement.pod).toEqual({ namespace: 'default', name: 'what-if' });

    await upsertPod('default', 'stored', { metadata: {}, spec: { tolerations: [{ key: 'dedicated', operator: 'Exists' }] } });
    const stored = await gqlData(t.app, `query { placement(namespace: "default", name: "stored", view: "nodes") { ${PLACEMENT} } }`);
    expect(stored.placement.feasibleCount).toBe(2);
    await gqlError(t.app, 'query { placement(name: "ghost") { summary } }', undefined, 'NOT_FOUND');
  });

  it('placement: invalid input is named by its path in the request, as over REST', async () => {
    const badPod = await gqlError(
      t.app,
      'query($pod: JSON) { placement(pod: $pod) { summary } }',
      { pod: { spec: { tolerations: [{ operator: 'Sometimes' }] } } },
      'BAD_REQUEST',
    );
    expect(badPod.extensions?.details?.[0]?.field).toMatch(/^pod\.spec\.tolerations\[0\]\.operator/);
    const badNode = await gqlError(
      t.app,
      'query($nodes: [JSON!]) { placement(pod: {}, nodes: $nodes) { summary } }',
      { nodes: [{ metadata: { name: 'x' }, spec: { taints: [{ key: 'k' }] } }] },
      'BAD_REQUEST',
    );
    expect(badNode.extensions?.details?.[0]?.field).toBe('nodes[0].spec.taints[0].effect');
    const none = await gqlError(t.app, 'query { placement { summary } }', undefined, 'BAD_REQUEST');
    expect(none.extensions?.details).toEqual([{ field: 'pod', reason: 'Required value' }]);
    const both = await gqlError(t.app, 'query { placement(name: "stored", pod: {}) { summary } }', undefined, 'BAD_REQUEST');
    expect(both.extensions?.details?.[0]?.field).toBe('pod');
  });

  const IMPACT =
    'taint { key value effect } nodes evictions { pod { namespace name } node when tolerationSeconds at } unaffected { pod { name } node reason } unschedulable { pod { name } } at';

  it('taintImpact over the stored cluster and over an inline one; nothing changes', async () => {
    await upsertPod('default', 'tolerant', {
      metadata: {},
      spec: { nodeName: 'n1', tolerations: [{ key: 'drain', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 }] },
    });
    const { taintImpact } = await gqlData(
      t.app,
      `query { taintImpact(taint: {key: "drain", effect: "NoExecute"}, nodes: ["n1"], view: "pods") { ${IMPACT} } }`,
    );
    expect(taintImpact.nodes).toEqual(['n1']);
    expect(taintImpact.evictions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ pod: { namespace: 'default', name: 'web-1' }, node: 'n1', when: 'Immediately' }),
        expect.objectContaining({ pod: { namespace: 'default', name: 'tolerant' }, when: 'AfterTolerationSeconds', tolerationSeconds: '60' }),
      ]),
    );
    expect((await t.app.inject({ method: 'GET', url: '/v1/namespaces/default/pods/web-1' })).statusCode).toBe(200);

    const inline = await gqlData(
      t.app,
      `query($inline: WhatIfCluster) { taintImpact(taint: {key: "x", effect: "NoExecute"}, all: true, inline: $inline, view: "pods") { ${IMPACT} } }`,
      {
        inline: { nodes: [{ metadata: { name: 'h1' } }], pods: [{ metadata: { name: 'p' }, spec: { nodeName: 'h1' } }] },
      },
    );
    expect(inline.taintImpact.evictions).toMatchObject([{ pod: { name: 'p' }, node: 'h1', when: 'Immediately' }]);

    const selected = await gqlData(t.app, 'query { taintImpact(taint: {key: "x", effect: "NoSchedule"}, selector: "pool=a", view: "pods") { nodes } }');
    expect(selected.taintImpact.nodes).toEqual(['n1']);
  });

  it('taintImpact with invalid input: `taint.effect`, `inline.nodes[0]...`, a missing node', async () => {
    const badTaint = await gqlError(t.app, 'query { taintImpact(taint: {key: "x", effect: "Often"}, all: true) { nodes } }', undefined, 'BAD_REQUEST');
    expect(badTaint.extensions?.details?.map((d) => d.field)).toEqual(['taint.effect']);
    const badInline = await gqlError(
      t.app,
      'query($inline: WhatIfCluster) { taintImpact(taint: {key: "x", effect: "NoExecute"}, all: true, inline: $inline) { nodes } }',
      { inline: { nodes: [{ metadata: { name: 'h1' }, spec: { taints: [{ key: 'k' }] } }] } },
      'BAD_REQUEST',
    );
    expect(badInline.extensions?.details?.[0]?.field).toBe('inline.nodes[0].spec.taints[0].effect');
    await gqlError(t.app, 'query { taintImpact(taint: {key: "x", effect: "NoExecute"}, nodes: ["ghost"]) { nodes } }', undefined, 'NOT_FOUND');
    await gqlError(t.app, 'query { taintImpact(taint: {key: "x", effect: "NoExecute"}) { nodes } }', undefined, 'BAD_REQUEST');
  });

  it('evictions: as GET /v1/evictions, with filters; a bad status or limit is BAD_REQUEST', async () => {
    await upsertPod('default', 'victim', { metadata: {}, spec: { nodeName: 'n2' } });
    await gqlData(t.app, 'mutation { addTaint(node: "n2", taint: {key: "drain", effect: "NoExecute"}) { name } }');
    const { evictions } = await gqlData(
      t.app,
      'query { evictions(status: "Executed", nodeName: "n2", limit: 10) { id pod { namespace name uid } node taint { key effect } status startedAt scheduledFor tolerationSeconds firedAt cancelledAt podRemovedAt reason } }',
    );
    const rest = (await t.app.inject({ method: 'GET', url: '/v1/evictions?status=Executed&nodeName=n2' })).json();
    expect(evictions).toEqual(rest.items.map((e: any) => ({ ...e, taint: { key: e.taint.key, effect: e.taint.effect } })));
    expect(evictions).toMatchObject([{ pod: { name: 'victim' }, node: 'n2', status: 'Executed' }]);

    const badStatus = await gqlError(t.app, 'query { evictions(status: "Gone") { id } }', undefined, 'BAD_REQUEST');
    expect(badStatus.extensions?.details?.[0]?.field).toBe('status');
    // 0 is the default page, as a list's limit is read everywhere; a negative one is refused.
    const badLimit = await gqlError(t.app, 'query { evictions(limit: -1) { id } }', undefined, 'BAD_REQUEST');
    expect(badLimit.extensions?.details?.[0]?.field).toBe('limit');
  });
});
