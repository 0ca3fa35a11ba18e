import { describe, expect, it } from 'vitest';
import { type ImpactEviction, type TaintImpact, impactPodsPage, impactSummary } from '@taintgate/domain';
import { decodeContinue } from '../../../../libs/domain/src/lists/continue-token';

const now = Date.parse('2026-11-23T12:00:00Z');
const pod = (name: string) => ({ namespace: 'default', name });
const evicted = (name: string, afterSeconds: number | null, extra: Partial<ImpactEviction> = {}): ImpactEviction => ({
  pod: pod(name),
  node: 'n1',
  when: afterSeconds === 0 ? 'Immediately' : 'AfterTolerationSeconds',
  ...(afterSeconds === 0 ? {} : { tolerationSeconds: afterSeconds ?? 9223372036854775807n }),
  at: afterSeconds === null ? null : now + afterSeconds * 1000,
  ...extra,
});

const impact: TaintImpact = {
  taint: { key: 'maintenance', effect: 'NoExecute' },
  taints: [{ key: 'maintenance', effect: 'NoExecute' }],
  nodes: ['n1', 'n2'],
  evictions: [
    evicted('a', 0),
    evicted('b', 0),
    evicted('c', 30),
    evicted('d', 60),
    evicted('e', 300),
    evicted('f', 301, { alreadyScheduled: { scheduledAt: now - 5000 } }),
    evicted('g', 100_000),
    evicted('h', null),
  ],
  unaffected: [{ pod: pod('i'), node: 'n2', reason: 'ToleratesForever' }],
  unschedulable: [{ pod: pod('j') }, { pod: pod('k') }],
  rescheduling: { capacityConsidered: true, stranded: 3 },
};

describe('impactSummary', () => {
  const summary = impactSummary(impact, now);

  it('counts every pod once by its fate', () => {
    expect(summary.counts).toEqual({ evictedNow: 2, evictedLater: 5, neverInPractice: 1, alreadyScheduled: 1, unaffected: 1, unschedulable: 2 });
    expect(summary).toMatchObject({ taint: impact.taint, nodeCount: 2, rescheduling: { capacityConsidered: true, stranded: 3 } });
  });

  it('buckets the evictions by when they come, only buckets that hold one', () => {
    expect(summary.timeline).toEqual([
      { withinSeconds: 0, count: 2, first: now, last: now },
      { withinSeconds: 60, count: 2, first: now + 30_000, last: now + 60_000 },
      { withinSeconds: 300, count: 1, first: now + 300_000, last: now + 300_000 },
      { withinSeconds: 900, count: 1, first: now + 301_000, last: now + 301_000 },
      { withinSeconds: null, count: 1, first: now + 100_000_000, last: now + 100_000_000 },
    ]);
  });

  it('counts a deadline already come as now', () => {
    const late = impactSummary({ ...impact, evictions: [evicted('x', -10)] }, now);
    expect(late.counts).toMatchObject({ evictedNow: 1, evictedLater: 0 });
    expect(late.timeline).toEqual([{ withinSeconds: 0, count: 1, first: now - 10_000, last: now - 10_000 }]);
  });
});

describe('impactPodsPage', () => {
  it('pages the evictions, then the unaffected, then the unschedulable pods, until no token remains', () => {
    const seen = { evictions: [] as unknown[], unaffected: [] as unknown[], unschedulable: [] as unknown[] };
    const sizes: number[] = [];
    let start = '';
    for (;;) {
      const page = impactPodsPage(impact, { limit: 4, start }, 9n);
      sizes.push(page.evictions.length + page.unaffected.length + page.unschedulable.length);
      seen.evictions.push(...page.evictions);
      seen.unaffected.push(...page.unaffected);
      seen.unschedulable.push(...page.unschedulable);
      if (page.continue === undefined) break;
      const token = decodeContinue(page.continue);
      if (!token.ok) throw new Error(token.error);
      start = token.value.start;
    }
    expect(sizes).toEqual([4, 4, 3]);
    expect(seen).toEqual({ evictions: impact.evictions, unaffected: impact.unaffected, unschedulable: impact.unschedulable });
  });

  it('tells how many pods remain after a page', () => {
    expect(impactPodsPage(impact, { limit: 10, start: '' }, 1n).remainingItemCount).toBe(1);
    expect(impactPodsPage(impact, { limit: 11, start: '' }, 1n)).not.toHaveProperty('continue');
  });
});
