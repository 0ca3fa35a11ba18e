import type { PodDisruptionBudget } from '../policy/pod-disruption-budget';
import { translateTimestampSince } from './human-duration';
import { type Printer, type Table, type TableOptions, ageColumn, column, nameColumn, printTable } from './table';

/**
 * `kubectl get pdb`: printPodDisruptionBudget of pkg/printers/internalversion/printers.go, with its
 * column definitions. minAvailable and maxUnavailable are printed as IntOrString's String() prints
 * them (`2`, `50%`), N/A when unset; the disruptions allowed are the status's (0 when unset).
 */

const intOrString = (value: number | string | null | undefined): string => (value === undefined || value === null ? 'N/A' : String(value));

const podDisruptionBudgetPrinter: Printer<PodDisruptionBudget> = {
  kind: 'PodDisruptionBudget',
  apiVersion: 'policy/v1',
  columns: [
    nameColumn,
    column('Min Available', 'string', 'The minimum number of pods that must be available.'),
    column('Max Unavailable', 'string', 'The maximum number of pods that may be unavailable.'),
    column('Allowed Disruptions', 'integer', 'Calculated number of pods that may be disrupted at this time.'),
    ageColumn,
  ],
  print: (budget, now) => ({
    cells: [
      budget.metadata.name,
      intOrString(budget.spec?.minAvailable),
      intOrString(budget.spec?.maxUnavailable),
      budget.status?.disruptionsAllowed ?? 0,
      translateTimestampSince(budget.metadata.creationTimestamp, now),
    ],
  }),
};

/** The Table kube-apiserver returns for PodDisruptionBudgets (a list, or one budget). */
export const podDisruptionBudgetTable = (budgets: readonly PodDisruptionBudget[], options: TableOptions): Table =>
  printTable(podDisruptionBudgetPrinter, budgets, options);
