import { describe, expect, it } from 'vitest';
import { expectApiError, expectNothingStored } from '../../../../support/api-client';
import { useApiFixture } from '../../../../support/api-test-app';
import { waitUntil } from '../../../../support/waiting';
import { gqlData } from '../../faces/graphql/graphql-client';

/**
 * Two kinds of cluster: `managed` (taintgate carries NoExecute out) and `mirror` (a copy of a
 * cluster that runs elsewhere: its imports are taken, every other write refused, and what its own
 * taint eviction controller will do is predicted, never done).
 */

const CA = 'LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUIKLS0tLS1FTkQgQ0VSVElGSUNBVEUtLS0tLQo=';
const notReady = { key: 'node.kubernetes.io/not-ready', effect: 'NoExecute', timeAdded: '2026-12-01T00:00:00Z' };
const drain = { key: 'drain', value: 'soon', effect: 'NoExecute', timeAdded: '2026-12-01T00:00:00Z' };
let uids = 0;
const uid = () => `00000000-0000-4000-8000-${String(++uids).padStart(12, '0')}`;

function node(name: string, taints: object[]) {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, uid: uid() },
    spec: { taints },
    status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } },
  };
}

function pod(name: string, nodeName: string, tolerations: object[] = []) {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'web', uid: uid() },
    spec: { nodeName, tolerations, terminationGracePeriodSeconds: 0, containers: [{ name: 'c', image: 'nginx' }] },
    status: { phase: 'Running' },
  };
}

const list = (...items: object[]) => ({ apiVersion: 'v1', kind: 'List', items });
const names = (reply: { json: () => { items: { pod: { name: string }; status: string; reason: string | null }[] } }) =>
  reply
    .json()
    .items.map((e) => `${e.pod.name}:${e.status}${e.reason ? `:${e.reason}` : ''}`)
    .sort();

describe('cluster modes: managed and mirror', () => {
  const t = useApiFixture();
  const { api, db } = t;

  const n1 = node('n1', [notReady]);
  const n2 = node('n2', [drain]);
  const gone = pod('gone', 'n1');
  const later = pod('later', 'n2', [{ key: 'drain', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 600 }]);
  const stays = pod('stays', 'n2', [{ key: 'drain', operator: 'Exists', effect: 'NoExecute' }]);

  it('a cluster is managed unless its spec says mirror; the mode is in every answer about it', async () => {
    const created = await api.put('/v1/clusters/prod', { spec: { mode: 'mirror' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ kind: 'Cluster', metadata: { name: 'prod' }, spec: { mode: 'mirror' }, status: { nodes: 0, pods: 0 } });
    expect((await api.put('/v1/clusters/plain', undefined)).json().spec).toEqual({ mode: 'managed' });
    // The same spec again: 200, and no revision taken.
    const again = await api.put('/v1/clusters/prod', { apiVersion: 'taintgate.io/v1', kind: 'Cluster', metadata: { name: 'prod' }, spec: { mode: 'mirror' } });
    expect(again.statusCode).toBe(200);
    expect(again.json().metadata.resourceVersion).toBe(created.json().metadata.resourceVersion);
    const listed = (await api.get('/v1/clusters'))
      .json()
      .items.map((c: { metadata: { name: string }; spec: { mode: string } }) => `${c.metadata.name}:${c.spec.mode}`);
    expect(listed).toEqual(['default:managed', 'plain:managed', 'prod:mirror']);
    const viaGraphql = await gqlData(t.app, '{ cluster(name: "prod") { name mode source { server } } }');
    expect(viaGraphql).toEqual({ cluster: { name: 'prod', mode: 'mirror', source: null } });
  });

  it("an import into a mirror predicts what the cluster's controller will do, and does none of it", async () => {
    const reply = await api.post('/v1/clusters/prod/import', list(n1, n2, gone, later, stays));
    expect(reply.statusCode).toBe(200);
    const { evictions } = reply.json();
    expect(evictions).toMatchObject({ executed: 0, scheduled: 0, predicted: 2, queuedNodes: 0 });
    expect(
      evictions.items
        .map((e: { pod: { name: string }; status: string; tolerationSeconds: number | null }) => [e.pod.name, e.status, e.tolerationSeconds])
        .sort(),
    ).toEqual([
      ['gone', 'Predicted', null],
      ['later', 'Predicted', 600],
    ]);
    // Every pod is still there as its cluster shows it: none deleted, none terminating.
    for (const name of ['gone', 'later', 'stays']) {
      const stored = (await api.get(`/v1/clusters/prod/namespaces/web/pods/${name}`)).json();
      expect(stored.metadata.deletionTimestamp).toBeUndefined();
    }
    const predicted = (await api.get('/v1/clusters/prod/evictions?status=Predicted')).json();
    expect(names({ json: () => predicted })).toEqual(['gone:Predicted', 'later:Predicted']);
    const laterOne = predicted.items.find((e: { pod: { name: string } }) => e.pod.name === 'later');
    expect(Date.parse(laterOne.scheduledFor) - Date.parse(laterOne.startedAt)).toBe(600_000);
    // The controller's words, as a prediction.
    const { rows } = await db.query<{ kind: string; message: string }>(
      `SELECT kind::text, message FROM events e JOIN clusters c ON c.id = e.cluster_id WHERE c.name = 'prod' ORDER BY e.id`,
    );
    expect(rows.map((r) => r.kind)).toEqual(['EvictionPredicted', 'EvictionPredicted']);
    expect(rows[0]?.message).toMatch(/^Predicting deletion of Pod web\/(gone|later) at .* by the cluster's taint eviction controller$/);
  });

  it('the same import again predicts nothing more: a pod predicted gone by now is not predicted again', async () => {
    const reply = await api.post('/v1/clusters/prod/import', list(n1, n2, gone, later, stays));
    expect(reply.json().evictions).toMatchObject({ executed: 0, scheduled: 0, predicted: 0, items: [] });
    expect(names(await api.get('/v1/clusters/prod/evictions'))).toEqual(['gone:Predicted', 'later:Predicted']);
  });

  it('what-if questions are answered about a mirror, its predictions standing as deadlines do', async () => {
    const impact = await api.post('/v1/clusters/prod/taint-impact?view=pods', { taint: { key: 'drain', value: 'soon', effect: 'NoExecute' }, nodes: ['n2'] });
    expect(impact.statusCode).toBe(200);
    // `stays` tolerates the taint for ever; `later`'s predicted deadline stands, as a scheduled one would.
    const fates = impact.json().evictions.map((p: { pod: { name: string }; alreadyScheduled?: unknown }) => [p.pod.name, p.alreadyScheduled !== undefined]);
    expect(fates).toEqual([['later', true]]);
  });

  it('every other write to a mirror is refused, naming where to make it; nothing is stored', async () => {
    const message =
      /^clusters\.taintgate\.io "prod" is forbidden: it is a mirror, kept in step by imports, and takes no changes but imports: make this change in the cluster it copies, then import it again/;
    const writes = [
      () => api.put('/v1/clusters/prod/nodes/n3', { metadata: { name: 'n3' } }),
      () => api.del('/v1/clusters/prod/namespaces/web/pods/stays'),
      () => api.post('/v1/clusters/prod/taint', { nodes: ['n1'], taints: ['x=y:NoSchedule'] }),
      () => api.post('/v1/clusters/prod/nodes/n1/taints', { key: 'x', effect: 'NoSchedule' }),
      () =>
        api.post('/clusters/prod/api/v1/namespaces/web/pods/stays/eviction', {
          apiVersion: 'policy/v1',
          kind: 'Eviction',
          metadata: { name: 'stays', namespace: 'web' },
        }),
      () => api.request('DELETE', '/clusters/prod/api/v1/nodes/n2'),
    ];
    for (const write of writes) {
      const reply = await expectNothingStored(api, db, write);
      expect(reply.statusCode).toBe(403);
      expect(reply.json().message).toMatch(message);
    }
    // Through the Kubernetes API, a Status kubectl prints.
    const status = (await api.request('DELETE', '/clusters/prod/api/v1/nodes/n2')).json();
    expect(status).toMatchObject({
      kind: 'Status',
      status: 'Failure',
      reason: 'Forbidden',
      code: 403,
      details: { name: 'prod', group: 'taintgate.io', kind: 'clusters' },
    });
    // A dry run is a question: answered, and nothing stored.
    const dry = await expectNothingStored(api, db, () =>
      api.post('/clusters/prod/api/v1/nodes?dryRun=All', { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n3' } }),
    );
    expect(dry.statusCode).toBe(201);
  });

  it('a prediction ends when its pod leaves: come true at its deadline, cancelled when its cause goes', async () => {
    // `gone` was evicted at its cluster (its deadline was the import's time); n2 lost its taint.
    const reply = await api.post('/v1/clusters/prod/import?prune=true', list(n1, node('n2', []), later, stays));
    expect(reply.statusCode).toBe(200);
    expect(names(await api.get('/v1/clusters/prod/evictions'))).toEqual(['gone:Executed:DeletedAtSource', 'later:Cancelled:TaintRemoved']);
    expect((await api.get('/v1/clusters/prod/evictions?status=Predicted')).json().items).toEqual([]);
  });

  it('a mirror taken over (managed) carries its predictions out; a managed cluster made a mirror stops executing', async () => {
    await api.post('/v1/clusters/prod/import', list(n1, node('n2', [drain]), later, stays, pod('next', 'n1')));
    expect(names(await api.get('/v1/clusters/prod/evictions?status=Predicted'))).toEqual(['later:Predicted', 'next:Predicted']);
    const managed = await api.put('/v1/clusters/prod', { spec: { mode: 'managed' } });
    expect(managed.json().spec).toEqual({ mode: 'managed' });
    // `next` was due at once: the due-eviction sweep (or its wake-up) deletes it; `later` waits for its deadline.
    await waitUntil(async () => (await api.get('/v1/clusters/prod/namespaces/web/pods/next')).statusCode === 404, 15_000);
    expect(names(await api.get('/v1/clusters/prod/evictions?status=Scheduled'))).toEqual(['later:Scheduled']);
    // A write is taken again.
    expect((await api.put('/v1/clusters/prod/nodes/n3', { metadata: { name: 'n3' } })).statusCode).toBe(201);

    expect((await api.put('/v1/clusters/prod', { spec: { mode: 'mirror' } })).statusCode).toBe(200);
    expect(names(await api.get('/v1/clusters/prod/evictions?status=Predicted'))).toEqual(['later:Predicted']);
    const { rows } = await db.query<{ before: unknown; after: unknown }>(
      `SELECT before, after FROM audit_events WHERE action = 'cluster.update' AND cluster_name = 'prod' ORDER BY id DESC LIMIT 1`,
    );
    expect(rows[0]).toEqual({ before: { spec: { mode: 'managed' } }, after: { spec: { mode: 'mirror' } } });
  });

  it("a mirror's source: its server and how it is reached answered, its token never; kept across a restart", async () => {
    const token = 'sa-token-that-must-never-be-answered';
    const reply = await api.put('/v1/clusters/synced', { spec: { mode: 'mirror', source: { server: 'https://api.prod.example:6443/', caData: CA, token } } });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().spec).toEqual({
      mode: 'mirror',
      source: { server: 'https://api.prod.example:6443', caData: CA, insecureSkipTLSVerify: false, auth: 'token' },
    });
    // The message names the source.
    const refused = await api.put('/v1/clusters/synced/nodes/n1', { metadata: { name: 'n1' } });
    expect(refused.json().message).toMatch(
      /^clusters\.taintgate\.io "synced" is forbidden: it is a mirror of https:\/\/api\.prod\.example:6443, and takes no changes but its sync's and imports: make this change at https:\/\/api\.prod\.example:6443/,
    );
    // Sealed at rest; in no answer, no audit row.
    const { rows } = await db.query<{ source_credentials: string }>(`SELECT source_credentials FROM clusters WHERE name = 'synced'`);
    expect(rows[0]?.source_credentials).toMatch(/^tgs1:/);
    expect(rows[0]?.source_credentials).not.toContain(token);
    const audit = await db.query<{ text: string }>(
      `SELECT coalesce(before::text, '') || coalesce(after::text, '') || details::text AS text FROM audit_events WHERE cluster_name = 'synced'`,
    );
    expect(audit.rows.map((r) => r.text).join()).not.toContain(token);
    // A PUT that sends no token (a read-edit-write) keeps it.
    const answered = reply.json<{ metadata: object }>();
    const edited = await api.put('/v1/clusters/synced', {
      ...answered,
      spec: { mode: 'mirror', source: { server: 'https://api.prod.example:6443', caData: CA } },
    });
    expect(edited.json().spec.source.auth).toBe('token');

    await t.restart();
    expect((await api.get('/v1/clusters/synced')).json().spec).toMatchObject({ mode: 'mirror', source: { auth: 'token' } });
    expect((await api.get('/v1/clusters/prod')).json().spec).toEqual({ mode: 'mirror' });
  });

  it('a mirror read from a kubeconfig keeps its context; what a service cannot use is refused by name', async () => {
    const kubeconfig = [
      'apiVersion: v1',
      'kind: Config',
      'current-context: prod',
      'clusters:',
      '- name: c',
      '  cluster: {server: "https://10.0.0.1:6443", insecure-skip-tls-verify: true}',
      'users:',
      '- name: u',
      '  user: {exec: {command: gke-gcloud-auth-plugin}}',
      'contexts:',
      '- name: prod',
      '  context: {cluster: c, user: u}',
    ].join('\n');
    const refused = await expectNothingStored(api, db, () => api.put('/v1/clusters/fromkc', { spec: { mode: 'mirror', source: { kubeconfig } } }));
    const reason =
      'Invalid value: "<kubeconfig>": users["u"].user.exec runs a credential plugin, which a service cannot: give a token (a ServiceAccount\'s, `kubectl create token`)';
    expectApiError(refused, 400, `Cluster "fromkc" is invalid: spec.source.kubeconfig: ${reason}`, [{ field: 'spec.source.kubeconfig', reason }]);
    const fine = kubeconfig.replace('{exec: {command: gke-gcloud-auth-plugin}}', '{token: abc}');
    const reply = await api.put('/v1/clusters/fromkc', { spec: { mode: 'mirror', source: { kubeconfig: fine } } });
    expect(reply.json().spec).toEqual({
      mode: 'mirror',
      source: { server: 'https://10.0.0.1:6443', insecureSkipTLSVerify: true, context: 'prod', auth: 'token' },
    });
  });

  it('a bad spec names every bad field, and stores nothing', async () => {
    const reply = await expectNothingStored(api, db, () =>
      api.put('/v1/clusters/bad', { metadata: { name: 'other' }, spec: { mode: 'replica', source: { server: 'ftp://x' } } }),
    );
    expectApiError(reply, 400, /^Cluster "bad" is invalid: \[/, [
      { field: 'metadata.name', reason: 'Invalid value: "other": must match the name in the path' },
      { field: 'spec.mode', reason: 'Unsupported value: "replica": supported values: "managed", "mirror"' },
      { field: 'spec.source', reason: 'Forbidden: only a mirror has a source (spec.mode: mirror)' },
    ]);
    expect((await api.get('/v1/clusters/bad')).statusCode).toBe(404);
  });
});
