import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { PluginError } from './failures';

/**
 * The kubeconfig kubectl itself reads: $KUBECONFIG (a list of files, joined by `:`) or
 * ~/.kube/config, or the one --kubeconfig names. kubectl runs a plugin with its environment, not
 * its flags, so the plugin reads the same files to talk to the server kubectl would.
 */

/** What the plugin needs of a context: where taintgate is and how to show who the caller is. */
export interface KubeconfigTarget {
  server?: string;
  token?: string;
  /** PEM of the CA that signed the server's certificate (certificate-authority-data, or the file certificate-authority names). */
  ca?: string;
  insecureSkipTlsVerify?: boolean;
  /** The context's namespace, the default of `-n`. */
  namespace?: string;
}

interface ClusterEntry {
  server?: string;
  'certificate-authority'?: string;
  'certificate-authority-data'?: string;
  'insecure-skip-tls-verify'?: boolean;
}

interface UserEntry {
  token?: string;
  tokenFile?: string;
}

interface ContextEntry {
  cluster?: string;
  user?: string;
  namespace?: string;
}

/** One entry of a named list, and the file it came from (relative paths in it are relative to that file). */
interface Found<T> {
  entry: T;
  file: string;
}

/** The files merged, each list's entries by name, the first file naming one winning (kubectl's merge rule). */
interface MergedKubeconfig {
  currentContext?: string;
  clusters: Map<string, Found<ClusterEntry>>;
  users: Map<string, Found<UserEntry>>;
  contexts: Map<string, Found<ContextEntry>>;
}

/** The files kubectl reads, in its order of precedence. */
export function kubeconfigFiles(env: NodeJS.ProcessEnv, flag?: string): string[] {
  if (flag) return [flag];
  const listed = (env.KUBECONFIG ?? '').split(path.delimiter).filter(Boolean);
  return listed.length ? listed : [path.join(env.HOME ?? homedir(), '.kube', 'config')];
}

export interface KubeconfigChoice {
  /** --context: another context than the current one. */
  context?: string | undefined;
  /** --cluster and --user: another entry than the context names. */
  cluster?: string | undefined;
  user?: string | undefined;
}

/**
 * The server, credentials and namespace of the chosen context. Files that do not exist are
 * skipped, as kubectl skips them (a missing file named by --kubeconfig is an error, as there);
 * with no file at all the answer is empty and the flags must say everything.
 */
export function readKubeconfig(files: readonly string[], choice: KubeconfigChoice, explicit: boolean): KubeconfigTarget {
  const merged: MergedKubeconfig = { clusters: new Map(), users: new Map(), contexts: new Map() };
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      if (explicit) throw new PluginError(`stat ${file}: ${(error as Error).message}`);
      continue;
    }
    mergeFile(merged, file, text);
  }
  const contextName = choice.context ?? merged.currentContext;
  const context = contextName ? merged.contexts.get(contextName) : undefined;
  if (choice.context && !context) throw new PluginError(`context was not found for specified context: ${choice.context}`);
  const clusterName = choice.cluster ?? context?.entry.cluster;
  const userName = choice.user ?? context?.entry.user;
  const cluster = clusterName ? merged.clusters.get(clusterName) : undefined;
  if (choice.cluster && !cluster) throw new PluginError(`cluster "${choice.cluster}" does not exist`);
  const user = userName ? merged.users.get(userName) : undefined;

  const target: KubeconfigTarget = {};
  if (cluster?.entry.server) target.server = cluster.entry.server;
  if (cluster) Object.assign(target, trustOf(cluster));
  if (user) {
    const token = tokenOf(user);
    if (token) target.token = token;
  }
  if (context?.entry.namespace) target.namespace = context.entry.namespace;
  return target;
}

function mergeFile(merged: MergedKubeconfig, file: string, text: string): void {
  let config: unknown;
  try {
    config = parse(text);
  } catch (error) {
    throw new PluginError(`error loading config file "${file}": ${(error as Error).message}`);
  }
  if (config === null || config === undefined) return;
  if (typeof config !== 'object') throw new PluginError(`error loading config file "${file}": not a kubeconfig`);
  const fields = config as Record<string, unknown>;
  const current = fields['current-context'];
  if (merged.currentContext === undefined && typeof current === 'string' && current !== '') merged.currentContext = current;
  addEntries(merged.clusters, fields.clusters, 'cluster', file);
  addEntries(merged.users, fields.users, 'user', file);
  addEntries(merged.contexts, fields.contexts, 'context', file);
}

/** `clusters: [{name, cluster: {...}}]`: each entry by name, unless an earlier file named it. */
function addEntries<T>(into: Map<string, Found<T>>, list: unknown, field: string, file: string): void {
  if (!Array.isArray(list)) return;
  for (const item of list as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { name, [field]: entry } = item as Record<string, unknown>;
    if (typeof name !== 'string' || into.has(name)) continue;
    into.set(name, { entry: (typeof entry === 'object' && entry !== null ? entry : {}) as T, file });
  }
}

/** A relative path in a kubeconfig is relative to the file that holds it. */
const resolvedFrom = (file: string, target: string) => path.resolve(path.dirname(file), target);

function trustOf({ entry, file }: Found<ClusterEntry>): Pick<KubeconfigTarget, 'ca' | 'insecureSkipTlsVerify'> {
  const trust: Pick<KubeconfigTarget, 'ca' | 'insecureSkipTlsVerify'> = {};
  if (entry['insecure-skip-tls-verify'] === true) trust.insecureSkipTlsVerify = true;
  const data = entry['certificate-authority-data'];
  const authorityFile = entry['certificate-authority'];
  if (typeof data === 'string' && data !== '') trust.ca = Buffer.from(data, 'base64').toString('utf8');
  else if (typeof authorityFile === 'string' && authorityFile !== '') trust.ca = readPem(resolvedFrom(file, authorityFile));
  return trust;
}

function tokenOf({ entry, file }: Found<UserEntry>): string | undefined {
  if (typeof entry.token === 'string' && entry.token !== '') return entry.token;
  if (typeof entry.tokenFile === 'string' && entry.tokenFile !== '') return readPem(resolvedFrom(file, entry.tokenFile)).trim();
  return undefined;
}

/** A file the kubeconfig names (a CA, a token), read whole. */
export function readPem(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new PluginError(`unable to read ${file}: ${(error as Error).message}`);
  }
}
