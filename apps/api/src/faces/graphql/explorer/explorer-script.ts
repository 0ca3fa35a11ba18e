/**
 * The explorer page's own script, served as a file (/graphql/explorer/explorer.js) so that the
 * page's CSP allows no inline script. It runs in the browser, after React, ReactDOM and GraphiQL's
 * browser build have set window.React, window.ReactDOM and window.GraphiQL. Kept here as text, not
 * compiled: it is the same from the sources and from dist/, and a test compiles it.
 *
 * The key typed in the bar is kept in sessionStorage (this tab only, gone when it closes; never
 * localStorage, which every tab and later visit would read) and sent as `Authorization: Bearer`
 * on every POST to /graphql, and in graphql-ws's connection_init for subscriptions, where the
 * service reads it (auth/socket-access.ts). A new key makes a new fetcher, and GraphiQL fetches the
 * schema again with it. Queries and subscriptions go to the address the page was loaded from.
 */
export const EXPLORER_SCRIPT = String.raw`(function () {
  'use strict';
  var STORAGE_KEY = 'taintgate.graphqlExplorer.apiKey';
  var form = document.getElementById('key-form');
  var input = document.getElementById('api-key');
  var forget = document.getElementById('forget-key');
  var status = document.getElementById('key-status');
  var endpoint = location.origin + location.pathname;
  var socketEndpoint = endpoint.replace(/^http/, 'ws');
  var root = ReactDOM.createRoot(document.getElementById('graphiql'));

  function storedKey() {
    try {
      return sessionStorage.getItem(STORAGE_KEY) || '';
    } catch (e) {
      return '';
    }
  }

  function storeKey(key) {
    try {
      if (key) sessionStorage.setItem(STORAGE_KEY, key);
      else sessionStorage.removeItem(STORAGE_KEY);
    } catch (e) {
      // Storage refused (a private window's policy): the key holds until the page is left.
    }
  }

  function render(key) {
    var headers = key ? { Authorization: 'Bearer ' + key } : {};
    status.textContent = key
      ? 'Key set for this tab: sent as Authorization: Bearer with every query and subscription.'
      : 'No key: queries answer 401 Unauthorized. Paste an API key and press Use key.';
    status.className = key ? 'key-set' : 'key-missing';
    var fetcher = GraphiQL.createFetcher({
      url: endpoint,
      subscriptionUrl: socketEndpoint,
      headers: headers,
      wsConnectionParams: headers,
    });
    root.render(
      React.createElement(GraphiQL, {
        fetcher: fetcher,
        defaultQuery: '# Paste your API key above, then run: Ctrl-Enter\nquery {\n  nodes(limit: 10) {\n    name\n    unschedulable\n    taints {\n      key\n      value\n      effect\n    }\n  }\n}\n',
      }),
    );
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var key = input.value.trim().replace(/^Bearer\s+/i, '');
    input.value = '';
    input.placeholder = key ? 'key set (paste another to replace it)' : input.placeholder;
    storeKey(key);
    render(key);
  });

  forget.addEventListener('click', function () {
    input.value = '';
    storeKey('');
    render('');
  });

  render(storedKey());
})();
`;

/** The key bar's styles; GraphiQL's own stylesheet styles the rest. GraphiQL needs a sized container. */
export const EXPLORER_STYLES = `html, body { height: 100%; margin: 0; }
body { display: flex; flex-direction: column; font-family: system-ui, sans-serif; }
.key-bar { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; padding: 8px 12px; border-bottom: 1px solid #d0d5dd; background: #f6f7f9; }
.key-bar label { font-weight: 600; }
.key-bar input { flex: 0 1 28em; min-width: 12em; padding: 4px 6px; font-family: ui-monospace, monospace; }
.key-bar .key-missing { color: #b42318; }
.key-bar .key-set { color: #067647; }
.graphiql-host { flex: 1; min-height: 0; }
`;
