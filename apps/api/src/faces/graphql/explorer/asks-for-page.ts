import type { IncomingMessage } from 'node:http';

/**
 * Whether a request to GET /graphql is a browser's navigation, answered with the explorer page:
 * the media type its Accept header prefers most is text/html. A browser's navigation sends
 * `text/html,application/xhtml+xml,...` with the wildcard last at a lower quality; a program sends
 * no Accept, the wildcard or a JSON type, and keeps GraphQL's own answer (a query's, or the 400
 * Apollo's CSRF check gives a GET without one). The wildcard competes with the named types: named
 * first at full quality, it is what the caller prefers, and the answer is not the page.
 */
export function asksForPage(request: Pick<IncomingMessage, 'method' | 'headers'>): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const accept = request.headers.accept;
  // Most requests stop here, before any parsing: the router asks this of every request.
  if (accept === undefined || !accept.toLowerCase().includes('text/html')) return false;
  return preferredMediaType(accept) === 'text/html';
}

/**
 * The media type an Accept header prefers most: the highest quality, the first named among
 * equals (as Apollo's negotiator breaks ties for a single candidate list). Types with q=0 are
 * refused, not preferred.
 */
function preferredMediaType(accept: string): string | undefined {
  let best: { type: string; quality: number } | undefined;
  for (const range of accept.split(',')) {
    const [type = '', ...parameters] = range.split(';').map((part) => part.trim().toLowerCase());
    if (type === '') continue;
    const quality = qualityOf(parameters);
    if (quality > 0 && (best === undefined || quality > best.quality)) best = { type, quality };
  }
  return best?.type;
}

/** The q parameter of a media range: 1 when absent, 0 when it does not parse (RFC 9110 allows 0 to 1, three decimals). */
function qualityOf(parameters: string[]): number {
  const q = parameters.find((parameter) => parameter.startsWith('q='));
  if (q === undefined) return 1;
  const value = q.slice(2);
  return /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(value) ? Number(value) : 0;
}
