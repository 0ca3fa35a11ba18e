import { readFileSync } from 'node:fs';
import type { OpenAPI3 } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import { CLIENT_FILES, clientFilesOf } from '../../../scripts/kubectl-plugin-openapi/client-files';
import { useApiFixture } from '../../support/api-test-app';

/**
 * The plugin talks to the service through types generated from a committed copy of the OpenAPI
 * document (apps/kubectl-plugin/openapi/): the copy must be what the service serves now, and the
 * types what openapi-typescript makes of it, or the plugin's types could drift from the service.
 * `npm run kubectl-plugin:openapi` writes both again.
 */
describe("the kubectl plugin's copy of the OpenAPI document", () => {
  const t = useApiFixture();

  it('is what the service serves at /docs-json, and its types are what openapi-typescript makes of it', async () => {
    const served = (await t.app.inject({ method: 'GET', url: '/docs-json' })).json<OpenAPI3>();
    const expected = await clientFilesOf(served);
    const committed = { document: readFileSync(CLIENT_FILES.document, 'utf8'), types: readFileSync(CLIENT_FILES.types, 'utf8') };

    // Parsed first, for a readable difference; then the text, byte for byte.
    expect(JSON.parse(committed.document), 'run `npm run kubectl-plugin:openapi`').toEqual(served);
    expect(committed.document === expected.document, 'run `npm run kubectl-plugin:openapi`').toBe(true);
    expect(committed.types === expected.types, 'run `npm run kubectl-plugin:openapi`').toBe(true);
  }, 60_000);
});
