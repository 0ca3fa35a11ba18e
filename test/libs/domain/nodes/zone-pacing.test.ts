import { describe, expect, it } from 'vitest';
import { type QueuedNode, defaultZonePacing, nodesToTaintNow, zoneKeyOf, zoneRates } from '@taintgate/domain';
import { type ZoneState, computeZoneState, zoneRate } from '../../../../libs/domain/src/nodes/zone-pacing';

/** pkg/controller/nodelifecycle/node_lifecycle_controller.go and k8s.io/component-helpers/node/topology. */

describe('zoneKeyOf (GetZoneKey)', () => {
  const cases: [string, Record<string, string> | undefined, string][] = [
    ['no labels', undefined, ''],
    ['neither zone nor region', { a: 'b' }, ''],
    ['zone only', { 'topology.kubernetes.io/zone': 'z1' }, ':\x00:z1'],
    ['region and zone', { 'topology.kubernetes.io/region': 'r', 'topology.kubernetes.io/zone': 'z1' }, 'r:\x00:z1'],
    ['region only', { 'topology.kubernetes.io/region': 'r' }, 'r:\x00:'],
    ['the beta zone label wins over the topology one', { 'failure-domain.beta.kubernetes.io/zone': 'b', 'topology.kubernetes.io/zone': 'z1' }, ':\x00:b'],
    ['the beta region label wins too', { 'failure-domain.beta.kubernetes.io/region': 'br', 'topology.kubernetes.io/region': 'r' }, 'br:\x00:'],
  ];
  it.each(cases)('%s', (_, labels, key) => expect(zoneKeyOf(labels)).toBe(key));
  it('keeps a colon in a name from merging region and zone', () => {
    expect(zoneKeyOf({ 'topology.kubernetes.io/region': 'a:b', 'topology.kubernetes.io/zone': 'c' })).not.toBe(
      zoneKeyOf({ 'topology.kubernetes.io/region': 'a', 'topology.kubernetes.io/zone': 'b:c' }),
    );
  });
});

describe('computeZoneState (ComputeZoneState, unhealthyZoneThreshold 0.55)', () => {
  const T = 'True';
  const F = 'False';
  const U = 'Unknown';
  const cases: [string, (string | undefined)[], ZoneState][] = [
    ['no node', [], 'Normal'],
    ['all ready', [T, T, T], 'Normal'],
    ['one node, not ready: full', [F], 'FullDisruption'],
    ['none ready (False, Unknown, no condition): full', [F, U, undefined], 'FullDisruption'],
    ['2 of 3 not ready: not more than 2, normal', [F, F, T], 'Normal'],
    ['3 of 4 not ready (0.75): partial', [F, U, undefined, T], 'PartialDisruption'],
    ['3 of 6 not ready (0.5 < 0.55): normal', [F, F, F, T, T, T], 'Normal'],
    ['11 of 20 not ready (0.55, at the threshold): partial', [...Array<string>(11).fill(F), ...Array<string>(9).fill(T)], 'PartialDisruption'],
    ['a node without Ready counts as not ready', [undefined, undefined, undefined, T], 'PartialDisruption'],
  ];
  it.each(cases)('%s', (_, statuses, state) => expect(computeZoneState(statuses, defaultZonePacing.unhealthyZoneThreshold)).toBe(state));
});

describe('zoneRate (setLimiterInZone with ReducedQPSFunc and HealthyQPSFunc)', () => {
  const cases: [string, ZoneState, number, number][] = [
    ['Normal: evictionLimiterQPS', 'Normal', 3, 0.1],
    ['PartialDisruption in a zone of 51 (> 50): secondaryEvictionLimiterQPS', 'PartialDisruption', 51, 0.01],
    ['PartialDisruption in a zone of 50 (not > 50): 0, evictions stop', 'PartialDisruption', 50, 0],
    ['FullDisruption: HealthyQPSFunc, the normal rate', 'FullDisruption', 1, 0.1],
  ];
  it.each(cases)('%s', (_, state, size, rate) => expect(zoneRate(state, size, defaultZonePacing)).toBe(rate));
});

describe('zoneRates (handleDisruption)', () => {
  const member = (zone: string, readyStatus: string | undefined) => ({ zone, readyStatus });
  it('each zone takes the rate of its state', () => {
    const { states, rates, allFullyDisrupted } = zoneRates(
      [member('a', 'True'), member('a', 'False'), member('b', 'False'), member('c', 'False'), member('c', 'False'), member('c', 'False')],
      defaultZonePacing,
    );
    expect(allFullyDisrupted).toBe(false);
    expect(Object.fromEntries(states)).toEqual({ a: 'Normal', b: 'FullDisruption', c: 'FullDisruption' });
    expect(Object.fromEntries(rates)).toEqual({ a: 0.1, b: 0.1, c: 0.1 });
  });
  it('every zone fully disrupted: master disruption mode, every rate 0', () => {
    const { rates, allFullyDisrupted } = zoneRates([member('a', 'False'), member('b', 'Unknown'), member('b', undefined)], defaultZonePacing);
    expect(allFullyDisrupted).toBe(true);
    expect(Object.fromEntries(rates)).toEqual({ a: 0, b: 0 });
  });
  it('a one-node cluster that goes not ready never taints (its only zone is fully disrupted)', () => {
    expect(zoneRates([member('', 'False')], defaultZonePacing).rates.get('')).toBe(0);
  });
  it('a small partially disrupted zone stops while a healthy one goes on', () => {
    const members = [...['False', 'False', 'False', 'True'].map((s) => member('a', s)), member('b', 'True'), member('b', 'False')];
    expect(Object.fromEntries(zoneRates(members, defaultZonePacing).rates)).toEqual({ a: 0, b: 0.1 });
  });
  it('a large partially disrupted zone takes the secondary rate', () => {
    const members = [...Array.from({ length: 51 }, (_, i) => member('a', i < 30 ? 'False' : 'True')), member('b', 'True')];
    expect(zoneRates(members, defaultZonePacing).rates.get('a')).toBe(0.01);
  });
});

describe('nodesToTaintNow (RateLimitedTimedQueue.Try, token bucket of burst 1)', () => {
  const q = (name: string, zone: string, since: number): QueuedNode => ({ name, zone, since });
  const rates = new Map([
    ['a', 2],
    ['b', 0.1],
    ['z', 0],
  ]);
  const cases: [string, QueuedNode[], [string, number][], number, string[], number | undefined][] = [
    ['nothing queued', [], [], 1000, [], undefined],
    ['a zone that never tainted takes its oldest node at once (a new bucket is full)', [q('n2', 'a', 5), q('n1', 'a', 1)], [], 1000, ['n1'], 1500],
    ['one node per pass: burst 1', [q('n1', 'a', 1), q('n2', 'a', 1), q('n3', 'a', 1)], [], 1000, ['n1'], 1500],
    ['too early: the next token comes 1/rate after the last tainting', [q('n1', 'a', 1)], [['a', 800]], 1000, [], 1300],
    ['exactly 1/rate later: taken', [q('n1', 'a', 1)], [['a', 500]], 1000, ['n1'], undefined],
    ['zones are paced apart', [q('n1', 'a', 1), q('m1', 'b', 1), q('m2', 'b', 2)], [['b', 0]], 5000, ['n1'], 10000],
    ['rate 0: never, and no wake-up', [q('n1', 'z', 1)], [], 1000, [], undefined],
    ['a zone with no rate known takes none', [q('n1', 'gone', 1)], [], 1000, [], undefined],
    ['ties on the time queued go by name', [q('n2', 'a', 1), q('n1', 'a', 1)], [], 1000, ['n1'], 1500],
  ];
  it.each(cases)('%s', (_, queued, last, now, due, nextAt) => {
    const turn = nodesToTaintNow(queued, rates, new Map(last), now);
    expect(turn.due.map((n) => n.name)).toEqual(due);
    expect(turn.nextAt).toBe(nextAt);
  });
});
