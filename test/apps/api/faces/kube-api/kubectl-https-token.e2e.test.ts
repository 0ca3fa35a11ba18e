import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';
import { KUBECTLS, Kubectl, selfSignedCertificate } from '../../../../support/kubectl';

/**
 * kubectl against taintgate as it is exposed: HTTPS (TAINTGATE_TLS_CERT_FILE/KEY_FILE) and API
 * keys as bearer tokens (`kubectl --token`, or `token:` in the kubeconfig), with the roles of
 * REST: a viewer reads, an operator writes, nobody anonymous.
 */
const ADMIN_TOKEN = 'kubectl-admin-token-0123456789abcdefghij';
const tls = selfSignedCertificate();

describe.each(KUBECTLS.filter((k) => k.version !== '1.32'))('kubectl $version over HTTPS with API keys', ({ binary }) => {
  const t = useApiFixture({
    TAINTGATE_AUTH: 'on',
    TAINTGATE_ADMIN_TOKEN: ADMIN_TOKEN,
    TAINTGATE_TLS_CERT_FILE: tls.certFile,
    TAINTGATE_TLS_KEY_FILE: tls.keyFile,
  });
  const keys = { viewer: '', operator: '' };
  let server = '';
  const kubectls: Kubectl[] = [];
  const kubectl = async (token?: string) => {
    const made = await Kubectl.for(binary, server, token, tls.cert);
    kubectls.push(made);
    return made;
  };

  beforeAll(async () => {
    await t.app.listen(0, '127.0.0.1');
    server = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    const admin = t.api.as(ADMIN_TOKEN);
    for (const role of ['viewer', 'operator'] as const) {
      const reply = await admin.post('/v1/apikeys', { metadata: { name: `${role}-key` }, spec: { role } });
      expect(reply.statusCode, reply.body).toBe(201);
      keys[role] = reply.json<{ key: string }>().key;
    }
    expect((await admin.put('/v1/nodes/n1', { metadata: { name: 'n1' } })).statusCode).toBe(201);
  });
  afterAll(async () => {
    await Promise.all(kubectls.map((k) => k.close()));
  });

  it('the service answers on https', () => {
    expect(server).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  });

  it('without a key: 401 as a Status; kubectl, given no credentials for an https server, asks for some', async () => {
    const run = await (await kubectl()).run(['get', 'nodes']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('Please enter Username:');
    const reply = await httpsGet(`${server}/api/v1/nodes`);
    expect(reply.status).toBe(401);
    expect(JSON.parse(reply.body)).toMatchObject({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'Unauthorized', code: 401 });
  });

  it('a viewer key reads, and may not write: Forbidden', async () => {
    const viewer = await kubectl(keys.viewer);
    const got = await viewer.run(['get', 'nodes', '-o', 'name']);
    expect(got.stdout.trim(), got.stderr).toBe('node/n1');
    const taint = await viewer.run(['taint', 'nodes', 'n1', 'k=v:NoSchedule']);
    expect(taint.code).toBe(1);
    expect(taint.stderr).toMatch(
      /^Error from server \(Forbidden\): forbidden: API key "viewer-key" has the viewer role and cannot PATCH \/api\/v1\/nodes\/n1: the operator role is needed/,
    );
  });

  it('an operator key writes; --token on the command line works as the kubeconfig token does', async () => {
    const anonymous = await kubectl();
    const run = await anonymous.run([`--token=${keys.operator}`, 'taint', 'nodes', 'n1', 'k=v:NoSchedule']);
    expect(run.stdout.trim(), run.stderr).toBe('node/n1 tainted');
    expect((await t.api.as(ADMIN_TOKEN).get('/v1/nodes/n1')).json().spec.taints).toMatchObject([{ key: 'k', value: 'v', effect: 'NoSchedule' }]);
    const untaint = await (await kubectl(keys.operator)).run(['taint', 'nodes', 'n1', 'k-']);
    expect(untaint.stdout.trim(), untaint.stderr).toBe('node/n1 untainted');
  });

  it('a key that is not one: Unauthorized', async () => {
    const run = await (await kubectl('not-a-key-0123456789')).run(['get', 'nodes']);
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n').at(-1)).toMatch(/^error: You must be logged in to the server \(.*\)$/);
  });
});

afterAll(() => tls.remove());

/** A GET over HTTPS trusting the test certificate, with no key. */
function httpsGet(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = https.get(url, { ca: tls.cert }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}
