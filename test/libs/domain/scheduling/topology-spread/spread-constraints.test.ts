import { describe, expect, it } from 'vitest';
import { nodeIncludedBy, spreadConstraintsOf, systemDefaultConstraints } from '../../../../../libs/domain/src/scheduling/topology-spread/spread-constraints';
import { describeSpreadSelector } from '../../../../../libs/domain/src/scheduling/topology-spread/spread-selector';
import { fooSelector, hostname, makeNode, makePod, spread, unschedulableTaints, zoneLabel } from './spread-fixtures';

describe('spreadConstraintsOf (getConstraints, filterTopologySpreadConstraints, buildDefaultConstraints)', () => {
  it('keeps the constraints of the action asked, defaulting minDomains to 1, nodeAffinityPolicy to Honor and nodeTaintsPolicy to Ignore', () => {
    const pod = makePod('p', {
      constraints: [
        spread(1, 'zone', 'ScheduleAnyway', fooSelector),
        spread(2, 'node', 'DoNotSchedule', fooSelector, 3, 'Ignore', 'Honor'),
        spread(1, 'rack', 'DoNotSchedule', fooSelector),
      ],
    });
    const hard = spreadConstraintsOf(pod, 'DoNotSchedule');
    if (!hard.ok) throw new Error(hard.error);
    expect(hard.value.map(({ selector: _s, ...c }) => c)).toEqual([
      { maxSkew: 2, topologyKey: 'node', minDomains: 3, nodeAffinityPolicy: 'Ignore', nodeTaintsPolicy: 'Honor', field: 'spec.topologySpreadConstraints[1]' },
      { maxSkew: 1, topologyKey: 'rack', minDomains: 1, nodeAffinityPolicy: 'Honor', nodeTaintsPolicy: 'Ignore', field: 'spec.topologySpreadConstraints[2]' },
    ]);
    const soft = spreadConstraintsOf(pod, 'ScheduleAnyway');
    expect(soft.ok && soft.value.map((c) => c.field)).toEqual(['spec.topologySpreadConstraints[0]']);
  });

  it("merges the pod's values for matchLabelKeys (only the keys it has) into the selector", () => {
    const pod = makePod('p', {
      labels: { 'pod-template-hash': 'abc' },
      constraints: [spread(1, 'zone', 'DoNotSchedule', fooSelector, undefined, undefined, undefined, ['pod-template-hash', 'missing'])],
    });
    const hard = spreadConstraintsOf(pod, 'DoNotSchedule');
    expect(hard.ok && describeSpreadSelector(hard.value[0]?.selector ?? { kind: 'nothing' })).toBe('pod-template-hash=abc,foo');
  });

  it('the system defaults are hostname maxSkew 3 and zone maxSkew 5, both ScheduleAnyway', () => {
    expect(systemDefaultConstraints).toEqual([
      { topologyKey: hostname, whenUnsatisfiable: 'ScheduleAnyway', maxSkew: 3 },
      { topologyKey: zoneLabel, whenUnsatisfiable: 'ScheduleAnyway', maxSkew: 5 },
    ]);
    const pod = makePod('p', { owner: { apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'db' } });
    const soft = spreadConstraintsOf(pod, 'ScheduleAnyway');
    expect(soft.ok && soft.value.map((c) => [c.topologyKey, c.maxSkew, c.field, c.selector.kind])).toEqual([
      [hostname, 3, 'defaultConstraints[0]', 'controller'],
      [zoneLabel, 5, 'defaultConstraints[1]', 'controller'],
    ]);
    expect(spreadConstraintsOf(pod, 'DoNotSchedule')).toEqual({ ok: true, value: [] });
  });

  it('a pod with constraints of its own gets no default ones, even with none of the action asked', () => {
    const pod = makePod('p', {
      owner: { apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'db' },
      constraints: [spread(1, 'zone', 'DoNotSchedule', fooSelector)],
    });
    expect(spreadConstraintsOf(pod, 'ScheduleAnyway')).toEqual({ ok: true, value: [] });
  });
});

describe('nodeIncludedBy (matchNodeInclusionPolicies)', () => {
  const constraintOf = (nodeAffinityPolicy: 'Honor' | 'Ignore', nodeTaintsPolicy: 'Honor' | 'Ignore') => {
    const made = spreadConstraintsOf(
      makePod('p', { constraints: [spread(1, 'zone', 'DoNotSchedule', fooSelector, undefined, nodeAffinityPolicy, nodeTaintsPolicy)] }),
      'DoNotSchedule',
    );
    if (!made.ok || !made.value[0]) throw new Error('no constraint');
    return made.value[0];
  };
  const tainted = makeNode('n', { zone: 'a' }, [...unschedulableTaints, { key: 'soft', effect: 'PreferNoSchedule' }]);

  it('Honor nodeAffinityPolicy leaves out a node the pod does not select; Ignore keeps it', () => {
    const pod = makePod('p');
    expect(nodeIncludedBy(constraintOf('Honor', 'Ignore'), pod, tainted, false, {})).toBe(false);
    expect(nodeIncludedBy(constraintOf('Ignore', 'Ignore'), pod, tainted, false, {})).toBe(true);
  });

  it('Honor nodeTaintsPolicy leaves out a node with an untolerated NoSchedule or NoExecute taint, PreferNoSchedule aside', () => {
    expect(nodeIncludedBy(constraintOf('Honor', 'Honor'), makePod('p'), tainted, true, {})).toBe(false);
    expect(nodeIncludedBy(constraintOf('Honor', 'Honor'), makePod('p', { tolerationKeys: ['node.kubernetes.io/unschedulable'] }), tainted, true, {})).toBe(
      true,
    );
  });
});
