import type { PlacementReason } from '../placement-reasons';

/**
 * framework.Status as the filter plugins return it, with our own account beside the scheduler's words:
 * `reasons` are what kube-scheduler's summary line counts (`node(s) didn't match pod anti-affinity
 * rules`), `details` what this service explains of the node (which term, which pod, which domain).
 */
type RejectionCode = 'Unschedulable' | 'UnschedulableAndUnresolvable';

export interface FilterStatus {
  /** UnschedulableAndUnresolvable: preemption cannot help on this node (DefaultPreemption skips it). */
  readonly code: RejectionCode;
  readonly plugin: string;
  readonly reasons: readonly string[];
  readonly details: readonly PlacementReason[];
}

/**
 * A plugin's PreFilter: state for its Filter (`run`), nothing to filter (`skip`: framework.Skip,
 * the plugin's Filter is not called for this pod), or the pod rejected on every node at once
 * (`reject`: the summary line is then `0/N nodes are available: <message>.`).
 */
export type PreFilterOutcome<State> =
  { readonly kind: 'run'; readonly state: State } | { readonly kind: 'skip' } | { readonly kind: 'reject'; readonly status: FilterStatus };
