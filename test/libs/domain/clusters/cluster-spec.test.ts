import { describe, expect, it } from 'vitest';
import { type ClusterSpec, FieldPath, type KubeconfigReader, ShapeChecker, checkClusterSpec, fieldErrorText } from '@taintgate/domain';

/** A cluster's spec as PUT /v1/clusters/{name} takes it: its mode, and a mirror's source. */

const CA = 'LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUIKLS0tLS1FTkQgQ0VSVElGSUNBVEUtLS0tLQo=';
const json: KubeconfigReader = (text) => {
  try {
    return { document: JSON.parse(text) as unknown };
  } catch (error) {
    return { error: (error as Error).message };
  }
};

function check(spec: unknown): { spec: ClusterSpec; errors: string[] } {
  const shape = new ShapeChecker();
  const checked = checkClusterSpec(shape, spec, FieldPath.root().child('spec'), json);
  return { spec: checked, errors: shape.errors.map(fieldErrorText) };
}

const kubeconfig = JSON.stringify({
  'current-context': 'prod',
  clusters: [{ name: 'c', cluster: { server: 'https://api.prod:6443/', 'certificate-authority-data': CA } }],
  users: [{ name: 'u', user: { token: 'sa-token' } }],
  contexts: [{ name: 'prod', context: { cluster: 'c', user: 'u' } }],
});

describe('checkClusterSpec', () => {
  it.each<[string, unknown, ClusterSpec]>([
    ['no spec: managed', undefined, { mode: 'managed' }],
    ['no mode: managed', {}, { mode: 'managed' }],
    ['a mirror fed by imports: no source', { mode: 'mirror' }, { mode: 'mirror' }],
    [
      'a mirror by its parts; the path prefix kept, its trailing slash not',
      { mode: 'mirror', source: { server: 'https://proxy.example/k8s/prod/', caData: CA, token: 'abc.def' } },
      { mode: 'mirror', source: { server: 'https://proxy.example/k8s/prod', caData: CA, insecureSkipTLSVerify: false, credentials: { token: 'abc.def' } } },
    ],
    [
      'a mirror with no credentials given (those stored are kept)',
      { mode: 'mirror', source: { server: 'http://127.0.0.1:8080', insecureSkipTLSVerify: true } },
      { mode: 'mirror', source: { server: 'http://127.0.0.1:8080', insecureSkipTLSVerify: true } },
    ],
    [
      'a mirror by a kubeconfig: read, and only its context kept',
      { mode: 'mirror', source: { kubeconfig } },
      {
        mode: 'mirror',
        source: { server: 'https://api.prod:6443', caData: CA, insecureSkipTLSVerify: false, context: 'prod', credentials: { token: 'sa-token' } },
      },
    ],
  ])('%s', (_name, spec, expected) => {
    expect(check(spec)).toEqual({ spec: expected, errors: [] });
  });

  it.each<[string, unknown, string[]]>([
    ['a mode not known', { mode: 'replica' }, ['spec.mode: Unsupported value: "replica": supported values: "managed", "mirror"']],
    ['a source on a managed cluster', { source: { server: 'https://x' } }, ['spec.source: Forbidden: only a mirror has a source (spec.mode: mirror)']],
    ['a source with no server', { mode: 'mirror', source: { token: 't' } }, ['spec.source.server: Required value']],
    [
      'a server that is no URL',
      { mode: 'mirror', source: { server: 'api.prod:6443' } },
      ['spec.source.server: Invalid value: "api.prod:6443": must be an https:// (or http://) URL, as a kubeconfig\'s cluster.server'],
    ],
    [
      'a server with a query',
      { mode: 'mirror', source: { server: 'https://x/?token=1' } },
      ['spec.source.server: Invalid value: "https://x/?token=1": must carry no user, query or fragment: a token goes in spec.source.token'],
    ],
    [
      'caData that is not PEM',
      { mode: 'mirror', source: { server: 'https://x', caData: 'bm90IGEgY2VydA==' } },
      ['spec.source.caData: Invalid value: "<caData>": must be PEM certificates in base64, as a kubeconfig\'s certificate-authority-data'],
    ],
    [
      'caData and insecure together',
      { mode: 'mirror', source: { server: 'https://x', caData: CA, insecureSkipTLSVerify: true } },
      ['spec.source.insecureSkipTLSVerify: Forbidden: specifying root certificates (caData) with insecureSkipTLSVerify is not allowed'],
    ],
    [
      'a token with a line break, never echoed',
      { mode: 'mirror', source: { server: 'https://x', token: 'secret\nX-Evil: 1' } },
      ['spec.source.token: Invalid value: "<hidden>": must be a bearer token: not empty, no spaces or line breaks'],
    ],
    [
      'a field not known',
      { mode: 'mirror', source: { server: 'https://x', password: 'p' } },
      ['spec.source.password: Unsupported value: "password": supported values: "server", "caData", "insecureSkipTLSVerify", "token", "kubeconfig", "context"'],
    ],
    [
      'a context without a kubeconfig',
      { mode: 'mirror', source: { server: 'https://x', context: 'prod' } },
      ['spec.source.context: Forbidden: a context is read from a kubeconfig: give spec.source.kubeconfig'],
    ],
    [
      'a kubeconfig and parts together',
      { mode: 'mirror', source: { kubeconfig, server: 'https://x' } },
      ['spec.source.server: Forbidden: give either spec.source.kubeconfig or the source by its parts, not both'],
    ],
    [
      'a kubeconfig that does not parse',
      { mode: 'mirror', source: { kubeconfig: '{' } },
      [expect.stringMatching(/^spec\.source\.kubeconfig: Invalid value: "<kubeconfig>": not a kubeconfig: /)],
    ],
    [
      'a context the kubeconfig lacks',
      { mode: 'mirror', source: { kubeconfig, context: 'staging' } },
      ['spec.source.context: Invalid value: "staging": context was not found for specified context: staging'],
    ],
    ['a spec that is no object', 'mirror', ['spec: Invalid value: "mirror": must be an object']],
  ])('refuses %s', (_name, spec, errors) => {
    expect(check(spec).errors).toEqual(errors);
  });
});
