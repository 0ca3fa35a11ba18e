import { describe, expect, it } from 'vitest';
import {
  type Node,
  type NodeCondition,
  type Taint,
  TaintKeys,
  awaitedNoExecuteTaint,
  reconcileConditionTaints,
  setUnschedulable,
  withAwaitedNoExecuteTaint,
  withoutNoExecuteConditionTaints,
} from '@taintgate/domain';

/**
 * The node lifecycle controller (doNoScheduleTaintingPass, processTaintBaseEviction /
 * doNoExecuteTaintingPass, SwapNodeControllerTaint) and kubectl cordon/uncordon.
 */

const now = Date.UTC(2024, 4, 6, 7, 8, 9, 999);
const NOW = '2024-05-06T07:08:09Z';
const OLD = '2024-01-01T00:00:00Z';

const cond = (type: string, status: string): NodeCondition => ({ type, status });
const ready = (status: string) => cond('Ready', status);
const at = (key: string, effect: string, timeAdded?: string, value?: string): Taint => {
  const taint: Taint = { key, effect };
  if (value !== undefined) taint.value = value;
  if (timeAdded !== undefined) taint.timeAdded = timeAdded;
  return taint;
};
/** A taint stamped now (added by this pass), and one stamped long ago (there before). */
const fresh = (key: string, effect = 'NoSchedule') => at(key, effect, NOW);
const old = (key: string, effect = 'NoSchedule') => at(key, effect, OLD);
const node = (conditions: NodeCondition[] | undefined, taints: Taint[] | undefined, unschedulable?: boolean): Node => {
  const n: Node = { metadata: { name: 'n1' }, spec: {} };
  if (taints) n.spec = { ...n.spec, taints };
  if (unschedulable !== undefined) n.spec = { ...n.spec, unschedulable };
  if (conditions) n.status = { conditions };
  return n;
};

const { notReady, unreachable, memoryPressure, diskPressure, pidPressure, networkUnavailable, unschedulable } = TaintKeys;
const user = at('dedicated', 'NoSchedule', undefined, 'gpu');
const userNoExecute = old('maintenance', 'NoExecute');

describe('reconcileConditionTaints', () => {
  const cases: [string, NodeCondition[] | undefined, Taint[] | undefined, boolean | undefined, Taint[]][] = [
    // The NoExecute taint waits for its zone's turn (doNoExecuteTaintingPass): see awaitedNoExecuteTaint.
    ['Ready False: not-ready NoSchedule at once, NoExecute queued', [ready('False')], undefined, undefined, [fresh(notReady)]],
    ['Ready Unknown: unreachable NoSchedule at once, NoExecute queued', [ready('Unknown')], undefined, undefined, [fresh(unreachable)]],
    ['Ready True: nothing', [ready('True')], undefined, undefined, []],
    [
      'Ready True removes both not-ready and both unreachable taints, and nothing else',
      [ready('True')],
      [old(notReady), user, old(notReady, 'NoExecute'), old(unreachable), old(unreachable, 'NoExecute'), userNoExecute],
      undefined,
      [user, userNoExecute],
    ],
    ['MemoryPressure True', [ready('True'), cond('MemoryPressure', 'True')], undefined, undefined, [fresh(memoryPressure)]],
    ['DiskPressure True', [ready('True'), cond('DiskPressure', 'True')], undefined, undefined, [fresh(diskPressure)]],
    ['PIDPressure True', [ready('True'), cond('PIDPressure', 'True')], undefined, undefined, [fresh(pidPressure)]],
    ['NetworkUnavailable True', [ready('True'), cond('NetworkUnavailable', 'True')], undefined, undefined, [fresh(networkUnavailable)]],
    ['MemoryPressure False removes the taint', [ready('True'), cond('MemoryPressure', 'False')], [old(memoryPressure), user], undefined, [user]],
    [
      'MemoryPressure Unknown removes it too (only True maps to a taint)',
      [ready('True'), cond('MemoryPressure', 'Unknown')],
      [old(memoryPressure)],
      undefined,
      [],
    ],
    ['a pressure condition that went away removes its taint', [ready('True')], [old(diskPressure), old(pidPressure), old(networkUnavailable)], undefined, []],
    [
      'kept taints keep their timeAdded (and their value)',
      [ready('False'), cond('DiskPressure', 'True')],
      [old(notReady, 'NoExecute'), at(diskPressure, 'NoSchedule', OLD, 'x'), old(notReady)],
      undefined,
      [old(notReady, 'NoExecute'), at(diskPressure, 'NoSchedule', OLD, 'x'), old(notReady)],
    ],
    [
      'Ready False -> Unknown swaps not-ready for unreachable',
      [ready('Unknown')],
      [old(notReady), user, old(notReady, 'NoExecute')],
      undefined,
      [user, fresh(unreachable), fresh(unreachable, 'NoExecute')],
    ],
    [
      'Ready Unknown -> False swaps unreachable for not-ready',
      [ready('False')],
      [old(unreachable, 'NoExecute'), old(unreachable)],
      undefined,
      [fresh(notReady), fresh(notReady, 'NoExecute')],
    ],
    [
      'user taints are untouched and keep their order; added taints go last',
      [ready('False')],
      [user, at('a', 'PreferNoSchedule'), userNoExecute],
      undefined,
      [user, at('a', 'PreferNoSchedule'), userNoExecute, fresh(notReady)],
    ],
    [
      'controller keys with effects the controller does not own are user taints',
      [ready('True')],
      [at(memoryPressure, 'NoExecute'), at(unschedulable, 'PreferNoSchedule'), at(notReady, 'PreferNoSchedule'), at(diskPressure, 'NoExecute')],
      false,
      [at(memoryPressure, 'NoExecute'), at(unschedulable, 'PreferNoSchedule'), at(notReady, 'PreferNoSchedule'), at(diskPressure, 'NoExecute')],
    ],
    [
      "other well-known taints are not the controller's",
      [ready('True')],
      [at(TaintKeys.outOfService, 'NoExecute'), at(TaintKeys.cloudProviderUninitialized, 'NoSchedule', undefined, 'true')],
      undefined,
      [at(TaintKeys.outOfService, 'NoExecute'), at(TaintKeys.cloudProviderUninitialized, 'NoSchedule', undefined, 'true')],
    ],
    [
      'no Ready condition: NoExecute taints are left alone, NoSchedule ones still follow the conditions',
      [cond('MemoryPressure', 'True')],
      [old(notReady, 'NoExecute'), old(unreachable, 'NoExecute'), old(notReady)],
      undefined,
      [old(notReady, 'NoExecute'), old(unreachable, 'NoExecute'), fresh(memoryPressure)],
    ],
    ['no status at all', undefined, [old(notReady, 'NoExecute'), user], undefined, [old(notReady, 'NoExecute'), user]],
    ['spec.unschedulable adds the unschedulable taint', [ready('True')], undefined, true, [fresh(unschedulable)]],
    ['spec.unschedulable keeps an unschedulable taint already there', [ready('True')], [old(unschedulable)], true, [old(unschedulable)]],
    ['no spec.unschedulable removes the unschedulable taint', [ready('True')], [old(unschedulable), user], false, [user]],
    ['spec.unschedulable unset removes it too', [ready('True')], [old(unschedulable)], undefined, []],
    [
      'conditions the controller does not map change nothing',
      [ready('True'), cond('FrequentKubeletRestart', 'True'), cond('NetworkUnavailable', 'False')],
      [user],
      undefined,
      [user],
    ],
    [
      "added taints follow the conditions' order, then unschedulable, then the swapped NoExecute one",
      [cond('PIDPressure', 'True'), ready('False'), cond('MemoryPressure', 'True')],
      [old(unreachable, 'NoExecute')],
      true,
      [fresh(pidPressure), fresh(notReady), fresh(memoryPressure), fresh(unschedulable), fresh(notReady, 'NoExecute')],
    ],
    [
      'the first Ready condition decides the NoExecute taint',
      [ready('Unknown'), ready('True')],
      [old(notReady, 'NoExecute')],
      undefined,
      [fresh(unreachable), fresh(unreachable, 'NoExecute')],
    ],
    [
      'a repeated condition gives one taint',
      [ready('True'), cond('MemoryPressure', 'True'), cond('MemoryPressure', 'True')],
      undefined,
      undefined,
      [fresh(memoryPressure)],
    ],
    [
      'everything at once',
      [ready('False'), cond('MemoryPressure', 'True'), cond('DiskPressure', 'False'), cond('PIDPressure', 'True'), cond('NetworkUnavailable', 'True')],
      [old(diskPressure), user, old(memoryPressure), old(unreachable, 'NoExecute')],
      true,
      [user, old(memoryPressure), fresh(notReady), fresh(pidPressure), fresh(networkUnavailable), fresh(unschedulable), fresh(notReady, 'NoExecute')],
    ],
  ];
  it.each(cases)('%s', (_name, conditions, taints, unschedulableSpec, expected) => {
    expect(reconcileConditionTaints(node(conditions, taints, unschedulableSpec), now)).toEqual(expected);
  });

  it('is idempotent: a second pass later changes nothing', () => {
    const n = node([ready('Unknown'), cond('DiskPressure', 'True')], [user], true);
    const first = reconcileConditionTaints(n, now);
    expect(reconcileConditionTaints({ ...n, spec: { ...n.spec, taints: first } }, now + 60_000)).toEqual(first);
  });

  it('does not change the node', () => {
    const n = node([ready('False')], [old(unreachable, 'NoExecute')]);
    const before = JSON.stringify(n);
    reconcileConditionTaints(n, now);
    expect(JSON.stringify(n)).toBe(before);
  });
});

describe('setUnschedulable: kubectl cordon / uncordon', () => {
  const cases: [string, Taint[] | undefined, boolean, Taint[]][] = [
    ['cordon a node without taints', undefined, true, [fresh(unschedulable)]],
    ['cordon appends after the other taints, which stay as they are', [user, userNoExecute], true, [user, userNoExecute, fresh(unschedulable)]],
    ['cordon an already cordoned node keeps the taint and its time', [old(unschedulable), user], true, [old(unschedulable), user]],
    ['uncordon removes the unschedulable taint only', [user, old(unschedulable), userNoExecute], false, [user, userNoExecute]],
    ['uncordon leaves the unschedulable key with other effects', [at(unschedulable, 'NoExecute'), old(unschedulable)], false, [at(unschedulable, 'NoExecute')]],
    ['uncordon a node that is not cordoned', [user], false, [user]],
    ['uncordon a node without taints', undefined, false, []],
    [
      'cordon leaves condition taints alone',
      [old(notReady, 'NoExecute'), old(memoryPressure)],
      true,
      [old(notReady, 'NoExecute'), old(memoryPressure), fresh(unschedulable)],
    ],
  ];
  it.each(cases)('%s', (_name, taints, cordon, expected) => {
    const result = setUnschedulable(node([ready('True')], taints, !cordon), cordon, now);
    expect(result.spec?.unschedulable).toBe(cordon);
    expect(result.spec?.taints).toEqual(expected);
  });

  it('keeps the rest of the node and does not change it', () => {
    const n: Node = {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name: 'n1', labels: { zone: 'a' } },
      spec: { podCIDR: '10.0.0.0/24', taints: [user] },
      status: { conditions: [ready('True')] },
    };
    const before = JSON.stringify(n);
    const cordoned = setUnschedulable(n, true, now);
    expect(JSON.stringify(n)).toBe(before);
    expect(cordoned).toEqual({ ...n, spec: { podCIDR: '10.0.0.0/24', unschedulable: true, taints: [user, fresh(unschedulable)] } });
  });

  it('agrees with the controller: cordon then reconcile changes nothing more', () => {
    const cordoned = setUnschedulable(node([ready('True')], [user]), true, now);
    expect(reconcileConditionTaints(cordoned, now + 1000)).toEqual(cordoned.spec?.taints);
  });
});

describe('awaitedNoExecuteTaint (markNodeForTainting)', () => {
  const cases: [string, NodeCondition[] | undefined, Taint[] | undefined, Taint | undefined][] = [
    ['Ready False, untainted: waits for not-ready', [ready('False')], undefined, at(notReady, 'NoExecute')],
    ['Ready Unknown, untainted: waits for unreachable', [ready('Unknown')], [old(unreachable)], at(unreachable, 'NoExecute')],
    ['already carries it: waits for nothing', [ready('False')], [old(notReady, 'NoExecute')], undefined],
    ['carries the other one (swapped at once instead)', [ready('False')], [old(unreachable, 'NoExecute')], undefined],
    ['Ready True', [ready('True')], undefined, undefined],
    ['no Ready condition', [cond('DiskPressure', 'True')], undefined, undefined],
    ['no conditions', undefined, undefined, undefined],
  ];
  it.each(cases)('%s', (_, conditions, taints, awaited) => expect(awaitedNoExecuteTaint(node(conditions, taints))).toEqual(awaited));
});

describe('withAwaitedNoExecuteTaint (doNoExecuteTaintingPass, SwapNodeControllerTaint)', () => {
  const cases: [string, NodeCondition[], Taint[] | undefined, Taint[]][] = [
    ['adds not-ready last, stamped now', [ready('False')], [user, old(notReady)], [user, old(notReady), fresh(notReady, 'NoExecute')]],
    ['adds unreachable and removes not-ready', [ready('Unknown')], [old(notReady, 'NoExecute')], [fresh(unreachable, 'NoExecute')]],
    ['keeps the one already there with its time', [ready('False')], [old(notReady, 'NoExecute')], [old(notReady, 'NoExecute')]],
    ['ready now: ignoring the taint request', [ready('True')], [user], [user]],
  ];
  it.each(cases)('%s', (_, conditions, taints, expected) => expect(withAwaitedNoExecuteTaint(node(conditions, taints), now)).toEqual(expected));
});

describe('withoutNoExecuteConditionTaints (markNodeAsReachable)', () => {
  it('takes off only the not-ready and unreachable NoExecute taints', () => {
    expect(withoutNoExecuteConditionTaints([old(notReady), old(notReady, 'NoExecute'), userNoExecute, old(unreachable, 'NoExecute')])).toEqual([
      old(notReady),
      userNoExecute,
    ]);
  });
});
