import { FieldPath, ShapeChecker, fieldError, isDNS1123Label } from '@taintgate/domain';
import { operation } from '../../http/edge/operation';
import { checked, listChunking } from '../../http/edge/request-fields';

const root = FieldPath.root();
/** GET /v1/audit: which rows, newest first, and where the page starts. */
export interface AuditQuery {
  cluster?: string;
  actor?: string;
  action?: string;
  kind?: string;
  namespace?: string;
  name?: string;
  /** Rows at or after this instant (epoch ms). */
  since?: number;
  /** Rows before this instant. */
  until?: number;
  limit: number;
  /** The newest id the page may hold (from a continue token); the newest of all when absent. */
  upTo?: bigint;
}

function instant(shape: ShapeChecker, value: unknown, field: string): number | undefined {
  const text = shape.string(value, root.child(field));
  if (!text) return undefined;
  const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(text) ? Date.parse(text) : NaN;
  if (Number.isNaN(ms)) shape.errors.push(fieldError.invalid(root.child(field), text, 'must be an RFC 3339 time, e.g. 2026-11-23T12:00:00Z'));
  return Number.isNaN(ms) ? undefined : ms;
}

/** GET /v1/audit?cluster=&actor=&action=&kind=&namespace=&name=&since=&until=&limit=&continue= */
export const listAudit = operation<AuditQuery>({
  rest: ({ query }) => query,
  parse(input) {
    const shape = new ShapeChecker();
    const text = (field: string) => shape.string(input[field], root.child(field)) || undefined;
    const cluster = text('cluster');
    if (cluster !== undefined) for (const message of isDNS1123Label(cluster)) shape.errors.push(fieldError.invalid(root.child('cluster'), cluster, message));
    // Kubernetes' chunking, as every list: newest first, so a page's start is the newest id it may hold.
    const { limit, start } = listChunking(shape, input);
    let upTo: bigint | undefined;
    if (/^\d{1,19}$/.test(start)) upTo = BigInt(start);
    else if (start !== '') shape.errors.push(fieldError.unparsable(root.child('continue'), input.continue, `continue key is not valid: ${start}`));
    const query: AuditQuery = {
      cluster,
      actor: text('actor'),
      action: text('action'),
      kind: text('kind'),
      namespace: text('namespace'),
      name: text('name'),
      since: instant(shape, input.since, 'since'),
      until: instant(shape, input.until, 'until'),
      limit,
      upTo,
    };
    return checked(shape, () => query);
  },
  // A cluster asked for must be one of the key's: 403, rather than an empty page that says nothing.
  clusterOf: (query) => query.cluster,
});
