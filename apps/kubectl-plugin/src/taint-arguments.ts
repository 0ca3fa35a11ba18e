import { parseTaintArgs, taintToString, type Taint } from '@taintgate/domain';
import { UsageError } from './failures';
import type { Schemas } from './service-client';

/**
 * `impact nodes [NAME...] TAINT...`, split as `kubectl taint` splits its arguments: one with `=`
 * or `:`, or ending in `-`, is a taint; the names come first. The taints are checked with
 * kubectl's own rules (libs/domain's parseTaintArgs), so a typo fails here, before any request.
 */
export interface ImpactArguments {
  names: string[];
  taints: Taint[];
}

const NODE_KINDS = new Set(['node', 'nodes', 'no']);
const looksLikeTaint = (arg: string) => arg.includes('=') || arg.includes(':') || arg.endsWith('-');

export function impactArguments(positionals: readonly string[]): ImpactArguments {
  const [kind, ...rest] = positionals;
  if (kind === undefined || !NODE_KINDS.has(kind))
    throw new UsageError(`impact is about nodes: kubectl taintgate impact nodes ... (not ${kind ?? 'nothing'})`, 'impact');
  const names: string[] = [];
  const taintArgs: string[] = [];
  for (const arg of rest) {
    if (looksLikeTaint(arg)) taintArgs.push(arg);
    else if (taintArgs.length) throw new UsageError(`all resources must be specified before taint changes: ${arg}`, 'impact');
    else names.push(arg.replace(/^(nodes?|no)\//, ''));
  }
  const parsed = parseTaintArgs(taintArgs);
  if (!parsed.ok) throw new UsageError(parsed.error.message, 'impact');
  if (parsed.value.toRemove.length) {
    const removal = taintArgs.find((arg) => arg.endsWith('-')) ?? '';
    throw new UsageError(`impact asks what adding taints does; ${removal} removes one`, 'impact');
  }
  return { names, taints: parsed.value.toAdd };
}

/** The nodes: named, by selector, or all; exactly one (the service refuses names beside a selector, as here). */
export interface NodeChoice {
  names: string[];
  selector?: string | undefined;
  all?: boolean | undefined;
}

export type ImpactRequest = Schemas['TaintImpactRequest'];

/** POST /v1/taint-impact's body: the taints as kubectl writes them (`maintenance=true:NoExecute`), added together. */
export function impactBody(taints: readonly Taint[], nodes: NodeChoice): ImpactRequest {
  const body: ImpactRequest = { taints: taints.map(taintToString) };
  const ways = [nodes.names.length > 0, nodes.selector !== undefined, nodes.all === true].filter(Boolean).length;
  if (ways === 0) throw new UsageError("at least one resource name must be specified since 'all' parameter is not set", 'impact');
  if (ways > 1) throw new UsageError('name the nodes, or give a selector (-l), or --all, not several', 'impact');
  if (nodes.names.length) body.nodes = nodes.names;
  else if (nodes.selector !== undefined) body.selector = nodes.selector;
  else body.all = true;
  return body;
}
