import { parentPort, workerData } from 'node:worker_threads';
import { MessageQueue } from '../../platform/threads/message-queue';
import { podDigestsOf } from '../../store/pod-record';
import { UnreadableBodyError } from './import-body';
import { AHEAD, type FromReader, type ImportReadTask, type ToReader } from './import-read-messages';
import { type ReadEntry, prepareEntry } from './imported-pod';
import { readKubectlObjects } from './kubectl-objects';
import type { ReadProgress } from './read-progress';

/**
 * A worker thread that reads an import's body (import-read-threads.ts starts it): it splits and
 * parses the body as kubectl-objects.ts reads it, and takes each pod's first step (preparePod: its
 * digest, its validation, its row laid out as the write sends it), what costs the most of an
 * import. The event loop then only tells each entry against the import's own state. What the
 * reading makes and lets go (each object's text, the object parsed) lives and dies in this
 * thread's heap.
 */

/** Entries a message: a realistic pod's row is 5-10 KB of text, so a message is a megabyte or less. */
const ENTRIES_PER_MESSAGE = 100;

async function read(port: NonNullable<typeof parentPort>, task: ImportReadTask): Promise<void> {
  const inbox = new ReaderInbox(port);
  const send = (message: FromReader) => port.postMessage(message);
  const known = { podDigests: podDigestsOf(task.digests), namedPods: new Set<string>(), settings: task.settings };
  let entries: ReadEntry[] = [];
  const flush = async () => {
    if (entries.length === 0) return;
    await inbox.credit();
    send({ kind: 'entries', entries });
    entries = [];
  };
  // The body, a piece each time it is needed; what was read is sent before the thread waits for more.
  async function* pieces(): AsyncGenerator<Buffer> {
    for (;;) {
      await flush();
      send({ kind: 'need' });
      const piece = await inbox.piece();
      if (piece === undefined) return;
      yield Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    }
  }
  const body = { format: task.format, chunks: pieces(), bytes: task.totalBytes };
  const options = { onProgress: (progress: ReadProgress) => send({ kind: 'progress', progress }), progressEveryBytes: task.progressEveryBytes };
  try {
    for await (const entry of readKubectlObjects(body, options, 'here')) {
      entries.push(prepareEntry(entry, known));
      if (entries.length >= ENTRIES_PER_MESSAGE) await flush();
    }
    await flush();
    send({ kind: 'done' });
  } catch (error) {
    if (!(error instanceof UnreadableBodyError)) throw error;
    await flush();
    send({ kind: 'unreadable', reason: error.reason, position: error.position });
  }
}

/** What the event loop sends: the body's pieces (undefined: its end), and credit for the messages of entries it took. */
class ReaderInbox {
  private credits = AHEAD;
  private wake: (() => void) | undefined;
  private readonly pieces = new MessageQueue<Uint8Array | undefined>();

  constructor(port: NonNullable<typeof parentPort>) {
    port.on('message', (message: ToReader) => {
      if (message.kind !== 'taken') {
        this.pieces.put(message.kind === 'piece' ? message.piece : undefined);
        return;
      }
      this.credits++;
      const wake = this.wake;
      this.wake = undefined;
      wake?.();
    });
  }

  async credit(): Promise<void> {
    while (this.credits === 0) await new Promise<void>((resolve) => (this.wake = resolve));
    this.credits--;
  }

  piece(): Promise<Uint8Array | undefined> {
    return this.pieces.take();
  }
}

// Started once the module's classes are defined.
const port = parentPort;
if (port) void read(port, workerData as ImportReadTask);
