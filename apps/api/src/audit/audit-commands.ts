import { FieldPath, ShapeChecker, fieldError, isDNS1123Label } from '@taintgate/domain';
import { operation } from '../edge/operation';
import { checked } from '../edge/request-fields';

const root = FieldPath.root();
const DEFAULT_LIMIT = 500;
const MAX_LIMIT = 10_000;

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
  /** Rows older than this id: the page after the one whose `continue` carried it. */
  beforeId?: bigint;
}

/** The `continue` token of an audit page: opaque to clients, the id the next page starts below. */
export const auditContinueToken = (beforeId: bigint): string => Buffer.from(JSON.stringify({ v: 'audit/v1', before: String(beforeId) })).toString('base64url');

function continueFrom(shape: ShapeChecker, value: unknown): bigint | undefined {
  const text = shape.string(value, root.child('continue'));
  if (!text) return undefined;
  try {
    const token = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as { v?: unknown; before?: unknown };
    if (token.v === 'audit/v1' && typeof token.before === 'string' && /^\d+$/.test(token.before)) return BigInt(token.before);
  } catch {
    // Fall through to the error below.
  }
  shape.errors.push(fieldError.invalid(root.child('continue'), text, 'not a continue token this list gave'));
  return undefined;
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
    const limitText = shape.string(input.limit, root.child('limit'));
    let limit = DEFAULT_LIMIT;
    if (limitText) {
      const n = /^\d+$/.test(limitText) ? Number(limitText) : NaN;
      if (!Number.isSafeInteger(n) || n < 1 || n > MAX_LIMIT)
        shape.errors.push(fieldError.invalid(root.child('limit'), limitText, `must be a whole number from 1 to ${MAX_LIMIT}`));
      else limit = n;
    }
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
      beforeId: continueFrom(shape, input.continue),
    };
    return checked(shape, () => query);
  },
});
