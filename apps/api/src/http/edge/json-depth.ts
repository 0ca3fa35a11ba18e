/**
 * How deep a request body's JSON may nest. The deepest honest body here (a pod's required node
 * affinity inside a placement request) nests about 12 deep; Kubernetes' own decoder allows 10,000,
 * but the walks that store, compare and quote a body (and Postgres' json parser) recurse, and a
 * body nested thousands deep once exhausted the stack (a 500). Refused with the byte it passes the
 * limit at.
 */
export const MAX_JSON_DEPTH = 100;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * Where JSON text `text` (already known to parse) opens an object or array nested deeper than
 * `max`: its character offset, or -1. Strings are skipped, escapes and all.
 */
export function tooDeepAt(text: string, max = MAX_JSON_DEPTH): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      for (i++; i < text.length; i++) {
        const inner = text.charCodeAt(i);
        if (inner === BACKSLASH) i++;
        else if (inner === QUOTE) break;
      }
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (++depth > max) return i;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) depth--;
  }
  return -1;
}
