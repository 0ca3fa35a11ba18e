import { Readable } from 'node:stream';
import { clientOf } from '../command-context';
import { readCommandLine } from '../command-line';
import { EXIT_NO, EXIT_OK, UsageError } from '../failures';
import { importBody } from '../import-body';
import { type Cell, objectText, outputFormat, tableText } from '../output';
import type { PluginIo } from '../plugin-io';
import { type Schemas, answerOf } from '../service-client';

export const importUsage = `Bring a cluster in: what kubectl prints (nodes and pods, JSON or YAML) stored in taintgate.

Examples:
  kubectl get nodes,pods -A -o json > cluster.json
  kubectl taintgate import -f cluster.json
  # delete what the file does not name, so a periodic import keeps the twin current
  kubectl --context prod get nodes,pods -A -o json | kubectl taintgate import -f - --prune

Options:
  -f, --filename=FILE   a List, NodeList or PodList, objects, or YAML documents; - for stdin
      --prune           delete the cluster's nodes and pods the file does not name
      --dry-run         answer what the import would do, and store nothing
  -o, --output=FORMAT   json or yaml (default: a table)

Exit status: 0 when every object was imported, 1 when some were rejected (listed; the rest are
stored), 2 on any error.

Usage:
  kubectl taintgate import -f FILENAME [--prune] [--dry-run] [options]
`;

type ImportResult = Schemas['ImportResult'];
type Counts = ImportResult['nodes'];

/** `kubectl taintgate import -f FILE [--prune]`: POST /v1/import, the file streamed. */
export async function importCommand(args: readonly string[], io: PluginIo): Promise<number> {
  const { values, positionals } = readCommandLine('import', args, {
    filename: { type: 'string', short: 'f' },
    prune: { type: 'boolean' },
    'dry-run': { type: 'boolean' },
  });
  if (values.help) {
    io.stdout(importUsage);
    return EXIT_OK;
  }
  if (positionals.length) throw new UsageError(`unexpected arguments: ${positionals.join(' ')}`, 'import');
  if (values.filename === undefined) throw new UsageError('must specify -f FILENAME (- for stdin)', 'import');
  const format = outputFormat(values.output, ['json', 'yaml'] as const, 'import');
  const client = clientOf(values, io);
  const body = await importBody(values.filename, io.stdin);
  const query = { prune: values.prune ? true : undefined, dryRun: values['dry-run'] ? true : undefined };
  const sent = client.api.POST('/v1/clusters/{cluster}/import', {
    params: { path: client.cluster, query },
    // The file's bytes as they are read, JSON or YAML, not an object made JSON here: the document's
    // ImportBody is what they hold, and a large cluster's are gigabytes, read by the service as they come.
    body: Readable.toWeb(body.stream) as unknown as Schemas['ImportBody'],
    bodySerializer: (stream) => stream,
    headers: { 'content-type': body.contentType },
    duplex: 'half',
  });
  const result = await answerOf(sent, client);
  io.stdout(format === 'table' ? importTables(result) : objectText(result, format));
  return result.rejected.length ? EXIT_NO : EXIT_OK;
}

/** The counts per kind, and the rejected objects with their errors below them. */
function importTables(result: ImportResult): string {
  const counts = (kind: string, c: Counts): Cell[] => [kind, c.created, c.updated, c.unchanged, c.deleted];
  const headers = ['Kind', 'Created', 'Updated', 'Unchanged', 'Deleted'];
  let text = tableText(headers, [counts('Node', result.nodes), counts('Pod', result.pods)]);
  if (result.rejected.length) {
    const rows = result.rejected.map((r): Cell[] => [r.kind, r.namespace, r.name, r.position, r.message]);
    text += `\n${tableText(['Rejected', 'Namespace', 'Name', 'Position', 'Error'], rows)}`;
  }
  return result.dryRun ? `${text}(dry run: nothing stored)\n` : text;
}
