import { constants } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { ChunkedBytes } from '../../../../../apps/api/src/features/import/chunked-bytes';
import { readWholeBody } from '../../../../../apps/api/src/features/import/kubectl-objects';
import { parseKubernetesYaml } from '../../../../../apps/api/src/features/import/kubernetes-yaml';
import type { ReadProgress } from '../../../../../apps/api/src/features/import/read-progress';
import { YamlDocumentScanner } from '../../../../../apps/api/src/features/import/yaml-layout';
import { kubectlJsonList, kubectlYamlList } from './kubectl-list-body';

/**
 * Bodies longer than V8's longest string (~512 MiB): reading them must never join them into one.
 * Slow (a few seconds each: the bodies are generated, then read); bench/import-reader.ts measures.
 */
describe('a body larger than the longest string (slow)', () => {
  it('a JSON List of 600 MB: every item read, progress reported', { timeout: 300_000 }, () => {
    const list = kubectlJsonList({ nodes: 2000, pods: 88_000, multiByteEvery: 1000 });
    expect(list.bytes).toBeGreaterThan(constants.MAX_STRING_LENGTH);
    const reports: ReadProgress[] = [];
    let count = 0;
    let last: unknown;
    for (const entry of readWholeBody('json', list.chunks, { onProgress: (progress) => reports.push(progress) })) {
      if (!entry.ok) throw new Error(entry.message);
      if (count === 0) expect(entry.object).toMatchObject({ kind: 'Node', metadata: { name: 'worker-0' } });
      last = entry.object;
      count++;
    }
    expect(count).toBe(list.objects);
    expect(last).toMatchObject({ kind: 'Pod', metadata: { name: 'web-87999' } });
    expect(reports.length).toBeGreaterThan(5);
    expect(reports.at(-1)).toEqual({ bytesRead: list.bytes, totalBytes: list.bytes, objects: list.objects, errors: 0, done: true });
  });

  it('a YAML List of 600 MB: its entries are found, and each parses on its own', { timeout: 300_000 }, () => {
    const list = kubectlYamlList({ nodes: 2000, pods: 190_000, multiByteEvery: 1000 });
    expect(list.bytes).toBeGreaterThan(constants.MAX_STRING_LENGTH);
    const body = new ChunkedBytes(list.chunks);
    const scanner = new YamlDocumentScanner(body);
    const document = scanner.next();
    expect(scanner.next()).toBeUndefined();
    const items = document?.items;
    expect(items?.starts).toHaveLength(list.objects);
    // Parsing all 192,000 entries takes minutes (the yaml package reads a few MB/s): the first and the last.
    const entry = (index: number) => parseKubernetesYaml(body.text(items?.starts[index] ?? 0, items?.ends[index] ?? 0));
    expect(entry(0)).toMatchObject({ ok: true, value: [{ kind: 'Node', metadata: { name: 'worker-0' } }] });
    expect(entry(list.objects - 1)).toMatchObject({ ok: true, value: [{ kind: 'Pod', metadata: { name: 'web-189999' } }] });
  });
});
