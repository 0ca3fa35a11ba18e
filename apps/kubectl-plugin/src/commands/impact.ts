import { clientOf } from '../command-context';
import { readCommandLine } from '../command-line';
import { EXIT_OK, UsageError } from '../failures';
import { type Cell, objectText, outputFormat, tableText } from '../output';
import type { PluginIo } from '../plugin-io';
import { MARKDOWN, type Schemas, type TaintgateClient, answerOf, markdownOf } from '../service-client';
import { type ImpactRequest, impactArguments, impactBody } from '../taint-arguments';

export const impactUsage = `What if these taints were added? Which pods are evicted now, which later (and when), which stay,
and which pending pods lose their last node. Nothing is changed.

Examples:
  # The spot pool's nodes under maintenance
  kubectl taintgate impact nodes -l pool=spot maintenance=true:NoExecute

  # Two nodes, two taints added together; every pod's fate
  kubectl taintgate impact nodes n1 n2 maintenance=true:NoExecute dedicated=db:NoSchedule --pods

  # Every node
  kubectl taintgate impact nodes --all node.kubernetes.io/out-of-service=nodeshutdown:NoExecute

Options:
  -l, --selector=SELECTOR  the nodes, by label selector
      --all                every node
      --pods               every pod's fate (evicted, unaffected, unschedulable), not the counts
  -o, --output=FORMAT      json, yaml or markdown (the counts, for a chat; default: a table)

A selector that matches no node is a warning on stderr, and an answer of no pods.

Exit status: 0 when answered, 2 on any error.

Usage:
  kubectl taintgate impact nodes (NODE... | -l SELECTOR | --all) KEY[=VALUE]:EFFECT... [options]
`;

// POST /v1/taint-impact answers either view: the summary when no view is asked, the pods with ?view=pods.
type ImpactSummary = Schemas['TaintImpactSummary'];
type ImpactPods = Schemas['TaintImpactPods'];

/** `kubectl taintgate impact nodes ...`: POST /v1/taint-impact, the summary or (--pods) every page of the pods view. */
export async function impact(args: readonly string[], io: PluginIo): Promise<number> {
  const { values, positionals } = readCommandLine('impact', args, {
    selector: { type: 'string', short: 'l' },
    all: { type: 'boolean' },
    pods: { type: 'boolean' },
  });
  if (values.help) {
    io.stdout(impactUsage);
    return EXIT_OK;
  }
  const format = outputFormat(values.output, ['json', 'yaml', 'markdown'] as const, 'impact');
  // The service writes the summary as Markdown, not every pod.
  if (format === 'markdown' && values.pods) throw new UsageError('-o markdown answers the counts: not with --pods', 'impact');
  const { names, taints } = impactArguments(positionals);
  const body = impactBody(taints, { names, selector: values.selector, all: values.all });
  const client = clientOf(values, io);
  const path = client.cluster;

  if (format === 'markdown') {
    io.stdout(await markdownOf(client.api.POST('/v1/clusters/{cluster}/taint-impact', { params: { path }, body, ...MARKDOWN })));
    return EXIT_OK;
  }
  if (values.pods) {
    const pods = await everyPodPage(client, body);
    printWarnings(pods, io);
    if (format !== 'table') io.stdout(objectText(pods, format));
    else if (pods.evictions.length + pods.unaffected.length + pods.unschedulable.length) io.stdout(podsTable(pods));
    else io.stderr('No pods on those nodes, and no pending pod loses its last node.\n');
    return EXIT_OK;
  }
  const summary = (await answerOf(client.api.POST('/v1/clusters/{cluster}/taint-impact', { params: { path }, body }), client)) as ImpactSummary;
  printWarnings(summary, io);
  io.stdout(format === 'table' ? summaryTables(summary) : objectText(summary, format));
  return EXIT_OK;
}

/** As kubectl prints the API server's warnings: on stderr, each after `Warning: `. */
function printWarnings({ warnings }: { warnings?: string[] | undefined }, io: PluginIo): void {
  for (const warning of warnings ?? []) io.stderr(`Warning: ${warning}\n`);
}

/** The pods view, page after page (`continue`), as one answer: the first page's heading and every page's pods. */
async function everyPodPage(client: TaintgateClient, body: ImpactRequest): Promise<ImpactPods> {
  let token: string | undefined;
  let whole: ImpactPods | undefined;
  do {
    const params = { path: client.cluster, query: { view: 'pods' as const, continue: token } };
    const page = (await answerOf(client.api.POST('/v1/clusters/{cluster}/taint-impact', { params, body }), client)) as ImpactPods;
    if (!whole) whole = page;
    else {
      whole.evictions.push(...page.evictions);
      whole.unaffected.push(...page.unaffected);
      whole.unschedulable.push(...page.unschedulable);
    }
    token = page.metadata.continue;
  } while (token);
  const { resourceVersion } = whole.metadata;
  whole.metadata = resourceVersion === undefined ? {} : { resourceVersion };
  return whole;
}

/** The counts in one row, and the timeline of the evictions (when there are any) below. */
function summaryTables(summary: ImpactSummary): string {
  const { counts } = summary;
  const headers = ['Nodes', 'Evicted now', 'Evicted later', 'Already scheduled', 'Never in practice', 'Unaffected', 'Unschedulable', 'Stranded'];
  const row: Cell[] = [
    summary.nodeCount,
    counts.evictedNow,
    counts.evictedLater,
    counts.alreadyScheduled,
    counts.neverInPractice,
    counts.unaffected,
    counts.unschedulable,
    summary.rescheduling?.stranded ?? null,
  ];
  const timeline = summary.timeline.map((bucket): Cell[] => [within(bucket.withinSeconds), bucket.count, bucket.first, bucket.last]);
  return tableText(headers, [row]) + (timeline.length ? `\n${tableText(['Within', 'Pods', 'First', 'Last'], timeline)}` : '');
}

/** A bucket's bound: `now` for 0, `later` for beyond a day, else in minutes or hours. */
function within(seconds: number | null): string {
  if (seconds === null) return 'later';
  if (seconds === 0) return 'now';
  return seconds < 3600 ? `${seconds / 60}m` : `${seconds / 3600}h`;
}

/** One row a pod: evicted (now, after its tolerationSeconds, never in practice, already scheduled; where its replacement goes), unaffected (why), or left with no node. */
function podsTable(pods: ImpactPods): string {
  const rows: Cell[][] = [];
  for (const e of pods.evictions) {
    const fate = e.neverInPractice
      ? 'NeverInPractice'
      : e.alreadyScheduled
        ? 'AlreadyScheduled'
        : e.when === 'Immediately'
          ? 'EvictedNow'
          : `EvictedAfter ${String(e.tolerationSeconds ?? 0)}s`;
    rows.push([e.pod.namespace, e.pod.name, e.node, fate, e.alreadyScheduled?.scheduledAt ?? e.at, e.elsewhere, e.to]);
  }
  for (const u of pods.unaffected) rows.push([u.pod.namespace, u.pod.name, u.node, u.reason, null, null, null]);
  for (const u of pods.unschedulable) rows.push([u.pod.namespace, u.pod.name, null, 'Unschedulable', null, null, null]);
  // Elsewhere: a node the pod could go to on its own; To: where its replacement goes, placed in the answer's mode.
  return tableText(['Namespace', 'Name', 'Node', 'Fate', 'At', 'Elsewhere', 'To'], rows);
}
