import { ChunkedBytes } from './chunked-bytes';
import { type BodyEntry, type ImportBody, UnreadableBodyError } from './import-body';
import { readJsonObjects } from './json-objects';
import { ProgressMeter, type ReadOptions } from './read-progress';
import { readYamlObjects } from './yaml-objects';

/**
 * The objects of a body to import, one at a time, each with its position: what
 * `kubectl get ... -o json` or `-o yaml` prints (a List, whose items are handed out one by one;
 * a NodeList or PodList; single objects, one after the other; YAML documents separated by `---`).
 *
 * The body stays in its chunks; only one object at a time is decoded and parsed, so a body larger
 * than V8's longest string (~512 MiB) is read, at ~200 MB/s for JSON (bench/RESULTS.md).
 * The generator does the work as it is pulled: a caller that awaits between objects (to store a
 * batch) lets the event loop run.
 *
 * JSON: any error throws UnreadableBodyError (the whole body is refused, json-objects.ts says why).
 * YAML: an error spoils only its document or List entry, handed out as `{ok: false}`; reading goes on.
 */
export function* readKubectlObjects(body: ImportBody, options: ReadOptions = {}): Generator<BodyEntry, void, undefined> {
  const bytes = new ChunkedBytes(body.chunks);
  const meter = new ProgressMeter(bytes.length, options);
  const start = contentStart(bytes);
  yield* body.format === 'json' ? readJsonObjects(bytes, start, meter) : readYamlObjects(bytes, start, meter);
  meter.finish();
}

/**
 * Past a UTF-8 byte order mark (some Windows editors write one; JSON.parse would refuse it). A
 * UTF-16 one is refused: Windows PowerShell 5's `kubectl get -o json > file` writes UTF-16.
 */
function contentStart(bytes: ChunkedBytes): number {
  const [first, second, third] = [bytes.byteAt(0), bytes.byteAt(1), bytes.byteAt(2)];
  if (first === 0xef && second === 0xbb && third === 0xbf) return 3;
  if ((first === 0xff && second === 0xfe) || (first === 0xfe && second === 0xff)) {
    throw new UnreadableBodyError('the body is UTF-16 (it starts with a UTF-16 byte order mark, as Windows PowerShell 5 writes files): send it as UTF-8', {
      document: 0,
      offset: 0,
      line: 1,
    });
  }
  return 0;
}
