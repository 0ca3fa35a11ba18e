import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from 'node:tls';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { useApiFixture } from '../../../../support/api-test-app';
import { compiledProgram } from '../../../../support/compiled-app';
import { TEST_SECRETS_KEY } from '../../../../support/boot-app';
import { KUBECTLS, Kubectl, selfSignedCertificate } from '../../../../support/kubectl';

/**
 * HTTPS in one step: TAINTGATE_TLS=auto serves a self-signed certificate made on the first start
 * and kept in the database (its key sealed), the same after a restart and on every replica, made
 * again near its end; certificate files given win. `npm run kubeconfig -- --key ...` writes a
 * kubeconfig that trusts it, and the real kubectl uses it as written.
 */

const ADMIN_TOKEN = 'tls-auto-admin-token-0123456789abcdefghij';

describe('TAINTGATE_TLS=auto', () => {
  const t = useApiFixture({ TAINTGATE_TLS: 'auto', TAINTGATE_TLS_HOSTS: 'taintgate.test', TAINTGATE_AUTH: 'on', TAINTGATE_ADMIN_TOKEN: ADMIN_TOKEN });
  const dir = mkdtempSync(path.join(tmpdir(), 'taintgate-kubeconfig-'));
  let server = '';
  const kept = async () => {
    const row = (await t.db.query<{ cert: string; key: string; not_after: Date }>("SELECT cert, key, not_after FROM tls_certificates WHERE name = 'auto'"))
      .rows[0];
    if (!row) throw new Error('no certificate kept');
    return row;
  };
  /** The certificate the server shows a client that connects now. */
  const served = (url: string) =>
    new Promise<X509Certificate>((resolve, reject) => {
      const { hostname, port } = new URL(url);
      const socket = connect({ host: hostname, port: Number(port), rejectUnauthorized: false }, () => {
        resolve(new X509Certificate(socket.getPeerCertificate().raw));
        socket.end();
      });
      socket.on('error', reject);
    });
  const listen = async () => {
    await t.app.listen(0, '127.0.0.1');
    server = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
  };
  /**
   * `npm run kubeconfig` as a user runs it (`how: 'npm'`), or the same program as the tests
   * compiled it, in a second where npm's vite-node takes ten: with the service's settings.
   */
  const kubeconfig = (args: string[], env: Record<string, string> = {}, how: 'npm' | 'compiled' = 'compiled') =>
    promisify(execFile)(...commandOf(how, args), {
      env: {
        ...process.env,
        DATABASE_URL: t.databaseUrl,
        TAINTGATE_TLS: 'auto',
        TAINTGATE_TLS_HOSTS: 'taintgate.test',
        TAINTGATE_SECRETS_KEY: TEST_SECRETS_KEY,
        ...env,
      },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: unknown) => {
        const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
        return { code, stdout, stderr };
      },
    );

  const commandOf = (how: 'npm' | 'compiled', args: string[]): [string, string[]] =>
    how === 'npm' ? ['npm', ['run', '-s', 'kubeconfig', '--', ...args]] : [process.execPath, [compiledProgram('apps/api/src/kubeconfig.ts'), ...args]];

  beforeAll(async () => {
    await listen();
    expect((await t.api.as(ADMIN_TOKEN).put('/v1/nodes/n1', { metadata: { name: 'n1' } })).statusCode).toBe(201);
    expect((await t.api.as(ADMIN_TOKEN).put('/v1/clusters/prod/nodes/p1', { metadata: { name: 'p1' } })).statusCode).toBe(201);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('serves HTTPS with a certificate made on the first start, kept in the database with its key sealed', async () => {
    expect(server).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const row = await kept();
    expect(row.key).toMatch(/^tgs1:/);
    expect(row.key).not.toContain('PRIVATE KEY');
    const cert = await served(server);
    expect(cert.raw.equals(new X509Certificate(row.cert).raw)).toBe(true);
    expect(cert.subjectAltName).toContain('DNS:localhost');
    expect(cert.subjectAltName).toContain('DNS:taintgate.test');
    expect(cert.subjectAltName).toContain('IP Address:127.0.0.1');
    expect(cert.ca).toBe(true);
    expect(row.not_after.getTime() - Date.now()).toBeGreaterThan(700 * 24 * 3600 * 1000);
  });

  it('the same certificate after a restart and on another replica', async () => {
    const before = (await kept()).cert;
    await t.restart();
    await listen();
    expect((await kept()).cert).toBe(before);
    expect((await served(server)).raw.equals(new X509Certificate(before).raw)).toBe(true);
    const replica = await t.bootReplica();
    await replica.listen(0, '127.0.0.1');
    expect((await served((await replica.getUrl()).replace('[::1]', '127.0.0.1'))).raw.equals(new X509Certificate(before).raw)).toBe(true);
  });

  describe.each(KUBECTLS.filter((k) => k.version !== '1.32'))('kubectl $version with `npm run kubeconfig`', ({ binary }) => {
    it('reads the default cluster, and another with --cluster, over HTTPS with the key', async () => {
      const file = path.join(dir, `default-${path.basename(binary)}`);
      const written = await kubeconfig(['--key', ADMIN_TOKEN, '--server', server, '--output', file], {}, 'npm');
      expect(written.code, written.stderr).toBe(0);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const config = parse(readFileSync(file, 'utf8'));
      expect(config).toMatchObject({ 'current-context': 'taintgate', users: [{ name: 'taintgate', user: { token: ADMIN_TOKEN } }] });
      const nodes = await runKubectl(binary, file, ['get', 'nodes', '-o', 'name']);
      expect(nodes.stdout.trim(), nodes.stderr).toBe('node/n1');
      const printed = await kubeconfig(['--key', ADMIN_TOKEN, '--server', server, '--cluster', 'prod']);
      const prodFile = path.join(dir, `prod-${path.basename(binary)}`);
      writeFileSync(prodFile, printed.stdout);
      const prod = await runKubectl(binary, prodFile, ['get', 'nodes', '-o', 'name']);
      expect(prod.stdout.trim(), prod.stderr).toBe('node/p1');
    }, 60_000);
  });

  it('a key that is none, a revoked one, no --key, or plain HTTP: said, and nothing printed', async () => {
    const none = await kubeconfig(['--key', 'tg_not-a-key']);
    expect(none).toMatchObject({ code: 1, stdout: '' });
    expect(none.stderr).toContain('error: the key given is no API key of this deployment (DATABASE_URL)');
    const made = await t.api.as(ADMIN_TOKEN).post('/v1/apikeys', { metadata: { name: 'gone' }, spec: { role: 'viewer' } });
    const gone = made.json<{ key: string }>().key;
    expect((await t.api.as(ADMIN_TOKEN).del('/v1/apikeys/gone')).statusCode).toBe(200);
    expect((await kubeconfig(['--key', gone])).stderr).toContain('API key "gone", which is revoked');
    expect((await kubeconfig([])).code).toBe(2);
    expect((await kubeconfig(['--key', ADMIN_TOKEN, '--cluster', 'Not_A_Name'])).code).toBe(2);
    const plain = await kubeconfig(['--key', ADMIN_TOKEN], { TAINTGATE_TLS: 'off' });
    expect(plain).toMatchObject({ code: 1, stdout: '' });
    expect(plain.stderr).toContain('the service serves plain HTTP, over which kubectl sends no token: set TAINTGATE_TLS=auto');
  }, 60_000);

  it('a certificate within 30 days of its end is made again at the next start', async () => {
    const before = await kept();
    await t.db.query("UPDATE tls_certificates SET not_after = now() + interval '10 days' WHERE name = 'auto'");
    await t.restart();
    await listen();
    const after = await kept();
    expect(after.cert).not.toBe(before.cert);
    expect(after.not_after.getTime() - Date.now()).toBeGreaterThan(700 * 24 * 3600 * 1000);
  });

  it('certificate files given win over auto', async () => {
    const files = selfSignedCertificate();
    try {
      await t.restart({ TAINTGATE_TLS_CERT_FILE: files.certFile, TAINTGATE_TLS_KEY_FILE: files.keyFile });
      await listen();
      const kubectl = await Kubectl.for(KUBECTLS[0]?.binary ?? 'kubectl', server, ADMIN_TOKEN, files.cert);
      const run = await kubectl.run(['get', 'nodes', '-o', 'name']);
      await kubectl.close();
      expect(run.stdout.trim(), run.stderr).toBe('node/n1');
    } finally {
      await t.restart({ TAINTGATE_TLS_CERT_FILE: '', TAINTGATE_TLS_KEY_FILE: '' });
      files.remove();
    }
  });
});

function runKubectl(binary: string, kubeconfig: string, args: string[]) {
  const home = mkdtempSync(path.join(tmpdir(), 'taintgate-kubectl-home-'));
  return promisify(execFile)(binary, [`--kubeconfig=${kubeconfig}`, `--cache-dir=${path.join(home, 'cache')}`, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: home },
    timeout: 30_000,
  })
    .then(
      ({ stdout, stderr }) => ({ stdout, stderr }),
      (error: unknown) => {
        const { stdout, stderr } = error as { stdout: string; stderr: string };
        return { stdout, stderr };
      },
    )
    .finally(() => rmSync(home, { recursive: true, force: true }));
}
