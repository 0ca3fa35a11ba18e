import { translateTimestampSince } from '@taintgate/domain';
import { clientOf } from '../command-context';
import { readCommandLine } from '../command-line';
import { EXIT_OK, UsageError } from '../failures';
import { type Cell, objectText, outputFormat, tableText } from '../output';
import type { PluginIo } from '../plugin-io';

export const keysUsage = `taintgate's API keys (an admin's key is needed): make one, list them, revoke one.

Examples:
  # The key is printed this once: keep it (a kubeconfig's token, a CI secret)
  kubectl taintgate keys create ci --role operator
  kubectl taintgate keys list
  kubectl taintgate keys revoke ci

Options:
      --role=ROLE         create: viewer, operator or admin
  -o, --output=FORMAT     json or yaml (default: a table)

Exit status: 0 when done, 2 on any error.

Usage:
  kubectl taintgate keys create NAME --role ROLE [options]
  kubectl taintgate keys list [options]
  kubectl taintgate keys revoke NAME [options]
`;

interface ApiKey {
  metadata: { name: string; creationTimestamp?: string };
  spec: { role: string };
  status: { prefix: string; revoked: boolean };
  key?: string;
}

/** `kubectl taintgate keys create|list|revoke`: POST, GET and DELETE /v1/apikeys. */
export async function keys(args: readonly string[], io: PluginIo): Promise<number> {
  const { values, positionals } = readCommandLine('keys', args, { role: { type: 'string' } });
  if (values.help) {
    io.stdout(keysUsage);
    return EXIT_OK;
  }
  const [verb, name, ...extra] = positionals;
  const format = outputFormat(values.output, ['json', 'yaml'] as const, 'keys');
  if (extra.length) throw new UsageError(`unexpected arguments: ${extra.join(' ')}`, 'keys');
  const print = (answer: unknown, table: () => string) => io.stdout(format === 'table' ? table() : objectText(answer, format));

  if (verb === 'create') {
    if (!name) throw new UsageError('keys create needs a NAME', 'keys');
    if (!values.role) throw new UsageError('keys create needs --role (viewer, operator or admin)', 'keys');
    const client = clientOf(values, io);
    const body = JSON.stringify({ metadata: { name }, spec: { role: values.role } });
    const created = await client.json<ApiKey>({ method: 'POST', path: 'apikeys', inCluster: false, body, contentType: 'application/json' });
    print(created, () => tableText(['Name', 'Role', 'Key'], [[created.metadata.name, created.spec.role, created.key]]));
    return EXIT_OK;
  }
  if (verb === 'list') {
    if (name) throw new UsageError(`unexpected arguments: ${name}`, 'keys');
    const list = await clientOf(values, io).json<{ items: ApiKey[] }>({ method: 'GET', path: 'apikeys', inCluster: false });
    print(list, () => tableText(['Name', 'Role', 'Prefix', 'Revoked', 'Age'], list.items.map(keyRow)));
    return EXIT_OK;
  }
  if (verb === 'revoke') {
    if (!name) throw new UsageError('keys revoke needs a NAME', 'keys');
    const path = `apikeys/${encodeURIComponent(name)}`;
    const revoked = await clientOf(values, io).json<ApiKey>({ method: 'DELETE', path, inCluster: false });
    print(revoked, () => `apikey/${revoked.metadata.name} revoked\n`);
    return EXIT_OK;
  }
  throw new UsageError(`keys takes create, list or revoke${verb ? `, not ${verb}` : ''}`, 'keys');
}

const keyRow = (key: ApiKey): Cell[] => [
  key.metadata.name,
  key.spec.role,
  key.status.prefix,
  String(key.status.revoked),
  translateTimestampSince(key.metadata.creationTimestamp, Date.now()),
];
