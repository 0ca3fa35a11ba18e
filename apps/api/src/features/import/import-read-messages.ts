import type { DomainSettings } from '@taintgate/domain';
import type { BodyPosition, ImportFormat } from './import-body';
import type { ReadEntry } from './imported-pod';
import type { ReadProgress } from './read-progress';

/*
 * What the thread reading an import's body (import-read-thread.ts) and the event loop
 * (import-read-threads.ts) tell each other. The body crosses in pieces, one each time the thread
 * asks for more; what it read crosses back in messages of entries, at most AHEAD of them not yet
 * taken: neither side holds more than a few megabytes of the other's.
 */

/** What the thread is started with. */
export interface ImportReadTask {
  readonly format: ImportFormat;
  /** The body's declared length (Content-Length), for the progress reports. */
  readonly totalBytes: number | undefined;
  /** The stored pods' digests, as PodStore.importDigests reads them. */
  readonly digests: string;
  readonly settings: DomainSettings;
  readonly progressEveryBytes: number | undefined;
}

/** Messages of entries sent and not yet taken, at most: the thread reads one message ahead of the import. */
export const AHEAD = 2;

/** To the thread: the next piece of the body (or its end), or that a message of entries was taken. */
export type ToReader = { readonly kind: 'piece'; readonly piece: Uint8Array } | { readonly kind: 'end' } | { readonly kind: 'taken' };

/** From the thread. */
export type FromReader =
  | { readonly kind: 'need' }
  | { readonly kind: 'entries'; readonly entries: readonly ReadEntry[] }
  | { readonly kind: 'progress'; readonly progress: ReadProgress }
  /** The body cannot be read on (UnreadableBodyError): after the entries before it. */
  | { readonly kind: 'unreadable'; readonly reason: string; readonly position: BodyPosition }
  | { readonly kind: 'done' };
