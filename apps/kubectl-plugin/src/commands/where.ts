import { clientOf, markdownOf, namespaceOf } from '../command-context';
import { readCommandLine } from '../command-line';
import { exactJsonText } from '../exact-json';
import { EXIT_NO, EXIT_OK, UsageError } from '../failures';
import { manifestObjects, podOfManifests, readManifestText } from '../manifest-file';
import { type Cell, objectText, outputFormat, tableText } from '../output';
import type { PluginIo } from '../plugin-io';
import type { RestRequest } from '../rest-client';

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

interface Reason {
  code: string;
  message: string;
}

interface PlacementSummary {
  summary: string;
  detail: string;
  nodeCount: number;
  feasibleCount: number;
  feasibleNodes: { name: string; score: number | null; reasons: Reason[] }[];
  infeasibleGroups: { count: number; reasons: Reason[]; nodes: string[] }[];
}

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
  const request = await placementRequest({ ...values, namespace }, positionals, io);
  const scoped = { ...request, query: { ...request.query, top: values.top } };

  if (format === 'markdown') {
    const text = await markdownOf(client, scoped);
    io.stdout(text);
    // A pod no node takes is said in the first line ("`web` can go to none of 5 nodes") and in
    // kube-scheduler's ("0/5 nodes are available"), which a long answer may leave out.
    return /can go to none of|(^|\D)0\/\d+ nodes are available/.test(text) ? EXIT_NO : EXIT_OK;
  }
  const placement = await client.json<PlacementSummary>(scoped);
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

async function placementRequest(
  values: { filename?: string | undefined; reschedule?: boolean | undefined; namespace: string },
  positionals: string[],
  io: PluginIo,
): Promise<RestRequest> {
  if (values.filename !== undefined) {
    const pod = podOfManifests(manifestObjects(await readManifestText(values.filename, io.stdin), values.filename), values.filename);
    const metadata = (pod.metadata ?? {}) as Record<string, unknown>;
    // As kubectl create -f: an object without a namespace goes to -n's, else the context's.
    if (metadata.namespace === undefined) pod.metadata = { ...metadata, namespace: values.namespace };
    return { method: 'POST', path: 'placement', inCluster: true, body: exactJsonText({ pod }, 0), contentType: 'application/json' };
  }
  const name = (positionals[0] ?? '').replace(/^(pods?|po)\//, '');
  return {
    method: 'GET',
    path: `namespaces/${encodeURIComponent(values.namespace)}/pods/${encodeURIComponent(name)}/placement`,
    inCluster: true,
    query: { reschedule: values.reschedule ? 'true' : undefined },
  };
}

/** One row a node: the best feasible ones, then each group of alike reasons; then kube-scheduler's line, naming the taints. */
function placementTable(placement: PlacementSummary): string {
  const messages = (reasons: Reason[]) => reasons.map((r) => r.message).join('; ');
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
