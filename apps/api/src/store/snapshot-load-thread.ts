import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { JsonTexts } from './json-texts';
import { nodeOfRow } from './node-record';
import { readNodesSince } from './node-reads';
import { PodBatchWriter, type SnapshotLoadMessage, type SnapshotLoadTask } from './snapshot-load-batches';
import { decisionPartsSince } from './pod-reads';

/**
 * A worker thread that reads a snapshot's pods and nodes (snapshot-load-threads.ts starts it): on
 * a connection of its own, in the snapshot's transaction (the one its starter exported), the pods
 * a fetch of rows at a time, each sent as a batch (snapshot-load-batches.ts), then the nodes a
 * slice at a time, each message sent once the snapshot has taken the one before last.
 *
 * Objects cross as JSON (snapshot-load-batches.ts). What reading makes and lets go (pg's rows, their strings, the JSON parsed on the way: some
 * 300 MB for a realistic cluster of 10,000 nodes and 300,000 pods) is made in this thread's heap,
 * which ends with it. In the process's own heap it was copied into the old generation first and
 * left pages half empty there among the objects kept (bench/RESULTS.md).
 */

/** Messages sent and not yet taken, at most: the reading keeps ahead of the snapshot by one. */
const AHEAD = 2;

/**
 * Nodes a message: a realistic node is 7 KB of row, and what the snapshot does not keep of a
 * message (the parts its pool shares, sent again) dies young when a message is this small.
 */
const NODES_PER_MESSAGE = 250;

const port = parentPort;
if (port) void load(port, workerData as SnapshotLoadTask);

async function load(port: NonNullable<typeof parentPort>, task: SnapshotLoadTask): Promise<void> {
  let unread = 0;
  let wake: (() => void) | undefined;
  port.on('message', () => {
    unread--;
    wake?.();
  });
  const send = async (message: SnapshotLoadMessage) => {
    while (unread >= AHEAD) await new Promise<void>((resolve) => (wake = resolve));
    port.postMessage(message);
    unread++;
  };
  const client = new pg.Client({ connectionString: task.databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query(`SET TRANSACTION SNAPSHOT ${client.escapeLiteral(task.snapshot)}`);
    const writer = new PodBatchWriter();
    for await (const parts of decisionPartsSince(client, task.clusterId, task.since, new JsonTexts())) {
      await send({ kind: 'pods', batch: writer.batchOf(parts) });
    }
    // After the pods, as ClusterSnapshot reads them on its own connection.
    const rows = await readNodesSince(client, task.clusterId, task.since);
    for (let from = 0; from < rows.length; from += NODES_PER_MESSAGE) {
      const nodes = rows.slice(from, from + NODES_PER_MESSAGE).map((row) => ({ name: row.name, text: JSON.stringify(nodeOfRow(row)), revision: row.revision }));
      await send({ kind: 'nodes', nodes });
    }
    await client.query('COMMIT');
    port.postMessage({ kind: 'done' } satisfies SnapshotLoadMessage);
  } finally {
    await client.end();
    port.close();
  }
}
