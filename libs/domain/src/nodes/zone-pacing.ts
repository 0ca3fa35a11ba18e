import { ConditionStatus } from '../well-known';

/**
 * Taint-based evictions paced per zone, as the node lifecycle controller paces them
 * (pkg/controller/nodelifecycle/node_lifecycle_controller.go): each zone has its own
 * RateLimitedTimedQueue (zoneNoExecuteTainter) whose token bucket, burst 1, lets one node be
 * tainted every 1/rate seconds, and handleDisruption sets each zone's rate from its state.
 */

/** The flags of kube-controller-manager that pace the NoExecute taints. */
export interface ZonePacingSettings {
  /** --node-eviction-rate (evictionLimiterQPS): nodes per second in a healthy zone. */
  evictionRate: number;
  /** --secondary-node-eviction-rate (secondaryEvictionLimiterQPS): nodes per second in a large, partially disrupted zone. */
  secondaryEvictionRate: number;
  /** --large-cluster-size-threshold (largeClusterThreshold): a zone with more nodes than this is large. */
  largeClusterSizeThreshold: number;
  /** --unhealthy-zone-threshold (unhealthyZoneThreshold): the not-ready share from which a zone is partially disrupted. */
  unhealthyZoneThreshold: number;
}

/** kube-controller-manager's defaults for those flags. */
export const defaultZonePacing: ZonePacingSettings = {
  evictionRate: 0.1,
  secondaryEvictionRate: 0.01,
  largeClusterSizeThreshold: 50,
  unhealthyZoneThreshold: 0.55,
};

export type ZoneState = 'Normal' | 'PartialDisruption' | 'FullDisruption';

/** The labels a node's zone is read from (GetZoneKey): the beta ones first. */
export const zoneLabels = {
  betaZone: 'failure-domain.beta.kubernetes.io/zone',
  zone: 'topology.kubernetes.io/zone',
  betaRegion: 'failure-domain.beta.kubernetes.io/region',
  region: 'topology.kubernetes.io/region',
} as const;

/**
 * The zone a node counts in (k8s.io/component-helpers/node/topology GetZoneKey): region and zone,
 * each from its deprecated failure-domain.beta label if present, else from its topology label;
 * '' when the node has neither. The NUL keeps "a:b" + "c" apart from "a" + "b:c".
 */
export function zoneKeyOf(labels: Readonly<Record<string, string>> | undefined): string {
  if (!labels) return '';
  const zone = labels[zoneLabels.betaZone] ?? labels[zoneLabels.zone] ?? '';
  const region = labels[zoneLabels.betaRegion] ?? labels[zoneLabels.region] ?? '';
  if (region === '' && zone === '') return '';
  return `${region}:\x00:${zone}`;
}

/**
 * ComputeZoneState: a node counts as ready only with Ready=True (no Ready condition counts as not
 * ready); no ready node is FullDisruption; more than 2 not ready and a not-ready share of at least
 * the threshold is PartialDisruption; anything else is Normal.
 */
export function computeZoneState(readyStatuses: readonly (string | undefined)[], unhealthyZoneThreshold: number): ZoneState {
  const ready = readyStatuses.filter((s) => s === ConditionStatus.true).length;
  const notReady = readyStatuses.length - ready;
  if (ready === 0 && notReady > 0) return 'FullDisruption';
  // Upstream divides in float32; the comparison with a float32 threshold gives the same answers for these small ratios.
  if (notReady > 2 && notReady / (notReady + ready) >= unhealthyZoneThreshold) return 'PartialDisruption';
  return 'Normal';
}

/**
 * setLimiterInZone: Normal takes evictionLimiterQPS; PartialDisruption takes ReducedQPSFunc (the
 * secondary rate when the zone has more nodes than the large-cluster threshold, else 0: a small
 * zone stops); FullDisruption takes HealthyQPSFunc (the normal rate again).
 */
export function zoneRate(state: ZoneState, zoneSize: number, settings: ZonePacingSettings): number {
  if (state === 'PartialDisruption') return zoneSize > settings.largeClusterSizeThreshold ? settings.secondaryEvictionRate : 0;
  return settings.evictionRate;
}

/** What the pacer needs to know of a node: its zone and its Ready condition's status (undefined: none). */
export interface ZoneMember {
  zone: string;
  readyStatus: string | undefined;
}

/** Each zone's state and rate, and whether every zone is fully disrupted (handleDisruption). */
export interface ZoneRates {
  states: Map<string, ZoneState>;
  rates: Map<string, number>;
  /**
   * Every zone is FullDisruption ("master disruption mode"): the controller assumes its own view
   * is broken rather than every node, sets every zone's limiter to 0 and takes the not-ready and
   * unreachable NoExecute taints off every node (markNodeAsReachable).
   */
  allFullyDisrupted: boolean;
}

/**
 * handleDisruption's outcome once settled: each zone's rate follows its current state, except that
 * when every zone is fully disrupted every rate is 0. (Upstream a cluster with no node at all is
 * also "all fully disrupted"; it has nothing to taint either way.)
 */
export function zoneRates(members: readonly ZoneMember[], settings: ZonePacingSettings): ZoneRates {
  const byZone = new Map<string, (string | undefined)[]>();
  for (const m of members) byZone.set(m.zone, [...(byZone.get(m.zone) ?? []), m.readyStatus]);
  const states = new Map<string, ZoneState>();
  for (const [zone, statuses] of byZone) states.set(zone, computeZoneState(statuses, settings.unhealthyZoneThreshold));
  const allFullyDisrupted = [...states.values()].every((s) => s === 'FullDisruption');
  const rates = new Map<string, number>();
  for (const [zone, state] of states) rates.set(zone, allFullyDisrupted ? 0 : zoneRate(state, byZone.get(zone)?.length ?? 0, settings));
  return { states, rates, allFullyDisrupted };
}

/** A node waiting in its zone's queue for its NoExecute taint, since it was queued (epoch ms). */
export interface QueuedNode {
  name: string;
  zone: string;
  since: number;
}

export interface TaintingTurn {
  /** The nodes to taint now: at most one per zone. */
  due: QueuedNode[];
  /** When the next queued node may be tainted (epoch ms), if any can be at all. */
  nextAt: number | undefined;
}

/**
 * RateLimitedTimedQueue.Try with a token bucket of burst 1 (EvictionRateLimiterBurst): a zone takes
 * its oldest queued node (the queue is ordered by the time it was added) when 1/rate seconds have
 * passed since its last tainting, or at once when it never tainted (a new bucket starts full); at
 * most one per pass, as the bucket holds one token; a rate of 0 (NewFakeNeverRateLimiter) takes none.
 */
export function nodesToTaintNow(
  queued: readonly QueuedNode[],
  rates: ReadonlyMap<string, number>,
  lastTaintedAt: ReadonlyMap<string, number>,
  now: number,
): TaintingTurn {
  const oldestByZone = new Map<string, QueuedNode[]>();
  const ordered = [...queued].sort((a, b) => a.since - b.since || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const node of ordered) oldestByZone.set(node.zone, [...(oldestByZone.get(node.zone) ?? []), node]);
  const due: QueuedNode[] = [];
  let nextAt: number | undefined;
  const later = (at: number) => (nextAt = nextAt === undefined ? at : Math.min(nextAt, at));
  for (const [zone, [oldest, ...others]] of oldestByZone) {
    if (!oldest) continue;
    const rate = rates.get(zone) ?? 0;
    if (!(rate > 0)) continue;
    const interval = 1000 / rate;
    const last = lastTaintedAt.get(zone);
    const allowedAt = last === undefined ? now : last + interval;
    if (allowedAt <= now) {
      due.push(oldest);
      if (others.length > 0) later(now + interval);
    } else later(allowedAt);
  }
  return { due, nextAt };
}
