import { describe, expect, it } from 'vitest';
import { type PodDisruptionBudget, budgetsByNamespace, snapshotOf } from '@taintgate/domain';

/** The snapshot's lister of PodDisruptionBudgets by namespace, as DefaultPreemption's pdbLister lists them. */

const budget = (name: string, namespace?: string): PodDisruptionBudget => ({
  metadata: { name, ...(namespace === undefined ? {} : { namespace }) },
  spec: { minAvailable: 1, selector: { matchLabels: { app: name } } },
});

describe('the PodDisruptionBudgets of a scheduling snapshot', () => {
  it('lists every budget of a namespace, whatever its selector, in the order given; none of a namespace without any', () => {
    const [a, b, c] = [budget('a', 'shop'), budget('b', 'web'), { ...budget('c', 'shop'), spec: { selector: null } }];
    const snapshot = snapshotOf([], [], { podDisruptionBudgets: [a, b, c] });
    expect(snapshot.podDisruptionBudgets?.('shop')).toEqual([a, c]);
    expect(snapshot.podDisruptionBudgets?.('web')).toEqual([b]);
    expect(snapshot.podDisruptionBudgets?.('batch')).toEqual([]);
  });

  it('lists none when made without budgets, and keeps the other listers as they were', () => {
    const snapshot = snapshotOf([], []);
    expect(snapshot.podDisruptionBudgets?.('default')).toEqual([]);
    expect(snapshot.namespace('default')).toBeUndefined();
  });

  it('groups a budget that names no namespace in default', () => {
    const grouped = budgetsByNamespace([budget('x'), budget('y', 'default')]);
    expect([...grouped.keys()]).toEqual(['default']);
    expect(grouped.get('default')?.map((b) => b.metadata.name)).toEqual(['x', 'y']);
  });
});
