import type { Node, Pod } from '../../types';
import type { SchedulerRejection } from '../node-filters';
import { podPriority, podStartTime } from './pod-importance';
import { type VictimSearch, selectVictimsOnNode } from './victims';

/**
 * The Evaluator's search for candidates and its choice among them (pkg/scheduler/framework/
 * preemption/preemption.go: DryRunPreemption, SelectCandidate, pickOneNodeForPreemption), and
 * DefaultPreemption's count of candidates to find (calculateNumCandidates).
 */

/** A node preemption could nominate: its victims (most important first) and how many of them break a budget. */
export interface Candidate {
  readonly node: string;
  readonly victims: readonly Pod[];
  readonly numPDBViolations: number;
  /** The victims among them whose eviction breaks a PodDisruptionBudget. */
  readonly violating: ReadonlySet<Pod>;
}

/** DefaultPreemptionArgs' defaults (pkg/scheduler/apis/config/v1/defaults.go). */
const defaultArgs = { minCandidateNodesPercentage: 10, minCandidateNodesAbsolute: 100 };

/** calculateNumCandidates: a percentage of the nodes, at least an absolute number, never more than there are. */
export function calculateNumCandidates(numNodes: number, args: typeof defaultArgs = defaultArgs): number {
  const n = Math.max(Math.floor((numNodes * args.minCandidateNodesPercentage) / 100), args.minCandidateNodesAbsolute);
  return Math.min(n, numNodes);
}

export interface DryRun {
  /** The candidates that break no budget, then those that do, each in the order their nodes were tried. */
  readonly candidates: readonly Candidate[];
  /** The status of every node tried that is not a candidate. */
  readonly statuses: ReadonlyMap<string, SchedulerRejection>;
  /** A node where the pod fit with every pod put back: an Error status upstream (expected at least one victim). */
  readonly errors: readonly string[];
}

/**
 * DryRunPreemption, one node after the other: the potential nodes from `offset` on, wrapping round,
 * until `numCandidates` candidates are found of which at least one breaks no budget (the search
 * looks past numCandidates for one that breaks none, as the scheduler's does). Each list holds at
 * most numCandidates. kube-scheduler runs the nodes in parallel and starts at a random offset among
 * potential nodes listed in map order; the caller here chooses the offset and the order, and the
 * result is the one a single-threaded scheduler would reach from there.
 */
export function dryRunPreemption(search: VictimSearch, potentialNodes: readonly Node[], offset: number, numCandidates: number): DryRun {
  const nonViolating: Candidate[] = [];
  const violating: Candidate[] = [];
  const statuses = new Map<string, SchedulerRejection>();
  const errors: string[] = [];
  for (let i = 0; i < potentialNodes.length; i++) {
    const node = potentialNodes[(offset + i) % potentialNodes.length] as Node;
    const name = node.metadata.name;
    const found = selectVictimsOnNode(search, node);
    if (found.found && found.victims.length > 0) {
      const list = found.numViolatingVictim === 0 ? nonViolating : violating;
      if (list.length < numCandidates) {
        list.push({ node: name, victims: found.victims, numPDBViolations: found.numViolatingVictim, violating: found.violating });
      }
      if (nonViolating.length > 0 && nonViolating.length + violating.length >= numCandidates) break;
      continue;
    }
    if (found.found) {
      const message = `expected at least one victim pod on node ${JSON.stringify(name)}`;
      errors.push(message);
      statuses.set(name, { reasons: [message] });
    } else {
      statuses.set(name, found.status);
    }
  }
  return { candidates: [...nonViolating, ...violating], statuses, errors };
}

/** MaxInt32 + 1: added to every priority so that sums of negative priorities still prefer fewer pods. */
const priorityOffset = 2147483648;

/**
 * GetEarliestPodStartTime: the earliest start among the victims of the highest priority (Infinity
 * for a pod not started, see podStartTime).
 */
function earliestStartOfHighest(victims: readonly Pod[]): number {
  const highest = Math.max(...victims.map(podPriority));
  return Math.min(...victims.filter((v) => podPriority(v) === highest).map(podStartTime));
}

/**
 * pickOneNodeForPreemption's score functions, in their order, each the higher the better: fewest
 * budget violations; lowest highest victim priority (the victims' first, as they come most
 * important first); lowest sum of priorities (each plus 2^31); fewest victims; latest earliest start
 * among the victims of the highest priority.
 */
const scoreFunctions: readonly ((c: Candidate) => number)[] = [
  (c) => -c.numPDBViolations,
  (c) => -podPriority(c.victims[0] as Pod),
  (c) => -c.victims.reduce((sum, v) => sum + podPriority(v) + priorityOffset, 0),
  (c) => -c.victims.length,
  (c) => earliestStartOfHighest(c.victims),
];

/**
 * The candidates best first. pickOneNodeForPreemption keeps, function by function, the candidates
 * of the highest score and returns the first left: the first of this order, which sorts by the
 * scores in turn and keeps ties in the order given. Upstream the order given is that of a Go map
 * (victimsMap), so among candidates equal on every score it picks any.
 */
export function rankCandidates(candidates: readonly Candidate[]): Candidate[] {
  const scored = candidates.map((c) => ({ c, scores: scoreFunctions.map((f) => f(c)) }));
  scored.sort((a, b) => {
    for (let i = 0; i < scoreFunctions.length; i++) {
      const x = a.scores[i] as number;
      const y = b.scores[i] as number;
      if (x !== y) return x > y ? -1 : 1;
    }
    return 0;
  });
  return scored.map((s) => s.c);
}

/** pickOneNodeForPreemption: the node of the best candidate, undefined when there is none. */
export const pickOneNodeForPreemption = (candidates: readonly Candidate[]): string | undefined => rankCandidates(candidates)[0]?.node;
