import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Options, transformFile } from '@swc/core';
import type { Plugin } from 'vitest/config';

/**
 * The end-to-end tests run the service compiled once per run, by Node itself, not module by
 * module through vitest's runner: loading the whole service that way took 9 s per test file on
 * these machines (vitest's "collect"), against 1.5 s for the same modules compiled. The app is
 * compiled as the tests' own swc transform compiles it (decorators and their metadata, as
 * tsconfig.json asks), to CommonJS, as `npm run build` emits it.
 */

const ROOT = path.resolve(__dirname, '../..');

/** The compiled copy: under node_modules, which every tool already ignores, and which vitest hands to Node as it is. */
export const COMPILED_APP_DIR = path.join(ROOT, 'node_modules/.cache/taintgate-e2e');

/** What is compiled: the sources the service and the kubectl plugin run from. */
const SOURCE_DIRS = ['apps/api/src', 'apps/kubectl-plugin/src', 'libs/domain/src'].map((dir) => path.join(ROOT, dir));

const SWC_OPTIONS: Options = {
  swcrc: false,
  configFile: false,
  // Inline, so that a failure's stack names the source's lines (Node reads them with --enable-source-maps).
  sourceMaps: 'inline',
  module: { type: 'commonjs' },
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    target: 'es2022',
    keepClassNames: true,
    transform: { legacyDecorator: true, decoratorMetadata: true },
    // tsconfig.json's one alias, written as a relative path as tsc-alias writes it in dist/.
    baseUrl: ROOT,
    paths: { '@taintgate/domain': ['./libs/domain/src/index.ts'] },
  },
};

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Where `source` (a .ts file of the compiled folders) is compiled to; undefined for any other file. */
export function compiledPathOf(source: string): string | undefined {
  if (!source.endsWith('.ts') || source.endsWith('.d.ts')) return undefined;
  if (!SOURCE_DIRS.some((dir) => source.startsWith(dir + path.sep))) return undefined;
  return path.join(COMPILED_APP_DIR, path.relative(ROOT, source)).replace(/\.ts$/, '.js');
}

/** Compiles every source file afresh (under a second for the whole service), so the copy is never stale. */
export async function compileApp(): Promise<void> {
  await rm(COMPILED_APP_DIR, { recursive: true, force: true });
  const files = (await Promise.all(SOURCE_DIRS.map(sourceFiles))).flat();
  await Promise.all(
    files.map(async (file) => {
      const output = await transformFile(file, SWC_OPTIONS);
      const target = compiledPathOf(file)!;
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, output.code);
    }),
  );
}

/**
 * Sends every import of the compiled sources, from a test or from test/support, to the compiled
 * copy, so a test and the service it boots share one copy of each module (one `AppConfig` class
 * for Nest to find, one Prisma client). vitest hands files under node_modules to Node unchanged.
 */
export function useCompiledApp(): Plugin {
  return {
    name: 'taintgate:compiled-app',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || importer.startsWith(COMPILED_APP_DIR)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const compiled = resolved && compiledPathOf(resolved.id);
      return compiled ?? null;
    },
  };
}

/** vitest's globalSetup of the end-to-end project. */
export default async function setup(): Promise<void> {
  await compileApp();
}

/**
 * The compiled copy of a program of the repository (`apps/api/src/main.ts`), for a test that runs
 * it in a process of its own as `node <file>`: started in a second or two, where vite-node
 * compiled the whole service anew for each process. Only while the end-to-end project runs.
 */
export function compiledProgram(source: string): string {
  const compiled = compiledPathOf(path.join(ROOT, source));
  if (!compiled || !existsSync(compiled)) throw new Error(`${source} is not compiled: run the end-to-end tests through vitest (npm run test:e2e)`);
  return compiled;
}
