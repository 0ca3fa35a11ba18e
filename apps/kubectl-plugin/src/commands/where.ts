import { clientOf, namespaceOf } from '../command-context';
import { readCommandLine } from '../command-line';
import { EXIT_NO, EXIT_OK, UsageError } from '../failures';
import { manifestObjects, podOfManifests, readManifestText } from '../manifest-file';
import { type Cell, objectText, outputFormat, tableText } from '../output';
import type { PluginIo } from '../plugin-io';
import { MARKDOWN, type Schemas, type TaintgateClient, answerOf, markdownOf } from '../service-client';

export const whereUsage = `Where can this pod go? Every node, feasible or not, with kube-scheduler's reasons.

Examples:
  # A pod (or a Deployment, Job, ...: its pod template) from a file, or - for stdin
  kubectl taintgate where -f pod.yaml

  # A pod taintgate holds
  kubectl taintgate where -n web web-1

  # Where it could go if it were rescheduled (its node and its own room left out)
  kubectl taintgate where -n web web-1 --reschedule

Options:
  -f, --filename=FILE     the pod's manifest (JSON or YAML), - for stdin
  -n, --namespace=NS      the stored pod's namespace (default: the context's, else default)
      --reschedule        a stored pod: where it could go if it were rescheduled
      --top=N             how many nodes each list names (the best, and each group of alike reasons; default 10)
  -o, --output=FORMAT     json, yaml or markdown (default: a table)

Exit status: 0 when some node takes the pod, 1 when none does, 2 on any error.

Usage:
  kubectl taintgate where (-f FILENAME | [-n NAMESPACE] POD) [options]
`;

// The placement answers the view asked for: the plugin asks none, and gets the summary.
type PlacementSummary = Schemas['PlacementSummary'];

/** The pod asked about: a manifest's (POST /v1/placement), or a stored one's (GET .../pods/{name}/placement). */
type PodQuestion = { pod: Schemas['Pod'] } | { namespace: string; name: string; reschedule: boolean | undefined };

/** `kubectl taintgate where`: POST /v1/placement for a manifest, GET .../pods/{name}/placement for a stored pod. */
export async function where(args: readonly string[], io: PluginIo): Promise<number> {
  const { values, positionals } = readCommandLine('where', args, {
    filename: { type: 'string', short: 'f' },
    reschedule: { type: 'boolean' },
    top: { type: 'string' },
  });
  if (values.help) {
    io.stdout(whereUsage);
    return EXIT_OK;
  }
  const format = outputFormat(values.output, ['json', 'yaml', 'markdown'] as const, 'where');
  if (values.top !== undefined && !/^\d+$/.test(values.top)) throw new UsageError(`--top must be a number of nodes, not ${values.top}`, 'where');
  checkPodArguments(values, positionals);
  const client = clientOf(values, io);
  const namespace = namespaceOf(values.namespace, client);
  const question = await podQuestion({ ...values, namespace }, positionals, io);
  const top = values.top === undefined ? undefined : Number(values.top);

  if (format === 'markdown') {
    const text = await markdownOf(placementMarkdown(client, question, top));
    io.stdout(text);
    // A pod no node takes is said in the first line ("`web` can go to none of 5 nodes") and in
    // kube-scheduler's ("0/5 nodes are available"), which a long answer may leave out.
    return /can go to none of|(^|\D)0\/\d+ nodes are available/.test(text) ? EXIT_NO : EXIT_OK;
  }
  const placement = (await answerOf(placementJson(client, question, top), client)) as PlacementSummary;
  if (format === 'table') io.stdout(placementTable(placement));
  else io.stdout(objectText(placement, format));
  return placement.feasibleCount > 0 ? EXIT_OK : EXIT_NO;
}

/** A manifest or one stored pod's name, checked before the kubeconfig is read: a usage error says so whatever the kubeconfig holds. */
function checkPodArguments(values: { filename?: string | undefined; reschedule?: boolean | undefined }, positionals: string[]): void {
  if (values.filename !== undefined) {
    if (positionals.length) throw new UsageError(`a pod from a file or a stored pod, not both (${positionals.join(' ')})`, 'where');
    if (values.reschedule) throw new UsageError('--reschedule is for a stored pod', 'where');
  } else if (positionals.length !== 1) throw new UsageError('give -f FILENAME, or the name of one stored pod', 'where');
}

async function podQuestion(
  values: { filename?: string | undefined; reschedule?: boolean | undefined; namespace: string },
  positionals: string[],
  io: PluginIo,
): Promise<PodQuestion> {
  if (values.filename !== undefined) {
    const pod = podOfManifests(manifestObjects(await readManifestText(values.filename, io.stdin), values.filename), values.filename);
    const metadata = (pod.metadata ?? {}) as Record<string, unknown>;
    // As kubectl create -f: an object without a namespace goes to -n's, else the context's.
    if (metadata.namespace === undefined) pod.metadata = { ...metadata, namespace: values.namespace };
    // The manifest as the file says it (any object is a Pod to the types): the service validates it.
    return { pod };
  }
  const name = (positionals[0] ?? '').replace(/^(pods?|po)\//, '');
  return { namespace: values.namespace, name, reschedule: values.reschedule ? true : undefined };
}

/** The placement's JSON: the summary view. */
function placementJson(client: TaintgateClient, question: PodQuestion, top: number | undefined) {
  const { api, cluster } = client;
  if ('pod' in question) return api.POST('/v1/clusters/{cluster}/placement', { params: { path: cluster, query: { top } }, body: question });
  const { namespace, name, reschedule } = question;
  const params = { path: { ...cluster, namespace, name }, query: { reschedule, top } };
  return api.GET('/v1/clusters/{cluster}/namespaces/{namespace}/pods/{name}/placement', { params });
}

/** The placement as the service's Markdown (`-o markdown`). */
function placementMarkdown(client: TaintgateClient, question: PodQuestion, top: number | undefined) {
  const { api, cluster } = client;
  if ('pod' in question) return api.POST('/v1/clusters/{cluster}/placement', { params: { path: cluster, query: { top } }, body: question, ...MARKDOWN });
  const { namespace, name, reschedule } = question;
  const params = { path: { ...cluster, namespace, name }, query: { reschedule, top } };
  return api.GET('/v1/clusters/{cluster}/namespaces/{namespace}/pods/{name}/placement', { params, ...MARKDOWN });
}

/** One row a node: the best feasible ones, then each group of alike reasons; then kube-scheduler's line, naming the taints. */
function placementTable(placement: PlacementSummary): string {
  const messages = (reasons: readonly { message: string }[]) => reasons.map((r) => r.message).join('; ');
  const rows: Cell[][] = [];
  for (const node of placement.feasibleNodes) rows.push([node.name, 'true', node.score, messages(node.reasons)]);
  const namedFeasible = placement.feasibleNodes.length;
  if (placement.feasibleCount > namedFeasible) rows.push([`(${placement.feasibleCount - namedFeasible} more)`, 'true', null, null]);
  for (const group of placement.infeasibleGroups) {
    for (const name of group.nodes) rows.push([name, 'false', null, messages(group.reasons)]);
    if (group.count > group.nodes.length) rows.push([`(${group.count - group.nodes.length} more)`, 'false', null, messages(group.reasons)]);
  }
  const table = placement.nodeCount === 0 ? '' : tableText(['Node', 'Feasible', 'Score', 'Reasons'], rows);
  return `${table}${table ? '\n' : ''}${placement.detail}\n`;
}
