import { isTerminating } from '../pods/graceful-deletion';
import type { Pod } from '../types';
import { isTerminal } from './impact-search';
import type { PodKind, PodKinds } from './pod-kinds';

/**
 * What taint impact's summary reads of the pods bound to one node, packed once per node and kept by
 * the cluster's holder until a pod of that node changes: each pod's kind (pod-kinds.ts) and whether
 * it is being deleted or has finished. A summary over every node then reads a few numbers per pod
 * in a row and a kind among a few hundred, where it read three or four fields of each of 300,000
 * pod objects spread over the heap: about a microsecond a pod of waits on memory. The pods stay in
 * the node's order, for the few a summary reads whole (an eviction already scheduled, a search for
 * a pod's own place).
 */
export interface NodePodFacts {
  readonly pods: readonly Pod[];
  /** Each pod's kind, by the same place. */
  readonly kinds: readonly PodKind[];
  /** Each pod's facts, by the same place: TERMINATING and TERMINAL bits. */
  readonly flags: Uint8Array;
}

/** The pod has a deletionTimestamp (isTerminating): its eviction changes nothing. */
export const TERMINATING = 1;
/** The pod has finished (isTerminal): it is evicted, and nothing looks for a place for it. */
export const TERMINAL = 2;

/** A pod's TERMINATING and TERMINAL bits. */
export const podFactFlags = (pod: Pod): number => (isTerminating(pod) ? TERMINATING : 0) | (isTerminal(pod) ? TERMINAL : 0);

export function nodePodFacts(pods: Iterable<Pod>, kinds: PodKinds): NodePodFacts {
  const list = [...pods];
  const flags = new Uint8Array(list.length);
  const kindOf: PodKind[] = new Array<PodKind>(list.length);
  for (let i = 0; i < list.length; i++) {
    const pod = list[i] as Pod;
    flags[i] = podFactFlags(pod);
    kindOf[i] = kinds.of(pod);
  }
  return { pods: list, kinds: kindOf, flags };
}

/** A cluster's pods as its holder keeps them for a summary: each node's facts (by name) and the pods bound to none. */
export interface PodsByNode {
  readonly factsOn: (nodeName: string) => NodePodFacts;
  readonly pending: Iterable<Pod>;
}
