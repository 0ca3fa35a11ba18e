import { Injectable } from '@nestjs/common';
import type { EventKind } from '../generated/prisma/client';
import type { WriteContext } from './write-context';

/** An event as Kubernetes records one: what happened to which object, by whom (`reason`), and when. */
export interface NewEvent {
  kind: EventKind;
  type: 'Normal' | 'Warning';
  reason: string;
  message: string;
  involvedKind: 'Node' | 'Pod';
  involvedNamespace: string | null;
  involvedName: string;
  /** The eviction the event is about, for the taint eviction controller's events. */
  evictionId: bigint | null;
}

/**
 * The events table: what the controllers did, in the write that did it, at the write's time.
 * Thousands of rows go in one statement over arrays (a NoExecute taint on a busy pool records an
 * event per pod).
 */
@Injectable()
export class EventStore {
  async record(w: WriteContext, events: readonly NewEvent[]): Promise<void> {
    if (events.length === 0) return;
    const col = <K extends keyof NewEvent>(k: K) => events.map((e) => e[k]);
    // On the write's own connection (WriteContext.sql): Prisma would encode each array as JSON twice more.
    await w.sql(
      `INSERT INTO events (cluster_id, at, kind, type, reason, message, involved_kind, involved_namespace, involved_name, eviction_id)
       SELECT $1::int, $2::timestamptz, * FROM unnest($3::text[]::"EventKind"[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::bigint[])`,
      [
        w.cluster.id,
        new Date(w.now).toISOString(),
        col('kind'),
        col('type'),
        col('reason'),
        col('message'),
        col('involvedKind'),
        col('involvedNamespace'),
        col('involvedName'),
        col('evictionId').map((id) => (id === null ? null : String(id))),
      ],
    );
  }
}
