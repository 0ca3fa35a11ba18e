import { describe, expect, it } from 'vitest';
import { type Pod, type PodDisruptionBudget, budgetsOfPod, checkEvictionBudgets, evictionConsultsBudgets } from '@taintgate/domain';

/**
 * The eviction subresource's decision on a pod's PodDisruptionBudgets (EvictionREST.Create and
 * checkAndDecrement of pkg/registry/core/pod/storage/eviction.go). Cases after eviction_test.go,
 * each named; upstream runs most of them under each unhealthy pod eviction policy (none,
 * IfHealthyBudget, AlwaysAllow), as these do. The cases about conflicting writes (a delete that
 * conflicts, a resourceVersion precondition) have no counterpart: the twin decides under its
 * cluster's write lock, and writes the budget with the pod's deletion.
 */

const now = Date.UTC(2026, 0, 15, 12, 0, 0);
const nowText = '2026-01-15T12:00:00Z';
type Policy = 'IfHealthyBudget' | 'AlwaysAllow' | undefined;
const POLICIES: Policy[] = [undefined, 'IfHealthyBudget', 'AlwaysAllow'];

/** upstream's validNewPod, labelled a=true, bound to foo: no Ready condition unless one is given. */
const pod = (name: string, phase?: string, ready?: 'True' | 'False', extra: Partial<Pod['metadata']> = {}): Pod => ({
  metadata: { name, namespace: 'default', labels: { a: 'true' }, ...extra },
  spec: { nodeName: 'foo', containers: [{ name: 'c', image: 'i' }] },
  status: { ...(phase ? { phase } : {}), ...(ready ? { conditions: [{ type: 'Ready', status: ready }] } : {}) },
});

const budget = (status: PodDisruptionBudget['status'], policy: Policy, selector: object | null = { matchLabels: { a: 'true' } }): PodDisruptionBudget => ({
  metadata: { name: 'foo', namespace: 'default' },
  spec: { selector, ...(policy ? { unhealthyPodEvictionPolicy: policy } : {}) },
  status,
});

const VIOLATES = "Cannot evict pod as it would violate the pod's disruption budget.";
/** A refusal by the budget's count, as kube-apiserver's 429 carries it. */
const refusedByCount = (desired: number, current: number) => ({
  kind: 'refused',
  failure: {
    reason: 'TooManyRequests',
    message: VIOLATES,
    otherCauses: [{ type: 'DisruptionBudget', message: `The disruption budget foo needs ${desired} healthy pods and has ${current} currently` }],
  },
});
const allowed = { kind: 'allowed' };

describe('checkEvictionBudgets', () => {
  describe.each(POLICIES)('under the unhealthy pod eviction policy %s', (policy) => {
    const none = { disruptionsAllowed: 0 };
    it.each<[string, Pod, PodDisruptionBudget, object]>([
      // TestEviction: "matching pdbs with no disruptions allowed, pod running" (AlwaysAllow lets it go: a pod with no Ready condition is unhealthy)
      ['no disruptions allowed, pod running', pod('t1', 'Running'), budget(none, policy), policy === 'AlwaysAllow' ? allowed : refusedByCount(0, 0)],
      // TestEviction: "... pod pending", "... pod succeeded", "... pod failed" (canIgnorePDB)
      ['no disruptions allowed, pod pending', pod('t2', 'Pending'), budget(none, policy), allowed],
      ['no disruptions allowed, pod succeeded', pod('t3', 'Succeeded'), budget(none, policy), allowed],
      ['no disruptions allowed, pod failed', pod('t4', 'Failed'), budget(none, policy), allowed],
      // TestEviction: "non-matching pdbs"
      ['non-matching pdbs', pod('t6', 'Running'), budget(none, policy, { matchLabels: { b: 'true' } }), allowed],
      // TestEviction: "matching pdbs with no disruptions allowed, pod running, empty selector": {} selects every pod (policy/v1)
      [
        'no disruptions allowed, pod running, empty selector',
        pod('t8', 'Running'),
        budget(none, policy, {}),
        policy === 'AlwaysAllow' ? allowed : refusedByCount(0, 0),
      ],
      // A nil selector selects no pod.
      ['no disruptions allowed, a null selector', pod('t8', 'Running', 'True'), budget(none, policy, null), allowed],
      // TestEvictionIgnorePDB: "matching pdbs with no disruptions allowed, pod terminating"
      ['no disruptions allowed, pod terminating', pod('t6', 'Running', 'True', { deletionTimestamp: nowText }), budget(none, policy), allowed],
      // TestEvictionIgnorePDB: "... pod running, pod healthy, unhealthy pod not ours"
      [
        'no disruptions allowed, pod healthy, unhealthy pod not ours',
        pod('t7', 'Running', 'True'),
        budget({ disruptionsAllowed: 0, currentHealthy: 2, desiredHealthy: 2 }, policy),
        refusedByCount(2, 2),
      ],
      // TestEvictionIgnorePDB: "... pod running, pod unhealthy, unhealthy pod ours" (enough healthy pods without it)
      [
        'no disruptions allowed, pod unhealthy, unhealthy pod ours',
        pod('t8', 'Running', 'False'),
        budget({ disruptionsAllowed: 0, currentHealthy: 2, desiredHealthy: 2 }, policy),
        allowed,
      ],
      // TestEvictionIgnorePDB: "... pod unhealthy, unhealthy pod ours, skips the PDB check and deletes" (AlwaysAllow only)
      [
        'no disruptions allowed, pod unhealthy, none healthy',
        pod('t8', 'Running', 'False'),
        budget(none, policy),
        policy === 'AlwaysAllow' ? allowed : refusedByCount(0, 0),
      ],
      // TestEvictionIgnorePDB: "... pod running, pod healthy, empty selector, pod not deleted by honoring the PDB"
      [
        'empty selector, pod healthy',
        pod('t11', 'Running', 'True'),
        budget({ disruptionsAllowed: 0, currentHealthy: 3, desiredHealthy: 3 }, policy, {}),
        refusedByCount(3, 3),
      ],
    ])('%s', (_case, evicted, pdb, expected) => {
      expect(checkEvictionBudgets(evicted, [pdb], now)).toEqual(expected);
    });

    // TestEviction: "matching pdbs with disruptions allowed"; TestEvictionIgnorePDB: "... pod healthy, healthy pod ours, deletes pod by honoring the PDB"
    it('a disruption allowed: the pod goes and takes it, recorded among the disrupted pods', () => {
      const pdb = budget({ disruptionsAllowed: 1, currentHealthy: 3, desiredHealthy: 3 }, policy);
      const check = checkEvictionBudgets(pod('t8', 'Running', 'True'), [pdb], now);
      expect(check).toEqual({
        kind: 'decremented',
        budget: {
          ...pdb,
          status: {
            disruptionsAllowed: 0,
            currentHealthy: 3,
            desiredHealthy: 3,
            disruptedPods: { t8: nowText },
            conditions: [{ type: 'DisruptionAllowed', status: 'False', lastTransitionTime: nowText, reason: 'InsufficientPods', message: '' }],
          },
        },
      });
    });
  });

  // TestEvictionPDBStatus: "pdb status is updated after eviction" and "condition reason is only updated if AllowedDisruptions becomes 0"
  it.each<[string, number, number, string, string]>([
    ['pdb status is updated after eviction', 1, 0, 'InsufficientPods', 'False'],
    ['condition reason is only updated if AllowedDisruptions becomes 0', 3, 2, 'SufficientPods', 'True'],
  ])('%s', (_case, before, after, reason, status) => {
    const condition = { type: 'DisruptionAllowed', reason: 'SufficientPods', status: 'True', lastTransitionTime: '2026-01-01T00:00:00Z', message: '' };
    const pdb = budget({ disruptionsAllowed: before, observedGeneration: 2, conditions: [condition] }, undefined);
    const check = checkEvictionBudgets(pod('foo-1', 'Running', 'True'), [pdb], now);
    if (check.kind !== 'decremented') throw new Error(`not decremented: ${check.kind}`);
    expect(check.budget.status?.disruptionsAllowed).toBe(after);
    expect(check.budget.status?.conditions).toEqual([
      after === 0 ? { ...condition, reason, status, lastTransitionTime: nowText, observedGeneration: 2 } : { ...condition, reason, status },
    ]);
    expect(check.budget.status?.disruptedPods).toEqual({ 'foo-1': nowText });
  });

  it('more than one budget selecting the pod: refused, a Status of code 500 with no reason', () => {
    const two = [
      budget({ disruptionsAllowed: 1 }, undefined),
      { ...budget({ disruptionsAllowed: 1 }, undefined), metadata: { name: 'bar', namespace: 'default' } },
    ];
    expect(checkEvictionBudgets(pod('t1', 'Running', 'True'), two, now)).toEqual({
      kind: 'refused',
      failure: { reason: 'Unknown', message: 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.' },
    });
  });

  it.each<[string, PodDisruptionBudget, object]>([
    // checkAndDecrement: the controller has not seen the budget's spec as it is
    [
      'a budget whose spec the controller has not counted yet: 429, retry in 10 seconds',
      { ...budget({ disruptionsAllowed: 1, observedGeneration: 1 }, undefined), metadata: { name: 'foo', namespace: 'default', generation: 2 } },
      {
        reason: 'TooManyRequests',
        message: VIOLATES,
        otherCauses: [{ type: 'DisruptionBudget', message: 'The disruption budget foo is still being processed by the server.' }],
        retryAfterSeconds: 10,
      },
    ],
    [
      'negative disruptions allowed: Forbidden',
      budget({ disruptionsAllowed: -1 }, undefined),
      {
        reason: 'Forbidden',
        message: 'poddisruptionbudget.policy "foo" is forbidden: pdb disruptions allowed is negative',
        subject: { kind: 'poddisruptionbudget', name: 'foo', group: 'policy' },
      },
    ],
    [
      'more than 2000 evictions not yet confirmed: Forbidden',
      budget({ disruptionsAllowed: 5, disruptedPods: Object.fromEntries(Array.from({ length: 2001 }, (_, i) => [`p${i}`, nowText])) }, undefined),
      {
        reason: 'Forbidden',
        message: 'poddisruptionbudget.policy "foo" is forbidden: DisruptedPods map too big - too many evictions not confirmed by PDB controller',
        subject: { kind: 'poddisruptionbudget', name: 'foo', group: 'policy' },
      },
    ],
  ])('refuses %s', (_case, pdb, failure) => {
    expect(checkEvictionBudgets(pod('t1', 'Running', 'True'), [pdb], now)).toEqual({ kind: 'refused', failure });
  });

  it('asks no budget of a pod that is Pending, Succeeded, Failed or terminating (canIgnorePDB)', () => {
    expect(['Pending', 'Succeeded', 'Failed'].map((phase) => evictionConsultsBudgets(pod('p', phase)))).toEqual([false, false, false]);
    expect(evictionConsultsBudgets(pod('p', 'Running', 'True', { deletionTimestamp: nowText }))).toBe(false);
    expect(evictionConsultsBudgets(pod('p', 'Running'))).toBe(true);
    // Unknown, or no phase at all: asked.
    expect(evictionConsultsBudgets(pod('p'))).toBe(true);
  });

  it("selects by the budgets of the pod's namespace only; a selector that does not parse selects nothing", () => {
    const other = { ...budget({}, undefined), metadata: { name: 'x', namespace: 'web' } };
    const bad = {
      ...budget({}, undefined, { matchExpressions: [{ key: 'a', operator: 'Near', values: ['true'] }] }),
      metadata: { name: 'bad', namespace: 'default' },
    };
    const good = budget({}, undefined);
    expect(budgetsOfPod(pod('p', 'Running'), [other, bad, good]).map((b) => b.metadata.name)).toEqual(['foo']);
  });
});
