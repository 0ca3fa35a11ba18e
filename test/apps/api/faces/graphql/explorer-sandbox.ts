import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Context, createContext, runInContext } from 'node:vm';
import WebSocket from 'ws';
import { EXPLORER_FILES } from '../../../../../apps/api/src/faces/graphql/explorer/explorer-files';

/** What the page script gave GraphiQL when it last rendered. */
export interface RenderedGraphiql {
  fetcher: (params: { query: string; operationName?: string }, options?: { documentAST?: unknown; headers?: Record<string, string> }) => Promise<unknown>;
  defaultQuery: string;
}

/** A button, form or field of the page, as the script uses it. */
class FakeElement {
  value = '';
  placeholder = '';
  textContent = '';
  className = '';
  readonly listeners = new Map<string, (event: { preventDefault(): void }) => void>();
  addEventListener(type: string, listener: (event: { preventDefault(): void }) => void): void {
    this.listeners.set(type, listener);
  }
  fire(type: string): void {
    this.listeners.get(type)?.({ preventDefault: () => undefined });
  }
}

/**
 * The explorer's scripts run as a browser runs them, but in a Node VM (no browser here): React,
 * ReactDOM and GraphiQL's browser builds as served, then the page's script, on a document that has
 * only what they touch while loading. ReactDOM's root is replaced once GraphiQL has loaded, so
 * that what the page renders can be read: GraphiQL and the fetcher it was given, the real ones,
 * whose requests go over the network to `pageUrl`'s server, its sockets with the page's Origin.
 */
export class ExplorerSandbox {
  readonly elements = {
    'key-form': new FakeElement(),
    'api-key': new FakeElement(),
    'forget-key': new FakeElement(),
    'key-status': new FakeElement(),
    graphiql: new FakeElement(),
  };
  readonly sessionStorage = new Map<string, string>();
  /** Every graphql-ws message the page's sockets sent or received, in order. */
  readonly socketMessages: { direction: 'sent' | 'received'; type: string; payload?: unknown }[] = [];
  private rendered: RenderedGraphiql | undefined;
  private readonly context: Context;

  constructor(pageUrl: string) {
    const page = new URL(pageUrl);
    const elements = this.elements;
    const storage = this.sessionStorage;
    const messages = this.socketMessages;
    const inert = {
      style: {},
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      appendChild: () => undefined,
      setAttribute: () => undefined,
    };
    const document = {
      ...inert,
      body: inert,
      head: inert,
      documentElement: inert,
      createElement: () => ({ ...inert, getContext: () => null }),
      getElementsByTagName: () => [],
      querySelector: () => null,
      getElementById: (id: string) => elements[id as keyof typeof elements] ?? null,
    };
    // The browser's WebSocket: it sends the page's Origin, as a browser must.
    class PageWebSocket extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols, { origin: page.origin });
        const send = this.send.bind(this);
        this.send = (data: string) => {
          messages.push({ direction: 'sent', ...(JSON.parse(data) as { type: string }) });
          send(data);
        };
        this.addEventListener('message', (event) =>
          messages.push({ direction: 'received', ...(JSON.parse((event.data as Buffer | string).toString()) as { type: string }) }),
        );
      }
    }
    const window: Record<string, unknown> = {
      console,
      document,
      navigator: { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0', platform: 'Linux x86_64', vendor: 'Google Inc.' },
      location: { href: page.href, origin: page.origin, pathname: page.pathname, protocol: page.protocol, host: page.host },
      sessionStorage: {
        getItem: (key: string) => storage.get(key) ?? null,
        setItem: (key: string, value: string) => storage.set(key, value),
        removeItem: (key: string) => storage.delete(key),
      },
      localStorage: { getItem: () => null, setItem: () => undefined, removeItem: () => undefined },
      fetch,
      WebSocket: PageWebSocket,
      setTimeout,
      clearTimeout,
      queueMicrotask,
      MessageChannel,
      URL,
      TextEncoder,
      TextDecoder,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      matchMedia: () => ({ matches: false, addEventListener: () => undefined, removeEventListener: () => undefined }),
      getComputedStyle: () => ({}),
    };
    window['window'] = window;
    window['self'] = window;
    this.context = createContext(window);
  }

  /** Loads the page's scripts, in the page's order, from the bytes the service serves. */
  load(read: (name: string) => string): void {
    for (const file of EXPLORER_FILES.filter((f) => f.kind === 'script')) {
      if (file.name === 'explorer.js') {
        const reactDom = this.context['ReactDOM'] as Record<string, unknown>;
        this.context['ReactDOM'] = { ...reactDom, createRoot: () => ({ render: (element: { props: RenderedGraphiql }) => (this.rendered = element.props) }) };
      }
      runInContext(read(file.name), this.context, { filename: file.name });
    }
  }

  /** What GraphiQL was last given by the page. */
  get graphiql(): RenderedGraphiql {
    if (!this.rendered) throw new Error('the page rendered nothing');
    return this.rendered;
  }

  /** window.GraphiQL, as its browser build set it. */
  get graphiqlComponent(): unknown {
    return this.context['GraphiQL'];
  }
}

/** A file as it is installed, for comparison with what is served. */
export const installedFile = (file: string): Buffer => readFileSync(path.join(__dirname, '../../../../../node_modules', file));
