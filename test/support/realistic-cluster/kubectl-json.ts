import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { JsonValue, KubeObject } from './json';

/**
 * kubectl's JSON printer: json.MarshalIndent with four spaces, then a newline. Go's encoder
 * also escapes <, >, & and the two JavaScript line terminators, which JSON.stringify leaves alone.
 */
const goEscapes: readonly (readonly [string, string])[] = [
  ['<', '\\u003c'],
  ['>', '\\u003e'],
  ['&', '\\u0026'],
  ['\u2028', '\\u2028'],
  ['\u2029', '\\u2029'],
];

// A plain search per character is much faster than a regular expression over gigabytes.
function goEscaped(text: string): string {
  let out = text;
  for (const [c, escape] of goEscapes) if (out.includes(c)) out = out.replaceAll(c, escape);
  return out;
}

/** What `kubectl ... -o json` prints for this value. */
export function kubectlJson(value: JsonValue): string {
  return `${goEscaped(JSON.stringify(value, null, 4))}\n`;
}

/** The List's text around its items, as kubectl prints it. */
const listHead = '{\n    "apiVersion": "v1",\n    "items": [\n';
const listTail = '\n    ],\n    "kind": "List",\n    "metadata": {\n        "resourceVersion": ""\n    }\n}\n';
const emptyList = '{\n    "apiVersion": "v1",\n    "items": [],\n    "kind": "List",\n    "metadata": {\n        "resourceVersion": ""\n    }\n}\n';
/** `[[` and `]]` as JSON.stringify indents them: what is left between them is items at the List's depth. */
const wrapperHead = '[\n    [\n'.length;
const wrapperTail = '\n    ]\n]'.length;

/**
 * Items at the depth they have in the List (two levels, eight spaces), comma-separated: stringified
 * inside two arrays so that JSON.stringify indents them itself.
 */
function listItems(items: readonly KubeObject[]): string {
  return goEscaped(JSON.stringify([items], null, 4).slice(wrapperHead, -wrapperTail));
}

/** The List's text in pieces of a few hundred items: never one string (V8 caps strings at 512 MiB). */
export function* kubectlListChunks(items: Iterable<KubeObject>, itemsPerChunk = 200): Generator<string> {
  let batch: KubeObject[] = [];
  let written = 0;
  const flush = () => {
    const text = (written === 0 ? listHead : ',\n') + listItems(batch);
    written += batch.length;
    batch = [];
    return text;
  };
  for (const item of items) {
    batch.push(item);
    if (batch.length === itemsPerChunk) yield flush();
  }
  if (batch.length > 0) yield flush();
  yield written === 0 ? emptyList : listTail;
}

/** Streams the List to `path`; returns its size in bytes. */
export async function writeKubectlList(path: string, items: Iterable<KubeObject>): Promise<number> {
  await pipeline(Readable.from(kubectlListChunks(items)), createWriteStream(path));
  return (await stat(path)).size;
}
