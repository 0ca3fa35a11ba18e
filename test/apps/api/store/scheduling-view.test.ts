import { describe, expect, it } from 'vitest';
import type { Node, PodDisruptionBudget } from '@taintgate/domain';
import { schedulingContextOf } from '../../../../apps/api/src/store/scheduling-view';

/** The scheduling view over a snapshot's maps: the PodDisruptionBudgets of a namespace, as preemption lists them. */

const budget = (namespace: string, name: string): PodDisruptionBudget => ({ metadata: { name, namespace }, spec: { maxUnavailable: 1 } });
const node: Node = { metadata: { name: 'n1' } };

describe('schedulingContextOf: PodDisruptionBudgets', () => {
  it("lists a namespace's budgets in name order from the snapshot's map (by namespace/name), read once", () => {
    const held = new Map([
      ['shop/web', budget('shop', 'web')],
      ['default/api', budget('default', 'api')],
      ['shop/db', budget('shop', 'db')],
    ]);
    const { snapshot } = schedulingContextOf({ nodeNamesInOrder: ['n1'], nodes: new Map([['n1', node]]), podsOn: () => [], podDisruptionBudgets: held });
    expect(snapshot.podDisruptionBudgets?.('shop').map((b) => b.metadata.name)).toEqual(['db', 'web']);
    expect(snapshot.podDisruptionBudgets?.('default')).toEqual([held.get('default/api')]);
    expect(snapshot.podDisruptionBudgets?.('batch')).toEqual([]);
    // The same lists on every asking: one grouping per view.
    expect(snapshot.podDisruptionBudgets?.('shop')).toBe(snapshot.podDisruptionBudgets?.('shop'));
  });

  it('lists none when the snapshot holds none', () => {
    const { snapshot } = schedulingContextOf({ nodeNamesInOrder: [], nodes: new Map(), podsOn: () => [] });
    expect(snapshot.podDisruptionBudgets?.('default')).toEqual([]);
  });
});
