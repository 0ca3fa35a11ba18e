import { escapeLiteral } from 'pg';
import { currentActor } from '../platform/access/actor';
import { stringifyExactly } from '../http/edge/exact-json';
import type { AuditEntry, ClusterRef } from './write-context';

/*
 * The audit trail's rows, as writes leave them (WriteContext.audit): a write in a group holds its
 * rows for its group's commit, which sends them all in the COMMIT's round trip (`commitWith`); a
 * large write (an import, a taint command's evictions) sends its own as it makes them.
 */

/** An audit row as its statement reads it (json_to_recordset): the entry, and the write and caller it is of. */
export interface AuditRow {
  cluster_id: number;
  cluster_name: string;
  revision: string;
  action: string;
  kind: string;
  namespace: string | null;
  name: string;
  details: unknown;
  before: unknown;
  after: unknown;
  actor: string;
  actor_key_id: string | null;
  request_id: string | null;
  client_address: string | null;
}

/** Sends one statement in the write's transaction, on its connection. */
type Send = (text: string, values: unknown[]) => Promise<unknown>;

/** How many audit entries one statement writes. */
const AUDIT_BATCH = 20_000;

/**
 * Escapes in a JSON document that Postgres' jsonb refuses (NUL, a lone surrogate): a write whose
 * audit rows hold one sends them at once, so that it fails alone, not its group at commit.
 */
const REFUSED_BY_JSONB = /\\u(0000|d[89a-f])/i;

/**
 * Records a write's entries, by the caller of the request being answered: into `held` (the rows
 * its group sends with its commit) when there is room and Postgres will take them, else in
 * statements of their own, sent now (`send`).
 */
export async function recordAudit(
  entries: readonly AuditEntry[],
  cluster: ClusterRef,
  revision: bigint,
  held: AuditRow[] | undefined,
  send: Send,
): Promise<void> {
  if (entries.length === 0) return;
  const actor = currentActor();
  const rowOf = (entry: AuditEntry): AuditRow => ({
    cluster_id: cluster.id,
    cluster_name: cluster.name,
    revision: String(revision),
    action: entry.action,
    kind: entry.kind,
    namespace: entry.namespace ?? null,
    name: entry.name,
    details: entry.details ?? {},
    before: entry.before ?? null,
    after: entry.after ?? null,
    actor: actor.actor,
    actor_key_id: actor.actorKeyId === null ? null : String(actor.actorKeyId),
    request_id: actor.requestId,
    client_address: actor.clientAddress,
  });
  if (held && entries.length <= AUDIT_BATCH) {
    const rows = entries.map(rowOf);
    const document = stringifyExactly(rows);
    if (!REFUSED_BY_JSONB.test(document)) {
      held.push(...rows);
      return;
    }
  }
  // A NoExecute taint over a large cluster audits every pod it evicts: hundreds of thousands of
  // entries, a few statements of JSON on the write's own connection (as an import stores rows).
  for (let i = 0; i < entries.length; i += AUDIT_BATCH) {
    // stringifyExactly: an object's int64 fields (tolerationSeconds) may be bigints.
    const document = stringifyExactly(entries.slice(i, i + AUDIT_BATCH).map(rowOf));
    await send(auditStatement('$1'), [document]);
  }
}

/** A group's COMMIT, with the audit rows its writes held sent before it in the same simple query. */
export function commitWith(held: readonly AuditRow[]): string {
  return `${held.length ? `${auditStatement(escapeLiteral(stringifyExactly(held)))}; ` : ''}COMMIT`;
}

/**
 * The statement that stores audit rows from `document`, a JSON array of AuditRow: a parameter
 * (`$1`), or the document written in (escaped), to go in one simple query with the commit.
 */
function auditStatement(document: string): string {
  return `INSERT INTO audit_events (cluster_id, cluster_name, revision, action, kind, namespace, name, details, before, after, actor, actor_key_id, request_id, client_address)
    SELECT v.cluster_id, v.cluster_name, v.revision, v.action, v.kind, v.namespace, v.name, v.details, v.before, v.after, v.actor, v.actor_key_id, v.request_id, v.client_address
    FROM json_to_recordset(${document}::json) AS v(cluster_id int, cluster_name text, revision bigint, action text, kind text, namespace text, name text, details jsonb,
      before jsonb, after jsonb, actor text, actor_key_id bigint, request_id text, client_address text)`;
}
