#!/usr/bin/env node
// Generates the kubectl plugin's types, apps/kubectl-plugin/openapi/taintgate.d.ts (not committed,
// as Prisma's client is not): what openapi-typescript makes of the committed copy of the OpenAPI
// document beside it (`paths`, `components`). The plugin's requests and answers are typed by them.
const { readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { default: openapiTS, astToString } = require('openapi-typescript');

const folder = path.join(__dirname, '..', 'apps', 'kubectl-plugin', 'openapi');

openapiTS(JSON.parse(readFileSync(path.join(folder, 'taintgate.json'), 'utf8'))).then(
  (ast) => writeFileSync(path.join(folder, 'taintgate.d.ts'), astToString(ast)),
  (error) => {
    console.error(error);
    process.exitCode = 1;
  },
);
