import path from 'node:path';
import type { OpenAPI3 } from 'openapi-typescript';

/**
 * The kubectl plugin's copy of the service's OpenAPI document, committed in
 * apps/kubectl-plugin/openapi/; the types openapi-typescript makes of it (`paths`, `components`)
 * are generated beside it (scripts/kubectl-plugin-types.js, run by `npm run generate`), and the
 * plugin's requests and answers are typed by them: it imports nothing of the service. Written by
 * `npm run kubectl-plugin:openapi`; a test (test/apps/kubectl-plugin/openapi-document.e2e.test.ts)
 * fails when it differs from what the service serves at /docs-json.
 */

const FOLDER = path.resolve(__dirname, '../../apps/kubectl-plugin/openapi');

export const DOCUMENT_FILE = path.join(FOLDER, 'taintgate.json');

/** The committed copy's text for a document: the JSON indented by 2 spaces. */
export const documentTextOf = (document: OpenAPI3): string => `${JSON.stringify(document, null, 2)}\n`;
