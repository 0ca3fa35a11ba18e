import { type Failure, failure } from '../failures/failure';
import { type Result, err, ok } from '../failures/result';
import type { Caller } from './roles';

/**
 * Which clusters an API key may use with its role: a list of cluster names and patterns. A pattern
 * ends in `*` and matches every name that starts with what comes before it (`team-*`: team-a,
 * team-b); `*` alone matches every cluster, which is what a key made without clusters holds (and
 * every key made before keys named clusters).
 */
export type ClusterPatterns = readonly string[];

/** The cluster the paths without /clusters/{cluster} and GraphQL without `cluster` serve; it always exists. */
export const DEFAULT_CLUSTER = 'default';

export const EVERY_CLUSTER: ClusterPatterns = ['*'];

/** A cluster name's greatest length: a DNS-1123 label's. */
const NAME_MAX_LENGTH = 63;
/** What may come before a pattern's `*`: the start of a DNS-1123 label (lower-case letters, digits, `-` after the first). */
const PATTERN_PREFIX = /^(?:[a-z0-9][-a-z0-9]*)?$/;

/**
 * What is wrong with one entry of a key's clusters, as messages (none when it is good): a cluster's
 * name must be a DNS-1123 label (what cluster-commands.ts takes), and a pattern's prefix the start
 * of one, with the `*` at the end only.
 */
export function clusterPatternErrors(pattern: string, labelErrors: (name: string) => string[]): string[] {
  if (!pattern.includes('*')) return labelErrors(pattern);
  const prefix = pattern.slice(0, -1);
  if (prefix.length >= NAME_MAX_LENGTH) return [`must be no more than ${NAME_MAX_LENGTH} characters before the '*'`];
  if (!pattern.endsWith('*') || !PATTERN_PREFIX.test(prefix))
    return [
      "a pattern must be the start of a cluster's name (lower case alphanumeric characters or '-', starting with an alphanumeric character) followed by one '*' (e.g. 'team-*', or '*' for every cluster)",
    ];
  return [];
}

/** Whether a name is among the patterns: one names it, or one's prefix starts it. */
export function clusterMatches(patterns: ClusterPatterns, name: string): boolean {
  return patterns.some((pattern) => (pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : pattern === name));
}

/** Whether the patterns hold every cluster (one of them is `*`). */
export const coversEveryCluster = (patterns: ClusterPatterns): boolean => patterns.includes('*');

/**
 * The patterns as few as they mean the same: duplicates dropped, and a name or pattern another
 * pattern already matches (`team-a` beside `team-*`) left out; `*` alone when it is there. Order is
 * kept otherwise, so that a key shows what its maker wrote.
 */
export function normalizedClusterPatterns(patterns: ClusterPatterns): string[] {
  if (coversEveryCluster(patterns)) return [...EVERY_CLUSTER];
  const unique = [...new Set(patterns)];
  return unique.filter((pattern) => !unique.some((other) => other !== pattern && other.endsWith('*') && pattern.startsWith(other.slice(0, -1))));
}

/** The clusters a caller may use: a key's patterns; every cluster with authentication off. */
export const clustersOf = (caller: Caller): ClusterPatterns => (caller.kind === 'apiKey' ? caller.clusters : EVERY_CLUSTER);

const callerName = (caller: Caller & { kind: 'apiKey' }): string => `API key ${JSON.stringify(caller.name)}`;

/**
 * May this caller use this cluster? 403 naming the clusters the key may use when not; the cluster
 * is not said to exist or not, as a key that may not see it must not learn which names are taken.
 */
export function authorizeCluster(caller: Caller, cluster: string): Result<Caller, Failure> {
  if (caller.kind === 'anyone' || clusterMatches(caller.clusters, cluster)) return ok(caller);
  return err(
    failure.forbiddenTo(`forbidden: ${callerName(caller)} may not use cluster ${JSON.stringify(cluster)}: its clusters are ${caller.clusters.join(', ')}`),
  );
}

/**
 * May this caller do `what`, which reaches every cluster (API keys, webhooks, the service's
 * metrics)? Only a key for every cluster may: a key of some clusters could otherwise make itself a
 * key for all, or learn of the others.
 */
export function authorizeEveryCluster(caller: Caller, what: string): Result<Caller, Failure> {
  if (caller.kind === 'anyone' || coversEveryCluster(caller.clusters)) return ok(caller);
  return err(
    failure.forbiddenTo(
      `forbidden: ${callerName(caller)} may use only clusters ${caller.clusters.join(', ')} and cannot ${what}, which reaches every cluster: a key for every cluster ("*") is needed`,
    ),
  );
}
