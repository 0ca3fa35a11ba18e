import { describe, expect, it } from 'vitest';
import { type Node, type NodeCondition, type Taint, TaintKeys, reconcileConditionTaints, rfc3339, setUnschedulable } from '@taintgate/domain';

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
const node = (conditions: NodeCondition[] | undefined, taints: Taint[] | undefined, unschedulable?: boolean): Node => {
  const n: Node = { metadata: { name: 'n1' }, spec: {} };
  if (taints) n.spec = { ...n.spec, taints };
  if (unschedulable !== undefined) n.spec = { ...n.spec, unschedulable };
  if (conditions) n.status = { conditions };
  return n;
};

const { notReady, unreachable, memoryPressure, diskPressure, pidPressure, networkUnavailable, unschedulable } = TaintKeys;
const user = at('dedicated', 'NoSchedule', undefined, 'gpu');
const userNoExecute = at('maintenance', 'NoExecute', OLD);

describe('reconcileConditionTaints', () => {
  const cases: [string, NodeCondition[] | undefined, Taint[] | undefined, boolean | undefined, Taint[]][] = [
    [
      'Ready False: not-ready NoSchedule and NoExecute',
      [ready('False')],
      undefined,
      undefined,
      [at(notReady, 'NoSchedule', NOW), at(notReady, 'NoExecute', NOW)],
    ],
    [
      'Ready Unknown: unreachable NoSchedule and NoExecute',
      [ready('Unknown')],
      undefined,
      undefined,
      [at(unreachable, 'NoSchedule', NOW), at(unreachable, 'NoExecute', NOW)],
    ],
    ['Ready True: nothing', [ready('True')], undefined, undefined, []],
    [
      'Ready True removes both not-ready and both unreachable taints, and nothing else',
      [ready('True')],
      [
        at(notReady, 'NoSchedule', OLD),
        user,
        at(notReady, 'NoExecute', OLD),
        at(unreachable, 'NoSchedule', OLD),
        at(unreachable, 'NoExecute', OLD),
        userNoExecute,
      ],
      undefined,
      [user, userNoExecute],
    ],
    ['MemoryPressure True', [ready('True'), cond('MemoryPressure', 'True')], undefined, undefined, [at(memoryPressure, 'NoSchedule', NOW)]],
    ['DiskPressure True', [ready('True'), cond('DiskPressure', 'True')], undefined, undefined, [at(diskPressure, 'NoSchedule', NOW)]],
    ['PIDPressure True', [ready('True'), cond('PIDPressure', 'True')], undefined, undefined, [at(pidPressure, 'NoSchedule', NOW)]],
    ['NetworkUnavailable True', [ready('True'), cond('NetworkUnavailable', 'True')], undefined, undefined, [at(networkUnavailable, 'NoSchedule', NOW)]],
    [
      'MemoryPressure False removes the taint',
      [ready('True'), cond('MemoryPressure', 'False')],
      [at(memoryPressure, 'NoSchedule', OLD), user],
      undefined,
      [user],
    ],
    [
      'MemoryPressure Unknown removes it too (only True maps to a taint)',
      [ready('True'), cond('MemoryPressure', 'Unknown')],
      [at(memoryPressure, 'NoSchedule', OLD)],
      undefined,
      [],
    ],
    [
      'a pressure condition that went away removes its taint',
      [ready('True')],
      [at(diskPressure, 'NoSchedule', OLD), at(pidPressure, 'NoSchedule', OLD), at(networkUnavailable, 'NoSchedule', OLD)],
      undefined,
      [],
    ],
    [
      'kept taints keep their timeAdded (and their value)',
      [ready('False'), cond('DiskPressure', 'True')],
      [at(notReady, 'NoExecute', OLD), at(diskPressure, 'NoSchedule', OLD, 'x'), at(notReady, 'NoSchedule', OLD)],
      undefined,
      [at(notReady, 'NoExecute', OLD), at(diskPressure, 'NoSchedule', OLD, 'x'), at(notReady, 'NoSchedule', OLD)],
    ],
    [
      'Ready False -> Unknown swaps not-ready for unreachable',
      [ready('Unknown')],
      [at(notReady, 'NoSchedule', OLD), user, at(notReady, 'NoExecute', OLD)],
      undefined,
      [user, at(unreachable, 'NoSchedule', NOW), at(unreachable, 'NoExecute', NOW)],
    ],
    [
      'Ready Unknown -> False swaps unreachable for not-ready',
      [ready('False')],
      [at(unreachable, 'NoExecute', OLD), at(unreachable, 'NoSchedule', OLD)],
      undefined,
      [at(notReady, 'NoSchedule', NOW), at(notReady, 'NoExecute', NOW)],
    ],
    [
      'user taints are untouched and keep their order; added taints go last',
      [ready('False')],
      [user, at('a', 'PreferNoSchedule'), userNoExecute],
      undefined,
      [user, at('a', 'PreferNoSchedule'), userNoExecute, at(notReady, 'NoSchedule', NOW), at(notReady, 'NoExecute', NOW)],
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
      [at(notReady, 'NoExecute', OLD), at(unreachable, 'NoExecute', OLD), at(notReady, 'NoSchedule', OLD)],
      undefined,
      [at(notReady, 'NoExecute', OLD), at(unreachable, 'NoExecute', OLD), at(memoryPressure, 'NoSchedule', NOW)],
    ],
    ['no status at all', undefined, [at(notReady, 'NoExecute', OLD), user], undefined, [at(notReady, 'NoExecute', OLD), user]],
    ['spec.unschedulable adds the unschedulable taint', [ready('True')], undefined, true, [at(unschedulable, 'NoSchedule', NOW)]],
    [
      'spec.unschedulable keeps an unschedulable taint already there',
      [ready('True')],
      [at(unschedulable, 'NoSchedule', OLD)],
      true,
      [at(unschedulable, 'NoSchedule', OLD)],
    ],
    ['no spec.unschedulable removes the unschedulable taint', [ready('True')], [at(unschedulable, 'NoSchedule', OLD), user], false, [user]],
    ['spec.unschedulable unset removes it too', [ready('True')], [at(unschedulable, 'NoSchedule', OLD)], undefined, []],
    [
      'conditions the controller does not map change nothing',
      [ready('True'), cond('FrequentKubeletRestart', 'True'), cond('NetworkUnavailable', 'False')],
      [user],
      undefined,
      [user],
    ],
    [
      "added taints follow the conditions' order, then unschedulable, then the NoExecute one",
      [cond('PIDPressure', 'True'), ready('False'), cond('MemoryPressure', 'True')],
      undefined,
      true,
      [
        at(pidPressure, 'NoSchedule', NOW),
        at(notReady, 'NoSchedule', NOW),
        at(memoryPressure, 'NoSchedule', NOW),
        at(unschedulable, 'NoSchedule', NOW),
        at(notReady, 'NoExecute', NOW),
      ],
    ],
    [
      'the first Ready condition decides the NoExecute taint',
      [ready('Unknown'), ready('True')],
      undefined,
      undefined,
      [at(unreachable, 'NoSchedule', NOW), at(unreachable, 'NoExecute', NOW)],
    ],
    [
      'a repeated condition gives one taint',
      [ready('True'), cond('MemoryPressure', 'True'), cond('MemoryPressure', 'True')],
      undefined,
      undefined,
      [at(memoryPressure, 'NoSchedule', NOW)],
    ],
    [
      'everything at once',
      [ready('False'), cond('MemoryPressure', 'True'), cond('DiskPressure', 'False'), cond('PIDPressure', 'True'), cond('NetworkUnavailable', 'True')],
      [at(diskPressure, 'NoSchedule', OLD), user, at(memoryPressure, 'NoSchedule', OLD), at(unreachable, 'NoExecute', OLD)],
      true,
      [
        user,
        at(memoryPressure, 'NoSchedule', OLD),
        at(notReady, 'NoSchedule', NOW),
        at(pidPressure, 'NoSchedule', NOW),
        at(networkUnavailable, 'NoSchedule', NOW),
        at(unschedulable, 'NoSchedule', NOW),
        at(notReady, 'NoExecute', NOW),
      ],
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
    const n = node([ready('False')], [at(unreachable, 'NoExecute', OLD)]);
    const before = JSON.stringify(n);
    reconcileConditionTaints(n, now);
    expect(JSON.stringify(n)).toBe(before);
  });
});

describe('rfc3339: metav1.Time, UTC, whole seconds', () => {
  it.each([
    [0, '1970-01-01T00:00:00Z'],
    [999, '1970-01-01T00:00:00Z'],
    [1_700_000_000_999, '2023-11-14T22:13:20Z'],
    [now, NOW],
    [Date.UTC(2024, 1, 29, 23, 59, 59, 500), '2024-02-29T23:59:59Z'],
  ])('%d -> %s', (ms, text) => {
    expect(rfc3339(ms)).toBe(text);
  });
});

describe('setUnschedulable: kubectl cordon / uncordon', () => {
  const unschedulableTaint = (time = NOW) => at(unschedulable, 'NoSchedule', time);
  const cases: [string, Taint[] | undefined, boolean, Taint[]][] = [
    ['cordon a node without taints', undefined, true, [unschedulableTaint()]],
    ['cordon appends after the other taints, which stay as they are', [user, userNoExecute], true, [user, userNoExecute, unschedulableTaint()]],
    ['cordon an already cordoned node keeps the taint and its time', [unschedulableTaint(OLD), user], true, [unschedulableTaint(OLD), user]],
    ['uncordon removes the unschedulable taint only', [user, unschedulableTaint(OLD), userNoExecute], false, [user, userNoExecute]],
    [
      'uncordon leaves the unschedulable key with other effects',
      [at(unschedulable, 'NoExecute'), unschedulableTaint(OLD)],
      false,
      [at(unschedulable, 'NoExecute')],
    ],
    ['uncordon a node that is not cordoned', [user], false, [user]],
    ['uncordon a node without taints', undefined, false, []],
    [
      'cordon leaves condition taints alone',
      [at(notReady, 'NoExecute', OLD), at(memoryPressure, 'NoSchedule', OLD)],
      true,
      [at(notReady, 'NoExecute', OLD), at(memoryPressure, 'NoSchedule', OLD), unschedulableTaint()],
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
    expect(cordoned).toEqual({ ...n, spec: { podCIDR: '10.0.0.0/24', unschedulable: true, taints: [user, unschedulableTaint()] } });
  });

  it('agrees with the controller: cordon then reconcile changes nothing more', () => {
    const cordoned = setUnschedulable(node([ready('True')], [user]), true, now);
    expect(reconcileConditionTaints(cordoned, now + 1000)).toEqual(cordoned.spec?.taints);
  });
});
