import { describe, expect, it } from 'vitest';
import { sourceOfKubeconfig } from '@taintgate/domain';

/**
 * A kubeconfig resolved as clientcmd's DirectClientConfig resolves it (client-go
 * tools/clientcmd/client_config.go: getContext, getAuthInfo, getCluster; cases after
 * client_config_test.go's TestCreateClean, TestCreateCleanWithPrefix and
 * TestCreateMissingContext), keeping only what a service can use away from the machine.
 */

const CA = 'LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUIKLS0tLS1FTkQgQ0VSVElGSUNBVEUtLS0tLQo=';

function kubeconfig(cluster: Record<string, unknown>, user: Record<string, unknown>, current = 'prod') {
  return {
    apiVersion: 'v1',
    kind: 'Config',
    'current-context': current,
    clusters: [
      { name: 'prod-cluster', cluster },
      { name: 'other', cluster: { server: 'https://other:6443' } },
    ],
    users: [{ name: 'prod-user', user }],
    contexts: [
      { name: 'prod', context: { cluster: 'prod-cluster', user: 'prod-user', namespace: 'web' } },
      { name: 'other', context: { cluster: 'other', user: 'prod-user' } },
      { name: 'lost', context: { cluster: 'nowhere', user: 'prod-user' } },
    ],
  };
}

describe('sourceOfKubeconfig', () => {
  it('takes current-context: its cluster server, root certificates and token (TestCreateClean)', () => {
    expect(sourceOfKubeconfig(kubeconfig({ server: 'https://10.0.0.1:6443/prefix', 'certificate-authority-data': CA }, { token: 'abc' }), undefined)).toEqual({
      source: { context: 'prod', server: 'https://10.0.0.1:6443/prefix', caData: CA, insecureSkipTLSVerify: false, credentials: { token: 'abc' } },
    });
  });

  it('takes the context named over current-context', () => {
    expect(sourceOfKubeconfig(kubeconfig({ server: 'https://x' }, { token: 't' }), 'other')).toMatchObject({
      source: { context: 'other', server: 'https://other:6443' },
    });
  });

  it('takes an inline client certificate and insecure-skip-tls-verify', () => {
    expect(
      sourceOfKubeconfig(
        kubeconfig({ server: 'https://x', 'insecure-skip-tls-verify': true }, { 'client-certificate-data': 'Y2VydA==', 'client-key-data': 'a2V5' }),
        undefined,
      ),
    ).toMatchObject({ source: { insecureSkipTLSVerify: true, credentials: { clientCertificateData: 'Y2VydA==', clientKeyData: 'a2V5' } } });
  });

  it('a user with nothing: no credentials', () => {
    const found = sourceOfKubeconfig(kubeconfig({ server: 'https://x' }, {}), undefined);
    expect(found).toEqual({ source: { context: 'prod', server: 'https://x', caData: undefined, insecureSkipTLSVerify: false } });
  });

  it.each<[string, unknown, string | undefined, { field: string; message: string }]>([
    ['not an object', 'text', undefined, { field: 'kubeconfig', message: 'must be a kubeconfig (a YAML or JSON object with clusters, users and contexts)' }],
    [
      'no current-context and none named',
      { ...kubeconfig({ server: 'https://x' }, {}), 'current-context': '' },
      undefined,
      { field: 'kubeconfig', message: 'has no current-context: name the context in spec.source.context' },
    ],
    [
      'a context named that is not there (TestCreateMissingContext)',
      kubeconfig({ server: 'https://x' }, {}),
      'staging',
      { field: 'context', message: 'context was not found for specified context: staging' },
    ],
    [
      'current-context not there',
      kubeconfig({ server: 'https://x' }, {}, 'gone'),
      undefined,
      { field: 'kubeconfig', message: 'context was not found for specified context: gone' },
    ],
    [
      "the context's cluster not there",
      kubeconfig({ server: 'https://x' }, {}),
      'lost',
      { field: 'kubeconfig', message: 'cluster "nowhere" of context "lost" was not found' },
    ],
  ])('%s', (_name, document, context, error) => {
    expect(sourceOfKubeconfig(document, context)).toEqual({ errors: [error] });
  });

  it.each<[string, Record<string, unknown>, Record<string, unknown>, string]>([
    ['no server', {}, { token: 't' }, 'clusters["prod-cluster"].cluster.server: no server defined'],
    [
      'a CA file',
      { server: 'https://x', 'certificate-authority': '/home/me/ca.crt' },
      { token: 't' },
      'clusters["prod-cluster"].cluster.certificate-authority names a file on another machine: send the output of `kubectl config view --raw --minify --flatten`',
    ],
    ['a proxy', { server: 'https://x', 'proxy-url': 'http://proxy:3128' }, { token: 't' }, 'clusters["prod-cluster"].cluster.proxy-url is not supported'],
    [
      'a token file',
      { server: 'https://x' },
      { tokenFile: '/var/run/token' },
      'users["prod-user"].user.tokenFile names a file on another machine: send the output of `kubectl config view --raw --minify --flatten`',
    ],
    [
      'an exec plugin (GKE, EKS)',
      { server: 'https://x' },
      { exec: { command: 'gke-gcloud-auth-plugin' } },
      'users["prod-user"].user.exec runs a credential plugin, which a service cannot: give a token (a ServiceAccount\'s, `kubectl create token`)',
    ],
    [
      'an auth provider',
      { server: 'https://x' },
      { 'auth-provider': { name: 'oidc' } },
      'users["prod-user"].user.auth-provider is not supported: give a token (a ServiceAccount\'s, `kubectl create token`)',
    ],
    [
      'basic auth',
      { server: 'https://x' },
      { username: 'u', password: 'p' },
      'users["prod-user"].user.username basic authentication is not supported: give a token',
    ],
    [
      'a certificate without its key',
      { server: 'https://x' },
      { 'client-certificate-data': 'Y2VydA==' },
      'users["prod-user"].user.client-certificate-data and client-key-data go together',
    ],
  ])('refuses %s, by its path in the file', (_name, cluster, user, message) => {
    expect(sourceOfKubeconfig(kubeconfig(cluster, user), undefined)).toEqual({ errors: [{ field: 'kubeconfig', message }] });
  });
});
