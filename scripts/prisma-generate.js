#!/usr/bin/env node
// Generates the Prisma client into apps/api/src/generated/prisma (not committed).
// Prisma 7's CLI fetches a native schema engine at start, and no download host is reachable
// here; `generate` never uses that engine, so any executable stands in for it.
const { execFileSync } = require('node:child_process');
const path = require('node:path');

const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: '1' };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= '/bin/true';
execFileSync(process.execPath, [require.resolve('prisma/build/index.js'), 'generate', '--schema', path.join(__dirname, '..', 'prisma', 'schema.prisma')], {
  stdio: ['ignore', 'inherit', 'inherit'],
  env,
});
