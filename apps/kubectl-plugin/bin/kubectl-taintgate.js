#!/usr/bin/env node
// The `kubectl-taintgate` command (apps/kubectl-plugin/package.json "bin"): kubectl runs it for
// `kubectl taintgate ...` when it is on PATH (`npm run build && npm link -w kubectl-taintgate`). It
// runs the plugin as the repository's `npm run build` compiled it, into the root's dist/; the path
// is this file's own (Node resolves the link npm makes), so it works from any folder.
'use strict';
const { existsSync } = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..', '..', '..');
const compiled = path.join(root, 'dist', 'apps', 'kubectl-plugin', 'src', 'main.js');
if (!existsSync(compiled)) {
  // Exit status 2, as for any other error of the plugin's.
  process.stderr.write(`error: ${compiled} is missing: run \`npm run build\` in ${path.resolve(root)} first\n`);
  process.exit(2);
}
require(compiled);
