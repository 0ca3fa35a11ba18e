import type { JsonObject } from './json';
import type { NodePlan } from './node-layout';
import type { PodTemplate } from './pod-template';

/**
 * Where a pod is in its life. nodeLost: on the NotReady node, marked not ready by the node
 * lifecycle controller (its containers' stale statuses still say ready). terminating: evicted by
 * Karpenter's drain, within its grace period.
 */
export type PodState = 'running' | 'nodeLost' | 'pending' | 'succeeded' | 'failed' | 'terminating';

/** What all pods of one controller share: the labels it stamps and the ownerReference. */
export interface PodOwner {
  readonly generateName?: string;
  readonly labels: JsonObject;
  readonly ownerReferences?: readonly JsonObject[];
  /** Job pods carry the job-tracking finalizer until the Job controller has counted them. */
  readonly tracksCompletion?: boolean;
  /** A mirror pod: the kubelet's static-pod annotations. */
  readonly mirror?: boolean;
}

export interface PodPlan {
  /** The pod's number: its uid, its name suffix, its randomness. */
  readonly index: number;
  readonly namespace: string;
  readonly name: string;
  readonly template: PodTemplate;
  readonly owner: PodOwner;
  readonly node: NodePlan | undefined;
  /** The pod's place on its node: its IP is .(slot + 2) of the node's /24. */
  readonly slot: number;
  readonly state: PodState;
  readonly createdAgo: number;
  /** A pending pod's PodScheduled message, as the scheduler wrote it. */
  readonly schedulerMessage?: string;
}
