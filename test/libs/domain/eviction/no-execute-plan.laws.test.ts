import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toleratesTaint } from '@taintgate/domain';
import { planNoExecute } from '../../../../libs/domain/src/eviction/no-execute-plan';
import { taints, toleration } from '../support/arbitraries';

const now = Date.UTC(2026, 10, 22);
const tolerations = fc.array(toleration, { maxLength: 4 });

describe('laws of NoExecute planning', () => {
  it('a deadline is always in the future, by whole positive seconds', () => {
    fc.assert(
      fc.property(taints, tolerations, (ts, tols) => {
        const d = planNoExecute(ts, tols, undefined, now);
        if (d.action === 'EvictAt') {
          expect(d.tolerationSeconds).toBeGreaterThan(0);
          expect(d.fireAt).toBe(now + d.tolerationSeconds * 1000);
        }
      }),
    );
  });

  it('a NoExecute taint that no toleration tolerates means evict now, and only it or elapsed seconds do', () => {
    fc.assert(
      fc.property(taints, tolerations, (ts, tols) => {
        const untolerated = ts.some((t) => t.effect === 'NoExecute' && !tols.some((tol) => toleratesTaint(tol, t)));
        const decision = planNoExecute(ts, tols, undefined, now);
        if (untolerated) expect(decision).toMatchObject({ action: 'EvictNow', reason: 'Untolerated' });
        // evicting a tolerated pod at once only happens when its tolerationSeconds is <= 0
        else if (decision.action === 'EvictNow') expect(decision).toMatchObject({ action: 'EvictNow', reason: 'ToleranceElapsed', tolerationSeconds: 0 });
      }),
    );
  });

  it('without NoExecute taints nothing is ever evicted', () => {
    fc.assert(
      fc.property(taints, tolerations, (ts, tols) => {
        const rest = ts.filter((t) => t.effect !== 'NoExecute');
        expect(planNoExecute(rest, tols, { startedAt: now - 1, fireAt: now + 1 }, now)).toEqual({ action: 'Cancel', reason: 'NoNoExecuteTaints' });
      }),
    );
  });

  it('the decision does not depend on the order of the node taints, bar an earlier schedule', () => {
    fc.assert(
      fc.property(taints, tolerations, (ts, tols) => {
        const a = planNoExecute(ts, tols, undefined, now);
        const b = planNoExecute([...ts].reverse(), tols, undefined, now);
        expect(b.action).toBe(a.action);
        if (a.action === 'EvictAt' && b.action === 'EvictAt') expect(b.fireAt).toBe(a.fireAt);
      }),
    );
  });
});
