import { FieldPath, ShapeChecker, err, failure, fieldError, ok } from '@taintgate/domain';
import { operation } from '../../http/edge/operation';
import { listChunking } from '../../http/edge/request-fields';
import type { EvictionStatus } from '../../generated/prisma/client';
import type { EvictionFilters } from '../../store/evictions/eviction-ledger';

/** A managed cluster's evictions are Scheduled, then Executed or Cancelled; a mirror's are Predicted, then Executed (at its cluster) or Cancelled. */
export const EVICTION_STATUSES: readonly EvictionStatus[] = ['Scheduled', 'Predicted', 'Cancelled', 'Executed'];
const root = FieldPath.root();

/**
 * GET /v1/evictions and the `evictions` and `evictionList` queries: filters, and the page
 * (`limit` and `continue`, as every list takes them). Evictions are listed newest first; a token's
 * start key is the newest id the next page may hold.
 */
export const listEvictions = operation<EvictionFilters>({
  rest: ({ query }) => query,
  parse(input) {
    const shape = new ShapeChecker();
    const status = shape.string(input.status, root.child('status'));
    const { limit, start } = listChunking(shape, input);
    const filters: EvictionFilters = {
      nodeName: shape.string(input.nodeName, root.child('nodeName')),
      namespace: shape.string(input.namespace, root.child('namespace')),
      pod: shape.string(input.pod, root.child('pod')),
      limit,
    };
    if (status !== undefined) {
      if (EVICTION_STATUSES.includes(status as EvictionStatus)) filters.status = status as EvictionStatus;
      else shape.errors.push(fieldError.notSupported(root.child('status'), status, EVICTION_STATUSES, 'string'));
    }
    // A token of this list holds an id; another list's token (a name) is refused as DecodeContinue refuses a bad key.
    if (/^\d{1,19}$/.test(start)) filters.upTo = BigInt(start);
    else if (start !== '') shape.errors.push(fieldError.unparsable(root.child('continue'), input.continue, `continue key is not valid: ${start}`));
    return shape.errors.length ? err(failure.badFields(shape.errors)) : ok(filters);
  },
});
