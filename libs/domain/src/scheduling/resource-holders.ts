import { type Int64, canonicalInt64 } from '../numbers/int64';
import { podResourceRequest } from '../resources/pod-requests';
import { requestOf } from './resource-scores';
import type { Pod } from '../types';
import type { NodePlacement } from './placement';
import { type PlacementReason, PlacementReasonCodes } from './placement-reasons';

/**
 * Which pods hold a resource NodeResourcesFit found short on a node: what a person asks next after
 * `Insufficient cpu: needs 1500m, 1000m of 2000m free`. Added to the nodes view's entries (their
 * page only: each entry reads its node's pods), never to the summary, whose groups have no node.
 */

/** The pods of the node that request the resource: how many, and the largest requests, largest first. */
export interface ResourceHolders {
  pods: number;
  largest: { namespace: string; name: string; requested: Int64 }[];
}

/** How many holders a reason names; the count says how many there are in all. */
const NAMED_HOLDERS = 3;

/** The node's pods (as the scheduler's cache holds them) that request `resource`, the largest first, then by namespace and name. */
export function resourceHolders(pods: readonly Pod[], resource: string): ResourceHolders {
  const holding = pods
    .map((pod) => ({ pod, amount: requestOf(podResourceRequest(pod), resource) }))
    .filter((h) => h.amount > 0n)
    .map(({ pod, amount }) => ({ namespace: pod.metadata.namespace || 'default', name: pod.metadata.name, amount }));
  const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  holding.sort((a, b) => (a.amount > b.amount ? -1 : a.amount < b.amount ? 1 : text(a.namespace, b.namespace) || text(a.name, b.name)));
  return {
    pods: holding.length,
    largest: holding.slice(0, NAMED_HOLDERS).map(({ namespace, name, amount }) => ({ namespace, name, requested: canonicalInt64(amount) })),
  };
}

const amountText = (resource: string, amount: Int64): string => (resource === 'cpu' ? `${amount}m` : String(amount));

/** `held by 2 pods: ml/job-1a (1), ml/job-1b (1)`, or `held by 12 pods, most by ...` when it names only the largest. */
function holdersText(resource: string, holders: ResourceHolders): string {
  const named = holders.largest.map((h) => `${h.namespace}/${h.name} (${amountText(resource, h.requested)})`).join(', ');
  const pods = `${holders.pods} pod${holders.pods === 1 ? '' : 's'}`;
  return holders.pods > holders.largest.length ? `held by ${pods}, most by ${named}` : `held by ${pods}: ${named}`;
}

/**
 * An insufficient resource reason with its holders: `resource.heldBy`, and its message saying who.
 * Left as it is when no pod holds any (the pod asks more than the node has), and for too many pods
 * (every pod holds one).
 */
function withHolders(reason: PlacementReason, podsOf: () => readonly Pod[]): PlacementReason {
  const resource = reason.resource;
  if (!resource || reason.code !== PlacementReasonCodes.insufficientResource) return reason;
  const heldBy = resourceHolders(podsOf(), resource.name);
  if (heldBy.pods === 0) return reason;
  return { ...reason, message: `${reason.message}; ${holdersText(resource.name, heldBy)}`, resource: { ...resource, heldBy } };
}

/** The entries with the holders of each resource they are short of, from `podsOn` (the snapshot's pods of a node). */
export function withResourceHolders(entries: readonly NodePlacement[], podsOn: (nodeName: string) => readonly Pod[]): NodePlacement[] {
  return entries.map((entry) => {
    if (!entry.reasons.some((r) => r.resource && r.code === PlacementReasonCodes.insufficientResource)) return entry;
    let pods: readonly Pod[] | undefined;
    const podsOf = () => (pods ??= podsOn(entry.name));
    return { ...entry, reasons: entry.reasons.map((reason) => withHolders(reason, podsOf)) };
  });
}
