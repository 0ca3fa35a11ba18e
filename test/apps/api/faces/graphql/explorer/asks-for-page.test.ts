import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { asksForPage } from '../../../../../../apps/api/src/faces/graphql/explorer/asks-for-page';
import { EXPLORER_SCRIPT } from '../../../../../../apps/api/src/faces/graphql/explorer/explorer-script';

const request = (accept: string | undefined, method = 'GET') => ({ method, headers: accept === undefined ? {} : { accept } });

describe('asksForPage: which GET /graphql is a browser asking for the explorer', () => {
  it.each([
    ['Chrome and Firefox navigating', 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8'],
    ['Safari navigating', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'],
    ['text/html alone', 'text/html'],
    ['in capitals, with spaces', ' Text/HTML ; q=1 , application/json;q=0.5'],
  ])('%s: the page', (_what, accept) => {
    expect(asksForPage(request(accept))).toBe(true);
  });

  it.each([
    ['no Accept (curl without -H, most clients)', undefined],
    ['the wildcard', '*/*'],
    ['JSON', 'application/json'],
    ["GraphQL's media type, then JSON", 'application/graphql-response+json, application/json;q=0.9'],
    ['JSON preferred over HTML', 'application/json, text/html;q=0.5'],
    ['the wildcard first, HTML as good', '*/*, text/html'],
    ['HTML refused', 'text/html;q=0, application/json'],
    ['a q that does not parse', 'text/html;q=2'],
  ])('%s: GraphQL answers', (_what, accept) => {
    expect(asksForPage(request(accept))).toBe(false);
  });

  it('a POST never, whatever it accepts', () => {
    expect(asksForPage(request('text/html', 'POST'))).toBe(false);
  });
});

describe("the page's script", () => {
  it('is JavaScript a browser compiles (it is text in the sources, not checked by tsc)', () => {
    expect(() => new Script(EXPLORER_SCRIPT, { filename: 'explorer.js' })).not.toThrow();
  });
});
