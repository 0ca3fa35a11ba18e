import { describe, expect, it } from 'vitest';
import { type PodDisruptionBudget, podDisruptionBudgetTable } from '@taintgate/domain';

/** kubectl get pdb: printPodDisruptionBudget of pkg/printers/internalversion/printers.go, its cells and columns. */

const now = Date.UTC(2026, 0, 15, 12, 0, 0);
const tenSecondsAgo = new Date(now - 10_000).toISOString();
type Cell = string | number | boolean;

describe('podDisruptionBudgetTable', () => {
  const budget = (name: string, spec: PodDisruptionBudget['spec'], status?: PodDisruptionBudget['status']): PodDisruptionBudget => ({
    metadata: { name, namespace: 'ns1', creationTimestamp: tenSecondsAgo },
    spec,
    ...(status ? { status } : {}),
  });

  it.each<[string, PodDisruptionBudget, Cell[]]>([
    // TestPrintPodDisruptionBudget: "Min Available set, no Max Available." and "Max Available set, no Min Available."
    ['minAvailable set, no maxUnavailable', budget('pdb1', { minAvailable: 22 }, { disruptionsAllowed: 5 }), ['pdb1', '22', 'N/A', 5, '10s']],
    ['maxUnavailable set, no minAvailable', budget('pdb2', { maxUnavailable: 11 }, { disruptionsAllowed: 5 }), ['pdb2', 'N/A', '11', 5, '10s']],
    // IntOrString.String(): a percentage as written.
    ['a percentage', budget('pdb3', { minAvailable: '50%' }, { disruptionsAllowed: 1 }), ['pdb3', '50%', 'N/A', 1, '10s']],
    // No status yet (the controller has not counted): Go's zero, 0 disruptions allowed; neither bound: N/A twice.
    ['no status, no bound', budget('pdb4', { selector: {} }), ['pdb4', 'N/A', 'N/A', 0, '10s']],
    ['no creation time', { metadata: { name: 'pdb5' }, spec: { maxUnavailable: 0 } }, ['pdb5', 'N/A', '0', 0, '<unknown>']],
  ])('%s', (_case, pdb, cells) => {
    expect(podDisruptionBudgetTable([pdb], { now }).rows[0]?.cells).toEqual(cells);
  });

  it('has the NAME, MIN AVAILABLE, MAX UNAVAILABLE, ALLOWED DISRUPTIONS (an integer) and AGE columns, none wide, of the policy/v1 kind', () => {
    const table = podDisruptionBudgetTable([budget('pdb1', { minAvailable: 1 })], { now, includeObject: 'Object' });
    expect(table.columnDefinitions.map((c) => [c.name, c.type, c.priority])).toEqual([
      ['Name', 'string', 0],
      ['Min Available', 'string', 0],
      ['Max Unavailable', 'string', 0],
      ['Allowed Disruptions', 'integer', 0],
      ['Age', 'string', 0],
    ]);
    expect(table.columnDefinitions[3]?.description).toBe('Calculated number of pods that may be disrupted at this time.');
    expect(table.rows[0]?.object).toMatchObject({ kind: 'PodDisruptionBudget', apiVersion: 'policy/v1', spec: { minAvailable: 1 } });
  });
});
