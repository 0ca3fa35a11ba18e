import { type Failure, failure } from '../failures/failure';
import { type Result, err, ok } from '../failures/result';
import { type LabelSelector, parseLabelSelector, selectorMatches } from '../selectors/label-selector';
import type { Node } from '../types';
import { FieldPath, fieldError } from '../foundation/field-errors';

/**
 * Which nodes a request addresses, by kubectl's rules for `kubectl taint NODE...`, `-l` and
 * `--all` (taint.go's validateFlags and Complete), except that names beside a selector are refused. Every endpoint that
 * selects nodes (`/v1/taint`, `/v1/taint-impact`, their GraphQL twins) parses its target here,
 * so they share one set of rules and messages.
 */
export type NodeTarget =
  | { readonly by: 'names'; readonly names: readonly string[] }
  /** `text`: the selector as it was sent, to name it back (a warning when it matches nothing). */
  | { readonly by: 'selector'; readonly selector: LabelSelector; readonly text?: string }
  | { readonly by: 'all' };

export interface NodeTargetInput {
  nodes?: readonly string[] | undefined;
  selector?: string | undefined;
  all?: boolean | undefined;
}

const root = FieldPath.root();

export function parseNodeTarget(input: NodeTargetInput): Result<NodeTarget, Failure> {
  const names = input.nodes ?? [];
  const all = input.all === true;
  const selectorText = input.selector ?? '';
  if (all && selectorText !== '') {
    const message = "setting 'all' parameter with a non empty selector is prohibited";
    return err(failure.badRequest(message, [fieldError.forbidden(root.child('selector'), 'not with all')]));
  }
  if (!all && selectorText === '' && names.length === 0) {
    const message = "at least one resource name must be specified since 'all' parameter is not set";
    return err(failure.badRequest(message, [fieldError.required(root.child('nodes'), 'name the nodes, or give a selector, or all: true')]));
  }
  // kubectl silently drops the names beside -l or --all (Complete passes them to its builder
  // only without either); an API that did so would act on nodes the caller did not mean.
  if (names.length > 0 && (all || selectorText !== '')) {
    const message = 'name the nodes, or give a selector, or all: true, not several';
    return err(failure.badRequest(message, [fieldError.forbidden(root.child('nodes'), 'not with selector or all')]));
  }
  if (all) return ok({ by: 'all' });
  if (selectorText !== '') {
    const parsed = parseLabelSelector(selectorText);
    if (!parsed.ok) return err(failure.badFields([fieldError.unparsable(root.child('selector'), selectorText, parsed.error)]));
    return ok({ by: 'selector', selector: parsed.value, text: selectorText });
  }
  return ok({ by: 'names', names });
}

/**
 * The nodes a target addresses, each once, in name order. A name that is not there is NotFound
 * (the first one, in the order given), as kubectl's builder stops at the first missing node.
 */
export function selectNodes(target: NodeTarget, nodes: Iterable<Node>, nodeNamed: (name: string) => Node | undefined): Result<Node[], Failure> {
  let selected: Node[];
  if (target.by === 'names') {
    selected = [];
    for (const name of new Set(target.names)) {
      const node = nodeNamed(name);
      if (!node) return err(failure.notFound('Node', name));
      selected.push(node);
    }
  } else {
    const matches = target.by === 'all' ? () => true : (node: Node) => selectorMatches(target.selector, node.metadata.labels);
    selected = [...nodes].filter(matches);
  }
  return ok(selected.sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0)));
}

/**
 * What to tell a caller whose target addressed no node: a selector that matches none, or `all`
 * over a cluster with none. The answer is still given (nothing evicted, nothing changed), but an
 * empty answer alone reads as "safe" when the selector was mistyped.
 */
export function emptyTargetWarnings(target: NodeTarget, selected: number): string[] {
  if (selected > 0 || target.by === 'names') return [];
  return target.by === 'all' ? ['the cluster has no nodes'] : [`no node matches the selector "${target.text ?? ''}"`];
}
