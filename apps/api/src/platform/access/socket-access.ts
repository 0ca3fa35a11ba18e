import { Injectable } from '@nestjs/common';
import { type Caller, authorize } from '@taintgate/domain';
import type { IncomingMessage } from 'node:http';
import { AppConfig } from '../config/app-config';
import { Authenticator } from './authenticator';
import { OpenStreams } from './open-streams';

/** graphql-ws's close codes for a refused socket (its CloseCode.Unauthorized and Forbidden). */
const CLOSE_UNAUTHORIZED = 4401;
const CLOSE_FORBIDDEN = 4403;
/** A socket past its key's limit of open streams (HTTP's 429, as graphql-ws codes mirror HTTP's). */
const CLOSE_TOO_MANY = 4429;

/** What graphql-ws hands onConnect: the connection_init payload, and (its `ws` server's extra) the socket and the upgrade request. */
export interface SocketConnection {
  connectionParams?: Readonly<Record<string, unknown>>;
  extra: unknown;
}

interface WsExtra {
  socket: { close(code: number, reason: string): void };
  request: IncomingMessage;
}

/**
 * Admits a graphql-ws socket on /graphql. A browser page may open a WebSocket to any origin and
 * browsers send no CORS check for it, so the Origin it sends must be an allowed one or this
 * service's own (programs send none). The key comes in connection_init's payload, as `{"Authorization": "Bearer <key>"}`
 * (what Apollo Client and graphql-ws clients send as connectionParams); subscriptions need a viewer.
 */
@Injectable()
export class SocketAccess {
  /** Who each admitted socket is (by graphql-ws's `extra`, one per socket): what its operations are authorized as, and its hold among the open streams. */
  private readonly callers = new WeakMap<object, { caller: Caller; release: () => void }>();

  constructor(
    private readonly config: AppConfig,
    private readonly authenticator: Authenticator,
    private readonly streams: OpenStreams,
  ) {}

  async admit({ connectionParams, extra: untyped }: SocketConnection): Promise<boolean> {
    const extra = untyped as WsExtra;
    const origin = extra.request.headers.origin;
    if (origin !== undefined && !this.config.auth.allowedOrigins.includes(origin) && !isOwnPage(origin, extra.request)) {
      extra.socket.close(CLOSE_FORBIDDEN, 'Forbidden: origin not allowed (TAINTGATE_ALLOWED_ORIGINS)');
      return false;
    }
    const caller = await this.authenticator.callerOf(authorizationIn(connectionParams));
    const decided = authorize(caller, 'viewer', 'subscribe');
    if (decided.ok) {
      // Held open for its key: revoked, the socket is closed (4403), its subscriptions with it.
      const release = this.streams.hold(decided.value, () => extra.socket.close(CLOSE_FORBIDDEN, 'Forbidden: the API key was revoked'));
      if (!release) {
        extra.socket.close(CLOSE_TOO_MANY, `Too many requests: the API key holds ${this.config.auth.maxStreamsPerKey} streams already`);
        return false;
      }
      this.callers.set(extra, { caller: decided.value, release });
      return true;
    }
    extra.socket.close(decided.error.reason === 'Unauthorized' ? CLOSE_UNAUTHORIZED : CLOSE_FORBIDDEN, decided.error.reason);
    return false;
  }

  /** The caller the socket (its graphql-ws `extra`) was admitted as; undefined when it was not. */
  callerOf(extra: unknown): Caller | undefined {
    return typeof extra === 'object' && extra !== null ? this.callers.get(extra)?.caller : undefined;
  }

  /** The socket closed (graphql-ws's onClose): no longer held open for its key. */
  closed(extra: unknown): void {
    if (typeof extra === 'object' && extra !== null) this.callers.get(extra)?.release();
  }
}

/**
 * A page this service served itself (the GraphQL explorer at GET /graphql): its Origin names the
 * host and port the socket was opened to. Another site's page cannot send our Host with its Origin.
 */
function isOwnPage(origin: string, request: IncomingMessage): boolean {
  const host = request.headers.host;
  if (host === undefined) return false;
  try {
    return new URL(origin).host === host.toLowerCase();
  } catch {
    return false; // `null` (a sandboxed page) or garbage: not ours
  }
}

/** `Authorization` in any case, at the payload's top or under `headers` (both are seen in clients). */
function authorizationIn(params: Readonly<Record<string, unknown>> | undefined): string | undefined {
  const headers = params?.['headers'];
  for (const holder of [params, typeof headers === 'object' && headers !== null ? (headers as Record<string, unknown>) : undefined]) {
    for (const [name, value] of Object.entries(holder ?? {})) {
      if (name.toLowerCase() === 'authorization' && typeof value === 'string') return value;
    }
  }
  return undefined;
}
