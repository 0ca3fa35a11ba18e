import type { Failure } from '../failures/failure';
import { type Result, ok } from '../failures/result';
import type { Node, Taint } from '../types';
import { type NodeTarget, selectNodes } from './node-target';
import { type TaintChange, type TaintOperation, applyTaintChange } from './taint-command';

/** One node of a `kubectl taint` command: the node as it was, its taints after, and the word kubectl prints. */
export interface NodeTainted {
  node: Node;
  operation: TaintOperation;
  taints: Taint[];
}

/**
 * `kubectl taint` over the nodes a target addresses (selectNodes: each once, in name order), each
 * changed as updateTaints changes it (applyTaintChange). The first node that refuses the change
 * fails the whole command: all the nodes change, or none.
 */
export function taintNodes(
  target: NodeTarget,
  change: TaintChange,
  overwrite: boolean,
  nodes: Iterable<Node>,
  nodeNamed: (name: string) => Node | undefined,
): Result<NodeTainted[], Failure> {
  const selected = selectNodes(target, nodes, nodeNamed);
  if (!selected.ok) return selected;
  const tainted: NodeTainted[] = [];
  for (const node of selected.value) {
    const applied = applyTaintChange(node.metadata.name, node.spec?.taints ?? [], change, overwrite);
    if (!applied.ok) return applied;
    tainted.push({ node, ...applied.value });
  }
  return ok(tainted);
}
