import { lowerBound } from '../foundation/lower-bound';
import type { Node, Pod } from '../types';
import type { FeasibleNodes } from './framework/default-scores';
import { type NodeClasses, labelPresence, labelValueSets, namePosition, nodesInOrder } from './node-classes';
import { preferredNodeAffinityScore } from './node-affinity-score';
import { roomsInOrder } from './node-rooms';
import type { PlacementCapacity } from './placement-reasons';
import { resourceScoreColumns } from './resource-score-columns';

/**
 * The feasible nodes of a placement by class, for the Score plugins (scoreColumns): the nodes at
 * these positions of the classes' names, with what the classes and the rooms know of them.
 * NodeAffinity's preferred terms read labels only, so they are scored once per class; TaintToleration
 * once per group of the pod's view (`softTaintsAt`, the verdict's count, by position); the resource
 * scores from the rooms' columns when the capacity keeps them alongside these classes.
 */
export function heldFeasibleNodes(
  pod: Pod,
  classes: NodeClasses,
  positions: ArrayLike<number>,
  capacity: PlacementCapacity | undefined,
  softTaintsAt?: (position: number) => number,
): FeasibleNodes {
  const { names } = classes;
  const nameAt = (k: number) => names[positions[k] as number] as string;
  const held = nodesInOrder(classes);
  const nodeAt = (k: number) => held[positions[k] as number] as Node;
  const terms = pod.spec?.affinity?.nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution;
  const byClass = new Map<unknown, number>();
  const preferredAffinityAt = (k: number): number => {
    const nodeClass = classes.classOf.get(nameAt(k));
    let score = byClass.get(nodeClass);
    if (score === undefined) {
      score = preferredNodeAffinityScore(terms ?? [], nodeAt(k));
      byClass.set(nodeClass, score);
    }
    return score;
  };
  const table = capacity?.rooms && roomsInOrder(capacity.rooms, classes);
  return {
    count: positions.length,
    nodeAt,
    nameAt,
    ...(softTaintsAt ? { softTaintsAt: (k: number) => softTaintsAt(positions[k] as number) } : {}),
    preferredAffinityAt,
    placeOf: (name) => {
      const position = namePosition(names, name);
      if (names[position] !== name) return -1;
      // positions rise with k: the first at least this one.
      const k = lowerBound(positions, position);
      return positions[k] === position ? k : -1;
    },
    labelSets: (keys) => {
      const sets = labelValueSets(classes, keys);
      return {
        setAt: byPlace(new Int32Array(positions.length), sets.setAt, positions),
        count: sets.count,
        valuesOf: sets.valuesOf,
        hasLabel: (key: string) => byPlace(new Uint8Array(positions.length), labelPresence(classes, key), positions),
      };
    },
    ...(capacity && table
      ? { resourceColumns: () => capacity.resourceScores?.(pod, positions) ?? resourceScoreColumns(pod, table, positions, nodeAt, capacity.usageOf) }
      : {}),
  };
}

/** What a column by position holds, by place k among the feasible nodes (a plain loop: typed arrays' from with a function is slower). */
function byPlace<T extends Int32Array | Uint8Array>(into: T, column: ArrayLike<number>, positions: ArrayLike<number>): T {
  for (let k = 0; k < positions.length; k++) into[k] = column[positions[k] as number] as number;
  return into;
}
