import { defaultSettings } from '@taintgate/domain';
import { describe, expect, it } from 'vitest';
import { BodyNotReceivedError, type ImportBody, type ImportFormat, UnreadableBodyError } from '../../../../../apps/api/src/features/import/import-body';
import { readOnThread } from '../../../../../apps/api/src/features/import/import-read-threads';
import { type ReadEntry, importDigestOf, prepareEntry } from '../../../../../apps/api/src/features/import/imported-pod';
import type { ReadProgress } from '../../../../../apps/api/src/features/import/read-progress';
import { kubectlNode, kubectlPod } from '../../../../support/kubectl-objects';
import { kubectlJsonList } from './kubectl-list-body';
import { chunksOf, kubectlJson, readAll } from './read-body';

/**
 * An import's body read on a worker thread (readOnThread): the entries it hands out are those
 * read on the event loop (readWholeBody), each pod taken through the first step (prepareEntry),
 * in order, whatever the pieces and messages they crossed in; errors come after the entries
 * before them, as the reader on the event loop throws them.
 */

/** A body as the parser hands it over, in chunks of `size` bytes; the client goes away after `goneAfter` bytes, if given. */
function bodyOf(format: ImportFormat, text: string | Buffer[], size = 64 * 1024, goneAfter?: number): ImportBody {
  const chunks = typeof text === 'string' ? chunksOf(text, size) : text;
  async function* arriving(): AsyncGenerator<Buffer> {
    let sent = 0;
    for (const chunk of chunks) {
      if (goneAfter !== undefined && sent >= goneAfter) throw new BodyNotReceivedError(false, 'the client went away before the whole body was sent');
      sent += chunk.length;
      await Promise.resolve();
      yield chunk;
    }
  }
  return { format, chunks: arriving(), bytes: chunks.reduce((sum, chunk) => sum + chunk.length, 0) };
}

/** What the event loop's reader hands out, through the first step with these digests. */
function expectedOf(format: ImportFormat, chunks: Buffer[] | string, digests: Map<string, string> = new Map()): ReadEntry[] {
  const known = { podDigests: digests, namedPods: new Set<string>(), settings: defaultSettings };
  return readAll(format, chunks).map((entry) => prepareEntry(entry, known));
}

const digestText = (digests: Map<string, string>) => [...digests].map(([key, digest]) => `${key} ${digest}`).join('\n');

async function readThrough(body: ImportBody, digests = new Map<string, string>(), onProgress?: (p: ReadProgress) => void) {
  const entries: ReadEntry[] = [];
  try {
    for await (const entry of readOnThread(body, digestText(digests), defaultSettings, { onProgress, progressEveryBytes: 2 ** 20 })) entries.push(entry);
  } catch (error) {
    return { entries, error };
  }
  return { entries, error: undefined };
}

describe('readOnThread: an import body read on a worker thread', () => {
  it('hands out what the event loop reads, pods prepared, over many pieces and messages; progress reported', async () => {
    // 30 nodes and 600 pods of kubectl's JSON: about 3 MB, three pieces and seven messages of entries.
    const list = kubectlJsonList({ nodes: 30, pods: 600, multiByteEvery: 7 });
    const someSentBefore = new Map<string, string>();
    for (const entry of readAll('json', list.chunks).slice(40, 60)) {
      if (!entry.ok) continue;
      const { metadata } = entry.object as { kind: string; metadata: { name: string; namespace?: string } };
      if (metadata.namespace) someSentBefore.set(`${metadata.namespace}/${metadata.name}`, importDigestOf(entry.object));
    }
    const progress: ReadProgress[] = [];
    const read = await readThrough(bodyOf('json', list.chunks), someSentBefore, (p) => progress.push(p));
    expect(read.error).toBeUndefined();
    expect(read.entries).toEqual(expectedOf('json', list.chunks, someSentBefore));
    const kinds = read.entries.map((entry) => ('ok' in entry ? 'read' : entry.kind));
    expect(kinds.filter((kind) => kind === 'sentBefore')).toHaveLength(20);
    expect(kinds.filter((kind) => kind === 'ready')).toHaveLength(580);
    expect(progress.at(-1)).toEqual({ bytesRead: list.bytes, totalBytes: list.bytes, objects: 630, errors: 0, done: true });
    expect(progress.length).toBeGreaterThan(2);
  });

  it('hands a pod it cannot tell on whole: invalid, named twice, without a uid of its own', async () => {
    const pod = kubectlPod('web-1');
    const invalid = { ...kubectlPod('web-2'), spec: { ...pod.spec, tolerations: [{ key: 'k', operator: 'Sometimes' }] } };
    const noUid = { ...kubectlPod('web-3'), metadata: { ...kubectlPod('web-3').metadata, uid: undefined } };
    const text = kubectlJson([kubectlNode(), pod, invalid, pod, noUid, { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' } }]);
    const read = await readThrough(bodyOf('json', text, 100));
    expect(read.entries).toEqual(expectedOf('json', text));
    expect(read.entries.map((entry) => ('ok' in entry ? 'read' : entry.kind))).toEqual(['read', 'ready', 'read', 'read', 'read', 'read']);
  });

  it('reads YAML: documents, a List', async () => {
    const yaml = [
      'apiVersion: v1\nkind: Node\nmetadata:\n  name: y1\n',
      'apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Pod\n  metadata:\n    name: yp\n    uid: 7a1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b\n    creationTimestamp: "2026-01-01T00:00:00Z"\n  spec:\n    containers: [{name: c, image: i}]\n- {not: [valid\n',
    ].join('---\n');
    const read = await readThrough(bodyOf('yaml', yaml, 10));
    expect(read.error).toBeUndefined();
    expect(read.entries).toEqual(expectedOf('yaml', yaml));
    expect(read.entries.map((entry) => ('ok' in entry ? entry.ok : entry.kind))).toEqual([true, 'ready', false]);
  });

  it('throws where the JSON turns malformed, after the entries before it, as the event loop reader does', async () => {
    const good = kubectlJson([kubectlPod('a'), kubectlPod('b')]);
    const text = `${good.slice(0, good.lastIndexOf(']'))}, {"kind": "Pod",, }]}`;
    let thrown: unknown;
    try {
      readAll('json', text);
    } catch (error) {
      thrown = error;
    }
    const read = await readThrough(bodyOf('json', text, 50));
    expect(read.entries.map((entry) => ('ok' in entry ? 'read' : entry.kind))).toEqual(['ready', 'ready']);
    expect(read.error).toBeInstanceOf(UnreadableBodyError);
    expect((read.error as Error).message).toBe((thrown as Error).message);
  });

  it('throws the body failing as it arrives (BodyNotReceivedError), as it is', async () => {
    const list = kubectlJsonList({ nodes: 5, pods: 200 });
    const read = await readThrough(bodyOf('json', list.chunks, undefined, 256 * 1024));
    expect(read.error).toBeInstanceOf(BodyNotReceivedError);
    expect(read.entries.length).toBeLessThan(205);
  });

  it('ends its thread when the reader stops early', async () => {
    const list = kubectlJsonList({ nodes: 5, pods: 400 });
    let taken = 0;
    for await (const _entry of readOnThread(bodyOf('json', list.chunks), '', defaultSettings)) {
      if (++taken === 3) break;
    }
    expect(taken).toBe(3);
  });

  it('hands out what has come of a body sent slowly, without waiting for a whole piece', async () => {
    const text = kubectlJson([kubectlPod('a'), kubectlPod('b'), kubectlPod('c')]);
    const cut = text.indexOf('"c"');
    let release: () => void = () => undefined;
    const rest = new Promise<void>((resolve) => (release = resolve));
    async function* slowly(): AsyncGenerator<Buffer> {
      yield Buffer.from(text.slice(0, cut));
      await rest;
      yield Buffer.from(text.slice(cut));
    }
    const entries = readOnThread({ format: 'json', chunks: slowly(), bytes: Buffer.byteLength(text) }, '', defaultSettings);
    const first = await entries.next();
    const second = await entries.next();
    expect([first.value, second.value].map((entry) => entry && 'key' in entry && entry.key)).toEqual(['shop/a', 'shop/b']);
    release();
    const after: ReadEntry[] = [];
    for await (const entry of entries) after.push(entry);
    expect(after.map((entry) => 'key' in entry && entry.key)).toEqual(['shop/c']);
  });
});
