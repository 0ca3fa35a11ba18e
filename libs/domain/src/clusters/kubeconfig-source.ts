import { type Json, isObject } from '../validation/json-shape';

/** How a mirror's source is reached: a bearer token, or a client certificate (from a kubeconfig). */
export type SourceCredentials = { readonly token: string } | { readonly clientCertificateData: string; readonly clientKeyData: string };

/** What a kubeconfig's context says of its API server and how to reach it. */
export interface KubeconfigSource {
  readonly context: string;
  readonly server: unknown;
  readonly caData: unknown;
  readonly insecureSkipTLSVerify: boolean;
  readonly credentials?: SourceCredentials;
}

/** A reason a kubeconfig cannot be used: about the context named (`context`) or the file itself (`kubeconfig`). */
export interface KubeconfigError {
  readonly field: 'context' | 'kubeconfig';
  readonly message: string;
}

/** What to run for a kubeconfig that names files or plugins: one that carries everything inline. */
const FLATTEN = 'send the output of `kubectl config view --raw --minify --flatten`';

/**
 * The source a kubeconfig's context names, as clientcmd's DirectClientConfig resolves it (the
 * context named, or current-context; its cluster and user by name). Only what a service can use
 * away from the machine the file was written on is taken: the server, inline root certificates,
 * insecure-skip-tls-verify, and a token or an inline client certificate. Files, exec plugins, auth
 * providers, basic auth and proxies are refused by name, never skipped.
 */
export function sourceOfKubeconfig(document: unknown, contextName: string | undefined): { source: KubeconfigSource } | { errors: KubeconfigError[] } {
  if (!isObject(document)) return fail('kubeconfig', 'must be a kubeconfig (a YAML or JSON object with clusters, users and contexts)');
  const name = contextName ?? (typeof document['current-context'] === 'string' ? document['current-context'] : '');
  if (name === '') return fail('kubeconfig', 'has no current-context: name the context in spec.source.context');
  const context = namedEntry(document.contexts, name, 'context');
  if (!context) return fail(contextName === undefined ? 'kubeconfig' : 'context', `context was not found for specified context: ${name}`);
  const clusterName = typeof context.cluster === 'string' ? context.cluster : '';
  const cluster = namedEntry(document.clusters, clusterName, 'cluster');
  if (!cluster) return fail('kubeconfig', `cluster ${JSON.stringify(clusterName)} of context ${JSON.stringify(name)} was not found`);
  const errors: KubeconfigError[] = [];
  const clusterPath = `clusters[${JSON.stringify(clusterName)}].cluster`;
  if (typeof cluster.server !== 'string' || cluster.server === '') errors.push({ field: 'kubeconfig', message: `${clusterPath}.server: no server defined` });
  for (const field of ['certificate-authority']) {
    if (cluster[field] !== undefined) errors.push({ field: 'kubeconfig', message: `${clusterPath}.${field} names a file on another machine: ${FLATTEN}` });
  }
  for (const field of ['proxy-url', 'tls-server-name']) {
    if (cluster[field] !== undefined) errors.push({ field: 'kubeconfig', message: `${clusterPath}.${field} is not supported` });
  }
  const userName = typeof context.user === 'string' ? context.user : '';
  const user = userName === '' ? {} : namedEntry(document.users, userName, 'user');
  if (!user) return fail('kubeconfig', `user ${JSON.stringify(userName)} of context ${JSON.stringify(name)} was not found`);
  const credentials = credentialsOf(user, `users[${JSON.stringify(userName)}].user`, errors);
  if (errors.length > 0) return { errors };
  return {
    source: {
      context: name,
      server: cluster.server,
      caData: cluster['certificate-authority-data'],
      insecureSkipTLSVerify: cluster['insecure-skip-tls-verify'] === true,
      ...(credentials ? { credentials } : {}),
    },
  };
}

function credentialsOf(user: Json, path: string, errors: KubeconfigError[]): SourceCredentials | undefined {
  const refuse = (field: string, why: string) => errors.push({ field: 'kubeconfig', message: `${path}.${field} ${why}` });
  for (const field of ['tokenFile', 'client-certificate', 'client-key'])
    if (user[field] !== undefined) refuse(field, `names a file on another machine: ${FLATTEN}`);
  if (user.exec !== undefined) refuse('exec', "runs a credential plugin, which a service cannot: give a token (a ServiceAccount's, `kubectl create token`)");
  if (user['auth-provider'] !== undefined) refuse('auth-provider', "is not supported: give a token (a ServiceAccount's, `kubectl create token`)");
  if (user.username !== undefined || user.password !== undefined) refuse('username', 'basic authentication is not supported: give a token');
  const token = typeof user.token === 'string' && user.token !== '' ? user.token : undefined;
  const cert = user['client-certificate-data'];
  const key = user['client-key-data'];
  if (token !== undefined) return { token };
  if (typeof cert === 'string' && typeof key === 'string' && cert !== '' && key !== '') return { clientCertificateData: cert, clientKeyData: key };
  if (cert !== undefined || key !== undefined) refuse('client-certificate-data', 'and client-key-data go together');
  return undefined;
}

/** The entry of a kubeconfig list (`contexts`, `clusters`, `users`) by its name, as `{name, <kind>: {...}}`. */
function namedEntry(list: unknown, name: string, kind: string): Json | undefined {
  if (!Array.isArray(list)) return undefined;
  const entry = (list as unknown[]).find((item) => isObject(item) && item.name === name);
  if (!isObject(entry)) return undefined;
  const body = entry[kind];
  return isObject(body) ? body : {};
}

const fail = (field: KubeconfigError['field'], message: string): { errors: KubeconfigError[] } => ({ errors: [{ field, message }] });
