import type { PlacementPreemption, PlacementSummary, Pod } from '@taintgate/domain';
import { schedulingInputKey } from '@taintgate/domain';

/** Summaries kept: a few hundred kinds of pod asked about per revision, in practice far fewer. */
const MAX_SUMMARIES = 256;

/**
 * The summaries of pods placed over a stored cluster, by the cluster's revision and what the
 * placement reads of the pod (schedulingInputKey): the replicas of one workload asked about one
 * after another, as a capacity tool or a chat asks "where does the next one go?", are answered
 * once per revision, then by a lookup. The answer is the same but for the pod's name, which the
 * copy takes; the least recently asked goes first.
 */
/** A summary, with DefaultPreemption's part for a pod no node fits. */
type Summary = PlacementSummary & { preemption?: PlacementPreemption };

export class SummaryMemo {
  private readonly kept = new Map<string, Summary>();

  summary(cluster: string, revision: bigint, top: number, pod: Pod, make: () => Summary): Summary {
    const key = `${cluster}\n${revision}\n${top}\n${schedulingInputKey(pod)}`;
    const kept = this.kept.get(key);
    if (kept) {
      this.kept.delete(key);
      this.kept.set(key, kept);
      return { ...kept, pod: { ...kept.pod, name: pod.metadata.name } };
    }
    const made = make();
    this.kept.set(key, made);
    if (this.kept.size > MAX_SUMMARIES) this.kept.delete(this.kept.keys().next().value as string);
    return made;
  }
}
