import { readFileSync } from 'node:fs';
import type { OpenAPI3 } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_FILE, documentTextOf } from '../../../scripts/kubectl-plugin-openapi/client-files';
import { useApiFixture } from '../../support/api-test-app';

/**
 * The plugin talks to the service through types generated from a committed copy of the OpenAPI
 * document (apps/kubectl-plugin/openapi/; `npm run generate` makes the types of it): the copy must
 * be what the service serves now, or the plugin's types could drift from the service.
 * `npm run kubectl-plugin:openapi` writes it again.
 */
describe("the kubectl plugin's copy of the OpenAPI document", () => {
  const t = useApiFixture();

  it('is what the service serves at /docs-json', async () => {
    const served = (await t.app.inject({ method: 'GET', url: '/docs-json' })).json<OpenAPI3>();
    const committed = readFileSync(DOCUMENT_FILE, 'utf8');

    // Parsed first, for a readable difference; then the text, byte for byte.
    expect(JSON.parse(committed), 'run `npm run kubectl-plugin:openapi`').toEqual(served);
    expect(committed === documentTextOf(served), 'run `npm run kubectl-plugin:openapi`').toBe(true);
  }, 60_000);
});
