import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveConnection, splitServer } from '../../../apps/kubectl-plugin/src/connection';
import { PluginError } from '../../../apps/kubectl-plugin/src/failures';
import { kubeconfigFiles } from '../../../apps/kubectl-plugin/src/kubeconfig';

/** The kubeconfig as kubectl reads it: files merged first-wins, the current context, flags over files. */

const dir = mkdtempSync(path.join(tmpdir(), 'taintgate-kubeconfig-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const write = (name: string, text: string) => {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
};

const first = write(
  'first',
  `apiVersion: v1
kind: Config
current-context: tg
clusters:
- name: tg
  cluster: {server: "https://tg.example.com:3000/clusters/prod", certificate-authority: ca.crt}
- name: other
  cluster: {server: "http://127.0.0.1:3000", insecure-skip-tls-verify: true}
users:
- name: tg
  user: {tokenFile: token.txt}
contexts:
- name: tg
  context: {cluster: tg, user: tg, namespace: web}
- name: other
  context: {cluster: other, user: second-user}
`,
);
const second = write(
  'second',
  `current-context: other
clusters:
- name: tg
  cluster: {server: "https://ignored.example.com"}
users:
- name: second-user
  user: {token: tg_second}
`,
);
write('ca.crt', '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
write('token.txt', 'tg_fromfile\n');

describe('kubeconfig', () => {
  it('reads $KUBECONFIG (a list, first file winning) or ~/.kube/config, or --kubeconfig alone', () => {
    expect(kubeconfigFiles({ KUBECONFIG: `${first}:${second}` })).toEqual([first, second]);
    expect(kubeconfigFiles({ HOME: '/home/u' })).toEqual(['/home/u/.kube/config']);
    expect(kubeconfigFiles({ KUBECONFIG: first }, '/x')).toEqual(['/x']);
  });

  it("the current context's server, CA file and token file (relative to the kubeconfig), namespace; /clusters/NAME names taintgate's cluster", () => {
    const connection = resolveConnection({}, { KUBECONFIG: `${first}:${second}` });
    expect(connection.base.href).toBe('https://tg.example.com:3000/');
    expect(connection.clusterName).toBe('prod');
    expect(connection.token).toBe('tg_fromfile');
    expect(connection.ca).toContain('BEGIN CERTIFICATE');
    expect(connection.namespace).toBe('web');
    expect(connection.insecureSkipTlsVerify).toBe(false);
  });

  it('--context picks another context, whose user may be in a later file', () => {
    const connection = resolveConnection({ context: 'other' }, { KUBECONFIG: `${first}:${second}` });
    expect(connection).toMatchObject({ clusterName: 'default', token: 'tg_second', insecureSkipTlsVerify: true, namespace: 'default' });
    expect(connection.base.href).toBe('http://127.0.0.1:3000/');
  });

  it('flags win over the kubeconfig: --server, --token, --cluster-name, --insecure-skip-tls-verify', () => {
    const flags = { server: 'http://10.0.0.1:8080', token: 'tg_flag', 'cluster-name': 'staging', 'insecure-skip-tls-verify': true };
    const connection = resolveConnection(flags, { KUBECONFIG: first });
    expect(connection).toMatchObject({ token: 'tg_flag', clusterName: 'staging', insecureSkipTlsVerify: true });
    expect(connection.base.href).toBe('http://10.0.0.1:8080/');
  });

  it('no kubeconfig and no --server: an error that says what to give; an unknown --context too', () => {
    expect(() => resolveConnection({}, { KUBECONFIG: path.join(dir, 'missing') })).toThrow(/no server: .*give --server/);
    expect(() => resolveConnection({ context: 'nope' }, { KUBECONFIG: first })).toThrow(PluginError);
    expect(() => resolveConnection({ kubeconfig: path.join(dir, 'missing') }, {})).toThrow(/missing/);
  });

  it("a server's path: /clusters/NAME is taintgate's cluster; another path is a proxy's prefix, kept", () => {
    expect(splitServer('https://h:3000/clusters/prod/')).toMatchObject({ clusterName: 'prod' });
    expect(splitServer('https://h/proxy/tg').base.href).toBe('https://h/proxy/tg/');
    expect(splitServer('https://h/proxy/clusters/x').base.href).toBe('https://h/proxy/');
    expect(splitServer('h:3000').base.href).toBe('https://h:3000/');
    expect(() => splitServer('ftp://h')).toThrow(/http or https only/);
  });
});
