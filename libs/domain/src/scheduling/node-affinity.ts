import { parseGoInt64 } from '../numbers/int64';
import type { Node, NodeSelectorRequirement, NodeSelectorTerm, Pod } from '../types';

/**
 * nodeSelector and required node affinity as kube-scheduler's NodeAffinity filter applies them
 * (component-helpers nodeaffinity): nodeSelector needs every label equal; terms are ORed, the
 * requirements of a term ANDed; an empty term matches nothing; a term that cannot be parsed
 * matches nothing (the scheduler ignores parse errors). Each miss is described, not only the first.
 */

interface SelectorMiss {
  /** Where the unmet requirement sits in the pod, e.g. `spec.nodeSelector[disktype]`. */
  field: string;
  message: string;
}

export interface NodeAffinityVerdict {
  /** nodeSelector entries the node does not satisfy. */
  nodeSelectorMisses: SelectorMiss[];
  /** For an unmet required affinity, why each term fails (every term, since they are ORed). */
  affinityMisses: SelectorMiss[];
  matches: boolean;
}

const requiredPath = 'spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution';

function labelsOf(node: Node): Record<string, string> {
  return node.metadata.labels ?? {};
}

const hasLabel = (labels: Record<string, string>, key: string) => Object.prototype.hasOwnProperty.call(labels, key);

/** Does a label requirement hold on these labels? (labels.Requirement.Matches) */
function labelRequirementHolds(req: NodeSelectorRequirement, labels: Record<string, string>): boolean {
  const has = hasLabel(labels, req.key);
  const values = req.values ?? [];
  switch (req.operator) {
    case 'In':
      return has && values.includes(labels[req.key] as string);
    case 'NotIn':
      return !has || !values.includes(labels[req.key] as string);
    case 'Exists':
      return has;
    case 'DoesNotExist':
      return !has;
    case 'Gt':
    case 'Lt': {
      const wanted = values.length === 1 ? parseGoInt64(values[0]) : undefined;
      const got = has ? parseGoInt64(labels[req.key]) : undefined;
      if (wanted === undefined || got === undefined) return false;
      return req.operator === 'Gt' ? got > wanted : got < wanted;
    }
    default:
      return false;
  }
}

/** Why a label requirement fails on these labels, or undefined when it holds. */
export function labelRequirementMiss(req: NodeSelectorRequirement, labels: Record<string, string>): string | undefined {
  if (labelRequirementHolds(req, labels)) return undefined;
  const has = hasLabel(labels, req.key);
  const shown = has ? `node has ${req.key}=${labels[req.key] ?? ''}` : `node has no label ${req.key}`;
  const values = req.values ?? [];
  switch (req.operator) {
    case 'In':
    case 'NotIn':
      return `${req.key} ${req.operator} [${values.join(', ')}]: ${shown}`;
    case 'Exists':
    case 'DoesNotExist':
      return `${req.key} ${req.operator}: ${shown}`;
    case 'Gt':
    case 'Lt': {
      const text = `${req.key} ${req.operator} ${values.join(', ')}`;
      if (values.length !== 1 || parseGoInt64(values[0]) === undefined) return `${text}: for 'Gt', 'Lt' operators, exactly one integer value is required`;
      if (has && parseGoInt64(labels[req.key]) === undefined) return `${text}: node label ${req.key}=${labels[req.key] ?? ''} is not an integer`;
      return `${text}: ${shown}`;
    }
    default:
      return `${req.key}: unsupported operator ${JSON.stringify(req.operator)}`;
  }
}

/** matchFields: only metadata.name, with In or NotIn and exactly one value. */
function fieldRequirementHolds(req: NodeSelectorRequirement, node: Node): boolean {
  const values = req.values ?? [];
  if (req.key !== 'metadata.name' || values.length !== 1) return false;
  if (req.operator === 'In') return node.metadata.name === values[0];
  if (req.operator === 'NotIn') return node.metadata.name !== values[0];
  return false;
}

/** How a matchFields miss names the node it is about: the one part of an affinity reason that differs between nodes alike. */
const nodeIsWords = ': node is ';

/**
 * A selector miss as every node it applies to shares it: a matchFields miss without the node's own
 * name (`metadata.name In [node-42]`), which would make a group of each node a DaemonSet's pod misses.
 */
export function selectorMissWithoutNodeName(message: string): string {
  const at = message.lastIndexOf(nodeIsWords);
  return at < 0 ? message : message.slice(0, at);
}

function fieldRequirementMiss(req: NodeSelectorRequirement, node: Node): string | undefined {
  if (fieldRequirementHolds(req, node)) return undefined;
  const values = req.values ?? [];
  const text = `${req.key} ${req.operator} [${values.join(', ')}]`;
  if (req.key !== 'metadata.name') return `${text}: not a valid field selector key`;
  if ((req.operator !== 'In' && req.operator !== 'NotIn') || values.length !== 1) return `${text}: must be In or NotIn with one value`;
  return `${text}${nodeIsWords}${node.metadata.name}`;
}

/**
 * Does one node selector term hold on the node (nodeSelectorTerm.match)? Its requirements are
 * ANDed; an empty term matches nothing, and so does a requirement that cannot be parsed.
 */
export function nodeSelectorTermMatches(term: NodeSelectorTerm, node: Node): boolean {
  const expressions = term.matchExpressions ?? [];
  const fields = term.matchFields ?? [];
  if (expressions.length === 0 && fields.length === 0) return false;
  const labels = labelsOf(node);
  return expressions.every((req) => labelRequirementHolds(req, labels)) && fields.every((req) => fieldRequirementHolds(req, node));
}

/** The yes/no of `evaluateNodeAffinity`, without building explanations (the hot path of what-if scans). */
export function nodeAffinityMatches(pod: Pod, node: Node): boolean {
  const nodeSelector = pod.spec?.nodeSelector;
  const required = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  // Most pods select no nodes: asked of every node by spreading's inclusion policy, they read nothing of it.
  if (!nodeSelector && !required) return true;
  const labels = labelsOf(node);
  for (const [key, wanted] of Object.entries(nodeSelector ?? {})) {
    if (!hasLabel(labels, key) || labels[key] !== wanted) return false;
  }
  // Inline pods come from raw JSON; a required affinity without terms is read as none.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
  return !required || (required.nodeSelectorTerms ?? []).some((term) => nodeSelectorTermMatches(term, node));
}

/** Every unmet requirement of one term; an empty term matches nothing. */
function termMisses(term: NodeSelectorTerm, node: Node, at: string): SelectorMiss[] {
  const expressions = term.matchExpressions ?? [];
  const fields = term.matchFields ?? [];
  if (expressions.length === 0 && fields.length === 0) return [{ field: at, message: 'an empty node selector term matches no node' }];
  const misses: SelectorMiss[] = [];
  const labels = labelsOf(node);
  expressions.forEach((req, i) => {
    const miss = labelRequirementMiss(req, labels);
    if (miss) misses.push({ field: `${at}.matchExpressions[${i}]`, message: miss });
  });
  fields.forEach((req, i) => {
    const miss = fieldRequirementMiss(req, node);
    if (miss) misses.push({ field: `${at}.matchFields[${i}]`, message: miss });
  });
  return misses;
}

/** Does the node satisfy the pod's nodeSelector and required node affinity, and if not, why? */
export function evaluateNodeAffinity(pod: Pod, node: Node): NodeAffinityVerdict {
  const labels = labelsOf(node);
  const nodeSelectorMisses: SelectorMiss[] = [];
  for (const [key, wanted] of Object.entries(pod.spec?.nodeSelector ?? {})) {
    const has = hasLabel(labels, key);
    if (has && labels[key] === wanted) continue;
    nodeSelectorMisses.push({
      field: `spec.nodeSelector[${key}]`,
      message: has
        ? `nodeSelector wants ${key}=${wanted}, node has ${key}=${labels[key] ?? ''}`
        : `nodeSelector wants ${key}=${wanted}, node has no label ${key}`,
    });
  }

  const affinityMisses: SelectorMiss[] = [];
  const required = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  if (required) {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- as in nodeAffinityHolds
    const terms = required.nodeSelectorTerms ?? [];
    const perTerm = terms.map((term, i) => termMisses(term, node, `${requiredPath}.nodeSelectorTerms[${i}]`));
    const someTermMatches = perTerm.some((misses) => misses.length === 0);
    if (!someTermMatches) {
      if (terms.length === 0) affinityMisses.push({ field: `${requiredPath}.nodeSelectorTerms`, message: 'no node selector terms: matches no node' });
      for (const misses of perTerm) affinityMisses.push(...misses);
    }
  }
  return { nodeSelectorMisses, affinityMisses, matches: nodeSelectorMisses.length === 0 && affinityMisses.length === 0 };
}

/**
 * What NodeAffinity's PreFilter decides before any node is filtered (nodeaffinity.NodeAffinity.PreFilter):
 * `nodeNames` when every required term names nodes by `matchFields` `metadata.name In` (the names a
 * term's requirements share, since they are ANDed; the union over the terms, since those are ORed),
 * and the scheduler then filters those nodes only; `conflict` when that union is empty, and the
 * scheduler filters no node at all; `allNodes` otherwise.
 */
export type NodeAffinityPreFilter = { outcome: 'allNodes' } | { outcome: 'nodeNames'; nodeNames: ReadonlySet<string> } | { outcome: 'conflict' };

export function nodeAffinityPreFilter(pod: Pod): NodeAffinityPreFilter {
  const terms = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms ?? [];
  let nodeNames: Set<string> | undefined;
  for (const term of terms) {
    let termNodeNames: Set<string> | undefined;
    for (const req of term.matchFields ?? []) {
      // Only In on metadata.name names nodes; NotIn and other keys leave the term open to every node.
      if (req.key !== 'metadata.name' || req.operator !== 'In') continue;
      const named = new Set(req.values ?? []);
      termNodeNames = termNodeNames ? new Set([...termNodeNames].filter((name) => named.has(name))) : named;
    }
    // A term that names no node lets every node through, whatever the other terms name.
    if (!termNodeNames) return { outcome: 'allNodes' };
    nodeNames = new Set([...(nodeNames ?? []), ...termNodeNames]);
  }
  if (!nodeNames) return { outcome: 'allNodes' };
  return nodeNames.size === 0 ? { outcome: 'conflict' } : { outcome: 'nodeNames', nodeNames };
}
