import { setTimeout as sleep } from 'node:timers/promises';
import { type Schemas, type TaintgateClient, answerOf } from './service-client';

/**
 * GET /v1/evictions, every page, and a watch of it. The service has no REST watch of evictions
 * (its live feed is GraphQL's evictionEvents subscription), so `--watch` asks the list again
 * every interval: what is newer than the newest eviction seen is new, and a Scheduled eviction that
 * is no longer listed as Scheduled has been executed or cancelled (looked up by its pod and node).
 */

export type EvictionRecord = Schemas['Eviction'];
type EvictionList = Schemas['EvictionList'];

export interface EvictionFilters {
  status?: EvictionRecord['status'] | undefined;
  nodeName?: string | undefined;
  namespace?: string | undefined;
  pod?: string | undefined;
}

/** One page of the list, newest first. */
const page = (client: TaintgateClient, filters: EvictionFilters, token?: string) =>
  answerOf(client.api.GET('/v1/clusters/{cluster}/evictions', { params: { path: client.cluster, query: { ...filters, continue: token } } }), client);

/** Every page, as one list (newest first). */
export async function listEvictions(client: TaintgateClient, filters: EvictionFilters): Promise<EvictionList> {
  const first = await page(client, filters);
  let token = first.metadata.continue;
  while (token) {
    const next = await page(client, filters, token);
    first.items.push(...next.items);
    token = next.metadata.continue;
  }
  delete first.metadata.continue;
  return first;
}

/** Evictions newer than `newest` (ids grow), read a page at a time until one is not newer. */
async function newerThan(client: TaintgateClient, filters: EvictionFilters, newest: bigint): Promise<EvictionRecord[]> {
  const found: EvictionRecord[] = [];
  let token: string | undefined;
  do {
    const next = await page(client, filters, token);
    for (const item of next.items) {
      if (BigInt(item.id) <= newest) return found;
      found.push(item);
    }
    token = next.metadata.continue;
  } while (token);
  return found;
}

/** The statuses of an eviction still to come: a managed cluster's deadline, a mirror's prediction. */
const isWaiting = (status: string | undefined): boolean => status === 'Scheduled' || status === 'Predicted';

/**
 * Calls `changed` for each eviction that appears after `listed`, oldest first, and for each
 * Scheduled (or, in a mirror, Predicted) one when it is executed or cancelled; until `stop` is aborted.
 */
export async function watchEvictions(
  client: TaintgateClient,
  filters: EvictionFilters,
  listed: readonly EvictionRecord[],
  intervalMs: number,
  stop: AbortSignal,
  changed: (eviction: EvictionRecord) => void,
): Promise<void> {
  let newest = listed.reduce((max, e) => (BigInt(e.id) > max ? BigInt(e.id) : max), 0n);
  // The evictions shown that are still to come, by id: each is shown again when its status changes.
  const waiting = new Map(listed.filter((e) => isWaiting(e.status)).map((e) => [e.id, e]));
  while (!stop.aborted) {
    try {
      await sleep(intervalMs, undefined, { signal: stop });
    } catch {
      return; // stopped
    }
    const fresh = await newerThan(client, filters, newest);
    for (const eviction of fresh.reverse()) {
      newest = BigInt(eviction.id) > newest ? BigInt(eviction.id) : newest;
      changed(eviction);
      if (isWaiting(eviction.status)) waiting.set(eviction.id, eviction);
    }
    if (waiting.size === 0 || (filters.status !== undefined && !isWaiting(filters.status))) continue;
    // Only the statuses some shown eviction is in: a managed cluster's watch asks for its Scheduled ones alone.
    const statuses = new Set([...waiting.values()].map((e) => e.status as NonNullable<EvictionFilters['status']>));
    const still = new Set<string>();
    for (const status of statuses) for (const e of (await listEvictions(client, { ...filters, status })).items) still.add(e.id);
    for (const [id, before] of waiting) {
      if (still.has(id)) continue;
      waiting.delete(id);
      // Its status is now Executed or Cancelled; under a --status Scheduled (or Predicted) filter it has left the list, and is not shown.
      if (filters.status !== undefined) continue;
      const now = await listEvictions(client, { ...filters, namespace: before.pod.namespace, pod: before.pod.name, nodeName: before.node });
      const after = now.items.find((e) => e.id === id);
      if (after) changed(after);
    }
  }
}
