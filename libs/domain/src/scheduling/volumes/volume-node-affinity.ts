import type { PersistentVolume } from '../../storage/storage-objects';
import type { Node, NodeSelectorRequirement } from '../../types';
import { labelRequirementMiss } from '../node-affinity';

/**
 * A PersistentVolume's required node affinity against a node (component-helpers storage/volume
 * CheckNodeAffinity). It matches a node made of the node's labels only, so a term's matchFields
 * (metadata.name) are not compared: nodeaffinity's term match skips them when the node has no fields.
 * Terms are ORed, an empty one is skipped, and a term that does not parse matches nothing.
 */

const hostnameLabel = 'kubernetes.io/hostname';

/** Why a requirement does not parse (labels.NewRequirement, nodeSelectorRequirementsAsFieldSelector), or undefined. */
function labelParseError(req: NodeSelectorRequirement): string | undefined {
  const count = (req.values ?? []).length;
  switch (req.operator) {
    case 'In':
    case 'NotIn':
      return count === 0 ? `${req.key} ${req.operator}: for 'in', 'notin' operators, values set can't be empty` : undefined;
    case 'Exists':
    case 'DoesNotExist':
      return count !== 0 ? `${req.key} ${req.operator}: values set must be empty for exists and does not exist` : undefined;
    default:
      // Gt and Lt are parsed by labelRequirementMiss, which explains a bad value; other operators never match.
      return undefined;
  }
}

function fieldParseError(req: NodeSelectorRequirement): string | undefined {
  if ((req.values ?? []).length !== 1) return `matchFields ${req.key}: must have one element`;
  if (req.operator !== 'In' && req.operator !== 'NotIn') return `matchFields ${req.key}: operator ${req.operator} not supported`;
  return undefined;
}

/**
 * Why the volume's node affinity excludes the node: each unmet requirement of each term (the terms
 * are ORed, so all are listed); an empty list when it admits the node or has none.
 */
export function volumeNodeAffinityMisses(pv: PersistentVolume, node: Node): string[] {
  const required = pv.spec?.nodeAffinity?.required;
  if (!required) return [];
  const labels = node.metadata.labels ?? {};
  // An empty term selects nothing, and is left out (NewLazyErrorNodeSelector).
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- objects come from raw JSON
  const terms = (required.nodeSelectorTerms ?? []).filter((term) => (term.matchExpressions ?? []).length > 0 || (term.matchFields ?? []).length > 0);
  const misses: string[] = [];
  for (const term of terms) {
    const termMisses: string[] = [];
    for (const req of term.matchFields ?? []) {
      const error = fieldParseError(req);
      if (error !== undefined) termMisses.push(error);
    }
    for (const req of term.matchExpressions ?? []) {
      const miss = labelParseError(req) ?? labelRequirementMiss(req, labels);
      if (miss !== undefined) termMisses.push(miss);
    }
    if (termMisses.length === 0) return [];
    misses.push(...termMisses);
  }
  return terms.length === 0 ? ['no matching NodeSelectorTerms'] : misses;
}

/**
 * util.GetLocalPersistentVolumeNodeNames: the hostnames a volume's node affinity names by
 * `kubernetes.io/hostname In [...]` (intersected within a term, united across terms); empty when
 * it names none. VolumeBinding's PreFilter narrows the nodes to these (GetEligibleNodes).
 */
export function localVolumeNodeNames(pv: PersistentVolume): string[] {
  const terms = pv.spec?.nodeAffinity?.required?.nodeSelectorTerms ?? [];
  const result = new Set<string>();
  for (const term of terms) {
    let nodes: Set<string> | undefined;
    for (const req of term.matchExpressions ?? []) {
      if (req.key !== hostnameLabel || req.operator !== 'In') continue;
      const values = new Set(req.values ?? []);
      nodes = nodes ? new Set([...nodes].filter((name) => values.has(name))) : values;
    }
    for (const name of nodes ?? []) result.add(name);
  }
  return [...result].sort();
}
