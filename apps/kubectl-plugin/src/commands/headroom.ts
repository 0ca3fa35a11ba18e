import { clientOf, namespaceOf } from '../command-context';
import { readCommandLine } from '../command-line';
import { EXIT_OK, UsageError } from '../failures';
import { manifestObjects, podOfManifests, readManifestText } from '../manifest-file';
import { type Cell, objectText, outputFormat, tableText } from '../output';
import type { PluginIo } from '../plugin-io';
import { MARKDOWN, type Schemas, answerOf, markdownOf } from '../service-client';

export const headroomUsage = `How many more copies of this pod fit? Placed one after another as kube-scheduler would place them.

Examples:
  # A pod (or a Deployment, Job, ...: its pod template) from a file
  kubectl taintgate headroom -f trainer.yaml

  # Copies of a stored pod, on the GPU pool only, at most 500
  kubectl taintgate headroom -n ml trainer-0 -l karpenter.sh/nodepool=gpu --max 500

Options:
  -f, --filename=FILE     the pod's manifest (JSON or YAML), - for stdin
  -n, --namespace=NS      the stored pod's namespace (default: the context's, else default)
  -l, --selector=SELECTOR only the nodes of this label selector take copies
      --max=N             at most this many copies (default 10000)
  -o, --output=FORMAT     json, yaml or markdown (default: a table)

Exit status: 0 when answered, 2 on any error.

Usage:
  kubectl taintgate headroom (-f FILENAME | [-n NAMESPACE] POD) [options]
`;

type Headroom = Schemas['Headroom'];

/** `kubectl taintgate headroom`: POST /v1/headroom, a row per node that takes copies, then the total and the line for the next. */
export async function headroom(args: readonly string[], io: PluginIo): Promise<number> {
  const { values, positionals } = readCommandLine('headroom', args, {
    filename: { type: 'string', short: 'f' },
    selector: { type: 'string', short: 'l' },
    max: { type: 'string' },
  });
  if (values.help) {
    io.stdout(headroomUsage);
    return EXIT_OK;
  }
  const format = outputFormat(values.output, ['json', 'yaml', 'markdown'] as const, 'headroom');
  if (values.max !== undefined && !/^\d+$/.test(values.max)) throw new UsageError(`--max must be a number of copies, not ${values.max}`, 'headroom');
  if (values.filename !== undefined && positionals.length)
    throw new UsageError(`a pod from a file or a stored pod, not both (${positionals.join(' ')})`, 'headroom');
  if (values.filename === undefined && positionals.length !== 1) throw new UsageError('give -f FILENAME, or the name of one stored pod', 'headroom');
  const client = clientOf(values, io);
  const namespace = namespaceOf(values.namespace, client);
  let pod: Schemas['HeadroomRequest']['pod'];
  if (values.filename !== undefined) {
    const sent = podOfManifests(manifestObjects(await readManifestText(values.filename, io.stdin), values.filename), values.filename);
    const metadata = (sent.metadata ?? {}) as Record<string, unknown>;
    if (metadata.namespace === undefined) sent.metadata = { ...metadata, namespace };
    pod = sent;
  } else pod = { namespace, name: (positionals[0] ?? '').replace(/^(pods?|po)\//, '') };
  const body = {
    pod,
    ...(values.selector !== undefined ? { selector: values.selector } : {}),
    ...(values.max !== undefined ? { max: Number(values.max) } : {}),
  };
  const path = client.cluster;
  if (format === 'markdown') {
    io.stdout(await markdownOf(client.api.POST('/v1/clusters/{cluster}/headroom', { params: { path }, body, ...MARKDOWN })));
    return EXIT_OK;
  }
  const answer: Headroom = await answerOf(client.api.POST('/v1/clusters/{cluster}/headroom', { params: { path }, body }), client);
  for (const warning of answer.warnings) io.stderr(`Warning: ${warning}\n`);
  io.stdout(format === 'table' ? headroomTable(answer) : objectText(answer, format));
  return EXIT_OK;
}

function headroomTable(answer: Headroom): string {
  const rows: Cell[][] = answer.nodes.map((n) => [n.name, n.count, n.bindingResource]);
  const table = rows.length ? `${tableText(['Node', 'Copies', 'Binding'], rows)}\n` : '';
  const pools = answer.poolLabel ? ` (${answer.groups.map((g) => `${g.pool ?? '<none>'}: ${g.count}`).join(', ')})` : '';
  const total = `${answer.complete ? '' : 'at least '}${answer.total} more ${answer.pod.namespace}/${answer.pod.name} fit${pools}.\n`;
  return table + total + (answer.failReason ? `${answer.failReason}\n` : `stopped at --max ${answer.max}\n`);
}
