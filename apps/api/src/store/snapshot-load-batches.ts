import type { Node, Pod } from '@taintgate/domain';
import type { StoredPodRow } from './pod-record';
import { type DecisionParts, type DecisionPodRead, decisionReadOfParts } from './pod-reads';
import { JsonTexts } from './json-texts';

/**
 * How a snapshot's pods and nodes cross from the thread that reads them (snapshot-load-thread.ts)
 * to the snapshot: the pods a fetch of rows a message, as their parts (DecisionParts) laid out in
 * columns; then the nodes, each as its JSON.
 *
 * What pods share (a namespace, a node's name, a ReplicaSet's labels, a template's spec, a kind of
 * condition) crosses once: a message carries the values not sent before, and the rows refer to
 * them by number. Structured-cloned whole, every pod would carry its own copy of its template (a
 * message keeps what its own objects share, not what earlier ones did), and the snapshot would
 * hold 300,000 specs instead of 20,000.
 *
 * Objects cross as their JSON, parsed on the snapshot's side (a pod made whole from a row written
 * before the decision columns were kept is cloned): an object V8 structured-clones is
 * larger than the same parsed from JSON (400 bytes against 288 for a realistic pod's labels and two
 * containers; objects made property by property keep room for more), and a snapshot is kept for
 * hours.
 */

/** What a thread that reads a snapshot is handed. */
export interface SnapshotLoadTask {
  readonly databaseUrl: string;
  /** pg_export_snapshot() of the snapshot's transaction. */
  readonly snapshot: string;
  readonly clusterId: number;
  readonly since: bigint;
}

/** A node made from its row (nodeOfRow). */
export interface NodeRead {
  readonly name: string;
  readonly node: Node;
  readonly revision: bigint;
}

/** A node as it crosses: its JSON (nodesOfTexts). */
export interface NodeText {
  readonly name: string;
  readonly text: string;
  readonly revision: bigint;
}

/** What the thread sends: the pods a fetch at a time, then the nodes a slice at a time, then the end. */
export type SnapshotLoadMessage =
  { readonly kind: 'pods'; readonly batch: PodBatch } | { readonly kind: 'nodes'; readonly nodes: NodeText[] } | { readonly kind: 'done' };

/** Each row's shared values, by number in the values sent so far (NO_VALUE for null or none), in this order. */
const SHARED = ['namespace', 'nodeName', 'phase', 'qosClass', 'labels', 'tolerations', 'nodeSelector', 'affinity', 'decisionSpec', 'conditions'] as const;

const NO_VALUE = -1;

/** A shared field's place among a row's numbers. */
const AT = Object.fromEntries(SHARED.map((field, i) => [field, i])) as Record<(typeof SHARED)[number], number>;

/** One fetch of rows. */
export interface PodBatch {
  /** Values sent for the first time, numbered on from those before: an object as its JSON where `json` says so. */
  readonly values: unknown[];
  /** 1 where `values` has an object's JSON, else 0. */
  readonly json: (0 | 1)[];
  /** SHARED.length numbers a row. */
  readonly shared: Int32Array;
  readonly names: string[];
  readonly uids: string[];
  readonly revisions: string[];
  readonly creationTimestamps: string[];
  readonly deletionTimestamps: (string | null)[];
  /** deletionGracePeriodSeconds, in decimal. */
  readonly graces: (string | null)[];
  /** Each pod's own status fields (its start time, its IP): the phase, QoS class and conditions are shared. */
  readonly statuses: Record<string, unknown>[];
  /** Rows whose pod was made whole and cut down (written before the decision columns were kept), by position in the batch. */
  readonly made: { readonly index: number; readonly pod: Pod }[];
}

/** Lays rows' parts out as batches, on the reading thread: it numbers the shared values it has sent. */
export class PodBatchWriter {
  private readonly numbers = new Map<unknown, number>();

  batchOf(parts: readonly DecisionParts[]): PodBatch {
    const batch: PodBatch = {
      values: [],
      json: [],
      shared: new Int32Array(parts.length * SHARED.length).fill(NO_VALUE),
      names: [],
      uids: [],
      revisions: [],
      creationTimestamps: [],
      deletionTimestamps: [],
      graces: [],
      statuses: [],
      made: [],
    };
    parts.forEach((part, i) => {
      const at = i * SHARED.length;
      const share = (field: (typeof SHARED)[number], value: unknown) => {
        batch.shared[at + AT[field]] = this.numberOf(value, batch);
      };
      share('namespace', part.row.namespace);
      batch.names.push(part.row.name);
      batch.revisions.push(String(part.row.revision));
      if (part.kind === 'made') {
        batch.made.push({ index: i, pod: part.pod });
        batch.uids.push('');
        batch.creationTimestamps.push('');
        batch.deletionTimestamps.push(null);
        batch.graces.push(null);
        batch.statuses.push({});
        return;
      }
      const { row } = part;
      for (const field of SHARED) if (field !== 'namespace' && field !== 'conditions') share(field, row[field]);
      const { conditions, phase: _phase, qosClass: _qosClass, ...own } = part.status;
      if (conditions !== undefined) share('conditions', conditions);
      batch.uids.push(row.uid);
      batch.creationTimestamps.push(part.creationTimestamp);
      batch.deletionTimestamps.push(part.deletionTimestamp);
      batch.graces.push(row.deletionGracePeriodSeconds === null ? null : String(row.deletionGracePeriodSeconds));
      batch.statuses.push(own);
    });
    return batch;
  }

  /** The value's number, sent with this batch when it is new (`values`, an object as its JSON unless it holds a bigint). */
  private numberOf(value: unknown, { values, json }: PodBatch): number {
    if (value === null || value === undefined) return NO_VALUE;
    let number = this.numbers.get(value);
    if (number === undefined) {
      number = this.numbers.size;
      this.numbers.set(value, number);
      const text = typeof value === 'object' ? jsonOf(value) : undefined;
      values.push(text ?? value);
      json.push(text === undefined ? 0 : 1);
    }
    return number;
  }
}

/** Makes batches into pods, on the snapshot's thread: it holds the shared values sent so far, one object each. */
export class PodBatchReader {
  private readonly values: unknown[] = [];
  private readonly texts = new JsonTexts();
  readonly reads: DecisionPodRead[] = [];

  read(batch: PodBatch): void {
    batch.values.forEach((value, i) => this.values.push(batch.json[i] === 1 ? JSON.parse(value as string) : value));
    const made = new Map(batch.made.map(({ index, pod }) => [index, pod]));
    let at = 0;
    const shared = (field: (typeof SHARED)[number]): never => {
      const number = batch.shared[at + AT[field]] as number;
      return (number === NO_VALUE ? null : this.values[number]) as never;
    };
    for (let i = 0; i < batch.names.length; i++, at += SHARED.length) {
      const revision = this.texts.revision(batch.revisions[i] as string);
      const namespace = shared('namespace') as string;
      const name = batch.names[i] as string;
      const pod = made.get(i);
      if (pod !== undefined) {
        this.reads.push(decisionReadOfParts({ kind: 'made', row: { namespace, name, revision }, pod }, this.texts));
        continue;
      }
      const grace = batch.graces[i] as string | null;
      const status = batch.statuses[i] as Record<string, unknown>;
      const conditions: unknown = shared('conditions');
      if (conditions !== null) status.conditions = conditions;
      status.phase = shared('phase');
      status.qosClass = shared('qosClass');
      const row = {
        namespace,
        name,
        uid: batch.uids[i] as string,
        revision,
        deletionGracePeriodSeconds: grace === null ? null : BigInt(grace),
        nodeName: shared('nodeName'),
        phase: shared('phase'),
        qosClass: shared('qosClass') as StoredPodRow['qosClass'],
        labels: shared('labels'),
        tolerations: shared('tolerations'),
        nodeSelector: shared('nodeSelector'),
        affinity: shared('affinity'),
        decisionSpec: shared('decisionSpec'),
      };
      const parts: DecisionParts = {
        kind: 'columns',
        row,
        creationTimestamp: batch.creationTimestamps[i] as string,
        deletionTimestamp: batch.deletionTimestamps[i] as string | null,
        status,
      };
      this.reads.push(decisionReadOfParts(parts, this.texts));
    }
  }
}

/** The value's JSON, or undefined for one JSON would not give back as it is (a toleration's seconds past 2^53, a bigint). */
function jsonOf(value: object): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/** The nodes as they crossed, each parsed from its JSON (objects as compact as a row's). */
export const nodesOfTexts = (nodes: readonly NodeText[]): NodeRead[] =>
  nodes.map(({ name, text, revision }) => ({ name, node: JSON.parse(text) as Node, revision }));
