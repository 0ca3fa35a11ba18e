import os from 'node:os';
import path from 'node:path';
import swc from 'unplugin-swc';
import { configDefaults, defineConfig } from 'vitest/config';
import { useCompiledApp } from './test/support/compiled-app';

export default defineConfig({
  plugins: [
    // Vite's default transform (esbuild) emits no decorator metadata, and Nest resolves
    // constructor dependencies from it; swc emits it, reading the decorator flags from
    // tsconfig.json.
    swc.vite({ module: { type: 'es6' } }),
  ],
  resolve: {
    // The same alias as tsconfig.json's "paths"; exact match only, as there.
    alias: [
      // graphql ships CommonJS (index.js) and ESM (index.mjs). Nest and Apollo, run by Node,
      // load the CommonJS one; Vite would hand our code the ESM one, and two copies of graphql
      // do not recognize each other's types ("Cannot determine a GraphQL input type").
      {
        find: /^graphql$/,
        replacement: path.resolve(__dirname, 'node_modules/graphql/index.js'),
      },
      {
        find: /^@taintgate\/domain$/,
        replacement: path.resolve(__dirname, 'libs/domain/src/index.ts'),
      },
    ],
  },
  test: {
    // Two projects on the settings below: `npm run test:unit` (no database, no Redis) and
    // `npm run test:e2e` (the whole service on the machine's Postgres and Redis); `npm test` runs both.
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, 'test/**/*.e2e.test.ts'] } },
      // The end-to-end files run the service compiled once per run (test/support/compiled-app.ts).
      {
        extends: true,
        plugins: [useCompiledApp()],
        test: { name: 'e2e', include: ['test/**/*.e2e.test.ts'], globalSetup: ['./test/support/compiled-app.ts'] },
      },
    ],
    // The default summary, then one plain closing line ("Tests: N passed, N failed, N skipped").
    reporters: ['default', './test/support/closing-line-reporter.ts'],
    environment: 'node',
    setupFiles: ['./test/support/fast-check-setup.ts'],
    // One file per core and one more: an end-to-end file spends most of its time waiting on
    // Postgres, Redis or a child process (kubectl, the service), so a third worker on two cores
    // halves the run (16 min to 9 on these machines), where vitest's default of cores - 1 ran one.
    // A fourth on two cores was tried: slower (17 min against 15) and timing tests failed.
    // At most four: each file's service holds a pool of database connections.
    maxWorkers: Math.min(4, os.availableParallelism() + 1),
    minWorkers: 1,
    // End-to-end tests boot Nest and create a database; leave room for a slow machine.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
