import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiTestApp, startApiApp, useApiFixture } from '../../../../support/api-test-app';
import { waitUntil } from '../../../../support/waiting';

/** A mirror's source that asks for a key: the mirror's token is sent, and a wrong one is said, never shown. */

const TOKEN = 'source-admin-token-0123456789abcdef0123456789';

describe('mirror sync from a source that authenticates', () => {
  const t = useApiFixture({ MIRROR_SYNC_LEASE_SECONDS: '3', MIRROR_SYNC_BACKOFF_MS: '100' });
  const { api } = t;
  let source: ApiTestApp;
  let server = '';

  beforeAll(async () => {
    source = await startApiApp({ TAINTGATE_AUTH: 'on', TAINTGATE_ADMIN_TOKEN: TOKEN });
    await source.app.listen(0, '127.0.0.1');
    server = await source.app.getUrl();
    expect((await source.api.as(TOKEN).put('/v1/nodes/s1', { metadata: { name: 's1' } })).statusCode).toBe(201);
  });
  afterAll(async () => {
    await source?.close();
  });

  const syncOf = async (cluster: string) => (await api.get(`/v1/clusters/${cluster}`)).json().status.sync;
  const nodesOf = async (cluster: string) =>
    (await api.get(`/v1/clusters/${cluster}/nodes`)).json().items.map((n: { metadata: { name: string } }) => n.metadata.name);

  it('a wrong token: the mirror says the source refused it (401), and never shows the token', async () => {
    const wrong = 'not-the-token-0123456789abcdef';
    await api.put('/v1/clusters/refused', { spec: { mode: 'mirror', source: { server, token: wrong } } });
    await waitUntil(async () => /401/.test((await syncOf('refused'))?.lastError ?? ''), 15_000);
    const answered = (await api.get('/v1/clusters/refused')).body;
    expect(answered).not.toContain(wrong);
    expect((await syncOf('refused')).state).toBe('Retrying');
  });

  it('the right token, by its parts or in a kubeconfig: the mirror is kept in step', async () => {
    await api.put('/v1/clusters/keyed', { spec: { mode: 'mirror', source: { server, token: TOKEN } } });
    const kubeconfig = JSON.stringify({
      apiVersion: 'v1',
      kind: 'Config',
      'current-context': 'src',
      clusters: [{ name: 'src', cluster: { server } }],
      users: [{ name: 'admin', user: { token: TOKEN } }],
      contexts: [{ name: 'src', context: { cluster: 'src', user: 'admin' } }],
    });
    const put = await api.put('/v1/clusters/fromkc', { spec: { mode: 'mirror', source: { kubeconfig } } });
    expect(put.json().spec.source).toMatchObject({ context: 'src', auth: 'token' });
    for (const cluster of ['keyed', 'fromkc']) {
      await waitUntil(async () => (await syncOf(cluster))?.state === 'Watching', 15_000);
      expect(await nodesOf(cluster)).toEqual(['s1']);
    }
    await source.api.as(TOKEN).put('/v1/nodes/s2', { metadata: { name: 's2' } });
    await waitUntil(async () => JSON.stringify(await nodesOf('keyed')) === '["s1","s2"]', 10_000);
    // Made right: the refused mirror is given the token, and syncs.
    await api.put('/v1/clusters/refused', { spec: { mode: 'mirror', source: { server, token: TOKEN } } });
    await waitUntil(async () => (await syncOf('refused'))?.state === 'Watching', 15_000);
    expect(await nodesOf('refused')).toEqual(['s1', 's2']);
  });

  it('a mirror made managed stops syncing: its sync is no longer shown, and its writes are taken', async () => {
    await api.put('/v1/clusters/keyed', { spec: { mode: 'managed' } });
    expect((await api.get('/v1/clusters/keyed')).json().status.sync).toBeUndefined();
    expect((await api.put('/v1/clusters/keyed/nodes/mine', { metadata: { name: 'mine' } })).statusCode).toBe(201);
    await source.api.as(TOKEN).put('/v1/nodes/s3', { metadata: { name: 's3' } });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await nodesOf('keyed')).toEqual(['mine', 's1', 's2']);
  });

  it('credentials no key given opens (TAINTGATE_SECRETS_KEY changed without _PREVIOUS): the mirror says so, and does not sync', async () => {
    await t.restart({ TAINTGATE_SECRETS_KEY: 'another-secrets-key-0123456789abcdefghijkl' });
    await waitUntil(async () => /its credentials cannot be read/.test((await syncOf('refused'))?.lastError ?? ''), 15_000);
    expect((await syncOf('refused')).state).toBe('Retrying');
  });
});
