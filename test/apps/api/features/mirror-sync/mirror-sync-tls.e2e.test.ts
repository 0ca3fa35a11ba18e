import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiTestApp, startApiApp, useApiFixture } from '../../../../support/api-test-app';
import { selfSignedCertificate } from '../../../../support/kubectl';
import { waitUntil } from '../../../../support/waiting';

/** A source served over HTTPS with a certificate of its own: trusted by the mirror's caData, refused without it. */

describe('mirror sync from a source over HTTPS', () => {
  const t = useApiFixture({ MIRROR_SYNC_LEASE_SECONDS: '3', MIRROR_SYNC_BACKOFF_MS: '100' });
  const { api } = t;
  const tls = selfSignedCertificate();
  let source: ApiTestApp;
  let server = '';

  beforeAll(async () => {
    source = await startApiApp({ TAINTGATE_TLS_CERT_FILE: tls.certFile, TAINTGATE_TLS_KEY_FILE: tls.keyFile });
    await source.app.listen(0, '127.0.0.1');
    server = await source.app.getUrl();
    expect(server).toMatch(/^https:\/\//);
    await source.api.put('/v1/nodes/secure-1', { metadata: { name: 'secure-1' } });
  });
  afterAll(async () => {
    await source?.close();
    tls.remove();
  });

  const syncOf = async (cluster: string) => (await api.get(`/v1/clusters/${cluster}`)).json().status.sync;

  it("trusts the source's certificate by caData, and keeps in step", async () => {
    const caData = Buffer.from(tls.cert).toString('base64');
    await api.put('/v1/clusters/trusted', { spec: { mode: 'mirror', source: { server, caData } } });
    await waitUntil(async () => (await syncOf('trusted'))?.state === 'Watching', 15_000);
    expect((await api.get('/v1/clusters/trusted/nodes/secure-1')).statusCode).toBe(200);
  });

  it('refuses a certificate it was not told to trust, saying so; insecureSkipTLSVerify takes any', async () => {
    await api.put('/v1/clusters/untrusted', { spec: { mode: 'mirror', source: { server } } });
    await waitUntil(async () => /certificate/i.test((await syncOf('untrusted'))?.lastError ?? ''), 15_000);
    expect((await syncOf('untrusted')).state).toBe('Retrying');
    expect((await api.get('/v1/clusters/untrusted/nodes/secure-1')).statusCode).toBe(404);
    await api.put('/v1/clusters/untrusted', { spec: { mode: 'mirror', source: { server, insecureSkipTLSVerify: true } } });
    await waitUntil(async () => (await syncOf('untrusted'))?.state === 'Watching', 15_000);
    expect((await api.get('/v1/clusters/untrusted/nodes/secure-1')).statusCode).toBe(200);
  });
});
