import { stringify } from 'lossless-json';
import type { BodyEntry, ImportFormat } from '../../../../../apps/api/src/features/import/import-body';
import { readWholeBody } from '../../../../../apps/api/src/features/import/kubectl-objects';
import type { ReadOptions } from '../../../../../apps/api/src/features/import/read-progress';

/** Helpers for the reader's tests: bodies in chunks, and what reading them hands out. */

/** `text` as chunks cut at each of `cuts` (byte offsets, ascending). */
export function cutAt(text: string | Buffer, ...cuts: number[]): Buffer[] {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  const chunks: Buffer[] = [];
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    chunks.push(bytes.subarray(from, cut));
    from = cut;
  }
  return chunks;
}

/** `text` as chunks of `size` bytes. */
export function chunksOf(text: string | Buffer, size: number): Buffer[] {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  const chunks: Buffer[] = [];
  for (let from = 0; from < bytes.length; from += size) chunks.push(bytes.subarray(from, from + size));
  return chunks;
}

/** Everything reading the chunks hands out. */
export function readAll(format: ImportFormat, chunks: Buffer[] | string, options?: ReadOptions): BodyEntry[] {
  const body = typeof chunks === 'string' ? [Buffer.from(chunks)] : chunks;
  return [...readWholeBody(format, body, options)];
}

/** The objects read, asserting that nothing failed. */
export function objectsOf(format: ImportFormat, chunks: Buffer[] | string): unknown[] {
  return readAll(format, chunks).map((entry) => {
    if (!entry.ok) throw new Error(`unexpected failure: ${entry.message}`);
    return entry.object;
  });
}

/**
 * What `kubectl get ... -o json` prints for these objects: a List, 4-space indented, keys as
 * kubectl orders them, bigints as their digits.
 */
export function kubectlJson(items: unknown[]): string {
  return `${stringify({ apiVersion: 'v1', items, kind: 'List', metadata: { resourceVersion: '' } }, undefined, 4) ?? ''}\n`;
}
