import path from 'node:path';
import openapiTS, { type OpenAPI3, astToString } from 'openapi-typescript';

/**
 * The kubectl plugin's copy of the service's OpenAPI document and the types openapi-typescript
 * makes of it (`paths`, `components`), committed in apps/kubectl-plugin/openapi/: the plugin's
 * requests and answers are typed by them, and it imports nothing of the service. Written by
 * `npm run kubectl-plugin:openapi`; a test (test/apps/kubectl-plugin/openapi-document.e2e.test.ts)
 * fails when they differ from what the service serves at /docs-json.
 */

const FOLDER = path.resolve(__dirname, '../../apps/kubectl-plugin/openapi');

export const CLIENT_FILES = {
  document: path.join(FOLDER, 'taintgate.json'),
  types: path.join(FOLDER, 'taintgate.d.ts'),
} as const;

/** The two files' text for a document: the JSON indented by 2 spaces, and openapi-typescript's output as it prints it. */
export async function clientFilesOf(document: OpenAPI3): Promise<{ document: string; types: string }> {
  return {
    document: `${JSON.stringify(document, null, 2)}\n`,
    types: astToString(await openapiTS(document)),
  };
}
