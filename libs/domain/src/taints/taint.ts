import type { Taint } from '../types';

/** Two taints are the same taint when key and effect agree (core/v1 Taint.MatchTaint); value may differ. */
export function sameTaint(a: Pick<Taint, 'key' | 'effect'>, b: Pick<Taint, 'key' | 'effect'>): boolean {
  return a.key === b.key && a.effect === b.effect;
}

/** kubectl's spelling of a taint (Taint.ToString): `k=v:E`, `k:E`, `k=v:` or `k`. */
export function taintToString(taint: Pick<Taint, 'key' | 'value' | 'effect'>): string {
  const value = taint.value ?? '';
  if (!taint.effect) return value ? `${taint.key}=${value}:` : taint.key;
  return value ? `${taint.key}=${value}:${taint.effect}` : `${taint.key}:${taint.effect}`;
}

/** The scheduler's rendering inside reasons: `{dedicated: gpu}` (fmt "{%s: %s}"). */
export function taintForReason(taint: Pick<Taint, 'key' | 'value'>): string {
  return `{${taint.key}: ${taint.value ?? ''}}`;
}

/** The taints kube-scheduler's Filter looks at: NoSchedule and NoExecute (DoNotScheduleTaintsFilterFunc). */
export const isDoNotScheduleTaint = (taint: Taint): boolean => taint.effect === 'NoSchedule' || taint.effect === 'NoExecute';

export const isNoExecuteTaint = (taint: Taint): boolean => taint.effect === 'NoExecute';

export const isPreferNoScheduleTaint = (taint: Taint): boolean => taint.effect === 'PreferNoSchedule';

/** A taint with its kubectl-irrelevant fields dropped, for comparisons and answers. */
export function taintIdentity(taint: Taint): Taint {
  const t: Taint = { key: taint.key, effect: taint.effect };
  if (taint.value) t.value = taint.value;
  return t;
}
