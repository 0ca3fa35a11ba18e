import 'reflect-metadata';
import { writeFile } from 'node:fs/promises';
import { isDNS1123Label } from '@taintgate/domain';
import { KUBECONFIG_USAGE, kubeconfigDocument, kubeconfigRequestOf } from './faces/kube-api/kubeconfig-document';
import { tlsOf } from './https';
import { hashOfApiKey } from './platform/access/api-key-secrets';
import { ApiKeyStore } from './platform/access/api-key-store';
import type { AppConfig } from './platform/config/app-config';
import { loadConfig } from './platform/config/load-config';
import { withCommandDatabase } from './platform/database/command-database';
import { ensureDatabase } from './platform/database/ensure-database';
import { findMigrationsDir } from './platform/database/migrations/migration-folder';
import { applyMigrations } from './platform/database/migrations/migration-runner';

/**
 * `npm run kubeconfig -- --key KEY ...` (or `node dist/apps/api/src/kubeconfig.js ...` where the
 * service is installed): a kubeconfig for the key, printed, trusting the certificate the service
 * serves, read from the same settings (TAINTGATE_TLS=auto's is read from, or made in, the database
 * DATABASE_URL names). The key is checked against that deployment's first: a typo is said now,
 * not as kubectl's Unauthorized later. Errors go to stderr; the exit code says how it went.
 */
async function run(args: readonly string[], config: AppConfig): Promise<number> {
  const request = kubeconfigRequestOf(args);
  if (!request || (request.cluster !== undefined && isDNS1123Label(request.cluster).length > 0)) {
    console.error(KUBECONFIG_USAGE);
    return 2;
  }
  await ensureDatabase(config.databaseUrl);
  await applyMigrations(config.databaseUrl, findMigrationsDir(__dirname), { log: () => undefined, warn: (message: string) => console.error(message) });
  const row = await withCommandDatabase(config, (database) => new ApiKeyStore(database).findByHash(hashOfApiKey(request.key)));
  if (!row || row.revokedAt !== null) {
    console.error(`error: the key given is ${row ? `API key "${row.name}", which is revoked` : 'no API key of this deployment (DATABASE_URL)'}`);
    return 1;
  }
  const tls = await tlsOf(config);
  if (!tls) {
    console.error('error: the service serves plain HTTP, over which kubectl sends no token: set TAINTGATE_TLS=auto (or TAINTGATE_TLS_CERT_FILE and _KEY_FILE)');
    return 1;
  }
  const document = kubeconfigDocument(request, request.server ?? `https://localhost:${config.port}`, tls.cert);
  if (request.output === undefined) process.stdout.write(document);
  else {
    await writeFile(request.output, document, { mode: 0o600 });
    console.error(`wrote ${request.output}: kubectl --kubeconfig ${request.output} get nodes`);
  }
  return 0;
}

run(process.argv.slice(2), loadConfig(process.env)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error('kubeconfig failed:', error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
