import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';
import { KUBECTLS, Kubectl } from '../../../../support/kubectl';

/**
 * The real kubectl reading taintgate's OpenAPI documents: explain from v3, and its default
 * (client-side) validation of manifests from v2, in protobuf.
 */

const node = (spec: Record<string, unknown>) => JSON.stringify({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1', labels: { pool: 'a' } }, spec });

describe.each(KUBECTLS)('kubectl $version: explain and validation', ({ binary }) => {
  const t = useApiFixture();
  let kubectl: Kubectl;
  let prod: Kubectl;

  beforeAll(async () => {
    await t.app.listen(0, '127.0.0.1');
    const base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    expect((await t.api.put('/v1/nodes/n1', { metadata: { name: 'n1' } })).statusCode).toBe(201);
    kubectl = await Kubectl.for(binary, base);
    prod = await Kubectl.for(binary, `${base}/clusters/prod`);
  });
  afterAll(async () => {
    await kubectl.close();
    await prod.close();
  });

  const explain = async (k: Kubectl, path: string) => {
    const run = await k.run(['explain', path]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    return run.stdout;
  };

  it('explains node.spec.taints: our description, each field with its type', async () => {
    const out = await explain(kubectl, 'node.spec.taints');
    expect(out).toMatch(/^KIND:\s+Node$/m);
    expect(out).toMatch(/^VERSION:\s+v1$/m);
    expect(out).toMatch(/^FIELD:\s+taints <\[\]Taint>$/m);
    expect(out).toContain("The node's taints. A pod that does not tolerate a NoSchedule taint");
    expect(out).toMatch(/^ {2}effect\t<string> -required-$/m);
    expect(out).toMatch(/^ {2}key\t<string> -required-$/m);
    expect(out).toMatch(/^ {2}timeAdded\t<string>$/m);
    expect(out).toMatch(/^ {2}value\t<string>$/m);
    expect(out).toContain('NoExecute: new pods are not scheduled and running pods are evicted.');
  });

  it('explains pod.spec.tolerations and nodes, for another cluster too', async () => {
    const tolerations = await explain(kubectl, 'pod.spec.tolerations');
    expect(tolerations).toMatch(/^KIND:\s+Pod$/m);
    expect(tolerations).toMatch(/^FIELD:\s+tolerations <\[\]Toleration>$/m);
    for (const field of ['effect', 'key', 'operator', 'tolerationSeconds', 'value']) expect(tolerations).toMatch(new RegExp(`^  ${field}\\t<`, 'm'));
    expect(tolerations).toMatch(/tolerationSeconds\t<integer>\n\s+Only with effect NoExecute: how long the pod stays/);
    const nodes = await explain(prod, 'nodes');
    expect(nodes).toMatch(/^KIND:\s+Node$/m);
    expect(nodes).toContain('A worker machine.');
    for (const field of ['apiVersion', 'kind', 'metadata', 'spec', 'status']) expect(nodes).toMatch(new RegExp(`^  ${field}\\t<`, 'm'));
    expect(await explain(kubectl, 'no.status.capacity')).toMatch(/^FIELD:\s+capacity <map\[string\]string>$/m);
  });

  it('validates a manifest by default: an unknown field is named, a valid one passes', async () => {
    const bad = await kubectl.run(['create', '-f', '-', '--dry-run=client', '-o', 'name'], node({ taints: [{ key: 'k', effect: 'NoSchedule' }], bogus: 1 }));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('unknown field "bogus" in io.k8s.api.core.v1.NodeSpec');
    const missing = await kubectl.run(['create', '-f', '-', '--dry-run=client', '-o', 'name'], node({ taints: [{ key: 'k' }] }));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('missing required field "effect" in io.k8s.api.core.v1.Taint');
    const good = await kubectl.run(['create', '-f', '-', '--dry-run=client', '-o', 'name'], node({ taints: [{ key: 'k', value: 'v', effect: 'NoSchedule' }] }));
    expect(good.stderr).toBe('');
    expect(good.stdout.trim()).toBe('node/n1');
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p', namespace: 'default' },
      spec: {
        containers: [
          {
            name: 'c',
            image: 'nginx',
            resources: { requests: { cpu: '100m', memory: 64 } },
            securityContext: { runAsUser: 1 },
            livenessProbe: { httpGet: { path: '/', port: 80 } },
          },
        ],
        tolerations: [{ key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 30 }],
        volumes: [{ name: 'v', emptyDir: {} }],
        affinity: {
          nodeAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'a', operator: 'In', values: ['b'] }] }] },
          },
        },
      },
    };
    const valid = await kubectl.run(['create', '-f', '-', '--dry-run=client', '-o', 'name'], JSON.stringify(pod));
    expect(valid.stderr).toBe('');
    expect(valid.stdout.trim()).toBe('pod/p');
    const badPod = { ...pod, spec: { ...pod.spec, tolerations: [{ key: 'k', tolerationSecond: 30 }] } };
    const invalid = await kubectl.run(['create', '-f', '-', '--dry-run=client', '-o', 'name'], JSON.stringify(badPod));
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('unknown field "tolerationSecond" in io.k8s.api.core.v1.Toleration');
  });

  it('kubectl apply of an existing node validates, then patches it', async () => {
    const bad = await kubectl.run(['apply', '-f', '-'], node({ taints: [{ key: 'k', effect: 'NoSchedule', bogus: 'x' }] }));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('unknown field "bogus" in io.k8s.api.core.v1.Taint');
    const applied = await kubectl.run(['apply', '-f', '-'], node({ taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] }));
    expect(applied.code).toBe(0);
    expect(applied.stdout.trim()).toBe('node/n1 configured');
    expect(applied.stderr).not.toContain('error calculating patch');
    const stored = await t.api.get('/api/v1/nodes/n1');
    expect(stored.json()).toMatchObject({ metadata: { labels: { pool: 'a' } }, spec: { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] } });
  });
});

describe('the OpenAPI documents over HTTP', () => {
  const ADMIN_TOKEN = 'tg_admin-token-for-the-openapi-tests-0123456789';
  const t = useApiFixture({ TAINTGATE_AUTH: 'on', TAINTGATE_ADMIN_TOKEN: ADMIN_TOKEN });
  let viewer = '';

  beforeAll(async () => {
    const reply = await t.api.as(ADMIN_TOKEN).post('/v1/apikeys', { metadata: { name: 'viewer-key' }, spec: { role: 'viewer' } });
    expect(reply.statusCode, reply.body).toBe(201);
    viewer = reply.json<{ key: string }>().key;
  });

  it('need a key, and any key may read them (as discovery)', async () => {
    for (const url of ['/openapi/v3', '/openapi/v3/api/v1', '/openapi/v2', '/clusters/prod/openapi/v2']) {
      expect((await t.api.get(url)).statusCode, url).toBe(401);
      expect((await t.api.as(viewer).get(url)).statusCode, url).toBe(200);
    }
  });

  it('v3 is cached by the hash in its URL; an old hash redirects; If-None-Match answers 304', async () => {
    const paths = (await t.api.as(viewer).get('/clusters/prod/openapi/v3')).json<{ paths: Record<string, { serverRelativeURL: string }> }>().paths;
    const url = paths['api/v1']?.serverRelativeURL ?? '';
    const hash = /\?hash=([0-9A-F]{128})$/.exec(url)?.[1];
    expect(hash).toBeDefined();
    const current = await t.api.as(viewer).get(`/clusters/prod${url}`);
    expect(current.statusCode).toBe(200);
    expect(current.headers['cache-control']).toBe('public, immutable');
    expect(current.headers.etag).toBe(`"${hash}"`);
    expect(current.json()).toMatchObject({ openapi: '3.0.0', components: { schemas: { 'io.k8s.api.core.v1.Taint': { required: ['key', 'effect'] } } } });
    const old = await t.api.as(viewer).get('/clusters/prod/openapi/v3/api/v1?hash=0123');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`/clusters/prod${url}`);
    const unchanged = await t.app.inject({
      method: 'GET',
      url: '/openapi/v3/api/v1',
      headers: { authorization: `Bearer ${viewer}`, 'if-none-match': `"${hash}"` },
    });
    expect(unchanged.statusCode).toBe(304);
  });

  it('v2 in protobuf when asked for it, JSON otherwise', async () => {
    const protobuf = await t.app.inject({
      method: 'GET',
      url: '/openapi/v2',
      headers: { authorization: `Bearer ${viewer}`, accept: 'application/com.github.proto-openapi.spec.v2@v1.0+protobuf' },
    });
    expect(protobuf.statusCode).toBe(200);
    expect(protobuf.headers['content-type']).toBe('application/com.github.proto-openapi.spec.v2.v1.0+protobuf');
    // Document.swagger (field 1, length-delimited): "2.0".
    expect([...protobuf.rawPayload.subarray(0, 5)]).toEqual([0x0a, 3, 0x32, 0x2e, 0x30]);
    const json = await t.api.as(viewer).get('/openapi/v2');
    expect(json.json()).toMatchObject({ swagger: '2.0', definitions: { 'io.k8s.api.core.v1.Node': { type: 'object' } } });
  });
});
