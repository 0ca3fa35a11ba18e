import type { ImportService } from '../import/import.service';
import type { ImportBody } from '../import/import-body';
import type { ImportWrites } from '../import/import-batches';
import type { ImportedKind } from '../import/import-outcomes';
import type { KindStore } from './kind-syncer';
import type { MirroredKind } from './mirror-kinds';

/**
 * A mirror's sync stores what its source says as an import stores a body (the same checks and
 * bounded writes, the same eviction predictions): a list as a List of the kind with the kind
 * pruned, a watch's changes as a List of the objects changed, and its deletions as prune deletes.
 * Items of a list come without their kind (kube-apiserver's lists say it once): each is given it.
 *
 * The kinds' stores go one after another: an import decides its pods against the nodes as stored
 * when it begins, so a pod and its node stored side by side would each miss the other (and no
 * eviction be predicted).
 */
export class MirrorStore implements KindStore {
  private line: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly cluster: string,
    private readonly imports: ImportService,
    private readonly writes: ImportWrites,
    private readonly reachedAt: (kind: ImportedKind, resourceVersion: string) => Promise<void>,
  ) {}

  replaceAll(kind: MirroredKind, pages: AsyncIterable<unknown[]>): Promise<void> {
    return this.inTurn(() => this.importAll(kind, pages));
  }

  apply(kind: MirroredKind, changed: readonly unknown[], deleted: readonly { namespace: string; name: string }[]): Promise<void> {
    return this.inTurn(() => this.store(kind, changed, deleted));
  }

  reached(kind: MirroredKind, resourceVersion: string): Promise<void> {
    return this.reachedAt(kind.kind, resourceVersion);
  }

  /** Runs `work` once every store asked for before it is done, failed or not. */
  private inTurn(work: () => Promise<void>): Promise<void> {
    const turn = this.line.then(work);
    this.line = turn.catch(() => undefined);
    return turn;
  }

  /**
   * The kind's list as one import. A list of a page or a few (most kinds, and a small cluster's
   * pods) is imported from its text, its length known, on the event loop; a longer one is
   * streamed to the import as its pages come, read on a worker thread as a large body is.
   */
  private async importAll(kind: MirroredKind, pages: AsyncIterable<unknown[]>): Promise<void> {
    const read = pages[Symbol.asyncIterator]();
    const first: unknown[][] = [];
    let held = 0;
    let done = false;
    while (held < STREAM_FROM_ITEMS) {
      const page = await read.next();
      if (page.done === true) {
        done = true;
        break;
      }
      first.push(page.value);
      held += page.value.length;
    }
    const rest = async function* (): AsyncGenerator<unknown[]> {
      yield* first;
      if (done) return;
      for (let page = await read.next(); page.done !== true; page = await read.next()) yield page.value;
    };
    const body = done ? whole(kind, first.flat()) : { format: 'json' as const, chunks: listBody(kind, rest()), bytes: undefined };
    await this.imports.import(this.cluster, { body, prune: true, pruneKinds: [kind.kind], dryRun: false }, 'sync');
  }

  private async store(kind: MirroredKind, changed: readonly unknown[], deleted: readonly { namespace: string; name: string }[]): Promise<void> {
    if (changed.length > 0) {
      await this.imports.import(this.cluster, { body: whole(kind, changed), prune: false, pruneKinds: undefined, dryRun: false }, 'sync');
    }
    if (deleted.length === 0) return;
    if (kind.kind === 'Node') await this.writes.prune(this.cluster, { nodes: deleted.map((d) => d.name), pods: [], twins: [] }, 'sync');
    else if (kind.kind === 'Pod') await this.writes.prune(this.cluster, { nodes: [], pods: deleted, twins: [] }, 'sync');
    else {
      const twins = deleted.map((d) => ({ kind: kind.kind as Exclude<ImportedKind, 'Node' | 'Pod'>, ...d }));
      await this.writes.prune(this.cluster, { nodes: [], pods: [], twins }, 'sync');
    }
  }
}

/** Past this many items held, a list is streamed to its import rather than held and imported whole. */
const STREAM_FROM_ITEMS = 5000;

/** Objects as one List body, its length known. */
function whole(kind: MirroredKind, items: readonly unknown[]): ImportBody {
  const text = Buffer.from(JSON.stringify({ apiVersion: 'v1', kind: 'List', items: items.map((item) => withKind(kind, item)) }));
  return { format: 'json', chunks: once(text), bytes: text.length };
}

function withKind(kind: MirroredKind, item: unknown): unknown {
  return { ...(item as object), apiVersion: kind.apiVersion, kind: kind.kind };
}

/** The pages as one List's JSON, each page written as it comes. */
async function* listBody(kind: MirroredKind, pages: AsyncIterable<unknown[]>): AsyncGenerator<Buffer> {
  yield Buffer.from('{"apiVersion":"v1","kind":"List","items":[');
  let first = true;
  for await (const items of pages) {
    if (items.length === 0) continue;
    const text = items.map((item) => JSON.stringify(withKind(kind, item))).join(',');
    yield Buffer.from(first ? text : `,${text}`);
    first = false;
  }
  yield Buffer.from(']}');
}

function once(text: Buffer): AsyncIterable<Buffer> {
  return (async function* () {
    yield await Promise.resolve(text);
  })();
}
