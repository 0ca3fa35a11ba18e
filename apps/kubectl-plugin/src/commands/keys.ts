import { translateTimestampSince } from '@taintgate/domain';
import { clientOf } from '../command-context';
import { readCommandLine } from '../command-line';
import { EXIT_OK, UsageError } from '../failures';
import { type Cell, objectText, outputFormat, tableText } from '../output';
import type { PluginIo } from '../plugin-io';
import { type Schemas, answerOf } from '../service-client';

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

type ApiKey = Schemas['APIKey'];

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
    // --role is sent as given: the service refuses one that is not viewer, operator or admin, in its words.
    const body = { metadata: { name }, spec: { role: values.role as ApiKey['spec']['role'] } };
    const created = await answerOf(client.api.POST('/v1/apikeys', { body }), client);
    print(created, () => tableText(['Name', 'Role', 'Key'], [[created.metadata.name, created.spec.role, created.key]]));
    return EXIT_OK;
  }
  if (verb === 'list') {
    if (name) throw new UsageError(`unexpected arguments: ${name}`, 'keys');
    const client = clientOf(values, io);
    const list = await answerOf(client.api.GET('/v1/apikeys'), client);
    print(list, () => tableText(['Name', 'Role', 'Prefix', 'Revoked', 'Age'], list.items.map(keyRow)));
    return EXIT_OK;
  }
  if (verb === 'revoke') {
    if (!name) throw new UsageError('keys revoke needs a NAME', 'keys');
    const client = clientOf(values, io);
    const revoked = await answerOf(client.api.DELETE('/v1/apikeys/{name}', { params: { path: { name } } }), client);
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
