const DAY_MS = 86_400_000;

/**
 * What retention keeps, by what it is: events, audit rows and tombstones by when they were
 * written; an eviction once it is finished (executed or cancelled), by when it finished. A
 * scheduled eviction is never pruned, however old: its deadline is still to be carried out.
 */
export interface RetainedEviction {
  status: 'Scheduled' | 'Cancelled' | 'Executed';
  firedAt: number | null;
  cancelledAt: number | null;
}

/** The instant before which records are pruned: `days` before `now` (epoch ms). 0 days prunes nothing. */
export function retentionCutoff(now: number, days: number): number | undefined {
  return days > 0 ? now - days * DAY_MS : undefined;
}

/** Whether an eviction is finished and finished before the cutoff. */
export function evictionExpired(eviction: RetainedEviction, cutoff: number): boolean {
  if (eviction.status === 'Scheduled') return false;
  const finished = eviction.status === 'Executed' ? eviction.firedAt : eviction.cancelledAt;
  return finished !== null && finished < cutoff;
}
