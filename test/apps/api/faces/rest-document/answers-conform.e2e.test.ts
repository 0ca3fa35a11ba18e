import { beforeAll, describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';
import { keptObjects, kubectlList, skippedObjects } from '../../../../support/twin-kinds';
import { type Located, type OpenApiDocument, handlerOf, operationsOf } from './openapi-operations';
import { violations } from './schema-conformance';

/**
 * The answers the service really sends, held to the schemas the document declares for them: a
 * schema written beside the code that makes an answer (a cluster, an API key, an import's result)
 * cannot drift from it unnoticed, nor the Kubernetes definitions from the objects answered. Every
 * JSON operation of the document is called at least once.
 */

const CLUSTER = 'conform';
const inCluster = (path: string) => `/v1/clusters/${CLUSTER}${path}`;

const node = (name: string) => ({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name, labels: { 'kubernetes.io/hostname': name, pool: 'general' } },
  spec: { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] },
  status: {
    capacity: { cpu: '4', memory: '8Gi', pods: '110' },
    allocatable: { cpu: '4', memory: '8Gi', pods: '110' },
    conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady', lastHeartbeatTime: '2026-11-24T08:00:00Z' }],
    addresses: [{ type: 'InternalIP', address: '10.0.0.1' }],
  },
});

const pod = (name: string, nodeName?: string) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'default', labels: { app: name } },
  spec: {
    ...(nodeName ? { nodeName } : {}),
    containers: [{ name: 'main', image: 'nginx', resources: { requests: { cpu: '100m', memory: '64Mi' } } }],
    tolerations: [{ key: 'maintenance', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 3600 }],
  },
  ...(nodeName ? { status: { phase: 'Running' } } : {}),
});

/** The template a concrete path is an instance of (`/v1/nodes/n1` -> `/v1/nodes/{name}`). */
function templateOf(document: OpenApiDocument, method: string, url: string): Located | undefined {
  const path = url.split('?')[0] ?? '';
  return operationsOf(document).find((o) => o.method === method && new RegExp(`^${o.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(path));
}

describe('the answers, as the OpenAPI document declares them', () => {
  const t = useApiFixture();
  let document: OpenApiDocument;
  const called = new Set<string>();

  beforeAll(async () => {
    document = (await t.app.inject({ method: 'GET', url: '/docs-json' })).json<OpenApiDocument>();
  });

  /** Sends the request and checks its answer against the schema declared for its status; answers the parsed body. */
  async function conforming(method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, body?: object): Promise<Record<string, unknown>> {
    const response = await t.app.inject({ method, url, ...(body ? { payload: body } : {}) });
    const located = templateOf(document, method.toLowerCase(), url);
    expect(located, `${method} ${url}: no operation of the document`).toBeDefined();
    const declared = located?.operation.responses[String(response.statusCode)];
    expect(declared, `${method} ${url}: ${response.statusCode} is not declared (${response.body.slice(0, 300)})`).toBeDefined();
    expect(response.statusCode, `${method} ${url}: ${response.body.slice(0, 300)}`).toBeLessThan(300);
    const schema = declared?.content?.['application/json']?.schema ?? {};
    const answer = response.json<Record<string, unknown>>();
    expect(violations(document.components.schemas, schema, answer), `${method} ${url}`).toEqual([]);
    called.add(handlerOf(located?.operation.operationId));
    return answer;
  }

  it('answers clusters, nodes and pods as declared', async () => {
    await conforming('PUT', `/v1/clusters/${CLUSTER}`);
    await conforming('PUT', `/v1/clusters/${CLUSTER}`);
    await conforming('GET', '/v1/clusters');
    await conforming('GET', `/v1/clusters/${CLUSTER}`);
    await conforming('PUT', inCluster('/nodes/n1'), node('n1'));
    await conforming('PUT', inCluster('/nodes/n1'), node('n1'));
    await conforming('PUT', inCluster('/nodes/n2'), node('n2'));
    await conforming('GET', inCluster('/nodes?labelSelector=pool%3Dgeneral&limit=1'));
    await conforming('GET', inCluster('/nodes/n1'));
    await conforming('POST', inCluster('/nodes/n2/cordon'));
    await conforming('POST', inCluster('/nodes/n2/uncordon'));
    await conforming('PUT', inCluster('/namespaces/default/pods/bound'), pod('bound', 'n1'));
    await conforming('PUT', inCluster('/namespaces/default/pods/pending'), pod('pending'));
    await conforming('GET', inCluster('/pods'));
    await conforming('GET', inCluster('/namespaces/default/pods?nodeName=n1'));
    await conforming('GET', inCluster('/namespaces/default/pods/bound'));
  });

  it('answers placement and taint impact in each view as declared', async () => {
    const inline = { pod: pod('web'), nodes: [node('x1')], pods: [pod('other', 'x1')] };
    await conforming('POST', inCluster('/placement'), { pod: pod('web') });
    await conforming('POST', inCluster('/placement?view=nodes&limit=1'), { pod: pod('web') });
    await conforming('POST', '/v1/placement', inline);
    await conforming('GET', inCluster('/namespaces/default/pods/pending/placement'));
    await conforming('GET', inCluster('/namespaces/default/pods/bound/placement?reschedule=true&view=nodes'));
    const taint = { key: 'maintenance', effect: 'NoExecute' };
    await conforming('POST', inCluster('/taint-impact'), { taint, nodes: ['n1'] });
    await conforming('POST', inCluster('/taint-impact?view=pods'), { taint, all: true });
    await conforming('POST', inCluster('/drain-impact'), { nodes: ['n1'], mode: 'alone' });
    await conforming('POST', inCluster('/headroom'), { pod: pod('web'), max: 5 });
    await conforming('GET', inCluster('/nodes/n1/removal'));
    const sweep = await conforming('POST', inCluster('/removal-sweep'), { nodes: ['n1'] });
    await conforming('GET', inCluster('/removal-sweeps'));
    await conforming('GET', inCluster(`/removal-sweeps/${(sweep['metadata'] as { name: string }).name}`));
  });

  it('answers taints, the kubectl taint command and evictions as declared', async () => {
    await conforming('POST', inCluster('/nodes/n1/taints'), { key: 'maintenance', effect: 'NoExecute' });
    const evictions = await conforming('GET', inCluster('/evictions'));
    expect(evictions['items']).toHaveLength(1);
    await conforming('POST', inCluster('/taint'), { nodes: ['n1', 'n2'], taints: ['extra=x:PreferNoSchedule'], dryRun: true });
    await conforming('POST', inCluster('/taint'), { selector: 'pool=general', taints: ['extra=x:PreferNoSchedule'] });
    await conforming('DELETE', inCluster('/nodes/n1/taints?key=maintenance'));
  });

  it('answers an import, with what it left out, as declared', async () => {
    const result = await conforming('POST', inCluster('/import'), {
      apiVersion: 'v1',
      kind: 'List',
      items: [node('n3'), { kind: 'Node', metadata: { name: 'Bad_Name' } }],
    });
    expect(result['rejected']).toHaveLength(1);
    await conforming('POST', '/v1/import?dryRun=true', { apiVersion: 'v1', kind: 'NodeList', items: [node('d1')] });
  });

  it('answers the other kinds the twin keeps, imported beside kinds it skips, as declared', async () => {
    const result = await conforming('POST', inCluster('/import'), kubectlList(...skippedObjects, ...keptObjects));
    expect(result['skipped']).toHaveLength(4);
    await conforming('GET', inCluster('/namespaces'));
    await conforming('GET', inCluster('/namespaces/shop'));
    await conforming('GET', inCluster('/persistentvolumes?limit=1'));
    await conforming('GET', inCluster('/persistentvolumes/nfs-share'));
    await conforming('GET', inCluster('/persistentvolumeclaims'));
    await conforming('GET', inCluster('/namespaces/shop/persistentvolumeclaims?labelSelector=app%3Ddb'));
    await conforming('GET', inCluster('/namespaces/shop/persistentvolumeclaims/data-db-0'));
    await conforming('GET', inCluster('/storageclasses'));
    await conforming('GET', inCluster('/storageclasses/standard-rwo'));
    await conforming('GET', inCluster('/csinodes'));
    await conforming('GET', inCluster('/csinodes/gke-pool-1'));
    await conforming('GET', inCluster('/poddisruptionbudgets'));
    await conforming('GET', inCluster('/namespaces/shop/poddisruptionbudgets?limit=1'));
    await conforming('GET', inCluster('/namespaces/shop/poddisruptionbudgets/web'));
  });

  it('answers API keys, the audit trail and health as declared', async () => {
    await conforming('POST', '/v1/apikeys', { metadata: { name: 'ci' }, spec: { role: 'viewer' } });
    await conforming('GET', '/v1/apikeys');
    await conforming('GET', '/v1/apikeys/ci');
    await conforming('DELETE', '/v1/apikeys/ci');
    const audit = await conforming('GET', '/v1/audit?limit=50');
    expect((audit['items'] as unknown[]).length).toBeGreaterThan(5);
    await conforming('GET', '/healthz');
  });

  it('answers webhooks and their deliveries as declared', async () => {
    const created = await conforming('POST', '/v1/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['TaintAdded'], secret: 'sixteen-chars-at-least' });
    await conforming('GET', '/v1/webhooks');
    await conforming('GET', `/v1/webhooks/${String(created['id'])}`);
    await conforming('GET', `/v1/webhooks/${String(created['id'])}/deliveries`);
    await conforming('DELETE', `/v1/webhooks/${String(created['id'])}`);
  });

  it('answers deletes as declared, and has called every JSON operation of the document', async () => {
    await conforming('DELETE', inCluster('/namespaces/default/pods/pending'), { preconditions: {} });
    await conforming('DELETE', inCluster('/nodes/n2'));
    await conforming('DELETE', `/v1/clusters/${CLUSTER}`);

    const handlers = new Set(operationsOf(document).map(({ operation }) => handlerOf(operation.operationId)));
    // Their answers are text/plain (kube-apiserver's), not JSON.
    handlers.delete('Health_livez');
    handlers.delete('Health_readyz');
    expect([...handlers].filter((h) => !called.has(h))).toEqual([]);
  });
});
