import { EXPLORER_FILES, explorerFileUrl } from './explorer-files';

/**
 * The Content-Security-Policy of the explorer page alone; every other answer keeps helmet's
 * (configure-app.ts). Scripts only from this origin, no inline script and no eval: GraphiQL's
 * bundle needs neither (its one `new Function` is webpack's fallback for a browser without
 * globalThis). Styles need 'unsafe-inline': GraphiQL's dialogs add a <style> element
 * (react-remove-scroll) and CodeMirror's search box style attributes, which no nonce can cover.
 * Its fonts are data: URLs in its stylesheet. 'self' in connect-src also admits ws: and wss: to
 * this host and port (CSP Level 3), where subscriptions go. No upgrade-insecure-requests (helmet's
 * default): a service reached over plain HTTP inside a cluster would see its own page's requests
 * sent to https:// and fail.
 */
export const EXPLORER_CSP = [
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
].join(';');

const stylesheets = EXPLORER_FILES.filter((file) => file.kind === 'style').map((file) => `<link rel="stylesheet" href="${explorerFileUrl(file)}">`);
// In this order: React, ReactDOM, GraphiQL (which finds both on window), then the page's own.
const scripts = EXPLORER_FILES.filter((file) => file.kind === 'script').map((file) => `<script src="${explorerFileUrl(file)}"></script>`);

/**
 * The page at GET /graphql for a browser: a bar for the API key, GraphiQL below it, and nothing
 * inline. Its files are fetched by paths relative to /graphql, so that a proxy that serves the
 * service under a prefix serves them too; explorer-script.ts starts GraphiQL.
 */
export const EXPLORER_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>taintgate GraphQL explorer</title>
${stylesheets.join('\n')}
</head>
<body>
<form id="key-form" class="key-bar" autocomplete="off">
<label for="api-key">API key</label>
<input id="api-key" name="api-key" type="password" placeholder="tg_... (sent as Authorization: Bearer)" spellcheck="false">
<button type="submit">Use key</button>
<button type="button" id="forget-key">Forget</button>
<span id="key-status" role="status"></span>
</form>
<div id="graphiql" class="graphiql-host"><noscript>The explorer needs JavaScript; POST /graphql answers without it.</noscript></div>
${scripts.join('\n')}
</body>
</html>
`;
