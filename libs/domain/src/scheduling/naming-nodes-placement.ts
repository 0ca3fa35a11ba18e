import type { Node, Pod } from '../types';
import { type ClassPlacement, type GroupVerdict, addCount, classPlacement, labelKeysReadBy } from './grouped-placement';
import { type NodeClasses, type NodeGroup, groupsInOrder, heldNode, namePosition, viewFor } from './node-classes';
import { type SchedulerRejection, sharedFilters, wordRejection } from './node-filters';
import type { PlacementOptions } from './placement';
import { countIntolerablePreferNoSchedule } from './taint-toleration-score';

/**
 * placementByClass for a pod that names nodes in its required node affinity (matchFields on
 * metadata.name, as every DaemonSet pod does for its one node). The nodes it names are each a group
 * of their own, decided on their own. Every other node of a group of the pod's view is alike to the
 * pod: a matchFields requirement reads a name it does not list the same way for all of them, and
 * the rest of the affinity reads the view's labels. So the group is decided once, on one of those
 * nodes. When every term names nodes, NodeAffinity's PreFilter leaves the others out, and `statusOf`
 * gives their status (preFilterVerdict's), which is what kube-scheduler counts for them.
 */

/** Every node name the pod's required terms list under matchFields on metadata.name (In or NotIn). */
function namesInAffinity(pod: Pod): Set<string> {
  const names = new Set<string>();
  const terms = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms ?? [];
  for (const term of terms) {
    for (const req of term.matchFields ?? []) if (req.key === 'metadata.name') for (const value of req.values ?? []) names.add(value);
  }
  return names;
}

function verdictOn(pod: Pod, node: Node, options: PlacementOptions): GroupVerdict {
  const shared = sharedFilters(pod, node, options, true);
  return {
    shared,
    reasons: [...shared.leading, ...shared.trailing],
    softTaints: countIntolerablePreferNoSchedule(node.spec?.taints, pod.spec?.tolerations, options),
  };
}

/** A member of the group whose name the pod does not list: what the group's other nodes are decided on; undefined when it has none. */
function unnamedMember(group: NodeGroup, named: ReadonlySet<string>): Node | undefined {
  for (const nodeClass of group.classes) for (const [name, node] of nodeClass.members) if (!named.has(name)) return node;
  return undefined;
}

export function placementNamingNodes(
  pod: Pod,
  classes: NodeClasses,
  options: PlacementOptions,
  statusOf: (nodeName: string) => SchedulerRejection | undefined,
): ClassPlacement {
  const view = viewFor(classes, labelKeysReadBy(pod));
  const inOrder = groupsInOrder(classes, view);
  const groups: NodeGroup[] = [...inOrder.groups];
  const groupIndex = Int32Array.from(inOrder.groupIndex);
  const verdicts = new Map<NodeGroup, GroupVerdict>();
  const leftOut: (SchedulerRejection | undefined)[] = [];
  const named = namesInAffinity(pod);
  groups.forEach((group, i) => {
    const node = unnamedMember(group, named);
    if (!node) return;
    verdicts.set(group, verdictOn(pod, node, options));
    leftOut[i] = statusOf(node.metadata.name);
  });
  // Each node named and held: a group of its own.
  for (const name of named) {
    const node = heldNode(classes, name);
    if (!node) continue;
    const group: NodeGroup = { key: `named:${name}`, classes: new Set(), size: 1 };
    groupIndex[namePosition(classes.names, name)] = groups.length;
    leftOut[groups.length] = statusOf(name);
    groups.push(group);
    verdicts.set(group, verdictOn(pod, node, options));
  }
  // The nodes of each group, as the positions say (a group of the view loses its named members).
  const sizes = new Int32Array(groups.length);
  for (let i = 0; i < groupIndex.length; i++) sizes[groupIndex[i] as number] = (sizes[groupIndex[i] as number] as number) + 1;
  const counts = new Map<string, number>();
  const legacyCounts = new Map<string, number>();
  let feasibleCount = 0;
  groups.forEach((group, i) => {
    const size = sizes[i] as number;
    if (size === 0) return;
    const status = leftOut[i] ?? (verdicts.get(group) as GroupVerdict).shared.rejection;
    if (status === undefined) feasibleCount += size;
    else {
      addCount(counts, wordRejection(status, options.summaryWording), size);
      addCount(legacyCounts, wordRejection(status, 'legacy'), size);
    }
  });
  return classPlacement({ view, verdicts, feasibleCount, counts, legacyCounts }, classes.names.length, { groups, groupIndex, leftOut });
}
