import { describe, expect, it } from 'vitest';
import { DECISION_SHARE, nextDecisionAt } from '../../../../../apps/api/src/control-loops/scheduling-events/failed-scheduling-recorder';

describe('nextDecisionAt: a cluster decided again no sooner than its share of the time allows', () => {
  it.each([
    { name: 'a pass of a few milliseconds waits a few tens more', started: 1_000, ended: 1_004, next: 1_040 },
    { name: 'a pass of a second over a cluster under import waits nine more', started: 10_000, ended: 11_000, next: 20_000 },
    { name: 'a pass that took no time may come again at once', started: 5_000, ended: 5_000, next: 5_000 },
  ])('$name', ({ started, ended, next }) => {
    expect(nextDecisionAt(started, ended)).toBeCloseTo(next, 6);
  });

  it('keeps the decisions to DECISION_SHARE of the time, whatever they cost', () => {
    for (const spent of [1, 37, 250, 4_000]) {
      const next = nextDecisionAt(0, spent);
      expect(spent / next).toBeCloseTo(DECISION_SHARE, 9);
    }
  });
});
