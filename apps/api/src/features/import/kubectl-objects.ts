import { ChunkedBytes } from './chunked-bytes';
import type { BodyEntry, ImportBody, ImportFormat } from './import-body';
import { JsonObjectReader, readJsonObjects } from './json-objects';
import { ProgressMeter, type ReadOptions } from './read-progress';
import { readYamlObjects, readYamlObjectsOffThread } from './yaml-objects';

/**
 * The objects of a body to import, one at a time as the body arrives, each with its position: what
 * `kubectl get ... -o json` or `-o yaml` prints (a List, whose items are handed out one by one;
 * a NodeList or PodList; single objects, one after the other; YAML documents separated by `---`).
 *
 * JSON is read as it arrives: each object is handed out once its bytes are in, and the bytes
 * before it are let go, so a body larger than V8's longest string (~512 MiB), or than memory
 * would comfortably hold, is read at ~200 MB/s (bench/RESULTS.md) while it is still being sent.
 * YAML (read at a few MB/s) is read once it has all arrived, its long pieces on worker threads.
 *
 * JSON: any error throws UnreadableBodyError (the whole body is refused, json-objects.ts says why).
 * YAML: an error spoils only its document or List entry, handed out as `{ok: false}`; reading goes on.
 * The body's own failures (too large, cut short by the client) are thrown as they happen.
 */
export async function* readKubectlObjects(
  body: ImportBody,
  options: ReadOptions = {},
  /** Where long YAML pieces are parsed: on threads of their own, or here (a reader on a thread already). */
  yamlPieces: 'threads' | 'here' = 'threads',
): AsyncGenerator<BodyEntry, void, undefined> {
  const meter = new ProgressMeter(body.bytes, options);
  let received = 0;
  if (body.format === 'json') {
    const reader = new JsonObjectReader(meter);
    for await (const chunk of body.chunks) {
      received += chunk.length;
      yield* reader.push(chunk);
    }
    yield* reader.end();
  } else {
    const chunks: Buffer[] = [];
    for await (const chunk of body.chunks) {
      received += chunk.length;
      chunks.push(chunk);
    }
    const bytes = new ChunkedBytes(chunks);
    yield* yamlPieces === 'threads' ? readYamlObjectsOffThread(bytes, meter) : readYamlObjects(bytes, meter);
  }
  meter.finish(received);
}

/** The same, for a body received whole (tests and benchmarks read bodies they made). */
export function* readWholeBody(format: ImportFormat, chunks: readonly Buffer[], options: ReadOptions = {}): Generator<BodyEntry, void, undefined> {
  const bytes = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const meter = new ProgressMeter(bytes, options);
  yield* format === 'json' ? readJsonObjects(chunks, meter) : readYamlObjects(new ChunkedBytes(chunks), meter);
  meter.finish(bytes);
}
