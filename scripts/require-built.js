#!/usr/bin/env node
// `npm run serve` runs the service as the last `npm run build` compiled it, without building again
// (a build takes about a minute; the built service starts in seconds). Before there is a build,
// node would fail with a module-not-found stack; this says what to run instead.
//
//   node scripts/require-built.js FILE   exits 0 when FILE (the compiled entry point) exists, else 1
'use strict';
const { existsSync } = require('node:fs');
const path = require('node:path');

const file = process.argv[2];
if (!file) {
  process.stderr.write('usage: node scripts/require-built.js FILE\n');
  process.exit(2);
}
if (!existsSync(file)) {
  process.stderr.write(
    `${path.resolve(file)} is missing: there is no build to serve yet.\n` +
      'Run `npm run build` and then `npm run serve`, or `npm start`, which builds and serves.\n',
  );
  process.exit(1);
}
