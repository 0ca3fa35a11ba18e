import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';
import { Kubectl } from '../../../../support/kubectl';

type Json = Record<string, any>;

/**
 * pods/eviction honours the PodDisruptionBudgets the twin keeps, as kube-apiserver's eviction
 * subresource does (pkg/registry/core/pod/storage/eviction.go): a budget that allows no
 * disruption refuses a healthy pod's eviction with 429 TooManyRequests and its DisruptionBudget
 * cause; one that allows some gives one up, in the same write as the pod's deletion
 * (disruptionsAllowed less one, the pod among disruptedPods); a pod two budgets select is a 500.
 */
describe('pods/eviction and PodDisruptionBudgets', () => {
  const t = useApiFixture();
  const { api } = t;
  const container = [{ name: 'c', image: 'nginx' }];
  const ready = [{ type: 'Ready', status: 'True' }];
  const notReady = [{ type: 'Ready', status: 'False' }];

  const putPod = async (name: string, labels: Record<string, string>, status: Json = { phase: 'Running', conditions: ready }) => {
    const reply = await api.putPod('shop', name, { metadata: { name, labels }, spec: { nodeName: 'n1', containers: container }, status });
    expect(reply.statusCode, reply.body).toBe(201);
  };
  const budget = (name: string, app: string, status: Json, spec: Json = {}) => ({
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name, namespace: 'shop', generation: 1 },
    spec: { minAvailable: 1, selector: { matchLabels: { app } }, ...spec },
    status: { observedGeneration: 1, currentHealthy: 2, desiredHealthy: 1, expectedPods: 2, ...status },
  });
  const evict = (name: string, query = '') =>
    api.post(`/api/v1/namespaces/shop/pods/${name}/eviction${query}`, {
      apiVersion: 'policy/v1',
      kind: 'Eviction',
      metadata: { name, namespace: 'shop' },
      deleteOptions: { gracePeriodSeconds: 0 },
    });
  const stored = async (name: string) => (await api.getPod('shop', name)).statusCode !== 404;
  const budgetNow = async (name: string) => (await api.get(`/v1/namespaces/shop/poddisruptionbudgets/${name}`)).json<Json>();

  beforeAll(async () => {
    await api.putNode('n1');
    const imported = await api.post('/v1/import', {
      apiVersion: 'v1',
      kind: 'List',
      items: [
        budget('web', 'web', { disruptionsAllowed: 1 }),
        budget('db', 'db', { disruptionsAllowed: 0, currentHealthy: 1, desiredHealthy: 1, expectedPods: 1 }),
        budget('cache', 'cache', { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 1 }, { unhealthyPodEvictionPolicy: 'AlwaysAllow' }),
        budget('both-a', 'both', { disruptionsAllowed: 5 }),
        budget('both-b', 'both', { disruptionsAllowed: 5 }),
      ],
    });
    expect(imported.json()).toMatchObject({ rejected: [], podDisruptionBudgets: { created: 5 } });
  });

  it("takes a disruption the budget allows, in the eviction's write; refuses the next with 429 and the budget's cause", async () => {
    await putPod('web-1', { app: 'web' });
    await putPod('web-2', { app: 'web' });
    const first = await evict('web-1');
    expect(first.statusCode, first.body).toBe(201);
    expect(await stored('web-1')).toBe(false);
    const after = await budgetNow('web');
    expect(after.status).toMatchObject({
      disruptionsAllowed: 0,
      disruptedPods: { 'web-1': expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/) },
      conditions: [{ type: 'DisruptionAllowed', status: 'False', reason: 'InsufficientPods', message: '', observedGeneration: 1 }],
    });
    // One write: the budget stored at the revision the pod was deleted at.
    const { rows } = await t.db.query<{ revision: string; details: Json }>(
      `SELECT revision::text AS revision, details FROM audit_events WHERE action = 'pod.evict'`,
    );
    expect(rows).toEqual([{ revision: after.metadata.resourceVersion, details: { by: 'eviction', gracePeriodSeconds: 0, disruptionBudget: 'web' } }]);

    const second = await evict('web-2');
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBeUndefined();
    expect(second.json()).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: "Cannot evict pod as it would violate the pod's disruption budget.",
      reason: 'TooManyRequests',
      details: { causes: [{ reason: 'DisruptionBudget', message: 'The disruption budget web needs 1 healthy pods and has 2 currently' }] },
      code: 429,
    });
    expect(await stored('web-2')).toBe(true);
    expect((await budgetNow('web')).metadata.resourceVersion).toBe(after.metadata.resourceVersion);
  });

  it('a dry run answers as the eviction would and stores nothing, the budget included', async () => {
    await putPod('dry-1', { app: 'dry' });
    await api.post('/v1/import', budget('dry', 'dry', { disruptionsAllowed: 1 }));
    const before = await budgetNow('dry');
    expect((await evict('dry-1', '?dryRun=All')).statusCode).toBe(201);
    expect(await stored('dry-1')).toBe(true);
    expect(await budgetNow('dry')).toEqual(before);
  });

  it("lets an unhealthy pod go when its budget's policy is AlwaysAllow, or when enough are healthy without it; never a healthy one of a spent budget", async () => {
    await putPod('cache-1', { app: 'cache' }, { phase: 'Running', conditions: notReady });
    expect((await evict('cache-1')).statusCode).toBe(201);
    expect(await stored('cache-1')).toBe(false);
    // The budget gave nothing up: the pod did not count as healthy.
    expect((await budgetNow('cache')).status.disruptionsAllowed).toBe(0);

    await putPod('db-1', { app: 'db' });
    expect((await evict('db-1')).statusCode).toBe(429);
    await putPod('db-2', { app: 'db' }, { phase: 'Running', conditions: notReady });
    // IfHealthyBudget (none said): 1 healthy of 1 desired without it.
    expect((await evict('db-2')).statusCode).toBe(201);
    expect(await stored('db-2')).toBe(false);
  });

  it('evicts a Pending pod without asking its budget', async () => {
    await putPod('db-pending', { app: 'db' }, { phase: 'Pending' });
    expect((await evict('db-pending')).statusCode).toBe(201);
    expect(await stored('db-pending')).toBe(false);
  });

  it('refuses a pod two budgets select with a Status of code 500 and no reason, as kube-apiserver does', async () => {
    await putPod('both-1', { app: 'both' });
    const reply = await evict('both-1');
    expect(reply.statusCode).toBe(500);
    expect(reply.json()).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.',
      code: 500,
    });
    expect(await stored('both-1')).toBe(true);
    expect((await budgetNow('both-a')).status.disruptionsAllowed).toBe(5);
  });

  it('answers 429 with Retry-After while the controller has not counted the budget as it is', async () => {
    await putPod('new-1', { app: 'new' });
    await api.post('/v1/import', { ...budget('new', 'new', { disruptionsAllowed: 3 }), metadata: { name: 'new', namespace: 'shop', generation: 2 } });
    const reply = await evict('new-1');
    expect(reply.statusCode).toBe(429);
    expect(reply.headers['retry-after']).toBe('10');
    expect(reply.json().details).toEqual({
      causes: [{ reason: 'DisruptionBudget', message: 'The disruption budget new is still being processed by the server.' }],
      retryAfterSeconds: 10,
    });
  });
});

describe('kubectl drain and a PodDisruptionBudget that allows no disruption', () => {
  const t = useApiFixture();
  let kubectl: Kubectl;

  beforeAll(async () => {
    await t.app.listen(0, '127.0.0.1');
    kubectl = await Kubectl.for('kubectl', (await t.app.getUrl()).replace('[::1]', '127.0.0.1'));
    await t.api.putNode('n1');
    const owner = { apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'db', uid: '7a1f0c9e-1111-4222-8333-444455556668', controller: true };
    const pod = {
      metadata: { name: 'db-0', labels: { app: 'db' }, ownerReferences: [owner] },
      spec: { nodeName: 'n1', containers: [{ name: 'c', image: 'postgres' }] },
    };
    await t.api.putPod('shop', 'db-0', { ...pod, status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] } });
    await t.api.post('/v1/import', {
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: { name: 'db', namespace: 'shop' },
      spec: { minAvailable: 1, selector: { matchLabels: { app: 'db' } } },
      status: { disruptionsAllowed: 0, currentHealthy: 1, desiredHealthy: 1, expectedPods: 1 },
    });
  });
  afterAll(async () => {
    await kubectl.close();
  });

  it('retries the refused eviction, saying why, until its timeout; the pod stays', async () => {
    const run = await kubectl.run(['drain', 'n1', '--timeout=2s']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('node/n1 cordoned');
    expect(run.stderr).toContain(
      `error when evicting pods/"db-0" -n "shop" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.`,
    );
    expect((await t.api.getPod('shop', 'db-0')).statusCode).toBe(200);
  }, 30_000);

  it('once the budget allows it, the retried eviction goes through, and tells the whole drain the refused one could not', async () => {
    const running = kubectl.run(['drain', 'n1', '--grace-period=0', '--timeout=30s']);
    // kubectl's first eviction is refused (429, no warnings in its answer); it retries after 5 s.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const allowed = await t.api.post('/v1/import', {
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: { name: 'db', namespace: 'shop', generation: 1 },
      spec: { minAvailable: 1, selector: { matchLabels: { app: 'db' } } },
      status: { observedGeneration: 1, disruptionsAllowed: 1, currentHealthy: 2, desiredHealthy: 1, expectedPods: 2 },
    });
    expect(allowed.statusCode).toBe(200);
    const run = await running;
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain("Cannot evict pod as it would violate the pod's disruption budget.");
    expect(run.stderr).toContain(
      'Warning: kubectl drain over 1 node (n1), judged together: 1 pod is evicted; placed together, no replacement finds a node (shop/db-0)',
    );
    expect((await t.api.getPod('shop', 'db-0')).statusCode).toBe(404);
  }, 60_000);
});
