import { describe, expect, it } from 'vitest';
import type { ReadProgress } from '../../../../../apps/api/src/features/import/read-progress';
import { kubectlNode, kubectlPod } from '../../../../support/kubectl-objects';
import { chunksOf, kubectlJson, readAll } from './read-body';

describe('progress of a read (import/read-progress.ts)', () => {
  it('reported every so many bytes as objects are handed out, then once at the end', () => {
    const items = [kubectlNode('a'), kubectlNode('b'), kubectlPod('c'), kubectlPod('d'), kubectlPod('e')];
    const text = kubectlJson(items);
    const total = Buffer.byteLength(text);
    const reports: ReadProgress[] = [];
    readAll('json', chunksOf(text, 4096), { onProgress: (progress) => reports.push(progress), progressEveryBytes: 10_000 });
    // One report each time the bytes read pass a multiple of 10,000 (the objects are about 6.7 KB each), then the last.
    const passing = reports.slice(0, -1);
    expect(passing.map((r) => Math.floor(r.bytesRead / 10_000))).toEqual([1, 2, 3]);
    expect(passing.map((r) => r.objects)).toEqual([2, 3, 5]);
    expect(reports.at(-1)).toEqual({ bytesRead: total, totalBytes: total, objects: 5, errors: 0, done: true });
    expect(reports.every((r) => r.totalBytes === total && r.errors === 0)).toBe(true);
  });

  it('YAML documents or items that could not be read are counted apart', () => {
    const reports: ReadProgress[] = [];
    const text = 'kind: Node\n---\nkind: [Pod\n---\n- a\n---\nkind: Pod\n';
    readAll('yaml', text, { onProgress: (progress) => reports.push(progress) });
    expect(reports).toEqual([{ bytesRead: text.length, totalBytes: text.length, objects: 2, errors: 2, done: true }]);
  });

  it('a body with nothing in it reports once, done', () => {
    const reports: ReadProgress[] = [];
    readAll('json', '\n', { onProgress: (progress) => reports.push(progress) });
    expect(reports).toEqual([{ bytesRead: 1, totalBytes: 1, objects: 0, errors: 0, done: true }]);
  });
});
