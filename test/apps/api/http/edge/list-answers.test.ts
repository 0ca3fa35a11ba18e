import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { chunkOfSorted } from '@taintgate/domain';
import { describe, expect, it } from 'vitest';
import { stringifyExactly } from '../../../../../apps/api/src/http/edge/exact-json';
import { listJson, listPage, streamedList } from '../../../../../apps/api/src/http/edge/list-answers';

/** A list page in Kubernetes' shape (metav1.ListMeta), written out in pieces rather than as one string. */
describe('list answers', () => {
  const keys = Array.from({ length: 1001 }, (_, i) => `n${String(i).padStart(4, '0')}`);
  const items = keys.map((name) => ({ metadata: { name }, spec: { tolerationSeconds: 9223372036854775807n } }));
  const byName = new Map(items.map((item) => [item.metadata.name, item]));

  it("is the page's JSON, piece by piece, a few hundred items a piece, integers beyond 2^53 exact", () => {
    const chunk = chunkOfSorted(keys, { limit: 1000, start: '' }, { itemOf: (k) => byName.get(k), filtered: false, revision: 7n });
    const page = listPage('NodeList', chunk, { revision: 7n });
    const pieces = [...listJson(page)];
    expect(pieces.length).toBeGreaterThan(5);
    expect(pieces.join('')).toBe(stringifyExactly(page));
    expect(pieces.join('')).toContain('"tolerationSeconds":9223372036854775807');
    expect(JSON.parse(pieces.join('')).metadata).toEqual({ resourceVersion: '7', continue: chunk.continue, remainingItemCount: 1 });
  });

  it('an empty page is still a list', () => {
    const page = listPage('ClusterList', { items: [] }, { apiVersion: 'taintgate.io/v1' });
    expect([...listJson(page)].join('')).toBe('{"apiVersion":"taintgate.io/v1","kind":"ClusterList","metadata":{},"items":[]}');
  });

  it('a page whose items come as texts in batches is written as they come, the same bytes as the page whole', async () => {
    const texts = Array.from({ length: 45 }, (_, i) => `{"n":${i}}`);
    const head = listPage('PodList', { items: [], continue: 'token', remainingItemCount: 3 }, { revision: 9n });
    async function* batches() {
      yield texts.slice(0, 20);
      yield await Promise.resolve([]);
      yield texts.slice(20);
    }
    const answer = streamedList({ ...head, batches: batches() });
    expect(answer.getHeaders().type).toBe('application/json; charset=utf-8');
    const written = (await buffer(answer.getStream())).toString();
    expect(written).toBe(stringifyExactly({ ...head, items: texts.map((text) => JSON.parse(text)) }));
    const none = streamedList({ ...head, batches: (async function* () {})() });
    expect(JSON.parse((await buffer(none.getStream())).toString()).items).toEqual([]);
  });

  it('a batch that fails cuts the answer short (kube-apiserver: a list that breaks after its first bytes)', async () => {
    async function* batches() {
      yield ['{"n":1}'];
      await Promise.reject(new Error('the connection was lost'));
    }
    const answer = streamedList({ ...listPage('PodList', { items: [] }), batches: batches() });
    await expect(buffer(answer.getStream())).rejects.toThrow('the connection was lost');
  });

  it('REST answers it as a stream of JSON', async () => {
    const answer = streamedList(listPage('PodList', { items: [{ a: 1 }] }, { revision: 1n }));
    expect(answer.getHeaders().type).toBe('application/json; charset=utf-8');
    expect(answer.getStream()).toBeInstanceOf(Readable);
    expect((await buffer(answer.getStream())).toString()).toBe('{"apiVersion":"v1","kind":"PodList","metadata":{"resourceVersion":"1"},"items":[{"a":1}]}');
  });
});
