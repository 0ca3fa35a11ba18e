import type { Pod } from '../../types';
import type { SchedulingSnapshot } from '../framework/scheduling-snapshot';

/**
 * The cluster as SelectVictimsOnNode's Filters see it while it takes pods off one node and puts some
 * back (NodeInfo.RemovePod and AddPod): the same snapshot, but for that node, which holds `present`
 * only (a subset of its pods, in their order). Nothing of the other nodes is copied.
 */
export function snapshotWithPodsOn(snapshot: SchedulingSnapshot, nodeName: string, present: readonly Pod[]): SchedulingSnapshot {
  return { ...snapshot, podsOn: (name) => (name === nodeName ? present : snapshot.podsOn(name)) };
}
