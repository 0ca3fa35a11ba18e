import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { kubeconfigDocument, kubeconfigRequestOf } from '../../../../../apps/api/src/faces/kube-api/kubeconfig-document';

describe('kubeconfigRequestOf', () => {
  it.each<[string[], boolean]>([
    [['--key', 'tg_x'], true],
    [['--key=tg_x', '--cluster', 'prod', '--server', 'https://h:1', '--context', 'c', '--output', 'f'], true],
    [[], false],
    [['--key'], false],
    [['--key', ''], false],
    [['--key', 'tg_x', 'extra'], false],
    [['--key', 'tg_x', '--token', 'y'], false],
  ])('%j: %s', (args, understood) => {
    expect(kubeconfigRequestOf(args) !== undefined).toBe(understood);
  });
});

describe('kubeconfigDocument', () => {
  const ca = Buffer.from('-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');

  it('one cluster trusting the certificate, the key as the token, its context current', () => {
    const request = { key: 'tg_k', server: undefined, cluster: undefined, context: undefined, output: undefined };
    expect(parse(kubeconfigDocument(request, 'https://localhost:3000/', ca))).toEqual({
      apiVersion: 'v1',
      kind: 'Config',
      clusters: [{ name: 'taintgate', cluster: { server: 'https://localhost:3000', 'certificate-authority-data': ca.toString('base64') } }],
      users: [{ name: 'taintgate', user: { token: 'tg_k' } }],
      contexts: [{ name: 'taintgate', context: { cluster: 'taintgate', user: 'taintgate' } }],
      'current-context': 'taintgate',
    });
  });

  it('another cluster: its path, and a context named for it unless one is given', () => {
    const request = { key: 'tg_k', server: undefined, cluster: 'prod', context: undefined, output: undefined };
    const config = parse(kubeconfigDocument(request, 'https://h:1', ca));
    expect(config.clusters[0].cluster.server).toBe('https://h:1/clusters/prod');
    expect(config['current-context']).toBe('taintgate-prod');
    expect(parse(kubeconfigDocument({ ...request, context: 'mine' }, 'https://h:1', ca))['current-context']).toBe('mine');
  });
});
