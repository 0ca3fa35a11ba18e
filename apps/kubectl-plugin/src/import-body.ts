import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { PluginError } from './failures';

/**
 * An import's body, sent as it is read: `kubectl get nodes,pods -A -o json` of a large cluster is
 * gigabytes, which the service reads as they arrive. JSON or YAML is told by the name
 * (`.json`, `.yaml`, `.yml`) or else by the first character that is not a space.
 */
export interface ImportBody {
  stream: Readable;
  contentType: 'application/json' | 'application/yaml';
}

export async function importBody(file: string, stdin: () => Readable): Promise<ImportBody> {
  const source = file === '-' ? stdin() : createReadStream(file);
  const chunks = source[Symbol.asyncIterator]();
  let first: IteratorResult<unknown>;
  try {
    first = await chunks.next();
  } catch (error) {
    throw new PluginError(`the path "${file}" cannot be read: ${(error as Error).message}`);
  }
  const head = first.done ? Buffer.alloc(0) : toBuffer(first.value);
  const byName = /\.json$/i.test(file) ? 'application/json' : /\.ya?ml$/i.test(file) ? 'application/yaml' : undefined;
  const firstCharacter = /\S/.exec(head.toString('utf8', 0, Math.min(head.length, 4096)).replace(/^\uFEFF/, ''))?.[0];
  const contentType = byName ?? (firstCharacter === '{' || firstCharacter === '[' ? 'application/json' : 'application/yaml');
  async function* whole() {
    if (head.length) yield head;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield toBuffer(next.value);
  }
  return { stream: Readable.from(whole(), { objectMode: false }), contentType };
}

const toBuffer = (chunk: unknown): Buffer => (typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
