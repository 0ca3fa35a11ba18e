import { describe, expect, it } from 'vitest';
import { filterPodsWithPDBViolation } from '../../../../../libs/domain/src/scheduling/preemption/disruption-budgets';
import { makePDB, makePod, names } from './preemption-fixtures';

/**
 * filterPodsWithPDBViolation (default_preemption.go), which TestDryRunPreemption's budget cases
 * reach through SelectVictimsOnNode; here each of its rules alone.
 */
describe('filterPodsWithPDBViolation', () => {
  const foo = (name: string, namespace = 'default') => makePod().name(name).namespace(namespace).label('app', 'foo').obj();
  const split = (pods: ReturnType<typeof foo>[], budgets: ReturnType<typeof makePDB>[]) => {
    const { violating, nonViolating } = filterPodsWithPDBViolation(pods, budgets);
    return { violating: names(violating), nonViolating: names(nonViolating) };
  };

  it('each matching pod spends one disruption; the pods past the budget violate, in the order given', () => {
    expect(split([foo('a'), foo('b'), foo('c')], [makePDB('pdb', { app: 'foo' }, 1, { namespace: 'default' })])).toEqual({
      violating: ['b', 'c'],
      nonViolating: ['a'],
    });
  });

  it('a pod listed in disruptedPods spends nothing (the budget counted it already)', () => {
    expect(split([foo('a'), foo('b')], [makePDB('pdb', { app: 'foo' }, 1, { namespace: 'default', disruptedPods: ['a'] })])).toEqual({
      violating: [],
      nonViolating: ['a', 'b'],
    });
  });

  it('a budget of another namespace does not apply', () => {
    expect(split([foo('a', 'team-a')], [makePDB('pdb', { app: 'foo' }, 0, { namespace: 'team-b' })])).toEqual({ violating: [], nonViolating: ['a'] });
  });

  it('a namespace left out is "default" on both sides', () => {
    expect(split([makePod().name('a').label('app', 'foo').obj()], [makePDB('pdb', { app: 'foo' }, 0, { namespace: 'default' })])).toEqual({
      violating: ['a'],
      nonViolating: [],
    });
  });

  it('a missing (null) selector and an empty one match no pod ("A PDB with a nil or empty selector matches nothing")', () => {
    expect(split([foo('a')], [makePDB('nil', undefined, 0, { namespace: 'default', selector: null })])).toEqual({ violating: [], nonViolating: ['a'] });
    expect(split([foo('a')], [makePDB('empty', undefined, 0, { namespace: 'default', selector: {} })])).toEqual({ violating: [], nonViolating: ['a'] });
  });

  it('a selector that does not parse matches no pod', () => {
    const bad = makePDB('bad', undefined, 0, { namespace: 'default', selector: { matchExpressions: [{ key: 'app', operator: 'Gt', values: ['1'] }] } });
    expect(split([foo('a')], [bad])).toEqual({ violating: [], nonViolating: ['a'] });
  });

  it('a pod without labels matches no budget, even one selecting by DoesNotExist', () => {
    const pod = makePod().name('bare').namespace('default').obj();
    const budget = makePDB('pdb', undefined, 0, { namespace: 'default', selector: { matchExpressions: [{ key: 'app', operator: 'DoesNotExist' }] } });
    expect(split([pod], [budget])).toEqual({ violating: [], nonViolating: ['bare'] });
  });

  it('a pod breaking one of two budgets violates; each budget counts down on its own', () => {
    const budgets = [makePDB('loose', { app: 'foo' }, 5, { namespace: 'default' }), makePDB('tight', { app: 'foo' }, 0, { namespace: 'default' })];
    expect(split([foo('a')], budgets)).toEqual({ violating: ['a'], nonViolating: [] });
  });
});
