import { parseArgs } from 'node:util';
import { stringify } from 'yaml';

/**
 * `npm run kubeconfig -- --key KEY [--server URL] [--cluster NAME] [--context NAME] [--output FILE]`: a kubeconfig
 * for one API key, which trusts the certificate the service serves (TAINTGATE_TLS=auto's, or the
 * files given), for the default cluster or, with --cluster, /clusters/NAME. kubectl sends a token
 * over HTTPS only: with plain HTTP there is none to print.
 */

export interface KubeconfigRequest {
  key: string;
  /** The server's base URL; the default is this machine's name for it, on the service's port. */
  server: string | undefined;
  cluster: string | undefined;
  context: string | undefined;
  /** A file to write it to (only its owner may read it: it holds the key); undefined: stdout. */
  output: string | undefined;
}

export const KUBECONFIG_USAGE = `usage: npm run kubeconfig -- --key KEY [--server https://HOST:PORT] [--cluster NAME] [--context NAME] [--output FILE]
  writes a kubeconfig for the API key KEY that trusts the service's certificate
  (TAINTGATE_TLS=auto, or TAINTGATE_TLS_CERT_FILE) to FILE, or prints it (npm run -s, so that
  npm's own lines stay out of it): kubectl --kubeconfig FILE get nodes`;

/** The command's words, or undefined for anything else (an unknown flag, no --key). */
export function kubeconfigRequestOf(args: readonly string[]): KubeconfigRequest | undefined {
  try {
    const { values, positionals } = parseArgs({
      args: [...args],
      options: { key: { type: 'string' }, server: { type: 'string' }, cluster: { type: 'string' }, context: { type: 'string' }, output: { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
    if (positionals.length > 0 || values.key === undefined || values.key === '') return undefined;
    return { key: values.key, server: values.server, cluster: values.cluster, context: values.context, output: values.output };
  } catch {
    return undefined;
  }
}

/** The kubeconfig, YAML: one cluster (the server, trusting `ca`), one user (the key as its token), one context, current. */
export function kubeconfigDocument(request: KubeconfigRequest, server: string, ca: Buffer): string {
  const base = server.replace(/\/+$/, '');
  const name = request.context ?? (request.cluster ? `taintgate-${request.cluster}` : 'taintgate');
  return stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [
      { name, cluster: { server: request.cluster ? `${base}/clusters/${request.cluster}` : base, 'certificate-authority-data': ca.toString('base64') } },
    ],
    users: [{ name, user: { token: request.key } }],
    contexts: [{ name, context: { cluster: name, user: name } }],
    'current-context': name,
  });
}
