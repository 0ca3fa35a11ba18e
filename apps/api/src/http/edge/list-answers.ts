import { PassThrough, Readable } from 'node:stream';
import { StreamableFile, applyDecorators } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import { DEFAULT_LIST_LIMIT, type ListChunk } from '@taintgate/domain';
import { stringifyExactly } from './exact-json';

/**
 * Lists as Kubernetes answers them, a page at a time (libs/domain's list-chunks decides the page),
 * and written out as they are serialized: a page of 100,000 pods is never one string. Every list
 * of the API answers through here, so its shape, `{apiVersion, kind, metadata: {resourceVersion,
 * continue, remainingItemCount}, items}`, is the same everywhere, and is metav1.ListMeta's.
 */

/** metav1.ListMeta: what a client needs to ask for the next page. */
interface ListMeta {
  resourceVersion?: string;
  /** The next page's token; absent on the last page. */
  continue?: string;
  /** How many items follow this page, when the list was not filtered. */
  remainingItemCount?: number;
}

export interface ListPage<T> {
  apiVersion: string;
  kind: string;
  metadata: ListMeta;
  items: T[];
}

/**
 * A page of a list as the API answers it: `kind` (NodeList), `apiVersion` (`v1`, or
 * `taintgate.io/v1` for taintgate's own kinds), and the revision it was read at when it has one.
 */
export function listPage<T>(kind: string, chunk: ListChunk<T>, options: { apiVersion?: string; revision?: bigint } = {}): ListPage<T> {
  const metadata: ListMeta = {};
  if (options.revision !== undefined) metadata.resourceVersion = String(options.revision);
  if (chunk.continue !== undefined) metadata.continue = chunk.continue;
  if (chunk.remainingItemCount !== undefined) metadata.remainingItemCount = chunk.remainingItemCount;
  return { apiVersion: options.apiVersion ?? 'v1', kind, metadata, items: chunk.items };
}

/** An item already serialized (a pod written from its row's text, pod-reads.ts): written as it is. */
export class RawJson {
  constructor(readonly json: string) {}
}

/**
 * How many items are serialized into one piece of the answer: some tens of KB for pods. A piece
 * of hundreds of KB is a string V8 keeps among its large objects, which only a full collection
 * frees; pieces this size die young.
 */
const ITEMS_PER_PIECE = 16;

/**
 * A list page as REST answers it: JSON text written to the socket piece by piece, as the socket
 * takes it (a Readable that is read only as fast as the client reads), each item serialized by
 * stringifyExactly so that integers beyond 2^53 keep their digits. The bytes are exactly those
 * of the whole page serialized at once.
 */
export function streamedList(page: ListPage<unknown> | StreamedListPage): StreamableFile {
  if ('batches' in page) return streamedBatches(page);
  return new StreamableFile(Readable.from(listJson(page), { objectMode: false }), { type: JSON_TYPE });
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** A list page whose items are JSON texts that come in batches as a store reads them (PodStore.pageTexts). */
export interface StreamedListPage extends Omit<ListPage<never>, 'items'> {
  batches: AsyncIterable<string[]>;
}

/**
 * A StreamedListPage written out as its batches come, each as soon as it comes: the store's
 * connection is given back when the last is read, however slowly the client reads (the answer
 * waits for it in the stream's buffer, a page at most). A batch that fails cuts the answer short,
 * as kube-apiserver's does when a list breaks after its first bytes.
 */
function streamedBatches({ apiVersion, kind, metadata, batches }: StreamedListPage): StreamableFile {
  const out = new PassThrough();
  out.write(`${stringifyExactly({ apiVersion, kind, metadata }).slice(0, -1)},"items":[`);
  const written = async () => {
    let first = true;
    for await (const texts of batches) {
      for (let i = 0; i < texts.length; i += ITEMS_PER_PIECE) {
        out.write((first ? '' : ',') + texts.slice(i, i + ITEMS_PER_PIECE).join(','));
        first = false;
      }
    }
    out.end(']}');
  };
  written().catch((error: unknown) => out.destroy(error as Error));
  return new StreamableFile(out, { type: JSON_TYPE });
}

/** The page's JSON in pieces: its head, then its items a few hundred at a time, then the end. */
export function* listJson({ items, ...head }: ListPage<unknown>): Generator<string> {
  const headText = stringifyExactly(head);
  yield `${headText.slice(0, -1)},"items":[`;
  for (let i = 0; i < items.length; i += ITEMS_PER_PIECE) {
    const piece = items.slice(i, i + ITEMS_PER_PIECE).map((item) => (item instanceof RawJson ? item.json : stringifyExactly(item)));
    yield (i === 0 ? '' : ',') + piece.join(',');
  }
  yield ']}';
}

/** The OpenAPI document's `limit` and `continue` of a list route. */
export const ListQueries = (): MethodDecorator =>
  applyDecorators(
    ApiQuery({ name: 'limit', required: false, type: Number, description: `at most this many items; absent or 0: ${DEFAULT_LIST_LIMIT}` }),
    ApiQuery({ name: 'continue', required: false, type: String, description: "the previous page's metadata.continue" }),
  );
