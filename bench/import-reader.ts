/**
 * How fast is a body to import read (apps/api/src/features/import/kubectl-objects.ts)? What
 * `kubectl get nodes,pods -A -o json` (and `-o yaml`) prints for generated clusters, as 64 KiB
 * chunks in memory: no HTTP, no database. A 60 s import of 1 GB needs reading well above 17 MB/s.
 *   npm run bench:import-reader
 *
 * The JSON figures are split into the byte scan alone (json-layout.ts), decoding and JSON.parse of
 * each item alone (the floor any JSON.parse-based reader pays), and the whole reader (both, plus
 * secure-json-parse's prototype checks and exact-json.ts's check for big integers).
 */
import { machineLine } from './machine';
import { medianMs } from './cluster-fixture';
import { ChunkedBytes } from '../apps/api/src/features/import/chunked-bytes';
import { type JsonDocumentLayout, JsonDocumentScanner } from '../apps/api/src/features/import/json-layout';
import { readWholeBody } from '../apps/api/src/features/import/kubectl-objects';
import type { ImportFormat } from '../apps/api/src/features/import/import-body';
import { type GeneratedList, type ListShape, kubectlJsonList, kubectlYamlList } from '../test/apps/api/features/import/kubectl-list-body';

const MB = 1e6;

/** Reads every object of the body; throws on the first that fails. */
function readAll(body: Pick<GeneratedList, 'chunks'> & { format: ImportFormat }): number {
  let objects = 0;
  for (const entry of readWholeBody(body.format, body.chunks)) {
    if (!entry.ok) throw new Error(entry.message);
    objects++;
  }
  return objects;
}

/** Decodes and JSON.parses each item where the scan found them (the scan itself is not timed): the floor of any JSON.parse-based reader. */
function parseItemsOnly(bytes: ChunkedBytes, items: JsonDocumentLayout['items']): number {
  let parsed = 0;
  for (let item = 0; item < (items?.starts.length ?? 0); item++) {
    JSON.parse(bytes.text(items?.starts[item] ?? 0, items?.ends[item] ?? 0));
    parsed++;
  }
  return parsed;
}

/** The median rate of `fn` over the list's bytes, and the median time. */
function rate(list: GeneratedList, fn: () => unknown, runs: number, warmup = 1): { text: string; seconds: number } {
  const t = medianMs(fn, runs, warmup);
  const mbps = (ms: number) => (list.bytes / MB / (ms / 1000)).toFixed(1);
  return {
    text: `median ${mbps(t.median)} MB/s, ${(t.median / 1000).toFixed(2)} s  (min ${mbps(t.max)}, max ${mbps(t.min)} MB/s; ${runs} runs)`,
    seconds: t.median / 1000,
  };
}

function describe(name: string, shape: ListShape, list: GeneratedList): void {
  console.log(
    `${name}: ${shape.nodes.toLocaleString('en')} nodes and ${shape.pods.toLocaleString('en')} pods, ${(list.bytes / MB).toFixed(0)} MB in ${list.chunks.length} chunks`,
  );
}

console.log(machineLine());

const jsonShape = { nodes: 2000, pods: 43_000, multiByteEvery: 100 };
const json = kubectlJsonList(jsonShape);
describe('JSON List', jsonShape, json);
console.log(`  scan only (json-layout.ts)      ${rate(json, () => new JsonDocumentScanner(new ChunkedBytes(json.chunks)).next(), 7).text}`);
const jsonBytes = new ChunkedBytes(json.chunks);
const jsonItems = new JsonDocumentScanner(jsonBytes).next()?.items;
console.log(`  decode + JSON.parse per item    ${rate(json, () => parseItemsOnly(jsonBytes, jsonItems), 7).text}`);
console.log(`  reader (readWholeBody)           ${rate(json, () => readAll({ format: 'json', ...json }), 7).text}`);

const largeShape = { nodes: 10_000, pods: 140_000, multiByteEvery: 100 };
const large = kubectlJsonList(largeShape);
describe('JSON List larger than the longest string (~512 MiB)', largeShape, large);
console.log(`  reader (readWholeBody)           ${rate(large, () => readAll({ format: 'json', ...large }), 3, 0).text}`);

const yamlShape = { nodes: 100, pods: 5000, multiByteEvery: 100 };
const yaml = kubectlYamlList(yamlShape);
describe('YAML List', yamlShape, yaml);
const yamlRate = rate(yaml, () => readAll({ format: 'yaml', ...yaml }), 3);
console.log(`  reader (readWholeBody)           ${yamlRate.text}; ${(yaml.objects / yamlRate.seconds).toFixed(0)} objects/s`);
