import { Agent, type Dispatcher, request } from 'undici';
import type { SourceCredentials } from '@taintgate/domain';

/** Where a mirror's source is and how to reach it: its stored source, its credentials opened. */
export interface SourceConnection {
  readonly server: string;
  readonly caData?: string;
  readonly insecureSkipTLSVerify: boolean;
  readonly credentials?: SourceCredentials;
}

/** A failed call to the source: its HTTP status (none: no answer), and when it says to try again. */
export class SourceError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly retryAfterSeconds: number | undefined,
  ) {
    super(message);
    this.name = 'SourceError';
  }

  /** 410 Gone: the resourceVersion is too old to watch from; list again. */
  get expired(): boolean {
    return this.status === 410;
  }
}

/** One page of a list, as kube-apiserver answers it: its items, where the list is, and where the next page starts. */
export interface ListPage {
  readonly items: unknown[];
  readonly resourceVersion: string;
  readonly continue: string | undefined;
  /** The page as received: what the import reads, without writing it out again. */
  readonly text: string;
}

/** A watch event, as kube-apiserver streams them (one JSON object a line). */
export interface WatchEvent {
  readonly type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';
  readonly object: { metadata?: { name?: string; namespace?: string; resourceVersion?: string }; code?: number; message?: string; reason?: string };
}

/** How long a call's head may take before it is given up: a server that answers nothing is no server. */
const HEADERS_TIMEOUT_MS = 30_000;

/**
 * The source API server, over list and watch as client-go's reflector uses them: lists in pages
 * (`limit`, `continue`), watches with bookmarks from a resourceVersion, each call with the token
 * (or client certificate) and root certificates the mirror's source names. Through undici, with an
 * agent of its own per source, so that TLS settings never leak between sources.
 */
export class SourceClient {
  private readonly agent: Agent;
  private readonly headers: Record<string, string>;

  constructor(private readonly source: SourceConnection) {
    const credentials = source.credentials;
    const certificate = credentials && 'clientCertificateData' in credentials ? credentials : undefined;
    this.agent = new Agent({
      headersTimeout: HEADERS_TIMEOUT_MS,
      // A watch is a long answer: its silence is judged by the syncer (its own timeout), not here.
      bodyTimeout: 0,
      connect: {
        rejectUnauthorized: !source.insecureSkipTLSVerify,
        ...(source.caData ? { ca: Buffer.from(source.caData, 'base64').toString('utf8') } : {}),
        ...(certificate
          ? {
              cert: Buffer.from(certificate.clientCertificateData, 'base64').toString('utf8'),
              key: Buffer.from(certificate.clientKeyData, 'base64').toString('utf8'),
            }
          : {}),
      },
    });
    this.headers = {
      accept: 'application/json',
      'user-agent': 'taintgate-mirror-sync',
      ...(credentials && 'token' in credentials ? { authorization: `Bearer ${credentials.token}` } : {}),
    };
  }

  /** One page of the kind's list (`path`: `/api/v1/pods`), from `continueToken` on. */
  async listPage(path: string, limit: number, continueToken: string | undefined, signal: AbortSignal): Promise<ListPage> {
    const query = new URLSearchParams({ limit: String(limit) });
    if (continueToken) query.set('continue', continueToken);
    const answer = await this.call(`${path}?${query.toString()}`, signal);
    const text = await answer.body.text();
    const page = JSON.parse(text) as { items?: unknown[]; metadata?: { resourceVersion?: string; continue?: string } };
    if (!Array.isArray(page.items) || typeof page.metadata?.resourceVersion !== 'string') {
      throw new SourceError(`${path}: the answer is not a list (no items or metadata.resourceVersion)`, answer.statusCode, undefined);
    }
    return { items: page.items, resourceVersion: page.metadata.resourceVersion, continue: page.metadata.continue || undefined, text };
  }

  /**
   * The kind's changes from `resourceVersion` on, as they come; ends when the server ends the
   * watch (its timeoutSeconds) or `signal` aborts it (the syncer's silence timeout). `opened` is
   * called once the source has answered it.
   */
  async *watch(path: string, resourceVersion: string, timeoutSeconds: number, signal: AbortSignal, opened: () => void): AsyncGenerator<WatchEvent> {
    const query = new URLSearchParams({ watch: 'true', resourceVersion, allowWatchBookmarks: 'true', timeoutSeconds: String(timeoutSeconds) });
    const answer = await this.call(`${path}?${query.toString()}`, signal);
    // The source answered the watch (its head, 2xx): told before any event, which may be a minute away.
    opened();
    let pending = '';
    for await (const chunk of answer.body) {
      pending += (chunk as Buffer).toString('utf8');
      let end = pending.indexOf('\n');
      while (end >= 0) {
        const line = pending.slice(0, end).trim();
        pending = pending.slice(end + 1);
        if (line !== '') yield JSON.parse(line) as WatchEvent;
        end = pending.indexOf('\n');
      }
    }
    if (pending.trim() !== '') yield JSON.parse(pending) as WatchEvent;
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  /** A GET of the source, answered 2xx, or a SourceError with its status and Retry-After. */
  private async call(pathAndQuery: string, signal: AbortSignal): Promise<Dispatcher.ResponseData> {
    let answer: Dispatcher.ResponseData;
    try {
      answer = await request(`${this.source.server}${pathAndQuery}`, { method: 'GET', headers: this.headers, dispatcher: this.agent, signal });
    } catch (error) {
      if (signal.aborted) throw error;
      throw new SourceError(`${this.source.server}: ${error instanceof Error ? error.message : String(error)}`, undefined, undefined);
    }
    if (answer.statusCode >= 200 && answer.statusCode < 300) return answer;
    const text = await answer.body.text().catch(() => '');
    throw new SourceError(
      `${this.source.server}${pathAndQuery.split('?')[0] ?? ''}: ${answer.statusCode} ${statusMessage(text)}`,
      answer.statusCode,
      retryAfterOf(answer.headers['retry-after']),
    );
  }
}

/** A Status' message, or the start of whatever else the server said. */
function statusMessage(text: string): string {
  try {
    const status = JSON.parse(text) as { message?: unknown };
    if (typeof status.message === 'string') return status.message;
  } catch {
    // not JSON
  }
  return text.slice(0, 200);
}

/** Retry-After in seconds (its HTTP-date form is not sent by kube-apiserver, and is read as none). */
function retryAfterOf(header: string | string[] | undefined): number | undefined {
  const text = Array.isArray(header) ? header[0] : header;
  if (text === undefined || !/^\d+$/.test(text.trim())) return undefined;
  return Number(text.trim());
}
