import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the receiver got it: headers and the body's exact text. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A local HTTP server on a free port that records every request and answers with the status
 * `answer` gives for the nth request (1-based): 204 by default.
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  private server: Server | undefined;

  constructor(private readonly answer: (n: number) => number = () => 204) {}

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        const status = this.answer(this.received.length);
        response.writeHead(status, { 'content-type': 'text/plain' });
        response.end(status >= 300 ? `receiver says no (${status})` : '');
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}/hook`;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** Waits until `probe` answers something, polling every 50 ms. */
export async function waitFor<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
