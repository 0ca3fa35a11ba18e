import { coversEveryCluster } from '@taintgate/domain';
import { parseArgs } from 'node:util';
import { Logger } from '@nestjs/common';
import type { AppConfig } from '../../platform/config/app-config';
import { withCommandDatabase } from '../../platform/database/command-database';
import { valueOf } from '../../platform/failures/failure.exception';
import { createApiKey } from './api-key-commands';
import { ApiKeyStore } from '../../platform/access/api-key-store';
import { ApiKeysService } from './api-keys.service';
import { Authenticator } from '../../platform/access/authenticator';
import { OpenStreams } from '../../platform/access/open-streams';
import { AuditStore } from '../audit/audit-store';

const API_KEYS_USAGE = `usage:
  npm run apikeys -- create NAME --role viewer|operator|admin [--clusters a,team-*]
                                           make a key (for the clusters named, names or patterns
                                           ending in *; every cluster without); it is printed once
  npm run apikeys -- list                  names, roles, clusters, prefixes, revoked or not
  npm run apikeys -- revoke NAME           the key stops working`;

/**
 * `npm run apikeys`: the API keys of the deployment DATABASE_URL names, made and revoked without the
 * service (the first key of a deployment, or a key for a pipeline). The same service and checks as
 * /v1/apikeys; its audit rows name the actor `system`. Answers the exit code.
 */
export function runApiKeysCommand(args: readonly string[], config: AppConfig, print: (line: string) => void): Promise<number> {
  return withCommandDatabase(config, (database) => {
    const store = new ApiKeyStore(database);
    // No stream is held open in a command: revoking ends those of the running service within its check.
    return run(
      args,
      new ApiKeysService(config, store, new Authenticator(config, store), new AuditStore(database), new OpenStreams(store, config)),
      config,
      print,
    );
  });
}

async function run(args: readonly string[], keys: ApiKeysService, config: AppConfig, print: (line: string) => void): Promise<number> {
  const [verb, ...rest] = args;
  try {
    switch (verb) {
      case 'create': {
        const flags = createFlags(rest);
        if (!flags) return usage(print);
        const { name, role, clusters } = flags;
        const spec = { role, ...(clusters === undefined ? {} : { clusters: clusters.split(',') }) };
        const created = await keys.create(valueOf(createApiKey.parse({ body: { metadata: { name }, spec } }, config.domain)));
        print(
          `apikey/${created.metadata.name} created with the ${created.spec.role} role on ${clustersText(created.spec.clusters)}; the key is shown only now:`,
        );
        print(created.key ?? '');
        return 0;
      }
      case 'list': {
        if (rest.length !== 0) return usage(print);
        const { items } = await keys.list();
        print(['NAME', 'ROLE', 'CLUSTERS', 'PREFIX', 'REVOKED', 'CREATED'].join('\t'));
        for (const key of items)
          print(
            [key.metadata.name, key.spec.role, key.spec.clusters.join(','), key.status.prefix, String(key.status.revoked), key.metadata.creationTimestamp].join(
              '\t',
            ),
          );
        return 0;
      }
      case 'revoke': {
        if (rest.length !== 1) return usage(print);
        const revoked = await keys.revoke(rest[0] ?? '');
        print(`apikey/${revoked.metadata.name} revoked`);
        return 0;
      }
      default:
        return usage(print);
    }
  } catch (error) {
    const failure = (error as { failure?: { message: string } }).failure;
    if (!failure) throw error;
    print(`error: ${failure.message}`);
    return 1;
  }
}

/** A key's clusters in words: `every cluster`, or `clusters a,team-*`. */
const clustersText = (clusters: readonly string[]): string => (coversEveryCluster(clusters) ? 'every cluster' : `clusters ${clusters.join(',')}`);

/** `create`'s words: the name, then `--role R` and `--clusters LIST` in either order (`--role=R` too); undefined for anything else. */
function createFlags(args: readonly string[]): { name: string; role: string; clusters?: string } | undefined {
  try {
    const { values, positionals } = parseArgs({
      args: [...args],
      options: { role: { type: 'string' }, clusters: { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
    const [name] = positionals;
    if (positionals.length !== 1 || name === undefined || values.role === undefined) return undefined;
    return { name, role: values.role, ...(values.clusters === undefined ? {} : { clusters: values.clusters }) };
  } catch {
    return undefined; // an unknown flag, or one without its value
  }
}

function usage(print: (line: string) => void): number {
  print(API_KEYS_USAGE);
  return 2;
}

/** Nest's logger stays quiet in a command: its output is the key. */
Logger.overrideLogger(['error']);
