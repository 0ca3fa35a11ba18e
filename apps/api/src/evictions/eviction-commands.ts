import { FieldPath, ShapeChecker, err, failure, fieldError, ok } from '@taintgate/domain';
import { operation } from '../edge/operation';
import type { EvictionStatus } from '../generated/prisma/client';
import type { EvictionFilters } from './eviction-ledger';

const STATUSES: readonly EvictionStatus[] = ['Scheduled', 'Cancelled', 'Executed'];
const DEFAULT_LIMIT = 500;
const MAX_LIMIT = 10_000;
const root = FieldPath.root();

/** GET /v1/evictions and the `evictions` query: filters, and how many (a query string or an Int). */
export const listEvictions = operation<EvictionFilters>({
  rest: ({ query }) => query,
  parse(input) {
    const shape = new ShapeChecker();
    const status = shape.string(input.status, root.child('status'));
    const filters: EvictionFilters = {
      nodeName: shape.string(input.nodeName, root.child('nodeName')),
      namespace: shape.string(input.namespace, root.child('namespace')),
      pod: shape.string(input.pod, root.child('pod')),
      limit: DEFAULT_LIMIT,
    };
    if (status !== undefined) {
      if (STATUSES.includes(status as EvictionStatus)) filters.status = status as EvictionStatus;
      else shape.errors.push(fieldError.notSupported(root.child('status'), status, STATUSES, 'string'));
    }
    const limit = wholeNumber(input.limit);
    if (limit === null || (limit !== undefined && (limit < 1 || limit > MAX_LIMIT))) {
      shape.errors.push(fieldError.invalid(root.child('limit'), input.limit, `must be a whole number from 1 to ${MAX_LIMIT}`));
    } else if (limit !== undefined) filters.limit = limit;
    return shape.errors.length ? err(failure.badFields(shape.errors)) : ok(filters);
  },
});

/** A whole number from a query string ("20") or a number; null when it is neither. */
function wholeNumber(value: unknown): number | undefined | null {
  if (value === undefined || value === null) return undefined;
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : typeof value === 'number' ? value : NaN;
  return Number.isSafeInteger(n) ? n : null;
}
