import { type IncomingMessage, type Server, type ServerResponse, createServer, request } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** What the proxy does with a request a fault matches, instead of passing it on. */
export type Fault =
  /** Answers this status (and headers, and a Status body) without asking the target. */
  | { kind: 'status'; code: number; headers?: Record<string, string>; message?: string }
  /** A watch answered 200, then one ERROR event with this code, as kube-apiserver says 410 in a watch. */
  | { kind: 'watchError'; code: number; message: string }
  /** Answers 200 with its head and then nothing, ever: a half-open watch. */
  | { kind: 'silent' }
  /** Passes the request on and cuts the connection after `afterMs`, mid-answer. */
  | { kind: 'drop'; afterMs: number }
  /** Passes the request on once `ms` have passed. */
  | { kind: 'delay'; ms: number };

interface Rule {
  matches: (method: string, url: string) => boolean;
  fault: Fault;
  /** How many requests it applies to still; Infinity for every one. */
  times: number;
}

/**
 * The tests' own HTTP proxy in front of an API server, which breaks the requests it is told to
 * (a status, a watch error, a silent or cut watch, a slow answer) and passes every other on as it
 * is, streams included. Counts what it saw, by method and path, for tests to wait on.
 */
export class FaultProxy {
  private server: Server | undefined;
  private readonly rules: Rule[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly held = new Set<ServerResponse>();
  /** Every request seen: `GET /api/v1/pods?watch=true&...`. */
  readonly seen: string[] = [];

  constructor(private readonly target: string) {}

  get url(): string {
    const address = this.server?.address() as AddressInfo | null;
    if (!address) throw new Error('the proxy is not listening');
    return `http://127.0.0.1:${address.port}`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => this.handle(req, res));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return this;
  }

  /** Applies `fault` to the next `times` requests whose method and URL `matches` takes. */
  fail(matches: (method: string, url: string) => boolean, fault: Fault, times = 1): void {
    this.rules.push({ matches, fault, times });
  }

  /** Forgets every fault still to apply. */
  clear(): void {
    this.rules.splice(0);
  }

  /** Cuts every connection open now (watches included): what a proxy restart or a network blip does. */
  dropAll(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  async close(): Promise<void> {
    for (const res of this.held) res.destroy();
    this.dropAll();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    this.seen.push(`${method} ${url}`);
    const rule = this.rules.find((r) => r.times > 0 && r.matches(method, url));
    if (rule) rule.times -= 1;
    const fault = rule?.fault;
    if (fault?.kind === 'status') {
      res.writeHead(fault.code, { 'content-type': 'application/json', ...fault.headers });
      res.end(JSON.stringify({ kind: 'Status', apiVersion: 'v1', status: 'Failure', message: fault.message ?? `injected ${fault.code}`, code: fault.code }));
      return;
    }
    if (fault?.kind === 'watchError') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        `${JSON.stringify({ type: 'ERROR', object: { kind: 'Status', apiVersion: 'v1', status: 'Failure', message: fault.message, reason: 'Expired', code: fault.code } })}\n`,
      );
      return;
    }
    if (fault?.kind === 'silent') {
      res.writeHead(200, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' });
      res.flushHeaders();
      this.held.add(res);
      res.on('close', () => this.held.delete(res));
      return;
    }
    const pass = () => this.pass(req, res, fault?.kind === 'drop' ? fault.afterMs : undefined);
    if (fault?.kind === 'delay') setTimeout(pass, fault.ms);
    else pass();
  }

  private pass(req: IncomingMessage, res: ServerResponse, dropAfterMs: number | undefined): void {
    const target = new URL(req.url ?? '/', this.target);
    const upstream = request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    res.on('close', () => upstream.destroy());
    if (dropAfterMs !== undefined) setTimeout(() => res.socket?.destroy(), dropAfterMs);
    req.pipe(upstream);
  }
}
