import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import type { WriteContext } from './write-context';
import { type TwinKind, type TwinObjects, twinKey } from './twin-kinds';
import { type TwinObjectRow, storedTwinObject, twinObjectOfRow } from './twin-object-record';

/** How many objects one import statement writes (they are small: a few hundred bytes to a few KiB). */
const IMPORT_BATCH = 1000;

/** An object of a kept kind by name, for a delete. */
export interface TwinName {
  kind: TwinKind;
  /** '' for a kind that is not namespaced. */
  namespace: string;
  name: string;
}

/**
 * The twin_objects table: the kinds kept beside nodes and pods (twin-kinds.ts), each object whole
 * as JSON, written by imports and read whole by the snapshots. Its statements run on the write's
 * own connection (WriteContext.sql), as the node and pod imports' do.
 */
@Injectable()
export class TwinObjectStore {
  /**
   * Creates or replaces the objects at the write's revision, each encoded by importedTwinText as
   * the import read it: one statement per thousand, rows of one JSON document (json_to_recordset).
   */
  async importMany(w: WriteContext, texts: readonly string[]): Promise<void> {
    const statements: Promise<number>[] = [];
    for (let i = 0; i < texts.length; i += IMPORT_BATCH) {
      statements.push(
        w.sql(
          `INSERT INTO twin_objects (cluster_id, kind, namespace, name, uid, object, revision, created_at, updated_at)
           SELECT $1::int, v.kind, v.namespace, v.name, v.uid, v.object, $2::bigint, v.created_at, now()
           FROM json_to_recordset($3::json) AS v(kind text, namespace text, name text, uid uuid, object json, created_at timestamptz)
           ON CONFLICT (cluster_id, kind, namespace, name) DO UPDATE SET
             uid = EXCLUDED.uid, object = EXCLUDED.object, revision = EXCLUDED.revision, created_at = EXCLUDED.created_at, updated_at = now()`,
          [w.cluster.id, String(w.revision), `[${texts.slice(i, i + IMPORT_BATCH).join(',')}]`],
        ),
      );
    }
    await Promise.all(statements);
  }

  /** The objects of a namespaced kind in one namespace, as stored now (under the write's lock), by name. */
  async inNamespace<K extends TwinKind>(w: WriteContext, kind: K, namespace: string): Promise<TwinObjects[K][]> {
    const rows = await w.rows<{ object: unknown; revision: string }>(
      'SELECT object, revision::text AS revision FROM twin_objects WHERE cluster_id = $1 AND kind = $2 AND namespace = $3 ORDER BY name',
      [w.cluster.id, kind, namespace],
    );
    return rows.map((row) => twinObjectOfRow({ object: row.object, revision: BigInt(row.revision) }) as TwinObjects[K]);
  }

  /** Stores a changed object (one that is stored: its uid and creation time kept) at the write's revision; answers it at that revision. */
  async replace<K extends TwinKind>(w: WriteContext, kind: K, object: TwinObjects[K]): Promise<TwinObjects[K]> {
    const { namespace = '', name } = object.metadata;
    const stored = storedTwinObject(object);
    await w.sql(
      `UPDATE twin_objects SET object = $5::json, revision = $6::bigint, updated_at = now()
       WHERE cluster_id = $1 AND kind = $2 AND namespace = $3 AND name = $4`,
      [w.cluster.id, kind, namespace, name, JSON.stringify(stored), String(w.revision)],
    );
    return twinObjectOfRow({ object: stored, revision: w.revision }) as TwinObjects[K];
  }

  /** Deletes the objects and leaves their tombstones (kind, and name or `namespace/name`), so every replica drops them. */
  async deleteMany(w: WriteContext, names: readonly TwinName[]): Promise<void> {
    if (names.length === 0) return;
    await w.sql(
      `DELETE FROM twin_objects AS o USING unnest($1::text[], $2::text[], $3::text[]) AS v(kind, namespace, name)
       WHERE o.cluster_id = $4::int AND o.kind = v.kind AND o.namespace = v.namespace AND o.name = v.name`,
      [names.map((n) => n.kind), names.map((n) => n.namespace), names.map((n) => n.name), w.cluster.id],
    );
    const byKind = new Map<TwinKind, string[]>();
    for (const { kind, namespace, name } of names) {
      let keys = byKind.get(kind);
      if (!keys) byKind.set(kind, (keys = []));
      keys.push(twinKey(kind, namespace, name));
    }
    for (const [kind, keys] of byKind) await w.tombstone(kind, ...keys);
  }
}

/** The cluster's objects of the kept kinds written after revision `since`, in a snapshot's repeatable-read transaction. */
export function readTwinObjectsSince(tx: Prisma.TransactionClient, clusterId: number, since: bigint): Promise<TwinObjectRow[]> {
  return tx.twinObject.findMany({
    where: { clusterId, revision: { gt: since } },
    select: { kind: true, namespace: true, name: true, object: true, revision: true },
  });
}
