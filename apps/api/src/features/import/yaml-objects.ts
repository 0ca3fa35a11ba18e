import { contentStart } from './byte-order-mark';
import { type ChunkedBytes, TooLongForOneStringError } from './chunked-bytes';
import type { BodyEntry, BodyPosition } from './import-body';
import { isList } from './kubernetes-lists';
import { type KubernetesYaml, parseKubernetesYaml, yamlPieceRefusal } from './kubernetes-yaml';
import { parseYamlPiece } from './yaml-parse-threads';
import type { ProgressMeter } from './read-progress';
import { type YamlDocumentLayout, YamlDocumentScanner } from './yaml-layout';

/**
 * The objects of a YAML body, one by one: each document (`---`), or each entry of a document
 * that is a List. Empty documents are skipped.
 *
 * Unlike JSON, a YAML error spoils only the document (or List entry) it is in: documents and
 * entries are found by lines (yaml-layout.ts), which stay where they are whatever an entry
 * holds. So the error is handed out as an entry naming the document, item and line, and reading
 * goes on with the next one; the caller decides whether the import stands.
 */
export function* readYamlObjects(body: ChunkedBytes, meter: ProgressMeter): Generator<BodyEntry, void, undefined> {
  const steps = yamlSteps(body, meter);
  for (let step = steps.next(); !step.done;) {
    if ('parse' in step.value) step = steps.next(yamlPieceRefusal(step.value.parse) ?? parseKubernetesYaml(step.value.parse));
    else {
      yield step.value;
      step = steps.next();
    }
  }
}

/**
 * The same, each long piece parsed on a worker thread (yaml-parse-threads.ts), so that the event
 * loop never waits long on one: what an import reads.
 */
export async function* readYamlObjectsOffThread(body: ChunkedBytes, meter: ProgressMeter): AsyncGenerator<BodyEntry, void, undefined> {
  const steps = yamlSteps(body, meter);
  for (let step = steps.next(); !step.done;) {
    if ('parse' in step.value) step = steps.next(yamlPieceRefusal(step.value.parse) ?? (await parseYamlPiece(step.value.parse)));
    else {
      yield step.value;
      step = steps.next();
    }
  }
}

/** A piece of YAML to be parsed, asked of whoever reads the steps: its parse is sent back in (next). */
interface ParseRequest {
  readonly parse: string;
}

/** The entries, in order, and each piece they need parsed: the reading itself, whoever parses. */
type YamlSteps = Generator<BodyEntry | ParseRequest, void, KubernetesYaml>;

function* yamlSteps(body: ChunkedBytes, meter: ProgressMeter): YamlSteps {
  const scanner = new YamlDocumentScanner(body, contentStart(body));
  for (let document = scanner.next(); document !== undefined; document = scanner.next()) {
    if (document.items !== undefined) {
      const envelope = yield* envelopeOf(body, document);
      if (!envelope.ok) {
        yield envelope;
        meter.error(document.end);
        continue;
      }
      if (isList(envelope.object)) {
        yield* itemsOf(body, document, meter);
        continue;
      }
    }
    const position = { document: document.index, offset: document.start, line: document.line };
    for (const entry of yield* wholeDocument(body, position, document.end)) {
      yield entry;
      if (entry.ok) meter.object(document.end);
      else meter.error(document.end);
    }
  }
}

function* itemsOf(body: ChunkedBytes, document: YamlDocumentLayout, meter: ProgressMeter): YamlSteps {
  const items = document.items;
  if (items === undefined) return;
  for (let item = 0; item < items.starts.length; item++) {
    const position = { document: document.index, item, offset: items.starts[item] ?? 0, line: items.lines[item] ?? 0 };
    const end = items.ends[item] ?? 0;
    const text = textOf(body, position, end, 'a List entry');
    if (typeof text !== 'string') {
      yield text;
      meter.error(end);
      continue;
    }
    const parsed = yield { parse: text };
    // The entry is parsed with its `- `: a sequence of one.
    const entry: BodyEntry = parsed.ok ? { ok: true, object: (parsed.value as unknown[])[0], position } : errorAt(parsed, text, position);
    yield entry;
    if (entry.ok) meter.object(end);
    else meter.error(end);
  }
}

/**
 * The document without its List entries (`items: []`): what says whether it is a List. A List's
 * entries are then parsed one by one.
 */
function* envelopeOf(body: ChunkedBytes, document: YamlDocumentLayout): Generator<ParseRequest, BodyEntry, KubernetesYaml> {
  const position = { document: document.index, offset: document.start, line: document.line };
  const items = document.items;
  if (items === undefined) return { ok: true, object: undefined, position };
  const before = body.text(document.start, items.keyStart);
  const emptyItems = 'items: []\n';
  const after = body.text(items.end, document.end);
  const parsed = yield { parse: `${before}${emptyItems}${after}` };
  if (parsed.ok) return { ok: true, object: parsed.value, position };
  // Back from the envelope's text to the body: before the entries, on the `items:` line, or after them.
  if (parsed.index < before.length) return errorAt(parsed, before, position);
  if (parsed.index < before.length + emptyItems.length)
    return errorAt({ ...parsed, index: 0 }, '', { ...position, offset: items.keyStart, line: items.keyLine });
  return errorAt({ ...parsed, index: parsed.index - before.length - emptyItems.length }, after, { ...position, offset: items.end, line: items.endLine });
}

/**
 * A document read whole: one object, or the items of a List whose entries were not split (written
 * in flow style, `items: [...]`), all at the document's position; nothing when it is empty.
 */
function* wholeDocument(body: ChunkedBytes, position: BodyPosition, end: number): Generator<ParseRequest, BodyEntry[], KubernetesYaml> {
  const text = textOf(body, position, end, 'a YAML document');
  if (typeof text !== 'string') return [text];
  const parsed = yield { parse: text };
  if (!parsed.ok) return [errorAt(parsed, text, position)];
  const value = parsed.value;
  if (value === null || value === undefined) return [];
  const shape = shapeOf(value);
  if (shape !== 'a mapping') {
    return [{ ok: false, message: `the document holds ${shape}, not a Kubernetes object: send what kubectl prints, objects or a List`, position }];
  }
  if (isList(value)) return (value as { items: unknown[] }).items.map((object, item) => ({ ok: true, object, position: { ...position, item } }));
  return [{ ok: true, object: value, position }];
}

/** The text from the position to `end`, or an error entry when it is too long to be one string. */
function textOf(body: ChunkedBytes, position: BodyPosition, end: number, what: string): string | BodyEntry {
  try {
    return body.text(position.offset, end);
  } catch (error) {
    if (error instanceof TooLongForOneStringError) return { ok: false, message: `${what} of ${error.message}`, position };
    throw error;
  }
}

function shapeOf(value: unknown): string {
  if (Array.isArray(value)) return 'a sequence';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'a mapping' : `a ${typeof value === 'bigint' ? 'number' : typeof value}`;
}

/**
 * The YAML error as an entry, at its line in the body (`text` starts at `position`). An error
 * found at the end of the text (an unclosed flow collection) is put on its last content line,
 * not on the next entry's first.
 */
function errorAt(error: Extract<KubernetesYaml, { ok: false }>, text: string, position: BodyPosition): BodyEntry {
  const before = text.slice(0, Math.min(error.index, text.trimEnd().length));
  let lineFeeds = 0;
  for (let at = before.indexOf('\n'); at >= 0; at = before.indexOf('\n', at + 1)) lineFeeds++;
  const where = { ...position, offset: position.offset + Buffer.byteLength(before), line: position.line + lineFeeds };
  return { ok: false, message: `malformed YAML: ${error.message}`, position: where };
}
