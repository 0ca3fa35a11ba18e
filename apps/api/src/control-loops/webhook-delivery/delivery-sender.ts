import { Agent, fetch } from 'undici';
import { signatureOf } from './webhook-bodies';
import { type Cidr, RefusedAddress, guardedLookup, literalAddressOf, refusedRange } from './webhook-addresses';

/** What one delivery sends. */
export interface Outgoing {
  deliveryId: string;
  event: string;
  url: string;
  secret: string;
  body: string;
}

/** How one attempt went: accepted (a 2xx), or why not, with the answer's status when there was one. */
export type AttemptResult = { ok: true; status: number } | { ok: false; status: number | null; error: string };

/** How much of an answer's body is read (then the connection is let go): a receiver's body is never kept. */
const ANSWER_BYTES_READ = 64 * 1024;

/**
 * Sends deliveries to the addresses webhooks may reach (webhook-addresses.ts): each connection's
 * addresses checked as it is made, through an agent of its own (undici, pinned: the fetch Node
 * bundles takes no lookup of ours).
 */
export class DeliverySender {
  private readonly agent: Agent;

  constructor(private readonly allowed: readonly Cidr[]) {
    this.agent = new Agent({ connect: { lookup: guardedLookup(allowed) } });
  }

  /**
   * One attempt: the body POSTed as JSON with its signature over a timestamp and the body, its
   * delivery id and event name, within `timeoutMs` (the answer's head and at most 64 KiB of its
   * body). Redirects are not followed: a 3xx is a failure, as a receiver that moved should be
   * registered again at its new address. What a refusing receiver answered is not kept (it may be
   * an internal service's): its status only.
   */
  async attempt(out: Outgoing, timeoutMs: number, now = Date.now()): Promise<AttemptResult> {
    const literal = literalAddressOf(new URL(out.url).hostname);
    const refused = literal === undefined ? undefined : refusedRange(literal, this.allowed);
    if (literal !== undefined && refused) return { ok: false, status: null, error: new RefusedAddress(literal, refused).message };
    try {
      const response = await fetch(out.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'taintgate-webhooks',
          'x-taintgate-signature': signatureOf(out.secret, out.body, Math.floor(now / 1000)),
          'x-taintgate-delivery': out.deliveryId,
          'x-taintgate-event': out.event,
        },
        body: out.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
        dispatcher: this.agent,
      });
      await drain(response.body, ANSWER_BYTES_READ);
      if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status };
      return { ok: false, status: response.status, error: `HTTP ${response.status}` };
    } catch (error) {
      return { ok: false, status: null, error: reasonOf(error, timeoutMs) };
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}

/** Reads at most `limit` bytes of the answer, then lets the rest go. */
async function drain(body: ReadableStream<Uint8Array> | null, limit: number): Promise<void> {
  if (!body) return;
  const reader = body.getReader();
  let read = 0;
  while (read < limit) {
    const { done, value } = await reader.read();
    if (done) return;
    read += value.byteLength;
  }
  await reader.cancel();
}

/** fetch says "fetch failed" and hides why in its cause (ECONNREFUSED, a DNS failure, an address refused); a timeout says it timed out. */
function reasonOf(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return `no answer within ${timeoutMs} ms`;
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: string; message?: string; name?: string } | undefined;
  if (cause?.name === 'RefusedAddress') return cause.message ?? error.message;
  const why = cause?.code ?? cause?.message;
  return why ? `${error.message}: ${why}` : error.message;
}
