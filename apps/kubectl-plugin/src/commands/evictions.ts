import { translateTimestampSince } from '@taintgate/domain';
import { clientOf } from '../command-context';
import { readCommandLine } from '../command-line';
import { type EvictionFilters, type EvictionRecord, listEvictions, watchEvictions } from '../eviction-watch';
import { EXIT_OK, UsageError } from '../failures';
import { type Cell, objectText, outputFormat, tableText } from '../output';
import type { PluginIo } from '../plugin-io';
import { MARKDOWN, markdownOf } from '../service-client';

export const evictionsUsage = `NoExecute evictions: scheduled (with their deadline), cancelled and executed, newest first.

Examples:
  kubectl taintgate evictions
  kubectl taintgate evictions --status Scheduled --node n1
  # then every new eviction and every change of status, as it comes (^C ends it)
  kubectl taintgate evictions --watch

Options:
      --status=STATUS     Scheduled, Cancelled or Executed (a mirror's: Predicted)
      --node=NODE         on this node
  -n, --namespace=NS      of pods in this namespace (default: every namespace)
      --pod=NAME          of pods of this name
  -w, --watch             after the list, print each eviction that is new or changes status
      --interval=SECONDS  how often --watch asks the service (default 1)
  -o, --output=FORMAT     json, yaml or markdown (the newest, for a chat; default: a table)

Exit status: 0 when listed (and --watch ended by ^C or SIGTERM), 2 on any error.

Usage:
  kubectl taintgate evictions [--status STATUS] [--node NODE] [-n NS] [--pod NAME] [-w] [options]
`;

const HEADERS = ['Namespace', 'Pod', 'Node', 'Taint', 'Status', 'Deadline', 'Fired', 'Age'];

/** `kubectl taintgate evictions [--watch]`: GET /v1/evictions, every page; with --watch, then what changes. */
export async function evictions(args: readonly string[], io: PluginIo): Promise<number> {
  const { values, positionals } = readCommandLine('evictions', args, {
    status: { type: 'string' },
    node: { type: 'string' },
    pod: { type: 'string' },
    watch: { type: 'boolean', short: 'w' },
    interval: { type: 'string' },
  });
  if (values.help) {
    io.stdout(evictionsUsage);
    return EXIT_OK;
  }
  if (positionals.length) throw new UsageError(`unexpected arguments: ${positionals.join(' ')}`, 'evictions');
  const format = outputFormat(values.output, ['json', 'yaml', 'markdown'] as const, 'evictions');
  if (format === 'markdown' && values.watch) throw new UsageError('-o markdown answers the list once: not with --watch', 'evictions');
  const interval = Number(values.interval ?? '1');
  if (!(interval > 0)) throw new UsageError(`--interval must be a number of seconds above 0, not ${values.interval ?? ''}`, 'evictions');
  const client = clientOf(values, io);
  // --status is sent as given: the service refuses one it does not know, in its words.
  const status = values.status as EvictionFilters['status'];
  const filters: EvictionFilters = { status, nodeName: values.node, namespace: values.namespace, pod: values.pod };

  if (format === 'markdown') {
    io.stdout(await markdownOf(client.api.GET('/v1/clusters/{cluster}/evictions', { params: { path: client.cluster, query: filters }, ...MARKDOWN })));
    return EXIT_OK;
  }

  const listed = await listEvictions(client, filters);
  if (format !== 'table') {
    // kubectl get -w -o json prints each object; the list alone prints as a List.
    if (values.watch) for (const item of listed.items.slice().reverse()) io.stdout(objectText(item, format));
    else io.stdout(objectText(listed, format));
  } else if (listed.items.length) io.stdout(tableText(HEADERS, listed.items.map(row)));
  else if (!values.watch) io.stderr('No evictions found.\n');

  if (!values.watch) return EXIT_OK;
  // Under a watch the header is printed once, at the first row, as kubectl get -w does when the list was empty.
  let headerDue = format === 'table' && listed.items.length === 0;
  await watchEvictions(client, filters, listed.items, interval * 1000, io.stopSignal(), (changed) => {
    if (format !== 'table') {
      io.stdout(objectText(changed, format));
      return;
    }
    const text = tableText(HEADERS, [row(changed)]);
    io.stdout(headerDue ? text : text.slice(text.indexOf('\n') + 1));
    headerDue = false;
  });
  return EXIT_OK;
}

function row(eviction: EvictionRecord): Cell[] {
  const taint = eviction.taint;
  const taintText = `${taint.key}${taint.value ? `=${taint.value}` : ''}:${taint.effect}`;
  return [
    eviction.pod.namespace,
    eviction.pod.name,
    eviction.node,
    taintText,
    eviction.status,
    eviction.scheduledFor,
    eviction.firedAt,
    translateTimestampSince(eviction.startedAt, Date.now()),
  ];
}
