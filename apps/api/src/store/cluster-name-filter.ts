/**
 * A cluster name or pattern of a key's clusters (`team-*`: cluster-scope.ts) as a condition on a
 * column holding a cluster's name. A DNS-1123 label holds none of LIKE's `%` and `_`, so a prefix
 * needs no escaping.
 */
export const clusterNameFilter = (pattern: string): { startsWith: string } | { equals: string } =>
  pattern.endsWith('*') ? { startsWith: pattern.slice(0, -1) } : { equals: pattern };
