import { parse as parseLossless } from 'lossless-json';
import { parse as parseSecurely } from 'secure-json-parse';
import { withExactIntegers } from '../edge/exact-json';
import { type ChunkedBytes, TooLongForOneStringError } from './chunked-bytes';
import { type BodyEntry, type BodyPosition, UnreadableBodyError } from './import-body';
import { type JsonDocumentLayout, JsonDocumentScanner } from './json-layout';
import { isList } from './kubernetes-lists';
import type { ProgressMeter } from './read-progress';

/**
 * The objects of a JSON body, one by one: each entry of a List's `items`, or each top-level
 * object that is not a List. The body may hold several top-level objects one after the other:
 * `kubectl get -w -o json` prints each object (and each change) that way.
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
export function* readJsonObjects(body: ChunkedBytes, startOffset: number, meter: ProgressMeter): Generator<BodyEntry, void, undefined> {
  const scanner = new JsonDocumentScanner(body, startOffset);
  for (let document = scanner.next(); document !== undefined; document = scanner.next()) {
    const { items } = document;
    if (items !== undefined && isList(envelopeOf(body, document))) {
      for (let item = 0; item < items.starts.length; item++) {
        const position = { document: document.index, item, offset: items.starts[item] ?? 0, line: items.lines[item] ?? 0 };
        const end = items.ends[item] ?? 0;
        yield { ok: true, object: parseSlice(body, position, end, items.withLongNumbers.has(item)), position };
        meter.object(end);
      }
    } else {
      const position = { document: document.index, offset: document.start, line: document.line };
      yield { ok: true, object: parseSlice(body, position, document.end, document.longNumbers), position };
      meter.object(document.end);
    }
  }
}

/**
 * The document without its `items` entries (`"items": []`): what says whether it is a List. The
 * entries are parsed one by one afterwards; together, the two check every byte of the document.
 */
function envelopeOf(body: ChunkedBytes, document: JsonDocumentLayout): unknown {
  const items = document.items;
  if (items === undefined) return undefined;
  const before = body.text(document.start, items.arrayStart);
  const after = body.text(items.arrayEnd, document.end);
  const text = `${before}[]${after}`;
  try {
    return parseJson(text);
  } catch (error) {
    const position = { document: document.index, offset: document.start, line: document.line };
    if (isPrototypePoisoning(error)) throw prototypePoisoningAt(position);
    const at = errorIndexIn(text);
    // Back from the envelope's text to the body: before the items, in the `[]`, or after them.
    const offset =
      at <= before.length
        ? document.start + Buffer.byteLength(before.slice(0, at))
        : at < before.length + 2
          ? items.arrayStart
          : items.arrayEnd + Buffer.byteLength(after.slice(0, at - before.length - 2));
    throw malformedAt(text, { ...position, offset, line: document.line + body.countLines(document.start, offset) });
  }
}

/**
 * The object from the position's offset to `end`, parsed as fastify parses a body, integers
 * exact. Only an object where the scan saw a run of 16 digits or more can hold an integer beyond
 * 2^53: the others skip exact-json.ts's own test for one, which costs as much as a seventh of the read.
 */
function parseSlice(body: ChunkedBytes, position: BodyPosition, end: number, longNumbers: boolean): unknown {
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
  return longNumbers ? withExactIntegers(text, parsed) : parsed;
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
