import { podNonZeroScoringRequest, podResourceRequest } from '../../resources/pod-requests';
import type { Node, Pod } from '../../types';
import type { NodeClasses } from '../node-classes';
import { roomsInOrder } from '../node-rooms';
import type { PlacementCapacity } from '../placement-reasons';
import { type ResourceScoreColumns, resourceScoreColumns } from '../resource-score-columns';

/**
 * NodeResourcesFit's and BalancedAllocation's scores of a simulation's nodes, kept per request:
 * pods asking the same cpu and memory score every node alike (a workload's replicas, and the
 * workloads that ask the defaults), so a node's two scores are worked out once per request, then
 * again only when the node changed (the simulation's log of positions bound to, taken off, or
 * replaced). A drain of a thousand workloads alone scores 10,000 nodes once per request asked, not
 * once per workload; together, a turn scores only the nodes bound to since that request's last turn.
 */

/** One request's scores by position, and how much of the log they have taken in. */
interface RequestColumns {
  seen: number;
  readonly fit: Uint8Array;
  readonly balanced: Uint8Array;
  /** 1 where the scores hold the node's now. */
  readonly valid: Uint8Array;
}

export class RequestScores {
  private readonly byRequest = new Map<string, RequestColumns>();

  constructor(
    private readonly classes: NodeClasses,
    private readonly capacity: PlacementCapacity,
    private readonly nodes: readonly Node[],
    /** The positions changed, in order (SimulatedClusterState.boundPositions). */
    private readonly changed: readonly number[],
  ) {}

  /** Both scores of the nodes at `positions` for the pod's request, in that order (resourceScoreColumns' answer). */
  of(pod: Pod, positions: ArrayLike<number>): ResourceScoreColumns {
    const kept = this.columnsOf(pod);
    const stale: number[] = [];
    for (let k = 0; k < positions.length; k++) if (!kept.valid[positions[k] as number]) stale.push(positions[k] as number);
    if (stale.length > 0) {
      const table = this.capacity.rooms && roomsInOrder(this.capacity.rooms, this.classes);
      if (!table) throw new Error('request scores: the simulation keeps no rooms');
      const scored = resourceScoreColumns(pod, table, stale, (k) => this.nodes[stale[k] as number] as Node, this.capacity.usageOf);
      for (let k = 0; k < stale.length; k++) {
        const i = stale[k] as number;
        kept.fit[i] = scored.fit[k] as number;
        kept.balanced[i] = scored.balanced[k] as number;
        kept.valid[i] = 1;
      }
    }
    // Plain arrays: a turn asks for a hundred nodes, and typed arrays that short-lived cost the collector more.
    const n = positions.length;
    const fit = new Array<number>(n);
    const balanced = new Array<number>(n);
    for (let k = 0; k < n; k++) {
      const i = positions[k] as number;
      fit[k] = kept.fit[i] as number;
      balanced[k] = kept.balanced[i] as number;
    }
    return { fit, balanced };
  }

  /** The request's columns, the nodes changed since they were last read marked stale. */
  private columnsOf(pod: Pod): RequestColumns {
    const nonZero = podNonZeroScoringRequest(pod);
    const request = podResourceRequest(pod);
    const key = `${nonZero.milliCPU}/${nonZero.memory}/${request.milliCPU}/${request.memory}`;
    let kept = this.byRequest.get(key);
    if (!kept) {
      const n = this.classes.names.length;
      kept = { seen: this.changed.length, fit: new Uint8Array(n), balanced: new Uint8Array(n), valid: new Uint8Array(n) };
      this.byRequest.set(key, kept);
    }
    const log = this.changed;
    for (let j = kept.seen; j < log.length; j++) kept.valid[log[j] as number] = 0;
    kept.seen = log.length;
    return kept;
  }
}
