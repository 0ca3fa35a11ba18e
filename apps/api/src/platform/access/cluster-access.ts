import { type ClusterPatterns, EVERY_CLUSTER, authorizeCluster, authorizeEveryCluster, clustersOf } from '@taintgate/domain';
import { valueOf } from '../failures/failure.exception';
import { currentCaller } from './request-context';

/**
 * The clusters a key names (cluster-scope.ts), checked for whoever is being answered now: a
 * request's or a socket's caller. The service's own work (controllers, a command run from a shell)
 * answers no caller and may use every cluster. Every cluster a face names passes through the edge's
 * cluster operations (cluster-commands.ts), which call requireCluster; lists of clusters ask
 * visibleClusters; what reaches every cluster at once asks requireEveryCluster.
 */

/** Refuses, with 403, a cluster the current caller's key does not name. */
export function requireCluster(cluster: string): void {
  const caller = currentCaller();
  if (caller) valueOf(authorizeCluster(caller, cluster));
}

/** Refuses, with 403, `what` (words for the message) to a key that does not hold every cluster. */
export function requireEveryCluster(what: string): void {
  const caller = currentCaller();
  if (caller) valueOf(authorizeEveryCluster(caller, what));
}

/** The clusters the current caller may see: its key's patterns, or every cluster. */
export function visibleClusters(): ClusterPatterns {
  const caller = currentCaller();
  return caller ? clustersOf(caller) : EVERY_CLUSTER;
}
