import { PluginError } from './failures';
import { type KubeconfigTarget, kubeconfigFiles, readKubeconfig, readPem } from './kubeconfig';

/**
 * Where the service is and who the caller is: the kubeconfig's current context (as kubectl reads
 * it), each part overridden by kubectl's own flags of the same name.
 */

/** kubectl's global flags that the plugin honours, for util.parseArgs; every command takes them. */
export const connectionOptions = {
  kubeconfig: { type: 'string' },
  context: { type: 'string' },
  cluster: { type: 'string' },
  user: { type: 'string' },
  server: { type: 'string', short: 's' },
  token: { type: 'string' },
  'certificate-authority': { type: 'string' },
  'insecure-skip-tls-verify': { type: 'boolean' },
  'cluster-name': { type: 'string' },
} as const;

export interface ConnectionFlags {
  kubeconfig?: string | undefined;
  context?: string | undefined;
  cluster?: string | undefined;
  user?: string | undefined;
  server?: string | undefined;
  token?: string | undefined;
  'certificate-authority'?: string | undefined;
  'insecure-skip-tls-verify'?: boolean | undefined;
  'cluster-name'?: string | undefined;
}

export interface Connection {
  /** The service's base URL, without the `/clusters/{name}` of a Kubernetes API server path. */
  base: URL;
  /** taintgate's cluster: `default` is served at /v1/..., any other at /v1/clusters/{name}/... */
  clusterName: string;
  token?: string;
  ca?: string;
  insecureSkipTlsVerify: boolean;
  /** The context's namespace, or `default`: what `-n` is when absent. */
  namespace: string;
}

export const DEFAULT_CLUSTER_NAME = 'default';

/**
 * The connection the flags and the kubeconfig describe. A kubeconfig server of
 * `https://host:3000/clusters/prod` (how kubectl reaches taintgate's cluster prod) names the
 * cluster too: the REST calls go to `https://host:3000/v1/clusters/prod/...`.
 */
export function resolveConnection(flags: ConnectionFlags, env: NodeJS.ProcessEnv): Connection {
  const files = kubeconfigFiles(env, flags.kubeconfig);
  const fromFile: KubeconfigTarget = readKubeconfig(
    files,
    { context: flags.context, cluster: flags.cluster, user: flags.user },
    flags.kubeconfig !== undefined,
  );
  const server = flags.server ?? fromFile.server;
  if (!server) {
    throw new PluginError(`no server: the kubeconfig (${files.join(', ')}) has no current context with a server; give --server or --kubeconfig`);
  }
  const { base, clusterName } = splitServer(server);
  const connection: Connection = {
    base,
    clusterName: flags['cluster-name'] ?? clusterName,
    insecureSkipTlsVerify: flags['insecure-skip-tls-verify'] ?? fromFile.insecureSkipTlsVerify ?? false,
    namespace: fromFile.namespace ?? 'default',
  };
  const token = flags.token ?? fromFile.token;
  if (token) connection.token = token;
  const ca = flags['certificate-authority'] !== undefined ? readPem(flags['certificate-authority']) : fromFile.ca;
  if (ca) connection.ca = ca;
  return connection;
}

/** `https://host:3000/clusters/prod` → base `https://host:3000/`, cluster `prod`; any other path is the base's own (a proxy's prefix). */
export function splitServer(server: string): { base: URL; clusterName: string } {
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(server) ? server : `https://${server}`);
  } catch {
    throw new PluginError(`invalid server URL: ${server}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new PluginError(`invalid server URL: ${server} (http or https only)`);
  const match = /^(.*)\/clusters\/([^/]+)\/?$/.exec(url.pathname);
  const clusterName = match ? decodeURIComponent(match[2] ?? '') : DEFAULT_CLUSTER_NAME;
  url.pathname = `${(match ? (match[1] ?? '') : url.pathname).replace(/\/+$/, '')}/`;
  url.search = '';
  url.hash = '';
  return { base: url, clusterName };
}
