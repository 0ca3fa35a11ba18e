import { signatureOf } from './webhook-bodies';

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

/** How much of a refusing receiver's answer is kept in lastError. */
const ERROR_TEXT_CHARS = 300;

/**
 * One attempt: the body POSTed as JSON with its signature, delivery id and event name, within
 * `timeoutMs` (the answer's body included). Redirects are not followed: a 3xx is a failure, as a
 * receiver that moved should be registered again at its new address.
 */
export async function attemptDelivery(out: Outgoing, timeoutMs: number): Promise<AttemptResult> {
  try {
    const response = await fetch(out.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'taintgate-webhooks',
        'x-taintgate-signature': signatureOf(out.secret, out.body),
        'x-taintgate-delivery': out.deliveryId,
        'x-taintgate-event': out.event,
      },
      body: out.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status };
    const said = text.trim().slice(0, ERROR_TEXT_CHARS);
    return { ok: false, status: response.status, error: `HTTP ${response.status}${said ? `: ${said}` : ''}` };
  } catch (error) {
    return { ok: false, status: null, error: reasonOf(error, timeoutMs) };
  }
}

/** fetch says "fetch failed" and hides why in its cause (ECONNREFUSED, a DNS failure); a timeout says it timed out. */
function reasonOf(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return `no answer within ${timeoutMs} ms`;
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: string; message?: string } | undefined;
  const why = cause?.code ?? cause?.message;
  return why ? `${error.message}: ${why}` : error.message;
}
