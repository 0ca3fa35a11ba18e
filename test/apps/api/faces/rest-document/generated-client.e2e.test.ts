import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import createClient, { type Client } from 'openapi-fetch';
import openapiTS, { type OpenAPI3, astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useApiFixture } from '../../../../support/api-test-app';
import { CLIENT_PROGRAM, WRONG_BODY, WRONG_FIELD } from './client-program';

/**
 * A client generated from /docs-json the way docs/rest.md says (openapi-typescript, then
 * openapi-fetch), used by a small program that imports a cluster and asks placement and taint
 * impact: the program type-checks under strict settings, reading a field the answers lack does
 * not, and the program does what it says against the running service.
 */

const repositoryModules = path.resolve(__dirname, '../../../../../node_modules');

/** Strict, as a client project would be; openapi-fetch found where the repository has it. */
const compilerOptions: ts.CompilerOptions = {
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  types: [],
  paths: { 'openapi-fetch': [path.join(repositoryModules, 'openapi-fetch')] },
};

/** The compiler's errors for `files`, each as `file: message`. */
function diagnosticsOf(files: string[]): string[] {
  const program = ts.createProgram(files, compilerOptions);
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

describe('a TypeScript client generated from the OpenAPI document', () => {
  const t = useApiFixture();
  const dir = mkdtempSync(path.join(tmpdir(), 'taintgate-client-'));
  const program = path.join(dir, 'program.ts');

  beforeAll(async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/docs-json' })).json<OpenAPI3>();
    // openapi-typescript lints the document first (Redocly's minimal rules, unique operation ids):
    // an error throws, and a warning is printed, which the test would not see.
    const warn = vi.spyOn(console, 'warn');
    try {
      const types = astToString(await openapiTS(document));
      expect(warn).not.toHaveBeenCalled();
      writeFileSync(path.join(dir, 'taintgate.d.ts'), types);
    } finally {
      warn.mockRestore();
    }
    writeFileSync(program, CLIENT_PROGRAM);
  }, 60_000);

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('type-checks a program that imports a cluster, asks placement and taint impact, and reads the answers', () => {
    expect(diagnosticsOf([program])).toEqual([]);
  }, 60_000);

  it('refuses a field the answer does not have, and a body the operation does not take', () => {
    const wrong = path.join(dir, 'wrong.ts');
    writeFileSync(wrong, `${CLIENT_PROGRAM}\n${WRONG_FIELD}\n${WRONG_BODY}`);

    const diagnostics = diagnosticsOf([wrong]);

    expect(diagnostics).toEqual([
      expect.stringMatching(/Property 'nodes' does not exist on type/),
      expect.stringMatching(/Type 'number' is not assignable to type '"NoSchedule" \| "PreferNoSchedule" \| "NoExecute"'/),
    ]);
  }, 60_000);

  it('runs against the service: the program gets what its types say', async () => {
    await t.app.listen(0, '127.0.0.1');
    const client = createClient({ baseUrl: await t.app.getUrl() });
    const { run } = (await import(program)) as { run: (client: Client<object>, cluster: string) => Promise<Record<string, unknown>> };

    const answers = await run(client, 'generated');

    expect(answers).toEqual({
      putNode: 'gpu-1',
      importedCreated: 2,
      importedRejected: [],
      listed: ['cpu-1', 'gpu-1'],
      placementSummary: '1/2 nodes are available: 1 node(s) had untolerated taint(s).',
      feasibleCount: 1,
      feasibleNodes: ['cpu-1'],
      infeasibleGroups: [{ count: 1, codes: ['UntoleratedTaint'] }],
      impactNodeCount: 1,
      evictedNow: 1,
      impactTaint: 'maintenance',
    });
  });
});
