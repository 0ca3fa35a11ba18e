import type { SummaryWording } from '../../settings';
import type { Pod } from '../../types';
import type { PlacementOptions } from '../placement';
import { type PreemptionAnswer, type PreemptionQuestion, type PreemptionVictim, defaultPreemption } from './default-preemption';

/**
 * DefaultPreemption in a placement's answer: for a pod that fits no node, what kube-scheduler's
 * PostFilter decides (the node it would nominate and the pods it would evict there), and the words
 * its status adds to the FitError line (`... preemption: 0/3 nodes are available: 3 No preemption
 * victims found for incoming pod.`).
 */
export interface PlacementPreemption {
  /** The node kube-scheduler would nominate (status.nominatedNodeName); absent when preemption finds none. */
  nominatedNode?: string;
  /** The pods it would evict there, most important first. */
  victims?: PreemptionVictim[];
  /** How many of them break a PodDisruptionBudget. */
  budgetViolations?: number;
  /** The nodes where preemption would make room (the candidates of its dry run). */
  candidates: number;
  /** PostFilter's words when it finds no candidate or the pod may not preempt, as the line ends with them. */
  message?: string;
}

/**
 * DynamicResources runs its PostFilter before DefaultPreemption in the default profile since 1.34
 * (DRA is GA); for a pod without resource claims it has none to deallocate, and the framework joins
 * both plugins' reasons: `no new claims to deallocate, preemption: ...`. The legacy wording (earlier
 * releases) has DefaultPreemption's alone. A pod with claims is answered without DRA's words: which
 * claims it would deallocate is not evaluated (notEvaluated names them).
 */
function postFilterWords(message: string, wording: SummaryWording, pod: Pod): string {
  const hasClaims = Array.isArray(pod.spec?.resourceClaims) && pod.spec.resourceClaims.length > 0;
  return wording === 'legacy' || hasClaims ? message : `no new claims to deallocate, ${message}`;
}

interface PlacedLines {
  summary: string;
  detail: string;
  feasibleCount: number;
  preemption?: PlacementPreemption;
}

/**
 * The answer with DefaultPreemption's part when no node fits a pod the scheduler places: `preemption`
 * and, when it finds no candidate, its words after both lines (the summary's in the wording chosen,
 * the detail's in the legacy one). A pod some node fits, or bound by spec.nodeName, is left as it is.
 */
export function withPreemption<T extends PlacedLines>(answer: T, question: PreemptionQuestion, options: PlacementOptions): T {
  if (answer.feasibleCount > 0 || question.pod.spec?.nodeName || question.nodes.length === 0) return answer;
  const decided: PreemptionAnswer = defaultPreemption(question);
  const { nominated, postFilterMessage } = decided;
  const preemption: PlacementPreemption = { candidates: decided.candidates.length };
  if (nominated) Object.assign(preemption, { nominatedNode: nominated.node, victims: nominated.victims, budgetViolations: nominated.budgetViolations });
  if (!postFilterMessage) return { ...answer, preemption };
  return {
    ...answer,
    preemption: { ...preemption, message: postFilterMessage },
    summary: `${answer.summary} ${postFilterWords(postFilterMessage, options.summaryWording, question.pod)}`,
    detail: `${answer.detail} ${postFilterWords(postFilterMessage, 'legacy', question.pod)}`,
  };
}
