import type { ObjectLabelSelector, ObjectMeta } from '../types';

/**
 * policy/v1 PodDisruptionBudget, the fields the twin keeps and DefaultPreemption reads: the
 * selector of the pods it guards and the status the disruption controller keeps
 * (disruptionsAllowed, and the pods evicted already but not yet gone, disruptedPods).
 */
interface PodDisruptionBudgetSpec {
  /** An IntOrString: a count or a percentage ("50%"). */
  minAvailable?: number | string;
  maxUnavailable?: number | string;
  /** A null selector selects no pods; an empty one every pod of the namespace (policy/v1). */
  selector?: ObjectLabelSelector | null;
  unhealthyPodEvictionPolicy?: string;
  [other: string]: unknown;
}

export interface PodDisruptionBudgetStatus {
  observedGeneration?: number;
  /** Pod name to the time it was evicted (RFC 3339): evictions the controller has not yet seen complete. */
  disruptedPods?: Record<string, string>;
  disruptionsAllowed?: number;
  currentHealthy?: number;
  desiredHealthy?: number;
  expectedPods?: number;
  [other: string]: unknown;
}

export interface PodDisruptionBudget {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec?: PodDisruptionBudgetSpec;
  status?: PodDisruptionBudgetStatus;
}
