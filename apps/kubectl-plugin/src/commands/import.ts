import { Readable } from 'node:stream';
import { clientOf } from '../command-context';
import { readCommandLine } from '../command-line';
import { EXIT_NO, EXIT_OK, UsageError } from '../failures';
import { importBody } from '../import-body';
import { type Cell, objectText, outputFormat, tableText } from '../output';
import type { PluginIo } from '../plugin-io';
import { type Schemas, answerOf } from '../service-client';

export const importUsage = `Bring a cluster in: what kubectl prints (JSON or YAML) stored in taintgate: nodes, pods,
namespaces, PersistentVolumes, PersistentVolumeClaims, StorageClasses, CSINodes and
PodDisruptionBudgets; objects of other kinds are skipped and counted.

Examples:
  kubectl get nodes,pods,ns,pv,pvc,sc,csinodes,pdb -A -o json > cluster.json
  kubectl taintgate import -f cluster.json
  # delete what the file does not name, so a periodic import keeps the twin current
  kubectl --context prod get nodes,pods -A -o json | kubectl taintgate import -f - --prune
  # a cluster whose pods may all be gone: prune the pods even when the file holds none
  kubectl --context prod get nodes,pods -A -o json | kubectl taintgate import -f - --prune --prune-kinds=Node,Pod

Options:
  -f, --filename=FILE   a List (or a kind's list), objects, or YAML documents; - for stdin
      --prune           delete the cluster's objects the file does not name, of the kinds
                        the file holds an object of
      --prune-kinds=KINDS
                        with --prune, the kinds to delete objects of, comma-separated
                        (Node,Pod,Namespace,...), whether or not the file holds one
      --dry-run         answer what the import would do, and store nothing
  -o, --output=FORMAT   json or yaml (default: a table)

Exit status: 0 when every object was imported, 1 when some were rejected (listed; the rest are
stored), 2 on any error.

Usage:
  kubectl taintgate import -f FILENAME [--prune [--prune-kinds=KINDS]] [--dry-run] [options]
`;

type ImportResult = Schemas['ImportResult'];
type Counts = ImportResult['nodes'];

/** `kubectl taintgate import -f FILE [--prune]`: POST /v1/import, the file streamed. */
export async function importCommand(args: readonly string[], io: PluginIo): Promise<number> {
  const { values, positionals } = readCommandLine('import', args, {
    filename: { type: 'string', short: 'f' },
    prune: { type: 'boolean' },
    'prune-kinds': { type: 'string' },
    'dry-run': { type: 'boolean' },
  });
  if (values.help) {
    io.stdout(importUsage);
    return EXIT_OK;
  }
  if (positionals.length) throw new UsageError(`unexpected arguments: ${positionals.join(' ')}`, 'import');
  if (values.filename === undefined) throw new UsageError('must specify -f FILENAME (- for stdin)', 'import');
  if (values['prune-kinds'] !== undefined && !values.prune) throw new UsageError('--prune-kinds is only taken with --prune', 'import');
  const format = outputFormat(values.output, ['json', 'yaml'] as const, 'import');
  const client = clientOf(values, io);
  const body = await importBody(values.filename, io.stdin);
  const query = { prune: values.prune ? true : undefined, pruneKinds: values['prune-kinds'], dryRun: values['dry-run'] ? true : undefined };
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

/** The other kinds the service keeps, as the answer names their counts: a row each when the import touched one of them. */
const OTHER_KINDS = [
  ['Namespace', 'namespaces'],
  ['PersistentVolume', 'persistentVolumes'],
  ['PersistentVolumeClaim', 'persistentVolumeClaims'],
  ['StorageClass', 'storageClasses'],
  ['CSINode', 'csiNodes'],
  ['PodDisruptionBudget', 'podDisruptionBudgets'],
] as const;

/** The counts per kind (nodes and pods always, another kind when the import touched one), the kinds skipped, and the rejected objects with their errors below them. */
function importTables(result: ImportResult): string {
  const counts = (kind: string, c: Counts): Cell[] => [kind, c.created, c.updated, c.unchanged, c.deleted];
  const touched = (c: Counts) => c.created + c.updated + c.unchanged + c.deleted > 0;
  const others = OTHER_KINDS.filter(([, field]) => touched(result[field])).map(([kind, field]) => counts(kind, result[field]));
  const headers = ['Kind', 'Created', 'Updated', 'Unchanged', 'Deleted'];
  let text = tableText(headers, [counts('Node', result.nodes), counts('Pod', result.pods), ...others]);
  if (result.skipped.length) {
    text += `\n${tableText(
      ['Skipped', 'APIVersion', 'Count'],
      result.skipped.map((s): Cell[] => [s.kind, s.apiVersion, s.count]),
    )}`;
  }
  if (result.rejected.length) {
    const rows = result.rejected.map((r): Cell[] => [r.kind, r.namespace, r.name, r.position, r.message]);
    text += `\n${tableText(['Rejected', 'Namespace', 'Name', 'Position', 'Error'], rows)}`;
    if (result.rejectedCount > result.rejected.length) text += `(the first ${result.rejected.length} of ${result.rejectedCount} objects left out)\n`;
  }
  const evictions = result.evictions;
  const decided = evictions ? evictions.executed + evictions.scheduled + evictions.predicted : 0;
  if (evictions && decided > 0) {
    const waiting = (status: string) => status === 'Scheduled' || status === 'Predicted';
    const rows = evictions.items.map((e): Cell[] => [e.pod.namespace, e.pod.name, e.node, e.status, waiting(e.status) ? e.scheduledFor : e.firedAt]);
    text += `\n${tableText(['Namespace', 'Evicted pod', 'Node', 'Status', 'At'], rows)}`;
    const listed = evictions.items.length < decided ? ` (the first ${evictions.items.length} listed)` : '';
    // A mirror executes and schedules nothing: it predicts what its cluster's controller will do.
    const counts =
      evictions.predicted > 0
        ? `${evictions.predicted} predicted for the cluster's own controller`
        : `${evictions.executed} evicted at once, ${evictions.scheduled} scheduled`;
    text += `(${counts}${listed}; kubectl taintgate evictions shows them all)\n`;
  }
  if (evictions?.queuedNodes) text += `(the pods of ${evictions.queuedNodes} nodes are decided just after the import: kubectl taintgate evictions)\n`;
  const pruned = result.prunedKinds;
  if (pruned)
    text += pruned.length
      ? `(pruned: the ${pruned.join(', ')} objects the file does not name)\n`
      : '(pruned: nothing, the file holds no object of a kind kept)\n';
  return result.dryRun ? `${text}(dry run: nothing stored)\n` : text;
}
