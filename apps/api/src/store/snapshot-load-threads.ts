import { startThread } from '../platform/threads/start-thread';
import type { Connection } from '../platform/database/prisma.service';
import { type NodeRead, PodBatchReader, nodesOfTexts, type SnapshotLoadMessage, type SnapshotLoadTask } from './snapshot-load-batches';
import type { DecisionPodRead } from './pod-reads';
import { SharedNodeParts } from './shared-node-parts';

/**
 * The heap a thread reading a snapshot may use: it holds each distinct text it parsed (a realistic
 * cluster of 300,000 pods has some 30,000), a fetch of rows, and the nodes' rows (70 MB for 10,000
 * realistic nodes). Past it the load fails, and the process goes on.
 */
const THREAD_MEMORY_MB = 1024;

/** What a snapshot's load reads of the pods and nodes written since a revision. */
export interface SnapshotRead {
  pods: DecisionPodRead[];
  /** Each made from its row, the parts a pool's nodes have alike held once (SharedNodeParts). */
  nodes: NodeRead[];
}

/**
 * readDecisionPodsSince and readNodesSince, read on a worker thread in the transaction of
 * `connection` (exported to it), the pods made here from the batches it sends
 * (snapshot-load-batches.ts), one message at a time: the event loop answers other requests
 * between them.
 */
export async function readOnThread(connection: Connection, databaseUrl: string, clusterId: number, since: bigint): Promise<SnapshotRead> {
  const { rows } = await connection.query<{ snapshot: string }>('SELECT pg_export_snapshot() AS snapshot');
  const task: SnapshotLoadTask = { databaseUrl, snapshot: (rows[0] as { snapshot: string }).snapshot, clusterId, since };
  const thread = startThread(__dirname, 'snapshot-load-thread', task, THREAD_MEMORY_MB);
  const pods = new PodBatchReader();
  const nodes: NodeRead[] = [];
  // Shared as they come: a node's own copies of its pool's parts die young then.
  const parts = new SharedNodeParts();
  return new Promise((resolve, reject) => {
    let done = false;
    let failed: Error | undefined;
    thread.on('message', (message: SnapshotLoadMessage) => {
      try {
        if (message.kind === 'done') done = true;
        else {
          if (message.kind === 'pods') pods.read(message.batch);
          else for (const { name, node, revision } of nodesOfTexts(message.nodes)) nodes.push({ name, node: parts.of(node), revision });
          thread.postMessage('taken');
        }
      } catch (error) {
        failed ??= error as Error;
        void thread.terminate();
      }
    });
    thread.once('error', (error) => (failed ??= error));
    thread.once('exit', (code) => {
      if (done && !failed) resolve({ pods: pods.reads, nodes });
      else reject(new Error(`the thread reading the snapshot stopped (${failed?.message ?? `exit code ${code}`})`));
    });
  });
}
