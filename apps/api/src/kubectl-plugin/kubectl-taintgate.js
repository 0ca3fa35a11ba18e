#!/usr/bin/env node
// The `kubectl-taintgate` command (package.json "bin"): kubectl runs it for `kubectl taintgate ...`
// when it is on PATH (`npm run build && npm link`). It runs the plugin as `npm run build` compiled
// it; the path is this file's own (Node resolves the link npm makes), so it works from any folder.
'use strict';
const { existsSync } = require('node:fs');
const path = require('node:path');

const compiled = path.join(__dirname, '..', '..', '..', '..', 'dist', 'apps', 'api', 'src', 'kubectl-plugin', 'main.js');
if (!existsSync(compiled)) {
  // Exit status 2, as for any other error of the plugin's.
  process.stderr.write(`error: ${compiled} is missing: run \`npm run build\` in ${path.resolve(__dirname, '..', '..', '..', '..')} first\n`);
  process.exit(2);
}
require(compiled);
