import { constants } from 'node:buffer';

/**
 * A body as its chunks, addressed by offsets in the whole body. Only a range (one object, one
 * document) is ever decoded to a string; the whole body may be longer than any string can be.
 *
 * A body read as it arrives grows at its end (`append`) and lets go of what its reader no longer
 * needs at its start (`release`): offsets stay those of the whole body.
 */
export class ChunkedBytes {
  /** The non-empty chunks held, in order. */
  readonly chunks: Buffer[] = [];
  /** Offset in the body of each chunk's first byte. */
  readonly chunkStarts: number[] = [];
  /** Just past the last byte received: the length of the body so far. */
  length = 0;

  constructor(chunks: readonly Buffer[] = []) {
    for (const chunk of chunks) this.append(chunk);
  }

  /** The body goes on with `chunk`. */
  append(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.chunkStarts.push(this.length);
    this.length += chunk.length;
  }

  /** Lets go of the chunks that end at or before `offset`: nothing before it will be asked for again. */
  release(offset: number): void {
    let drop = 0;
    while (drop < this.chunks.length && (this.chunkStarts[drop] ?? 0) + (this.chunks[drop]?.length ?? 0) <= offset) drop++;
    if (drop === 0) return;
    this.chunks.splice(0, drop);
    this.chunkStarts.splice(0, drop);
  }

  /** The index of the chunk holding the byte at `offset` (a byte held: not released, before length). */
  chunkIndexOf(offset: number): number {
    let low = 0;
    let high = this.chunkStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if ((this.chunkStarts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  /** The byte at `offset`, or undefined past the end. */
  byteAt(offset: number): number | undefined {
    if (offset < (this.chunkStarts[0] ?? this.length) || offset >= this.length) return undefined;
    const index = this.chunkIndexOf(offset);
    return this.chunks[index]?.[offset - (this.chunkStarts[index] ?? 0)];
  }

  /** The bytes from `start` to `end` (exclusive): a view when they lie in one chunk, a copy when they span several. */
  bytes(start: number, end: number): Buffer {
    if (end <= start) return Buffer.alloc(0);
    const first = this.chunkIndexOf(start);
    const firstChunk = this.chunks[first] ?? Buffer.alloc(0);
    const firstStart = this.chunkStarts[first] ?? 0;
    if (end <= firstStart + firstChunk.length) return firstChunk.subarray(start - firstStart, end - firstStart);
    const parts: Buffer[] = [];
    for (let index = first; index < this.chunks.length; index++) {
      const chunk = this.chunks[index] ?? Buffer.alloc(0);
      const chunkStart = this.chunkStarts[index] ?? 0;
      if (chunkStart >= end) break;
      parts.push(chunk.subarray(Math.max(0, start - chunkStart), Math.min(chunk.length, end - chunkStart)));
    }
    return Buffer.concat(parts, end - start);
  }

  /**
   * The bytes from `start` to `end` decoded as UTF-8. A multi-byte character split across two
   * chunks is whole here: the range is joined as bytes before it is decoded.
   */
  text(start: number, end: number): string {
    if (end - start > constants.MAX_STRING_LENGTH) throw new TooLongForOneStringError(start, end - start);
    return this.bytes(start, end).toString('utf8');
  }
}

/** A range longer than V8's longest string: it cannot be parsed as one piece. */
export class TooLongForOneStringError extends Error {
  constructor(
    readonly offset: number,
    readonly byteLength: number,
  ) {
    super(
      `${byteLength} bytes to be read as one piece, more than the longest string this server can hold (${constants.MAX_STRING_LENGTH} characters): ` +
        'send a List (kubectl get -o json prints one), whose items are read one by one',
    );
    this.name = 'TooLongForOneStringError';
  }
}
