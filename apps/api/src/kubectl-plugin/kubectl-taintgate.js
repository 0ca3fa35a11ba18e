#!/usr/bin/env node
// The `kubectl-taintgate` command (package.json "bin"): kubectl runs it for `kubectl taintgate ...`
// when it is on PATH (`npm run build && npm link`). It runs the plugin as `npm run build` compiled
// it; the path is this file's own (Node resolves the link npm makes), so it works from any folder.
'use strict';
const path = require('node:path');
require(path.join(__dirname, '..', '..', '..', '..', 'dist', 'apps', 'api', 'src', 'kubectl-plugin', 'main.js'));
