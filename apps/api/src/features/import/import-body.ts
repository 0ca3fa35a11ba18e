/**
 * What an import reads: the body of `POST /v1/import` as received, and what comes out of it.
 *
 * `kubectl get nodes,pods -A -o json` on a cluster of 10,000 nodes and 300,000 pods prints 1 to
 * 3 GB, more than V8's longest string (~512 MiB): the body is read as its chunks arrive, and only
 * one object at a time is ever decoded to a string.
 */

/** How the body is written, as its content type says. */
export type ImportFormat = 'json' | 'yaml';

/** A body to import, as fastify receives it: its chunks in order as they arrive, never joined. */
export interface ImportBody {
  readonly format: ImportFormat;
  /** Iterated once; throws BodyNotReceivedError when the body cannot be received whole. */
  readonly chunks: AsyncIterable<Buffer>;
  /** The length the client declared (Content-Length); undefined for a body sent in chunks. */
  readonly bytes: number | undefined;
}

/**
 * A body that did not arrive as it should: larger than the import limit (413), shorter or longer
 * than its Content-Length, or cut off by the client (400).
 */
export class BodyNotReceivedError extends Error {
  constructor(
    readonly tooLarge: boolean,
    message: string,
  ) {
    super(message);
    this.name = 'BodyNotReceivedError';
  }
}

/** Where an object (or what could not be read) is in the body, for messages a person can act on. */
export interface BodyPosition {
  /** 0-based: which top-level JSON value, or which YAML document (`---`), of the body. */
  readonly document: number;
  /** 0-based: which entry of the document's `items`, when the document is a List (kind `List`, `NodeList`, ...). */
  readonly item?: number;
  /** 0-based byte offset in the body where it starts (for an error: where the error is). */
  readonly offset: number;
  /** 1-based line of that offset. */
  readonly line: number;
}

/** One thing read from the body: an object as JSON would hold it, or why one document (or item) could not be read. */
export type BodyEntry =
  | {
      readonly ok: true;
      readonly object: unknown;
      readonly position: BodyPosition;
      /** How many bytes of the body the object took, where the reader knows (JSON). */
      readonly bytes?: number;
    }
  | { readonly ok: false; readonly message: string; readonly position: BodyPosition };

/** "document 2, item 17 (line 4501)": the position as a message names it. */
export function describePosition(position: BodyPosition): string {
  const item = position.item === undefined ? '' : `, item ${position.item}`;
  return `document ${position.document}${item} (line ${position.line}, byte ${position.offset})`;
}

/**
 * A body that cannot be read at all: the import is refused as a whole (400). JSON is read by
 * splitting the bytes, and a malformed value leaves the splitter unsure where the next one starts,
 * so a JSON body is all or nothing; so is a body in an encoding other than UTF-8.
 */
export class UnreadableBodyError extends Error {
  constructor(
    readonly reason: string,
    readonly position: BodyPosition,
  ) {
    super(`${reason}, at ${describePosition(position)}`);
    this.name = 'UnreadableBodyError';
  }
}
