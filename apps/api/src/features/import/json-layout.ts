import { MAX_JSON_DEPTH } from '../../http/edge/json-depth';
import type { ChunkedBytes } from './chunked-bytes';
import { UnreadableBodyError } from './import-body';

/**
 * Where the values of a JSON body are, found by scanning its bytes: each top-level object (a
 * document) and, when it has a top-level `items` array, where each entry of that array starts and
 * ends. Nothing is parsed here; each slice is parsed on its own later (json-objects.ts), by
 * JSON.parse, which also checks what the scan does not (that a slice is valid JSON).
 *
 * The scan keeps only what it needs to find those slices: whether it is in a string (and after a
 * backslash), the nesting depth, and, at depths 1 and 2, the keys and separators of the top-level
 * object and of its `items` array. State survives chunk boundaries, so a value (or a multi-byte
 * UTF-8 character, whose bytes are all >= 0x80 and never taken for JSON syntax) may span chunks.
 *
 * A malformed body leaves the scan unsure where anything starts (an unclosed string swallows the
 * rest of the body), so it does not resynchronize: the first error refuses the whole body.
 *
 * Why not a streaming JSON library: measured on a 302 MB `kubectl get -o json` List (2,000 nodes,
 * 43,000 pods) in 64 KiB chunks, Node 20 on 2 shared cores (2026-11-23, bench/RESULTS.md), this
 * scan runs at ~560-630 MB/s, decoding and JSON.parse of the items at ~400-430 MB/s, and the whole
 * reader (with secure-json-parse's checks and exact big integers) at ~210 MB/s (1 GB in 4.8 s),
 * where @streamparser/json 0.0.26 (`paths: ['$.items.*']`) reads 40-67 MB/s and stream-json 3.8.0
 * (parser, pick, streamArray) 15-21 MB/s, both before any check: they build each value token by
 * token in JavaScript, neither keeps integers beyond 2^53 nor refuses `__proto__` keys as fastify
 * does, and stream-json's README says it is not designed for untrusted input. At 40 MB/s a 1 GB
 * import would spend 25 of its 60 s reading.
 */

/** Where one top-level JSON object is, and its `items` entries if it has a top-level `items` array. */
export interface JsonDocumentLayout {
  readonly index: number;
  readonly start: number;
  /** Just past the closing brace. */
  readonly end: number;
  readonly line: number;
  /** A run of 16 digits or more outside strings: the object may hold an integer beyond 2^53. */
  readonly longNumbers: boolean;
  readonly items?: JsonItemsLayout;
}

/** The top-level `items` array: its brackets, and each entry's start, end (exclusive) and line. */
interface JsonItemsLayout {
  readonly arrayStart: number;
  /** Just past the closing bracket. */
  readonly arrayEnd: number;
  readonly arrayStartLine: number;
  readonly arrayEndLine: number;
  readonly starts: readonly number[];
  readonly ends: readonly number[];
  readonly lines: readonly number[];
  /** The entries with a run of 16 digits or more outside strings (see longNumbers). */
  readonly withLongNumbers: ReadonlySet<number>;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;
const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;
const ZERO = 0x30;
const NINE = 0x39;
/** A List's entries sit two deep in it; each may nest MAX_JSON_DEPTH deep, as any request body (edge/json-depth.ts). */
const MAX_DEPTH = MAX_JSON_DEPTH + 2;
/** 2^53 has 16 digits: a shorter integer is exact as a number. */
const LONG_NUMBER_DIGITS = 16;

/** What is known of the top-level object being scanned: its depth-1 keys and its `items` array. */
export class TopLevelObject {
  /** The scan's state between chunks: nesting depth, in a string, line of the next byte. */
  depth = 0;
  inString = false;
  /** At depth 1, the next string is a key (after `{` and after `,`). */
  expectKey = true;
  /** Offset of the opening quote of the depth-1 key being scanned, or -1. */
  keyStart = -1;
  /** The last depth-1 key was `items`: the value after the colon may be the array. */
  lastKeyIsItems = false;
  /** The colon after `items` was seen: the next depth-1 value is `items`' value. */
  itemsValueNext = false;
  /** Inside the `items` array (depth 2 is its entries). */
  inItems = false;
  sawItemsArray = false;
  arrayStart = -1;
  arrayEnd = -1;
  /** The lines of the array's brackets. */
  arrayStartLine = 0;
  arrayEndLine = 0;
  /** The entry being scanned: its first byte, just past its last byte, its line; -1 when between entries. */
  itemStart = -1;
  itemEnd = -1;
  itemLine = 0;
  /** A comma was seen in the array, so an entry must follow. */
  afterComma = false;
  readonly starts: number[] = [];
  readonly ends: number[] = [];
  readonly lines: number[] = [];
  longNumbers = false;
  readonly withLongNumbers = new Set<number>();

  /** The line of the next byte to scan; `startLine` is the line of the opening brace. */
  line: number;

  constructor(
    /** 0-based: which top-level object of the body. */
    readonly index: number,
    readonly start: number,
    readonly startLine: number,
  ) {
    this.line = startLine;
  }
}

/**
 * Scans a body as it arrives: `next()` scans the bytes received so far and answers each top-level
 * object once its closing brace has arrived; until then the object being scanned is `current`, its
 * `items` entries listed as each one ends (a List's entries can be read before the List ends).
 */
export class JsonDocumentScanner {
  /** Offset in the body of the next byte to scan (past the end of what arrived, after an escape that ended it). */
  private offset: number;
  /** 1-based line of the next byte. */
  private line = 1;
  private documents = 0;
  private top: TopLevelObject | undefined;

  /** The scan starts at `startOffset` (past a byte order mark). */
  constructor(
    private readonly body: ChunkedBytes,
    startOffset = 0,
  ) {
    this.offset = startOffset;
  }

  /** The top-level object being scanned, whose end has not arrived yet. */
  get current(): Readonly<TopLevelObject> | undefined {
    return this.top;
  }

  /** Where the scan is: every byte before it has been scanned. */
  get scanned(): number {
    return this.offset;
  }

  /**
   * The next top-level object, or undefined when the bytes received so far end first: call again
   * once more have arrived, and `finish()` once the body has ended. Throws UnreadableBodyError.
   */
  next(): JsonDocumentLayout | undefined {
    if (this.top === undefined) {
      const start = this.skipWhitespace();
      if (start === undefined) return undefined;
      const first = this.body.byteAt(start);
      if (first !== OPEN_BRACE) {
        const reason =
          first === OPEN_BRACKET
            ? 'a JSON array at the top level is not a Kubernetes object: send what kubectl prints, an object or a List ({"kind": "List", "items": [...]})'
            : `expected a JSON object ('{') but found ${describeByte(first)}`;
        throw this.error(reason, start);
      }
      this.top = new TopLevelObject(this.documents++, start, this.line);
    }
    return this.scanObject(this.top);
  }

  /** The body has ended: an object still open is cut short. */
  finish(): void {
    const top = this.top;
    if (top === undefined) return;
    const where = top.inString ? 'inside a string' : `with ${top.depth} object(s) or array(s) still open`;
    throw this.error(`the body ends ${where}: the JSON is cut short`, this.body.length);
  }

  /** Skips whitespace between documents; the offset of the next byte, or undefined when the bytes received end first. */
  private skipWhitespace(): number | undefined {
    const { chunks, chunkStarts } = this.body;
    if (this.offset >= this.body.length) return undefined;
    for (let index = this.body.chunkIndexOf(this.offset); index < chunks.length; index++) {
      const chunk = chunks[index] ?? Buffer.alloc(0);
      const chunkStart = chunkStarts[index] ?? 0;
      for (let at = this.offset - chunkStart; at < chunk.length; at++) {
        const byte = chunk[at];
        if (byte === NEWLINE) this.line++;
        else if (byte !== SPACE && byte !== TAB && byte !== CARRIAGE_RETURN) return (this.offset = chunkStart + at);
      }
      this.offset = chunkStart + chunk.length;
    }
    return undefined;
  }

  /** Scans the object whose `{` is at `top.start` on to its closing brace, as far as the bytes received go. */
  private scanObject(top: TopLevelObject): JsonDocumentLayout | undefined {
    const { chunks, chunkStarts } = this.body;
    if (this.offset >= this.body.length) return undefined;
    for (let index = this.body.chunkIndexOf(this.offset); index < chunks.length; index++) {
      const chunkStart = chunkStarts[index] ?? 0;
      const end = this.scanChunk(top, chunks[index] ?? Buffer.alloc(0), chunkStart, this.offset - chunkStart);
      if (end >= 0) {
        this.offset = chunkStart + end;
        this.top = undefined;
        return this.layoutOf(top, chunkStart + end);
      }
    }
    return undefined;
  }

  /**
   * Scans one chunk from `from`; returns the index just past the top-level object's
   * closing brace, or -1 when the chunk ends first. This is the hot path of a 1 GB import: most
   * bytes are in strings or deeper than depth 2, where only the string state, the depth and the
   * line count change, and strings and indentation are skipped by tight inner loops (a raw line
   * feed never occurs in a JSON string, so one always starts a line). The state lives in locals
   * for the loop, and in `top` between chunks.
   */
  private scanChunk(top: TopLevelObject, chunk: Buffer, chunkStart: number, from: number): number {
    const length = chunk.length;
    let { depth, inString, line } = top;
    let i = from;
    while (i < length) {
      let byte = chunk[i] as number;
      if (inString) {
        while (byte !== QUOTE && byte !== BACKSLASH) {
          if (++i === length) break;
          byte = chunk[i] as number;
        }
        if (i === length) break;
        if (byte === BACKSLASH) {
          // The escaped byte is skipped, whatever it is; it may be the next chunk's first.
          i += 2;
          continue;
        }
        inString = false;
        if (depth <= 2) this.stringEnded(top, chunkStart + i, depth);
        i++;
        continue;
      }
      // Ordered by how often each byte comes outside strings in kubectl's output.
      if (byte === QUOTE) {
        inString = true;
        if (depth <= 2) this.stringStarted(top, chunkStart + i, depth, line);
      } else if (byte === NEWLINE) {
        line++;
        i++;
        while (i < length && chunk[i] === SPACE) i++;
        continue;
      } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
        if (depth <= 2) {
          this.line = line;
          this.opened(top, chunkStart + i, depth, byte, line);
        }
        if (++depth > MAX_DEPTH) {
          this.line = line;
          throw this.error(`objects or arrays nested more than ${MAX_JSON_DEPTH} deep in one object`, chunkStart + i);
        }
      } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
        depth--;
        if (depth <= 2) {
          this.line = line;
          if (this.closed(top, chunkStart + i, depth, byte)) return i + 1;
        }
      } else if (byte >= ZERO && byte <= NINE) {
        // A number's digits, skipped together. A run of 16 or more may be an integer beyond 2^53,
        // which exact-json.ts then reads exactly; so may a run that reaches the chunk's end.
        const from = i;
        do i++;
        while (i < length && (chunk[i] as number) >= ZERO && (chunk[i] as number) <= NINE);
        if (i - from >= LONG_NUMBER_DIGITS || i === length) this.longNumber(top, depth);
        if (depth <= 2) this.number(top, chunkStart + from, chunkStart + i, depth, line);
        continue;
      } else if (depth <= 2) {
        this.line = line;
        this.shallowByte(top, chunkStart + i, depth, byte, line);
      }
      i++;
    }
    top.depth = depth;
    top.inString = inString;
    top.line = line;
    this.line = line;
    // Past the chunk's end by one when an escape's backslash ended it: the next chunk's first byte is skipped.
    this.offset = chunkStart + i;
    return -1;
  }

  private stringStarted(top: TopLevelObject, offset: number, depth: number, line: number): void {
    if (depth === 1) {
      if (top.expectKey) top.keyStart = offset;
      else top.itemsValueNext = false;
    } else if (top.inItems) this.itemByte(top, offset, line);
  }

  private stringEnded(top: TopLevelObject, offset: number, depth: number): void {
    if (depth === 1 && top.keyStart >= 0) {
      top.lastKeyIsItems = this.isItemsKey(top.keyStart, offset + 1);
      top.keyStart = -1;
      top.expectKey = false;
    } else if (depth === 2 && top.inItems) top.itemEnd = offset + 1;
  }

  /** `{` or `[` at `depth` (before it opens). */
  private opened(top: TopLevelObject, offset: number, depth: number, byte: number, line: number): void {
    if (depth === 1) {
      if (top.itemsValueNext && byte === OPEN_BRACKET) {
        if (top.sawItemsArray) throw this.error('the object has two "items" arrays', offset);
        top.inItems = true;
        top.sawItemsArray = true;
        top.arrayStart = offset;
        top.arrayStartLine = line;
      }
      top.itemsValueNext = false;
    } else if (depth === 2 && top.inItems) this.itemByte(top, offset, line);
  }

  /** `}` or `]` that brought the depth down to `depth`; true when it closes the top-level object. */
  private closed(top: TopLevelObject, offset: number, depth: number, byte: number): boolean {
    if (depth === 2) {
      if (top.inItems) top.itemEnd = offset + 1;
      return false;
    }
    if (depth === 1) {
      if (top.inItems) {
        if (byte !== CLOSE_BRACKET) throw this.error(`the "items" array is closed by ${describeByte(byte)}`, offset);
        this.endItem(top, offset, true);
        top.inItems = false;
        top.arrayEnd = offset + 1;
        top.arrayEndLine = this.line;
      }
      return false;
    }
    if (byte !== CLOSE_BRACE) throw this.error(`the top-level object is closed by ${describeByte(byte)}`, offset);
    return true;
  }

  /** Any other byte at depth 1 or 2: a separator, whitespace, or part of a number or literal. */
  private shallowByte(top: TopLevelObject, offset: number, depth: number, byte: number, line: number): void {
    if (byte === COMMA) this.comma(top, offset, depth);
    else if (byte === COLON) {
      if (depth === 1) this.colon(top);
    } else if (byte !== SPACE && byte !== TAB && byte !== CARRIAGE_RETURN) this.otherByte(top, offset, depth, line);
  }

  private comma(top: TopLevelObject, offset: number, depth: number): void {
    if (depth === 1) {
      top.expectKey = true;
      top.itemsValueNext = false;
    } else if (depth === 2 && top.inItems) this.endItem(top, offset, false);
  }

  private colon(top: TopLevelObject): void {
    top.itemsValueNext = top.lastKeyIsItems;
    top.lastKeyIsItems = false;
  }

  /** A byte of a number, `true`, `false`, `null` (or of something invalid, which JSON.parse will name). */
  private otherByte(top: TopLevelObject, offset: number, depth: number, line: number): void {
    if (depth === 1) top.itemsValueNext = false;
    else if (depth === 2 && top.inItems) {
      this.itemByte(top, offset, line);
      top.itemEnd = offset + 1;
    }
  }

  /** The digits from `start` to `end` at depth 1 or 2: an entry of the items array at depth 2, if it is one. */
  private number(top: TopLevelObject, start: number, end: number, depth: number, line: number): void {
    this.otherByte(top, start, depth, line);
    if (depth === 2 && top.inItems) top.itemEnd = end;
  }

  private longNumber(top: TopLevelObject, depth: number): void {
    top.longNumbers = true;
    // The entry being scanned is the next to be pushed.
    if (top.inItems && depth >= 2) top.withLongNumbers.add(top.starts.length);
  }

  /** A byte of an `items` entry at depth 2: the first one starts the entry. */
  private itemByte(top: TopLevelObject, offset: number, line: number): void {
    if (top.itemStart >= 0) return;
    top.itemStart = offset;
    top.itemLine = line;
  }

  /**
   * A comma, or the closing bracket, after an entry. Two values with no comma between them stay
   * one entry, which JSON.parse then refuses; an empty entry (`[,`, `,,`, `,]`) is refused here.
   */
  private endItem(top: TopLevelObject, offset: number, closing: boolean): void {
    if (top.itemStart < 0) {
      if (closing && !top.afterComma) return;
      throw this.error(closing ? 'a comma before the end of the "items" array' : 'an empty entry in the "items" array', offset);
    }
    top.starts.push(top.itemStart);
    top.ends.push(top.itemEnd);
    top.lines.push(top.itemLine);
    top.itemStart = -1;
    top.afterComma = !closing;
  }

  /** Whether the depth-1 key from `start` to `end` (quotes included) is `items`, escapes decoded. */
  private isItemsKey(start: number, end: number): boolean {
    const length = end - start;
    if (length === 7) return this.body.text(start, end) === '"items"';
    // "items" written with escapes ("\u0069tems") is still "items" to JSON.parse.
    if (length > 7 && length <= 32) {
      try {
        return JSON.parse(this.body.text(start, end)) === 'items';
      } catch {
        return false;
      }
    }
    return false;
  }

  private layoutOf(top: TopLevelObject, end: number): JsonDocumentLayout {
    const layout = { index: top.index, start: top.start, end, line: top.startLine, longNumbers: top.longNumbers };
    if (!top.sawItemsArray) return layout;
    const { arrayStart, arrayEnd, arrayStartLine, arrayEndLine, starts, ends, lines, withLongNumbers } = top;
    return { ...layout, items: { arrayStart, arrayEnd, arrayStartLine, arrayEndLine, starts, ends, lines, withLongNumbers } };
  }

  private error(reason: string, offset: number): UnreadableBodyError {
    return new UnreadableBodyError(reason, { document: this.top?.index ?? this.documents, offset, line: this.line });
  }
}

function describeByte(byte: number | undefined): string {
  if (byte === undefined) return 'the end of the body';
  if (byte >= 0x20 && byte < 0x7f) return `'${String.fromCharCode(byte)}'`;
  return `the byte 0x${byte.toString(16).padStart(2, '0')}`;
}
