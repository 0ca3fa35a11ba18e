import { parse as parseLossless } from 'lossless-json';
import { parse as parseSecurely } from 'secure-json-parse';
import { withExactIntegers } from '../../http/edge/exact-json';
import { fieldError, fieldErrorText } from '@taintgate/domain';
import { NUL_REASON, mayHoldUnstorableStrings, storableStrings } from '../../http/edge/json-strings';
import { contentStart } from './byte-order-mark';
import { ChunkedBytes, TooLongForOneStringError } from './chunked-bytes';
import { type BodyEntry, type BodyPosition, UnreadableBodyError } from './import-body';
import { type JsonDocumentLayout, JsonDocumentScanner, type TopLevelObject } from './json-layout';
import { isList } from './kubernetes-lists';
import type { ProgressMeter } from './read-progress';

/**
 * The objects of a JSON body, one by one, as its chunks arrive: each entry of a List's `items`, or
 * each top-level object that is not a List. The body may hold several top-level objects one after
 * the other: `kubectl get -w -o json` prints each object (and each change) that way.
 *
 * An entry of `items` is handed out as soon as it has arrived, and the bytes before it are let go,
 * so a body of gigabytes is read while it is received, in the memory of a few objects. kubectl
 * prints a List's `kind` after its `items`: whether a document with an `items` array is a List is
 * known only at its end, so such a document that turns out not to be one (its kind does not end in
 * List) refuses the body, as any other error does. No Node or Pod has an `items` field.
 *
 * Each object is decoded and parsed on its own (JSON.parse, through secure-json-parse as fastify
 * does, refusing `__proto__` and `constructor.prototype` keys), with integers beyond 2^53 kept
 * exactly (exact-json.ts), so no string longer than one object is ever made.
 *
 * Any error refuses the whole body (UnreadableBodyError, thrown when reached): the scan cannot
 * tell where the next object starts once one is malformed (json-layout.ts). Objects before the
 * error have been handed out by then: a caller that must store all or nothing reads to the end
 * before it commits.
 */
export class JsonObjectReader {
  private readonly body = new ChunkedBytes();
  private scanner: JsonDocumentScanner | undefined;
  /** Of the open document's `items` entries, how many were handed out. */
  private handedOut = 0;
  /** The open document's text before its `items` array, kept once the array begins (the rest is let go). */
  private before: string | undefined;

  constructor(private readonly meter: ProgressMeter) {}

  /** The body goes on with `chunk`: the objects it completes. */
  *push(chunk: Buffer): Generator<BodyEntry, void, undefined> {
    this.body.append(chunk);
    // A byte order mark is told by the first three bytes.
    if (this.scanner === undefined && this.body.length < 3) return;
    yield* this.scan();
  }

  /** The body has ended: the objects it completes; throws if it ends inside one. */
  *end(): Generator<BodyEntry, void, undefined> {
    yield* this.scan();
    this.scanner?.finish();
  }

  private *scan(): Generator<BodyEntry, void, undefined> {
    this.scanner ??= new JsonDocumentScanner(this.body, contentStart(this.body));
    const scanner = this.scanner;
    for (let document = scanner.next(); ; document = scanner.next()) {
      const open = document === undefined ? scanner.current : undefined;
      if (open) yield* this.itemsSoFar(open);
      if (document === undefined) break;
      yield* document.items === undefined ? this.wholeDocument(document) : this.lastItems(document);
    }
    this.release(scanner);
  }

  /** The entries of the open document's `items` that have ended and were not handed out yet. */
  private *itemsSoFar(top: Readonly<TopLevelObject>): Generator<BodyEntry, void, undefined> {
    if (!top.sawItemsArray) return;
    this.before ??= this.body.text(top.start, top.arrayStart);
    const items = { starts: top.starts, ends: top.ends, lines: top.lines, withLongNumbers: top.withLongNumbers };
    for (; this.handedOut < top.starts.length; this.handedOut++) yield this.item(top.index, items, this.handedOut);
  }

  /** A document with an `items` array has ended: its last entries, once it is known to be a List. */
  private *lastItems(document: JsonDocumentLayout): Generator<BodyEntry, void, undefined> {
    const items = document.items as NonNullable<JsonDocumentLayout['items']>;
    this.before ??= this.body.text(document.start, items.arrayStart);
    for (; this.handedOut < items.starts.length; this.handedOut++) yield this.item(document.index, items, this.handedOut);
    const envelope = envelopeOf(this.body, document, this.before);
    this.before = undefined;
    this.handedOut = 0;
    if (!isList(envelope)) {
      const kind = (envelope as { kind?: unknown }).kind;
      const what =
        typeof kind === 'string' && kind.endsWith('List')
          ? `a List whose last "items" key is not an array`
          : `an object with an "items" array is read as a List, and must be one (kind List, NodeList or PodList, as kubectl prints), not ${typeof kind === 'string' ? `kind "${kind}"` : 'an object without a kind'}`;
      throw new UnreadableBodyError(what, { document: document.index, offset: document.start, line: document.line });
    }
  }

  private item(
    document: number,
    items: Pick<NonNullable<JsonDocumentLayout['items']>, 'starts' | 'ends' | 'lines' | 'withLongNumbers'>,
    item: number,
  ): BodyEntry {
    const position = { document, item, offset: items.starts[item] ?? 0, line: items.lines[item] ?? 0 };
    const end = items.ends[item] ?? 0;
    const entry = parseSlice(this.body, position, end, items.withLongNumbers.has(item));
    if (entry.ok) this.meter.object(end);
    else this.meter.error(end);
    return entry;
  }

  private *wholeDocument(document: JsonDocumentLayout): Generator<BodyEntry, void, undefined> {
    const position = { document: document.index, offset: document.start, line: document.line };
    const entry = parseSlice(this.body, position, document.end, document.longNumbers);
    yield entry;
    if (entry.ok) this.meter.object(document.end);
    else this.meter.error(document.end);
  }

  /** Lets go of every byte before what the reader may still need: the open document, its envelope or the entry being scanned. */
  private release(scanner: JsonDocumentScanner): void {
    const top = scanner.current;
    let keep = scanner.scanned;
    if (top && !top.sawItemsArray) keep = top.start;
    else if (top?.inItems) keep = top.itemStart >= 0 ? top.itemStart : keep;
    else if (top) keep = top.arrayEnd;
    this.body.release(keep);
  }
}

/** The objects of a JSON body received whole (tests, benchmarks): JsonObjectReader over its chunks. */
export function* readJsonObjects(chunks: Iterable<Buffer>, meter: ProgressMeter): Generator<BodyEntry, void, undefined> {
  const reader = new JsonObjectReader(meter);
  for (const chunk of chunks) yield* reader.push(chunk);
  yield* reader.end();
}

/**
 * The document without its `items` entries (`"items": []`): what says whether it is a List. The
 * entries are parsed one by one; together, the two check every byte of the document.
 */
function envelopeOf(body: ChunkedBytes, document: JsonDocumentLayout, before: string): unknown {
  const items = document.items as NonNullable<JsonDocumentLayout['items']>;
  const after = body.text(items.arrayEnd, document.end);
  const text = `${before}[]${after}`;
  try {
    return parseJson(text);
  } catch (error) {
    const position = { document: document.index, offset: document.start, line: document.line };
    if (isPrototypePoisoning(error)) throw prototypePoisoningAt(position);
    const at = errorIndexIn(text);
    // Back from the envelope's text to the body: before the items, in the `[]`, or after them.
    if (at < before.length) {
      const head = before.slice(0, at);
      throw malformedAt(text, { ...position, offset: document.start + Buffer.byteLength(head), line: document.line + countLineFeeds(head) });
    }
    if (at < before.length + 2) throw malformedAt(text, { ...position, offset: items.arrayStart, line: items.arrayStartLine });
    const tail = after.slice(0, at - before.length - 2);
    throw malformedAt(text, { ...position, offset: items.arrayEnd + Buffer.byteLength(tail), line: items.arrayEndLine + countLineFeeds(tail) });
  }
}

/**
 * The object from the position's offset to `end`, parsed as fastify parses a body, integers
 * exact. Only an object where the scan saw a run of 16 digits or more can hold an integer beyond
 * 2^53: the others skip exact-json.ts's own test for one, which costs as much as a seventh of the read.
 */
function parseSlice(body: ChunkedBytes, position: BodyPosition, end: number, longNumbers: boolean): BodyEntry {
  let text: string;
  try {
    text = body.text(position.offset, end);
  } catch (error) {
    if (error instanceof TooLongForOneStringError) throw new UnreadableBodyError(`an object of ${error.message}`, position);
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = parseJson(text);
  } catch (error) {
    if (isPrototypePoisoning(error)) throw prototypePoisoningAt(position);
    const before = text.slice(0, errorIndexIn(text));
    throw malformedAt(text, { ...position, offset: position.offset + Buffer.byteLength(before), line: position.line + countLineFeeds(before) });
  }
  const object = longNumbers ? withExactIntegers(text, parsed) : parsed;
  const bytes = end - position.offset;
  // Looking for a backslash-u first takes a sixteenth of the pattern's time over an object without one (most are).
  if (!text.includes('\\u') || !mayHoldUnstorableStrings(text)) return { ok: true, object, position, bytes };
  // Lone surrogates become U+FFFD; a string with NUL spoils its object alone (edge/json-strings.ts).
  const storable = storableStrings(object);
  if (!storable.nulAt) return { ok: true, object, position, bytes };
  return { ok: false, message: fieldErrorText(fieldError.invalid(storable.nulAt, storable.nul, NUL_REASON)), position };
}

/** JSON.parse through secure-json-parse, as fastify's own body parser does ('error' on both kinds of poisoning). */
function parseJson(text: string): unknown {
  return parseSecurely(text, null, { protoAction: 'error', constructorAction: 'error' });
}

/** secure-json-parse's one message of its own: a `__proto__` or `constructor.prototype` key. */
const isPrototypePoisoning = (error: unknown): boolean => error instanceof SyntaxError && error.message === 'Object contains forbidden prototype property';

const prototypePoisoningAt = (position: BodyPosition): UnreadableBodyError =>
  new UnreadableBodyError('the object has a "__proto__" key, or a "constructor" key holding a "prototype" key: refused as prototype poisoning', position);

const malformedAt = (text: string, position: BodyPosition): UnreadableBodyError => new UnreadableBodyError(`malformed JSON: ${syntaxErrorOf(text)}`, position);

/**
 * Where JSON.parse fails in `text`. V8's messages give a position only for some errors
 * (`Unexpected token '}', "..." is not valid JSON` has none); lossless-json's parser always does,
 * and is run only here, on a text known to be malformed.
 */
function errorIndexIn(text: string): number {
  const match = /at position (\d+)/.exec(syntaxErrorOf(text, true));
  return match ? Number(match[1]) : text.length;
}

/** lossless-json's message for a malformed `text`, without its position unless asked. */
function syntaxErrorOf(text: string, withPosition = false): string {
  try {
    parseLossless(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return withPosition ? message : message.replace(/ at position \d+$/, '');
  }
  // JSON.parse refused what lossless-json accepts: not expected; say what JSON.parse said.
  try {
    JSON.parse(text);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return 'not valid JSON';
}

function countLineFeeds(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) count++;
  return count;
}
