import { decisionPodOf } from '@taintgate/domain';
import type { Connection } from '../platform/database/prisma.service';
import { type NodeRow } from './node-record';
import { readNodesSince } from './node-reads';
import { podKey, podOfRow } from './pod-record';
import { readDecisionPodsSince, readPodsSince } from './pod-reads';
import type { PodRead } from './snapshot-changes';
import type { NodeRead } from './snapshot-load-batches';
import { readOnThread } from './snapshot-load-threads';

/** What a snapshot's refresh reads of the pods and nodes written since a revision. */
export interface SnapshotObjects {
  pods: PodRead[];
  /** Rows, or nodes made from them on a load's thread (their pools' parts already held once). */
  nodes: (NodeRow | NodeRead)[];
}

/** How they are read. */
export interface SnapshotReading {
  /** Each pod whole too (a watch is told of each as it is now); the snapshot keeps what decisions read. */
  whole: boolean;
  /** A whole load reads the pods and the nodes on a worker thread. */
  onThread: boolean;
  /** Where that thread connects. */
  databaseUrl: string;
}

/**
 * The pods and nodes written since `since` (-1: all of them), in the transaction of `connection`.
 *
 * A whole load may read them on a worker thread: what the reading makes and lets go (some 300 MB
 * of rows and texts for a realistic cluster of 10,000 nodes and 300,000 pods) then dies with the
 * thread's heap, rather than in this one's old generation among the objects kept, where it left
 * pages half empty (bench/RESULTS.md).
 */
export async function readSnapshotObjects(connection: Connection, clusterId: number, since: bigint, reading: SnapshotReading): Promise<SnapshotObjects> {
  if (reading.whole) {
    const pods = await readPodsSince(connection, clusterId, since, (row) => {
      const whole = podOfRow(row);
      return { key: podKey(row.namespace, row.name), pod: decisionPodOf(whole), whole, revision: row.revision };
    });
    return { pods, nodes: await readNodesSince(connection, clusterId, since) };
  }
  if (since < 0n && reading.onThread) return readOnThread(connection, reading.databaseUrl, clusterId, since);
  const pods = await readDecisionPodsSince(connection, clusterId, since);
  // The nodes' rows after the pods': a realistic node's row is 7 KB (its images, conditions), and
  // 10,000 of them held while 300,000 pods are read were copied into V8's old generation and let go
  // there after, among the pods kept (live-heap.ts).
  return { pods, nodes: await readNodesSince(connection, clusterId, since) };
}
