import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { getIntrospectionQuery, parse } from 'graphql';
import { createClient } from 'graphql-ws';
import helmet from 'helmet';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { waitUntil } from '../../../../support/waiting';
import { useApiFixture } from '../../../../support/api-test-app';
import { ExplorerSandbox, installedFile as installed } from './explorer-sandbox';

/** A made-up admin token for the deployment under test (at least 32 characters). */
const ADMIN_TOKEN = 'test-admin-token-explorer-0123456789ab';

/** What Chrome sends when a URL is typed in its address bar. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8';

/** The headers helmet's middleware sets on a real response: what every answer but the page carries. */
function helmetHeaders(): Record<string, unknown> {
  const request = new IncomingMessage(new Socket());
  const real = new ServerResponse(request);
  helmet()(request, real, () => undefined);
  return real.getHeaders();
}

/** The page's script and stylesheet addresses, in the page's order. */
function assetUrlsOf(html: string): string[] {
  return [...html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
}

/** A fetcher's answer: GraphiQL's fetchers answer a value, or an async iterable of them (incremental delivery). */
async function firstResult(answer: Promise<unknown>): Promise<any> {
  const value = await answer;
  if (typeof value === 'object' && value !== null && Symbol.asyncIterator in value) {
    const iterator = (value as AsyncIterable<unknown>)[Symbol.asyncIterator]();
    const first = await iterator.next();
    await iterator.return?.();
    return first.value;
  }
  return value;
}

describe('GraphQL explorer: GraphiQL at GET /graphql for a browser, served from this origin (TAINTGATE_AUTH=on)', () => {
  const t = useApiFixture({ TAINTGATE_AUTH: 'on', TAINTGATE_ADMIN_TOKEN: ADMIN_TOKEN });
  let viewerKey = '';
  let port = 0;

  beforeAll(async () => {
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as { port: number }).port;
    const reply = await t.api.as(ADMIN_TOKEN).post('/v1/apikeys', { metadata: { name: 'explorer-viewer' }, spec: { role: 'viewer' } });
    expect(reply.statusCode, reply.body).toBe(201);
    viewerKey = reply.json<{ key: string }>().key;
  });

  const openPage = () => t.app.inject({ method: 'GET', url: '/graphql', headers: { accept: BROWSER_ACCEPT } });

  describe('the page and its files', () => {
    it('a browser opening /graphql without a key gets the page: HTML that loads only files of this origin', async () => {
      const reply = await openPage();
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(reply.headers['vary']).toMatch(/accept/i);
      expect(reply.body).toContain('<div id="graphiql"');
      expect(reply.body).toContain('id="api-key"');
      // Nothing inline: every script has a src, and no element carries an event handler.
      expect(reply.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      expect(reply.body).not.toMatch(/\son[a-z]+=/i);
      const urls = assetUrlsOf(reply.body);
      expect(urls).toEqual([
        'graphql/explorer/graphiql.min.css',
        'graphql/explorer/explorer.css',
        'graphql/explorer/react.production.min.js',
        'graphql/explorer/react-dom.production.min.js',
        'graphql/explorer/graphiql.min.js',
        'graphql/explorer/explorer.js',
      ]);
      for (const url of urls) expect(new URL(url, 'http://taintgate.example:3000/graphql').origin).toBe('http://taintgate.example:3000');
    });

    it('each file answers 200 without a key, with its type; the installed ones byte for byte', async () => {
      const expected: Record<string, { type: RegExp; bytes?: Buffer }> = {
        'graphiql.min.css': { type: /^text\/css; charset=utf-8$/i, bytes: installed('graphiql/graphiql.min.css') },
        'explorer.css': { type: /^text\/css; charset=utf-8$/i },
        'react.production.min.js': { type: /^(text|application)\/javascript; charset=utf-8$/i, bytes: installed('react/umd/react.production.min.js') },
        'react-dom.production.min.js': {
          type: /^(text|application)\/javascript; charset=utf-8$/i,
          bytes: installed('react-dom/umd/react-dom.production.min.js'),
        },
        'graphiql.min.js': { type: /^(text|application)\/javascript; charset=utf-8$/i, bytes: installed('graphiql/graphiql.min.js') },
        'explorer.js': { type: /^(text|application)\/javascript; charset=utf-8$/i },
      };
      for (const url of assetUrlsOf((await openPage()).body)) {
        const name = url.split('/').pop() ?? '';
        const reply = await t.app.inject({ method: 'GET', url: `/${url}` });
        expect([name, reply.statusCode]).toEqual([name, 200]);
        expect(reply.headers['content-type'], name).toMatch(expected[name]!.type);
        const bytes = expected[name]!.bytes;
        if (bytes) expect(reply.rawPayload.equals(bytes), name).toBe(true);
        else expect(reply.body.length, name).toBeGreaterThan(100);
      }
    });

    it('a reload revalidates the installed files (ETag, 304) rather than fetching 3.5 MB again; HEAD answers as GET', async () => {
      const first = await t.app.inject({ method: 'GET', url: '/graphql/explorer/graphiql.min.js' });
      const etag = String(first.headers['etag']);
      expect(etag).toMatch(/^W\/"/);
      const again = await t.app.inject({ method: 'GET', url: '/graphql/explorer/graphiql.min.js', headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      const head = await t.app.inject({ method: 'HEAD', url: '/graphql', headers: { accept: BROWSER_ACCEPT } });
      expect([head.statusCode, head.headers['content-type'], head.body]).toEqual([200, 'text/html; charset=utf-8', '']);
    });

    it('the page script keeps the key in sessionStorage and sends it as a bearer token, over HTTP and graphql-ws', async () => {
      const script = (await t.app.inject({ method: 'GET', url: '/graphql/explorer/explorer.js' })).body;
      expect(script).toContain('sessionStorage');
      expect(script).not.toContain('localStorage');
      expect(script).toContain("Authorization: 'Bearer ' + key");
      expect(script).toContain('wsConnectionParams: headers');
    });

    it('no other file of node_modules is reachable under the explorer path', async () => {
      for (const url of ['/graphql/explorer/package.json', '/graphql/explorer/../package.json', '/graphql/explorer/graphiql.min.js.map']) {
        const reply = await t.app.inject({ method: 'GET', url });
        // A path that matches no route needs a viewer before anything is said of it.
        expect([url, reply.statusCode]).toEqual([url, 401]);
      }
    });
  });

  describe('headers', () => {
    it("the page's own Content-Security-Policy: scripts of this origin only, no inline script, no eval", async () => {
      const reply = await openPage();
      const csp = String(reply.headers['content-security-policy']);
      expect(csp.split(';')).toEqual([
        "default-src 'self'",
        "base-uri 'self'",
        "connect-src 'self'",
        "font-src 'self' data:",
        "form-action 'self'",
        "frame-ancestors 'self'",
        "img-src 'self' data:",
        "object-src 'none'",
        "script-src 'self'",
        "script-src-attr 'none'",
        "style-src 'self' 'unsafe-inline'",
      ]);
      expect(csp).not.toContain('unsafe-eval');
    });

    it("the page's other security headers are helmet's, as on every answer", async () => {
      const reply = await openPage();
      for (const [name, value] of Object.entries(helmetHeaders())) {
        if (name !== 'content-security-policy') expect([name, reply.headers[name]]).toEqual([name, value]);
      }
    });

    it("every other answer keeps helmet's headers, its CSP included: the files, /docs, a refused query, a 404", async () => {
      const expected = helmetHeaders();
      for (const url of ['/graphql/explorer/graphiql.min.js', '/graphql/explorer/explorer.js', '/docs', '/healthz', '/v1/nodes', '/v1/no-such-thing']) {
        const reply = await t.app.inject({ method: 'GET', url });
        for (const [name, value] of Object.entries(expected)) expect([url, name, reply.headers[name]]).toEqual([url, name, value]);
      }
      // A browser's Accept elsewhere changes nothing: /docs is still Swagger UI, with helmet's CSP.
      const docs = await t.app.inject({ method: 'GET', url: '/docs', headers: { accept: BROWSER_ACCEPT } });
      expect(docs.statusCode).toBe(200);
      expect(docs.body).toContain('swagger-ui');
      for (const [name, value] of Object.entries(expected))
        expect(['/docs as a browser', name, docs.headers[name]]).toEqual(['/docs as a browser', name, value]);
      const query = await t.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ __typename }' } });
      for (const [name, value] of Object.entries(expected)) expect(['POST /graphql', name, query.headers[name]]).toEqual(['POST /graphql', name, value]);
    });
  });

  describe('queries still need a key', () => {
    it('POST /graphql without a key: 401, as before; with a viewer key: answered', async () => {
      const anonymous = await t.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ __typename }' } });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.headers['www-authenticate']).toBe('Bearer realm="taintgate"');
      const keyed = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { authorization: `Bearer ${viewerKey}` },
        payload: { query: '{ __typename }' },
      });
      expect(keyed.statusCode, keyed.body).toBe(200);
      expect(keyed.json()).toEqual({ data: { __typename: 'Query' } });
    });

    it("a GET query from a program (no text/html) is GraphQL's, not the page: 401 without a key, answered with one", async () => {
      for (const accept of [undefined, '*/*', 'application/json', 'application/graphql-response+json, application/json;q=0.9']) {
        const headers = accept === undefined ? {} : { accept };
        const anonymous = await t.app.inject({ method: 'GET', url: '/graphql?query=%7B__typename%7D', headers });
        expect([accept, anonymous.statusCode]).toEqual([accept, 401]);
        const keyed = await t.app.inject({
          method: 'GET',
          url: '/graphql?query=%7B__typename%7D',
          headers: { ...headers, authorization: `Bearer ${viewerKey}`, 'apollo-require-preflight': 'true' },
        });
        expect([accept, keyed.statusCode]).toEqual([accept, 200]);
        expect(keyed.headers['content-type']).toMatch(/json/);
        expect(keyed.json()).toEqual({ data: { __typename: 'Query' } });
      }
    });

    it("Apollo's CSRF check is as before: a keyed GET query without a preflight header is refused", async () => {
      const reply = await t.app.inject({ method: 'GET', url: '/graphql?query=%7B__typename%7D', headers: { authorization: `Bearer ${viewerKey}` } });
      expect(reply.statusCode).toBe(400);
      expect(reply.body).toMatch(/CSRF/i);
    });

    it('a browser opening /graphql?query=... gets the page, and the query is not run', async () => {
      const reply = await t.app.inject({ method: 'GET', url: '/graphql?query=%7B__typename%7D', headers: { accept: BROWSER_ACCEPT } });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toMatch(/^text\/html/);
      expect(reply.body).not.toContain('__typename');
    });
  });

  describe("the page's subscriptions (graphql-ws on the page's own origin)", () => {
    /** Connects as a browser page of `origin` would, with the key the page sends; answers 'connected' or the close code. */
    function connect(origin: string, authorization?: string): Promise<number | 'connected'> {
      return new Promise((resolve) => {
        class FromPage extends WebSocket {
          constructor(address: string, protocols?: string | string[]) {
            super(address, protocols, { origin });
          }
        }
        const client = createClient({
          url: `ws://127.0.0.1:${port}/graphql`,
          webSocketImpl: FromPage,
          retryAttempts: 0,
          lazy: false,
          onNonLazyError: () => undefined,
          ...(authorization ? { connectionParams: { Authorization: authorization } } : {}),
        });
        client.on('connected', () => {
          resolve('connected');
          void client.dispose();
        });
        client.on('closed', (event) => resolve((event as { code: number }).code));
      });
    }

    it("the page's origin is admitted with a key, refused without; another site's page is refused whatever its key", async () => {
      const own = `http://127.0.0.1:${port}`;
      expect(await connect(own, `Bearer ${viewerKey}`)).toBe('connected');
      expect(await connect(own)).toBe(4401);
      expect(await connect('https://evil.example.com', `Bearer ${viewerKey}`)).toBe(4403);
      expect(await connect(`http://127.0.0.1:${port + 1}`, `Bearer ${viewerKey}`)).toBe(4403);
    });
  });

  // No browser on this machine: the page's scripts run in a Node VM, GraphiQL's real build with the
  // real fetcher it makes, against the service over the network (explorer-sandbox.ts).
  describe('the page at work, its scripts run as served', () => {
    it('renders GraphiQL; the key typed in the bar is kept for the tab and sent on queries and subscriptions', async () => {
      const base = `http://127.0.0.1:${port}`;
      const served = new Map<string, string>();
      for (const name of ['react.production.min.js', 'react-dom.production.min.js', 'graphiql.min.js', 'explorer.js'])
        served.set(name, await (await fetch(`${base}/graphql/explorer/${name}`)).text());
      const page = new ExplorerSandbox(`${base}/graphql`);
      page.load((name) => served.get(name) ?? '');
      expect(typeof page.graphiqlComponent).toBe('function');
      expect(page.graphiql.defaultQuery).toContain('nodes(limit: 10)');

      // No key yet: the bar says so, and GraphiQL's schema fetch is refused as any query without one.
      expect(page.elements['key-status'].textContent).toMatch(/^No key/);
      const refused = await firstResult(page.graphiql.fetcher({ query: getIntrospectionQuery(), operationName: 'IntrospectionQuery' }));
      // (As a GraphQL error, which GraphiQL shows in its answer pane with the message saying how to send a key.)
      expect(refused).toMatchObject({
        errors: [{ message: expect.stringContaining('needs an API key'), extensions: { code: 'UNAUTHORIZED', statusCode: 401 } }],
      });

      // A key pasted with its scheme: kept without it, for this tab only; the field is emptied.
      page.elements['api-key'].value = ` Bearer ${viewerKey} `;
      page.elements['key-form'].fire('submit');
      expect([...page.sessionStorage.values()]).toEqual([viewerKey]);
      expect(page.elements['api-key'].value).toBe('');
      expect(page.elements['key-status'].textContent).toMatch(/^Key set/);
      const schema = await firstResult(page.graphiql.fetcher({ query: getIntrospectionQuery(), operationName: 'IntrospectionQuery' }));
      expect(schema.data.__schema.queryType.name).toBe('Query');
      expect(await firstResult(page.graphiql.fetcher({ query: '{ __typename }' }))).toEqual({ data: { __typename: 'Query' } });

      // A subscription goes over graphql-ws from the page's origin, the key in connection_init.
      const query = 'subscription { evictionEvents { kind } }';
      const events = (await page.graphiql.fetcher({ query }, { documentAST: parse(query) })) as AsyncIterable<unknown>;
      const iterator = events[Symbol.asyncIterator]();
      const pending = iterator.next();
      await waitUntil(() => Promise.resolve(page.socketMessages.some((message) => message.type === 'connection_ack')), 5000);
      expect(page.socketMessages.find((message) => message.type === 'connection_init')?.payload).toEqual({ Authorization: `Bearer ${viewerKey}` });
      await iterator.return?.();
      await pending;

      // Forget: the tab's storage is emptied and queries are anonymous again.
      page.elements['forget-key'].fire('click');
      expect(page.sessionStorage.size).toBe(0);
      expect(await firstResult(page.graphiql.fetcher({ query: '{ __typename }' }))).toMatchObject({ errors: [{ extensions: { statusCode: 401 } }] });
    });

    it('a key kept in the tab from before is used when the page is loaded again', async () => {
      const base = `http://127.0.0.1:${port}`;
      const page = new ExplorerSandbox(`${base}/graphql`);
      page.sessionStorage.set('taintgate.graphqlExplorer.apiKey', viewerKey);
      const served = new Map<string, string>();
      for (const name of ['react.production.min.js', 'react-dom.production.min.js', 'graphiql.min.js', 'explorer.js'])
        served.set(name, await (await fetch(`${base}/graphql/explorer/${name}`)).text());
      page.load((name) => served.get(name) ?? '');
      expect(await firstResult(page.graphiql.fetcher({ query: '{ __typename }' }))).toEqual({ data: { __typename: 'Query' } });
    });
  });
});
