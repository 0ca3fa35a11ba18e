import type { ChunkedBytes } from './chunked-bytes';

/**
 * Where the documents of a YAML body are, and the entries of a List in each, found line by line
 * without parsing, so that each can be parsed on its own (yaml-objects.ts): a List of 300,000
 * pods is far more than one string can hold, and one bad entry then spoils only itself.
 *
 * - A document ends where a line starts with `---` (the next one's marker, kept with it) or `...`.
 *   YAML forbids both at the start of a line inside any value, so the split is exact.
 * - In a document, a line `items:` at column 0 followed by a sequence (`- ` at some column k, as
 *   kubectl prints it at column 0) is a List's items: each line `- ` at column k starts an entry;
 *   the first content line indented less than k, or at k but not `- `, ends them. In valid YAML,
 *   an entry's own lines are indented deeper (block scalars, continuation lines, nested
 *   collections), so this too is exact; comments and blank lines go with the entry before them.
 *
 * Directives (`%YAML`) are not looked for, and an entry's aliases (`*name`) resolve only to anchors
 * in the same entry (go-yaml, reading the whole document, would find one in an earlier entry): kubectl
 * prints neither.
 */

/** A YAML document: from its first line (its `---` marker, if any; blank lines and comments before it left out) to the start of the next. */
export interface YamlDocumentLayout {
  readonly index: number;
  readonly start: number;
  readonly end: number;
  /** 1-based line of `start`. */
  readonly line: number;
  readonly items?: YamlItemsLayout;
}

/** The `items:` line and the sequence after it: where each entry starts and ends, and its line. */
interface YamlItemsLayout {
  readonly keyStart: number;
  readonly keyLine: number;
  /** Just past the last entry (the start of the line that ends the sequence). */
  readonly end: number;
  readonly endLine: number;
  readonly starts: readonly number[];
  readonly ends: readonly number[];
  readonly lines: readonly number[];
}

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;
const DASH = 0x2d;
const DOT = 0x2e;
const HASH = 0x23;
const ITEMS_KEY = Buffer.from('items:');

/** What a line is, as far as documents and List entries are concerned. */
type LineKind = 'document-start' | 'document-end' | 'blank' | 'entry' | 'items-key' | 'content';

/** Where the List's items stand while lines are read. */
type ItemsState =
  | { readonly step: 'none' }
  | { readonly step: 'key-seen'; readonly keyStart: number; readonly keyLine: number }
  | { readonly step: 'entries'; readonly column: number };

export class YamlDocumentScanner {
  /** Offset of the next line's first byte, and its 1-based line. */
  private offset: number;
  private line = 1;
  private documents = 0;
  /** The chunk of the last offset looked at. */
  private chunkIndex = 0;
  /** The indentation of the last line kindOf looked at. */
  private column = 0;

  constructor(
    private readonly body: ChunkedBytes,
    startOffset = 0,
  ) {
    this.offset = startOffset;
  }

  /** The next document, or undefined at the end of the body. Blank text between documents is no document. */
  next(): YamlDocumentLayout | undefined {
    while (this.offset < this.body.length) {
      const document = this.scanDocument();
      if (document !== undefined) return document;
    }
    return undefined;
  }

  /** Reads lines to the end of one document; undefined if it was only blank lines and comments, with no marker. */
  private scanDocument(): YamlDocumentLayout | undefined {
    /** The document's first line that is not blank or a comment. */
    let head = -1;
    let headLine = 0;
    let hasMarker = false;
    let hasContent = false;
    let items: ItemsState = { step: 'none' };
    const list = { starts: [] as number[], ends: [] as number[], lines: [] as number[], keyStart: -1, keyLine: 0, end: -1, endLine: 0 };
    let entryOpen = false;
    /** A second `items:` key overrides the first (the last value counts): no split, the document is read whole. */
    let itemsKeyTwice = false;
    /** Ends the List's entries at the start of the current line. */
    const closeEntries = (at: number, line: number) => {
      if (entryOpen) list.ends.push(at);
      entryOpen = false;
      list.end = at;
      list.endLine = line;
      items = { step: 'none' };
    };
    while (this.offset < this.body.length) {
      const lineStart = this.offset;
      const lineEnd = this.lineEndFrom(lineStart);
      const kind = this.kindOf(lineStart, lineEnd);
      if (kind === 'document-start' && (hasMarker || hasContent)) {
        if (items.step === 'entries') closeEntries(lineStart, this.line);
        break;
      }
      this.offset = Math.min(lineEnd + 1, this.body.length);
      const line = this.line++;
      if (head < 0 && kind !== 'blank') {
        head = lineStart;
        headLine = line;
      }
      if (kind === 'document-start') {
        hasMarker = true;
        continue;
      }
      if (kind === 'document-end') {
        if (items.step === 'entries') closeEntries(lineStart, line);
        break;
      }
      if (kind === 'blank') continue;
      hasContent = true;
      const column = this.column;
      if (items.step === 'entries') {
        if (column > items.column) continue;
        if (column === items.column && kind === 'entry') {
          if (entryOpen) list.ends.push(lineStart);
          list.starts.push(lineStart);
          list.lines.push(line);
          entryOpen = true;
          continue;
        }
        closeEntries(lineStart, line);
      } else if (items.step === 'key-seen') {
        if (kind === 'entry' && list.keyStart < 0) {
          list.keyStart = items.keyStart;
          list.keyLine = items.keyLine;
          list.starts.push(lineStart);
          list.lines.push(line);
          entryOpen = true;
          items = { step: 'entries', column };
          continue;
        }
        items = { step: 'none' };
      }
      if (kind === 'items-key') {
        itemsKeyTwice ||= list.keyStart >= 0;
        items = { step: 'key-seen', keyStart: lineStart, keyLine: line };
      }
    }
    if (items.step === 'entries') closeEntries(this.offset, this.line);
    if (!hasMarker && !hasContent) return undefined;
    const layout = { index: this.documents++, start: head, end: this.offset, line: headLine };
    if (list.keyStart < 0 || itemsKeyTwice) return layout;
    return {
      ...layout,
      items: { keyStart: list.keyStart, keyLine: list.keyLine, end: list.end, endLine: list.endLine, starts: list.starts, ends: list.ends, lines: list.lines },
    };
  }

  /** The offset of the line feed ending the line that starts at `start`, or the body's length. */
  private lineEndFrom(start: number): number {
    const { chunks, chunkStarts } = this.body;
    for (let index = this.chunkAt(start); index < chunks.length; index++) {
      const chunk = chunks[index] ?? Buffer.alloc(0);
      const chunkStart = chunkStarts[index] ?? 0;
      const at = chunk.indexOf(NEWLINE, Math.max(0, start - chunkStart));
      if (at >= 0) return chunkStart + at;
    }
    return this.body.length;
  }

  /** The index of the chunk holding `offset`; offsets only grow, so the search starts where the last one ended. */
  private chunkAt(offset: number): number {
    const { chunks, chunkStarts } = this.body;
    if ((chunkStarts[this.chunkIndex] ?? 0) > offset) this.chunkIndex = this.body.chunkIndexOf(offset);
    while (this.chunkIndex < chunks.length - 1 && (chunkStarts[this.chunkIndex + 1] ?? 0) <= offset) this.chunkIndex++;
    return this.chunkIndex;
  }

  /** The byte `at` bytes into the line from `start` to `end`, or -1 past its end. */
  private byteOfLine(start: number, end: number, at: number): number {
    const offset = start + at;
    if (offset >= end) return -1;
    const index = this.chunkAt(offset);
    return this.body.chunks[index]?.[offset - (this.body.chunkStarts[index] ?? 0)] ?? -1;
  }

  /** What the line from `start` to `end` is; for an entry or content, its indentation is left in `column`. */
  private kindOf(start: number, end: number): LineKind {
    const byte = (at: number): number => this.byteOfLine(start, end, at);
    const endsToken = (at: number): boolean => {
      const next = byte(at);
      return next === -1 || next === SPACE || next === TAB || next === CARRIAGE_RETURN;
    };
    const first = byte(0);
    if (first === DASH && byte(1) === DASH && byte(2) === DASH && endsToken(3)) return 'document-start';
    if (first === DOT && byte(1) === DOT && byte(2) === DOT && endsToken(3)) return 'document-end';
    let column = 0;
    while (byte(column) === SPACE) column++;
    this.column = column;
    let head = byte(column);
    // Tabs after the indentation: blank if nothing follows them (tabs never indent in YAML).
    for (let at = column; head === TAB; head = byte(++at));
    if (head === -1 || head === CARRIAGE_RETURN || head === HASH) return 'blank';
    if (byte(column) === DASH && endsToken(column + 1)) return 'entry';
    if (column === 0 && this.isItemsKey(start, end)) return 'items-key';
    return 'content';
  }

  /** `items:` with nothing after it but spaces or a comment: its value is on the next lines. */
  private isItemsKey(start: number, end: number): boolean {
    for (let at = 0; at < ITEMS_KEY.length; at++) if (this.byteOfLine(start, end, at) !== ITEMS_KEY[at]) return false;
    for (let at = ITEMS_KEY.length; ; at++) {
      const byte = this.byteOfLine(start, end, at);
      if (byte === -1 || byte === CARRIAGE_RETURN) return true;
      if (byte === HASH) return at > ITEMS_KEY.length;
      if (byte !== SPACE && byte !== TAB) return false;
    }
  }
}
