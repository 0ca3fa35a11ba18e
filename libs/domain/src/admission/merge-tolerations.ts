import type { Int64 } from '../numbers/int64';
import { sameToleration } from '../tolerations/match';
import type { Toleration } from '../types';

/**
 * Toleration list helpers of Kubernetes admission and controllers:
 * AddOrUpdateTolerationInPodSpec and pkg/util/tolerations MergeTolerations.
 */

const seconds = (t: Toleration) => (t.tolerationSeconds === undefined ? null : t.tolerationSeconds);

export function tolerationsEqual(a: Toleration, b: Toleration): boolean {
  return sameToleration(a, b) && seconds(a) === seconds(b);
}

/**
 * Adds the toleration, or replaces the one with the same key, operator, value and effect
 * (whatever its seconds) in place; unchanged when an equal one is already there.
 */
export function addOrUpdateToleration(tolerations: readonly Toleration[], toleration: Toleration): Toleration[] {
  if (tolerations.some((t) => tolerationsEqual(t, toleration))) return [...tolerations];
  let updated = false;
  const next = tolerations.map((t) => {
    if (!sameToleration(t, toleration)) return t;
    updated = true;
    return toleration;
  });
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- set inside the map callback above
  if (!updated) next.push(toleration);
  return next;
}

/** Does `ss` tolerate everything `t` tolerates, for at least as long? (isSuperset) */
export function isSuperset(ss: Toleration, t: Toleration): boolean {
  if (tolerationsEqual(ss, t)) return true;
  const ssKey = ss.key ?? '';
  // An empty key with Exists matches every key and value.
  if ((t.key ?? '') !== ssKey && (ssKey !== '' || ss.operator !== 'Exists')) return false;
  // An empty effect matches every effect.
  if ((t.effect ?? '') !== (ss.effect ?? '') && (ss.effect ?? '') !== '') return false;
  if (ss.effect === 'NoExecute' && seconds(ss) !== null) {
    const tSeconds = seconds(t);
    // Mixed number/bigint comparisons are exact; tolerationSeconds are int64 (Int64).
    if (tSeconds === null || tSeconds > (seconds(ss) as Int64)) return false;
  }
  switch (ss.operator ?? '') {
    case '':
    case 'Equal':
      return t.operator === 'Equal' && (t.value ?? '') === (ss.value ?? '');
    case 'Exists':
      return true;
    default:
      return false;
  }
}

/** Both lists in one, dropping any toleration another one covers; of two equal ones the first stays. */
export function mergeTolerations(first: readonly Toleration[], second: readonly Toleration[]): Toleration[] {
  const all = [...first, ...second];
  const merged: Toleration[] = [];
  all.forEach((t, i) => {
    if (merged.some((kept) => isSuperset(kept, t))) return;
    if (all.slice(i + 1).some((later) => !tolerationsEqual(t, later) && isSuperset(later, t))) return;
    merged.push(t);
  });
  return merged;
}
