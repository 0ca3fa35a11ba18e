import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTimeout } from '../../../../../apps/api/src/platform/time-limits/with-timeout';
import { useApiFixture } from '../../../../support/api-test-app';

/**
 * Random hostile requests to every operation: never a 5xx, never a hang, and after every 4xx the
 * database exactly as before. The operations come from the OpenAPI document, so a new route is
 * covered the day it is added. Bodies are near-valid objects with random holes (to get past the
 * first check and into validation), random JSON, and raw text under various content types.
 */

const ADMIN_TOKEN = 'property-test-admin-token-0123456789abcdef';
/** Longest any one request may take before it counts as a hang. */
const HANG_MS = 10_000;

/** A field that is usually its honest value, sometimes anything at all, sometimes missing. */
const hole = (value: unknown) =>
  fc.oneof(
    { weight: 5, arbitrary: fc.constant(value) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(null, '', '\u0000', 'a'.repeat(300), -1, 2 ** 63, '9223372036854775808', [], {}, '\ud800') },
  );

const taint = fc.record({ key: hole('dedicated'), value: hole('gpu'), effect: hole('NoExecute'), timeAdded: hole('2026-11-23T10:00:00Z') });
const toleration = fc.record({ key: hole('dedicated'), operator: hole('Equal'), value: hole('gpu'), effect: hole('NoExecute'), tolerationSeconds: hole(30) });
const node = fc.record({
  apiVersion: hole('v1'),
  kind: hole('Node'),
  metadata: hole({ name: 'n1', labels: { zone: 'a' } }),
  spec: fc.record({ taints: fc.oneof(fc.array(taint, { maxLength: 3 }), hole([])), unschedulable: hole(false), podCIDR: hole('10.0.0.0/24') }),
  status: fc.record({
    conditions: hole([{ type: 'Ready', status: 'True' }]),
    allocatable: hole({ cpu: '4', memory: '8Gi', pods: '110' }),
  }),
});
const pod = fc.record({
  apiVersion: hole('v1'),
  kind: hole('Pod'),
  metadata: hole({ name: 'p1', namespace: 'default' }),
  spec: fc.record({
    nodeName: hole('n1'),
    tolerations: fc.oneof(fc.array(toleration, { maxLength: 3 }), hole([])),
    nodeSelector: hole({ zone: 'a' }),
    affinity: hole({
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] }] },
      },
    }),
    containers: hole([{ name: 'c', resources: { requests: { cpu: '100m', memory: '1Gi' } } }]),
  }),
  status: hole({ phase: 'Running' }),
});
const taintCommand = fc.record({
  nodes: hole(['n1', 'n2']),
  selector: hole('zone=a'),
  all: hole(true),
  taints: hole(['a=b:NoSchedule', 'c:NoExecute-', 'd-']),
  overwrite: hole(false),
  dryRun: hole(true),
});

/** Bodies for any operation: each shape at times, so that every route meets every shape. */
const body = fc.oneof(
  node,
  pod,
  taint,
  taintCommand,
  fc.record({ pod, nodes: fc.oneof(fc.array(node, { maxLength: 2 }), hole(undefined)), pods: hole(undefined) }),
  fc.record({ taint, nodes: hole(['n1']), selector: hole(undefined), all: hole(undefined), inline: hole(undefined) }),
  fc.record({ kind: hole('List'), items: fc.array(fc.oneof(node, pod), { maxLength: 3 }) }),
  fc.record({ metadata: hole({ name: 'key-x' }), spec: hole({ role: 'viewer' }) }),
  fc.record({ kind: hole('DeleteOptions'), preconditions: hole({ uid: 'x', resourceVersion: '1' }), gracePeriodSeconds: hole(0) }),
  fc.array(fc.record({ type: hole('Ready'), status: hole('False') }), { maxLength: 2 }),
  fc.jsonValue({ maxDepth: 5 }),
);

/** A path segment: a real name, a plausible one, or raw percent-encoded bytes (invalid UTF-8, NUL, slashes). */
const segment = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('n1', 'n2', 'p1', 'default', 'prod', 'key-x') },
  { weight: 2, arbitrary: fc.stringMatching(/^[a-z0-9][a-z0-9.-]{0,70}$/) },
  {
    weight: 1,
    arbitrary: fc.uint8Array({ minLength: 1, maxLength: 30 }).map((bytes) => [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')),
  },
  { weight: 1, arbitrary: fc.constantFrom('%00', '..', '%2F', 'a'.repeat(300), '%E0%A4%A', '%', 'Upper_Case') },
);

const QUERY_NAMES = [
  'limit',
  'continue',
  'labelSelector',
  'overwrite',
  'dryRun',
  'prune',
  'pruneKinds',
  'key',
  'effect',
  'nodeName',
  'phase',
  'reschedule',
  'namespace',
  'status',
  'pod',
  'since',
  'actor',
  'cluster',
];
const queryValue = fc.oneof(
  fc.constantFrom('true', 'false', '0', '-1', '500', '99999999999999999999', 'a=b', 'a in (b,c)', '!a', 'NoExecute', '%00', ''),
  fc.stringMatching(/^[ -~]{0,40}$/).map(encodeURIComponent),
  fc.uint8Array({ maxLength: 12 }).map((bytes) => [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')),
);
const query = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_NAMES), fc.stringMatching(/^[a-z]{1,8}$/)), queryValue), { maxLength: 4 })
  .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''));

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/yaml',
  'multipart/form-data',
];
/** What goes on the wire: mostly JSON of a body above, sometimes text that is not JSON at all. */
const payload = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(body, fc.constantFrom(...CONTENT_TYPES.slice(0, 2))).map(([b, type]) => ({ text: JSON.stringify(b) ?? 'null', type })) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.constantFrom('{"a":', '[1,2', `${'['.repeat(150)}${']'.repeat(150)}`, '1e999', 'kind: List\nitems: [', 'a=b&c=d'),
        ),
        fc.constantFrom(...CONTENT_TYPES),
      )
      .map(([text, type]) => ({ text, type })),
  },
);

interface Operation {
  method: string;
  path: string;
}

describe('hostile requests to every operation: never a 5xx, never a hang, nothing stored after a 4xx', () => {
  const t = useApiFixture({ TAINTGATE_AUTH: 'on', TAINTGATE_ADMIN_TOKEN: ADMIN_TOKEN });
  const admin = t.api.as(ADMIN_TOKEN);
  let operations: Operation[] = [];

  /** Everything a failed request could have touched, in one string. */
  const digest = async (): Promise<string> => {
    const { rows } = await t.db.query<{ d: string }>(
      `SELECT concat_ws('|',
         (SELECT string_agg(name || '@' || revision, ',' ORDER BY name) FROM clusters),
         (SELECT count(*) FROM nodes), (SELECT count(*) FROM pods), (SELECT count(*) FROM taints),
         (SELECT count(*) FROM evictions), (SELECT count(*) FROM audit_events), (SELECT count(*) FROM tombstones),
         (SELECT count(*) FROM events), (SELECT string_agg(name || ':' || coalesce(revoked_at::text, ''), ',' ORDER BY name) FROM api_keys)) AS d`,
    );
    return rows[0]?.d ?? '';
  };

  /** A request that must answer within HANG_MS: a hang fails the property like a 5xx. */
  const send = (method: string, url: string, text: string | undefined, type: string | undefined) =>
    withTimeout(
      t.app.inject({
        method: method as 'GET',
        url,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...(type ? { 'content-type': type } : {}) },
        ...(text === undefined ? {} : { payload: text }),
      }),
      HANG_MS,
    );

  beforeAll(async () => {
    const document = (await t.api.get('/docs-json')).json<{ paths: Record<string, Record<string, unknown>> }>();
    operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })));
    for (const name of ['n1', 'n2']) await admin.put(`/v1/nodes/${name}`, { metadata: { name, labels: { zone: 'a' } } });
    await admin.put('/v1/namespaces/default/pods/p1', { metadata: { name: 'p1' }, spec: { nodeName: 'n1' } });
    await admin.put('/v1/clusters/prod', {});
  });

  it('REST: every operation of the OpenAPI document', async () => {
    expect(operations.length).toBeGreaterThan(30);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: operations.length - 1 }),
        fc.array(segment, { minLength: 4, maxLength: 4 }),
        query,
        payload,
        async (index, segments, search, sent) => {
          const { method, path } = operations[index] as Operation;
          let i = 0;
          const url = path.replace(/\{[^}]+\}/g, () => segments[i++] ?? 'x') + search;
          const withBody = method !== 'GET' && method !== 'HEAD';
          const before = await digest();
          const reply = await send(method, url, withBody ? sent.text : undefined, withBody ? sent.type : undefined);
          expect(reply.statusCode, `${method} ${url}: ${reply.body.slice(0, 300)}`).toBeLessThan(500);
          if (reply.statusCode >= 400) expect(await digest(), `${method} ${url} answered ${reply.statusCode} but changed the database`).toBe(before);
        },
      ),
      { numRuns: 400 },
    );
  }, 240_000);

  /** GraphQL documents: the schema's operations with random arguments (as variables), and random text. */
  const graphqlRequest = fc.oneof(
    fc.record({
      query: fc.constantFrom(
        'query($pod: JSON, $nodes: [JSON!], $view: String, $top: Int, $limit: Int, $continue: String) { placement(pod: $pod, nodes: $nodes, view: $view, top: $top, limit: $limit, continue: $continue) { summary feasibleNodes { name } infeasibleGroups { count nodes } nodes { name feasible reasons { code } } } }',
        'query($taint: TaintInput!, $nodes: [String!], $selector: String, $all: Boolean, $impactView: String, $limit: Int, $continue: String) { taintImpact(taint: $taint, nodes: $nodes, selector: $selector, all: $all, view: $impactView, limit: $limit, continue: $continue) { counts { evictedNow } evictions { node when } } }',
        'query($selector: String, $cluster: String) { nodes(labelSelector: $selector, cluster: $cluster) { name taints { key } } }',
        'query($name: String!, $cluster: String) { node(name: $name, cluster: $cluster) { name object } }',
        'mutation($name: String!, $node: JSON!) { upsertNode(name: $name, node: $node) { name } }',
        'mutation($name: String!, $taint: TaintInput!, $overwrite: Boolean) { addTaint(nodeName: $name, taint: $taint, overwrite: $overwrite) { name } }',
        'mutation($nodes: [String!], $taints: [String!]!, $all: Boolean, $dryRun: Boolean) { taint(nodes: $nodes, taints: $taints, all: $all, dryRun: $dryRun) { results { node } } }',
        'mutation($name: String!) { deleteNode(name: $name) { name } }',
        'mutation($name: String!) { deleteCluster(name: $name) { name } }',
        'mutation($ns: String, $name: String!, $pod: JSON!) { upsertPod(namespace: $ns, name: $name, pod: $pod) { name } }',
      ),
      variables: fc.record(
        {
          pod,
          nodes: fc.oneof(fc.array(node, { maxLength: 2 }), hole(['n1'])),
          taint,
          selector: hole('zone=a'),
          all: hole(true),
          cluster: hole('prod'),
          name: hole('n1'),
          node,
          overwrite: hole(false),
          taints: hole(['x=y:NoSchedule']),
          dryRun: hole(true),
          ns: hole('default'),
          view: hole('nodes'),
          impactView: hole('pods'),
          top: hole(3),
          limit: hole(2),
          continue: hole('eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6MSwic3RhcnQiOiIxL24xXHUwMDAwIn0'),
        },
        { requiredKeys: [] },
      ),
    }),
    fc.record({ query: fc.string({ maxLength: 300 }), variables: fc.constant({}) }),
    fc.record({ query: fc.jsonValue({ maxDepth: 2 }), variables: fc.jsonValue({ maxDepth: 2 }) }),
  );

  it('GraphQL: the schema’s operations with random arguments, and random documents', async () => {
    await fc.assert(
      fc.asyncProperty(graphqlRequest, async (request) => {
        const before = await digest();
        const reply = await send('POST', '/graphql', JSON.stringify(request), 'application/json');
        expect(reply.statusCode, reply.body.slice(0, 300)).toBeLessThan(500);
        const answer = reply.json<{ data?: Record<string, unknown> | null; errors?: { extensions?: { code?: string; statusCode?: number } }[] }>();
        for (const error of answer.errors ?? []) {
          expect(error.extensions?.code, reply.body.slice(0, 300)).not.toBe('INTERNAL_SERVER_ERROR');
          expect(error.extensions?.statusCode ?? 400).toBeLessThan(500);
        }
        // One field per operation: an error means it did nothing.
        if (answer.errors?.length) expect(await digest(), `GraphQL ${JSON.stringify(request).slice(0, 200)} failed but changed the database`).toBe(before);
      }),
      { numRuns: 300 },
    );
  }, 240_000);
});
