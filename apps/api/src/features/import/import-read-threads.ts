import { type DomainSettings, failure } from '@taintgate/domain';
import { FailureException } from '../../platform/failures/failure.exception';
import { MessageQueue } from '../../platform/threads/message-queue';
import { startThread } from '../../platform/threads/start-thread';
import { type ImportBody, UnreadableBodyError } from './import-body';
import type { FromReader, ImportReadTask, ToReader } from './import-read-messages';
import type { ReadEntry } from './imported-pod';
import type { ReadOptions } from './read-progress';

/**
 * The heap of a thread reading an import: it holds the objects of the piece being read and the
 * digests of the stored pods (some 40 MB for 300,000); a YAML body's text is held outside the heap.
 * Past it the import fails as too large, and the process goes on.
 */
const THREAD_MEMORY_MB = 1024;

/** How much of the body crosses to the thread at once: fewer messages than fastify's 64 KiB chunks, and a copy of at most this much. */
const PIECE_BYTES = 2 ** 20;

/**
 * The entries of an import's body, read on a worker thread of its own (import-read-thread.ts):
 * the body's chunks are sent there as the thread asks for them, and what it read comes back in
 * order, each pod as far as its own object tells it (imported-pod.ts's first step). A body that
 * cannot be read throws as readKubectlObjects throws, once the entries before the error are
 * taken; so do the body's own failures (BodyNotReceivedError). The thread ends with the reading,
 * or when the reader stops early.
 */
export async function* readOnThread(
  body: ImportBody,
  digests: string,
  settings: DomainSettings,
  options: ReadOptions = {},
): AsyncGenerator<ReadEntry, void, undefined> {
  const task: ImportReadTask = { format: body.format, totalBytes: body.bytes, digests, settings, progressEveryBytes: options.progressEveryBytes };
  const thread = startThread(__dirname, 'import-read-thread', task, THREAD_MEMORY_MB);
  const messages = new MessageQueue<FromReader>();
  const pieces = new BodyPieces(body.chunks);
  const send = (message: ToReader, transfer: ArrayBuffer[] = []) => thread.postMessage(message, transfer);
  thread.on('message', (message: FromReader) => {
    if (message.kind !== 'need') {
      messages.put(message);
      return;
    }
    pieces.next().then(
      (piece) => (piece ? send({ kind: 'piece', piece }, [piece.buffer as ArrayBuffer]) : send({ kind: 'end' })),
      (error: unknown) => messages.fail(error as Error),
    );
  });
  thread.once('error', (error: Error & { code?: string }) => messages.fail(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? outOfMemory() : error));
  thread.once('exit', (code) => messages.fail(new Error(`the thread reading the import stopped (exit code ${code})`)));
  try {
    for (;;) {
      const message = await messages.take();
      switch (message.kind) {
        case 'entries':
          yield* message.entries;
          send({ kind: 'taken' });
          break;
        case 'progress':
          options.onProgress?.(message.progress);
          break;
        case 'unreadable':
          throw new UnreadableBodyError(message.reason, message.position);
        case 'done':
          return;
      }
    }
  } finally {
    pieces.stop();
    await thread.terminate();
  }
}

/** A body whose objects would take the thread past its heap: one of them is far larger than any Kubernetes object. */
const outOfMemory = (): Error =>
  new FailureException(
    failure.tooLarge(`reading the body took more than the ${THREAD_MEMORY_MB} MiB an import's reader may use: an object of it is too large to import`),
  );

/** What a chunk not come yet is raced against: the next turn of the event loop. */
const NOT_YET = Symbol('not yet');

/**
 * The body's chunks joined into pieces of up to PIECE_BYTES, each in a buffer of its own to hand
 * over: as many chunks as have come, never waiting for more once one is in (a body sent slowly is
 * read as it comes, not a megabyte at a time).
 */
class BodyPieces {
  private readonly chunks: AsyncIterator<Buffer>;
  /** A chunk asked for that had not come when the last piece was handed over. */
  private pending: Promise<IteratorResult<Buffer>> | undefined;

  constructor(chunks: AsyncIterable<Buffer>) {
    this.chunks = chunks[Symbol.asyncIterator]();
  }

  /** The next piece; undefined once the body has ended. */
  async next(): Promise<Uint8Array | undefined> {
    const parts: Buffer[] = [];
    let size = 0;
    for (;;) {
      const asked = this.pending ?? this.chunks.next();
      this.pending = undefined;
      // Until some bytes are in, wait as long as it takes; after, only for chunks already come.
      const chunk = size === 0 ? await asked : await Promise.race([asked, new Promise<typeof NOT_YET>((resolve) => setImmediate(resolve, NOT_YET))]);
      if (chunk === NOT_YET) {
        this.pending = asked;
        break;
      }
      if (chunk.done) break;
      parts.push(chunk.value);
      size += chunk.value.length;
      if (size >= PIECE_BYTES) break;
    }
    if (size === 0) return undefined;
    const piece = new Uint8Array(size);
    let at = 0;
    for (const part of parts) {
      piece.set(part, at);
      at += part.length;
    }
    return piece;
  }

  /** The reader stopped: the rest of the body goes by unread. */
  stop(): void {
    void this.pending?.catch(() => undefined);
    void this.chunks.return?.();
  }
}
