import type { Taint, Toleration } from '../types';
import { parseCanonicalInt64 } from '../numbers/int64';

/** Options that change matching; the app passes them from its settings. */
export interface MatchOptions {
  /** KEP-5471 Gt/Lt operators; when off they tolerate nothing. */
  comparisonOperators: boolean;
}

export const defaultMatchOptions: MatchOptions = Object.freeze({ comparisonOperators: true });

/**
 * Does this toleration tolerate this taint? (core/v1 Toleration.ToleratesTaint)
 * - effect: equal, or empty on the toleration (every effect);
 * - key: equal, or empty on the toleration (validation allows that only with Exists);
 * - operator: Equal (the default) needs equal values, Exists ignores the value,
 *   Gt/Lt compare the taint's value against the toleration's as integers.
 */
export function toleratesTaint(toleration: Toleration, taint: Taint, options: MatchOptions = defaultMatchOptions): boolean {
  if (toleration.effect && toleration.effect !== taint.effect) return false;
  if (toleration.key && toleration.key !== taint.key) return false;
  switch (toleration.operator ?? '') {
    case '':
    case 'Equal':
      return (toleration.value ?? '') === (taint.value ?? '');
    case 'Exists':
      return true;
    case 'Gt':
    case 'Lt':
      return options.comparisonOperators && compareNumeric(toleration, taint);
    default:
      return false;
  }
}

/** Gt: taint value > toleration value; Lt: taint value < toleration value. Unparsable: no match. */
function compareNumeric(toleration: Toleration, taint: Taint): boolean {
  const threshold = parseCanonicalInt64(toleration.value);
  const actual = parseCanonicalInt64(taint.value);
  if (threshold === undefined || actual === undefined) return false;
  return toleration.operator === 'Gt' ? actual > threshold : actual < threshold;
}

/** Does any of the tolerations tolerate the taint? (v1helper.TolerationsTolerateTaint) */
export function tolerationsTolerateTaint(tolerations: readonly Toleration[] | undefined, taint: Taint, options: MatchOptions = defaultMatchOptions): boolean {
  return (tolerations ?? []).some((t) => toleratesTaint(t, taint, options));
}

/** Every taint (of those `include` keeps) that no toleration tolerates, in the node's order. */
export function untoleratedTaints(
  taints: readonly Taint[] | undefined,
  tolerations: readonly Toleration[] | undefined,
  include: (taint: Taint) => boolean = () => true,
  options: MatchOptions = defaultMatchOptions,
): Taint[] {
  return (taints ?? []).filter((taint) => include(taint) && !tolerationsTolerateTaint(tolerations, taint, options));
}

/**
 * For each taint, the first toleration that tolerates it (v1helper.GetMatchingTolerations):
 * `allTolerated` is false as soon as one taint has none. The taint eviction controller takes
 * the minimum tolerationSeconds over exactly these "tolerations in use".
 */
export function matchingTolerations(
  taints: readonly Taint[],
  tolerations: readonly Toleration[] | undefined,
  options: MatchOptions = defaultMatchOptions,
): { allTolerated: boolean; used: Toleration[] } {
  const used: Toleration[] = [];
  for (const taint of taints) {
    const first = (tolerations ?? []).find((t) => toleratesTaint(t, taint, options));
    if (!first) return { allTolerated: false, used: [] };
    used.push(first);
  }
  return { allTolerated: true, used };
}

/** Same key, operator, value and effect: the same toleration but for its seconds (Toleration.MatchToleration). */
export function sameToleration(a: Toleration, b: Toleration): boolean {
  return (
    (a.key ?? '') === (b.key ?? '') && (a.effect ?? '') === (b.effect ?? '') && (a.operator ?? '') === (b.operator ?? '') && (a.value ?? '') === (b.value ?? '')
  );
}
