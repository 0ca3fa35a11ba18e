import { describe, expect, it } from 'vitest';
import { type Node, type Taint, reconcileUnschedulableTaint } from '@taintgate/domain';

/**
 * The node lifecycle controller's doNoScheduleTaintingPass (pkg/controller/nodelifecycle,
 * node_lifecycle_controller.go) runs on every node update: `if node.Spec.Unschedulable` the
 * node.kubernetes.io/unschedulable:NoSchedule taint is wanted, and TaintSetDiff adds or removes it.
 * So whatever path sets spec.unschedulable (kubectl cordon, a PUT, an edit), the taint follows.
 */
const now = Date.UTC(2026, 10, 23, 12, 0, 0);
const unschedulable: Taint = { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' };
const other: Taint = { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' };
const node = (spec: Node['spec']): Node => ({ metadata: { name: 'n1' }, spec });
const keys = (n: Node) => (n.spec?.taints ?? []).map((t) => `${t.key}:${t.effect}`);

describe('reconcileUnschedulableTaint (doNoScheduleTaintingPass, spec.unschedulable)', () => {
  it.each<[string, Node['spec'], string[]]>([
    [
      'unschedulable set by a PUT: the taint is added, after the others',
      { unschedulable: true, taints: [other] },
      ['dedicated:NoSchedule', 'node.kubernetes.io/unschedulable:NoSchedule'],
    ],
    ['unschedulable cleared by a PUT: the taint goes', { unschedulable: false, taints: [unschedulable, other] }, ['dedicated:NoSchedule']],
    ['unschedulable absent: the taint goes', { taints: [other, unschedulable] }, ['dedicated:NoSchedule']],
    ['already in step: nothing changes', { unschedulable: true, taints: [unschedulable] }, ['node.kubernetes.io/unschedulable:NoSchedule']],
    ['no taints, schedulable: none', {}, []],
  ])('%s', (_name, spec, expected) => {
    expect(keys(reconcileUnschedulableTaint(node(spec), now))).toEqual(expected);
  });

  it('an added taint carries the time it was added; a kept one keeps its time', () => {
    const added = reconcileUnschedulableTaint(node({ unschedulable: true }), now).spec?.taints?.[0];
    expect(added).toEqual({ ...unschedulable, timeAdded: '2026-11-23T12:00:00Z' });
    const kept = { ...unschedulable, timeAdded: '2026-01-01T00:00:00Z' };
    expect(reconcileUnschedulableTaint(node({ unschedulable: true, taints: [kept] }), now).spec?.taints).toEqual([kept]);
  });

  it('a NoExecute taint of the same key is not the controller’s, and stays', () => {
    const noExecute: Taint = { key: 'node.kubernetes.io/unschedulable', effect: 'NoExecute' };
    expect(keys(reconcileUnschedulableTaint(node({ taints: [noExecute] }), now))).toEqual(['node.kubernetes.io/unschedulable:NoExecute']);
  });
});
