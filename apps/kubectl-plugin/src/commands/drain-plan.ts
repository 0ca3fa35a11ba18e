import { clientOf } from '../command-context';
import { readCommandLine } from '../command-line';
import { EXIT_NO, EXIT_OK, UsageError } from '../failures';
import { type Cell, objectText, outputFormat, tableText } from '../output';
import type { PluginIo } from '../plugin-io';
import { MARKDOWN, type Schemas, answerOf, markdownOf } from '../service-client';

export const drainPlanUsage = `What if these nodes were drained? What kubectl drain --ignore-daemonsets --delete-emptydir-data
would evict, skip or be blocked by, and where each replacement goes. Nothing is changed.

Examples:
  # The general pool: every replacement placed one after another, each taking its room
  kubectl taintgate drain-plan -l pool=general

  # Two nodes, each replacement judged alone against the cluster as it is; pods with no controller deleted
  kubectl taintgate drain-plan n1 n2 --alone --force

Options:
  -l, --selector=SELECTOR  the nodes, by label selector
      --all                every node
      --alone              place each replacement against the cluster as it is (default: together)
      --force              as kubectl drain --force: pods that declare no controller are evicted, and gone
  -o, --output=FORMAT      json, yaml or markdown (a chat answer; default: a table)

Exit status: 0 when every replacement fits and nothing blocks the drain, 1 otherwise, 2 on any error.

Usage:
  kubectl taintgate drain-plan (NODE... | -l SELECTOR | --all) [options]
`;

type DrainPlan = Schemas['DrainPlan'];

/** `kubectl taintgate drain-plan ...`: POST /v1/drain-impact, a row per pod of the nodes drained. */
export async function drainPlan(args: readonly string[], io: PluginIo): Promise<number> {
  const { values, positionals } = readCommandLine('drain-plan', args, {
    selector: { type: 'string', short: 'l' },
    all: { type: 'boolean' },
    alone: { type: 'boolean' },
    force: { type: 'boolean' },
  });
  if (values.help) {
    io.stdout(drainPlanUsage);
    return EXIT_OK;
  }
  const format = outputFormat(values.output, ['json', 'yaml', 'markdown'] as const, 'drain-plan');
  const names = positionals.map((arg) => arg.replace(/^(nodes?|no)\//, ''));
  const ways = [names.length > 0, values.selector !== undefined, values.all === true].filter(Boolean).length;
  if (ways === 0) throw new UsageError('name the nodes, or give a selector (-l), or --all', 'drain-plan');
  if (ways > 1) throw new UsageError('name the nodes, or give a selector (-l), or --all, not several', 'drain-plan');
  const body = {
    ...(names.length ? { nodes: names } : values.selector !== undefined ? { selector: values.selector } : { all: true }),
    mode: values.alone ? ('alone' as const) : ('together' as const),
    ...(values.force ? { force: true } : {}),
  };
  const client = clientOf(values, io);
  const path = client.cluster;
  if (format === 'markdown') {
    io.stdout(await markdownOf(client.api.POST('/v1/clusters/{cluster}/drain-impact', { params: { path }, body, ...MARKDOWN })));
    return EXIT_OK;
  }
  const plan: DrainPlan = await answerOf(client.api.POST('/v1/clusters/{cluster}/drain-impact', { params: { path }, body }), client);
  // As kubectl prints warnings: on stderr, each after `Warning: `.
  for (const warning of plan.warnings) io.stderr(`Warning: ${warning}\n`);
  if (format !== 'table') io.stdout(objectText(plan, format));
  else io.stdout(planText(plan));
  return plan.verdict === 'AllFit' ? EXIT_OK : EXIT_NO;
}

/** A row per pod (evicted and where its replacement goes, blocked, skipped), then the verdict and counts in a line. */
function planText(plan: DrainPlan): string {
  const rows: Cell[][] = [];
  for (const e of plan.evicted) rows.push([e.pod.namespace, e.pod.name, e.from, e.replaced ? (e.to ? 'Placed' : 'Stranded') : 'Deleted', e.to]);
  for (const b of plan.blocked)
    rows.push([b.pod.namespace, b.pod.name, b.from, `Blocked (${b.disruptionBudget ? `pdb/${b.disruptionBudget}` : b.reason})`, null]);
  for (const s of plan.skipped) rows.push([s.pod.namespace, s.pod.name, s.from, `Skipped (${s.reason})`, null]);
  const { counts } = plan;
  const line = `${plan.verdict} (${plan.mode}): ${counts.evicted} evicted, ${counts.placed} placed, ${counts.stranded} stranded, ${counts.deleted} deleted, ${counts.blocked} blocked, ${counts.skipped} skipped.\n`;
  const undrained = plan.undrained.map((u) => `error: unable to drain node "${u.node}" due to error: ${u.message}\n`).join('');
  const stranded = plan.stranded.map((s) => `${s.pod.namespace}/${s.pod.name}: ${s.summary ?? ''}\n`).join('');
  return (rows.length ? `${tableText(['Namespace', 'Name', 'From', 'Fate', 'To'], rows)}\n` : '') + undrained + stranded + line;
}
