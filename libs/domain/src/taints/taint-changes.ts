import type { Taint } from '../types';

/** The taints that appeared on a node and those that left it, each as it is (or was) stored. */
export interface TaintChanges<T extends Pick<Taint, 'key' | 'value' | 'effect'>> {
  added: T[];
  removed: T[];
}

/** A taint's identity for "did it change": key, value and effect (its time added is bookkeeping). */
const identityOf = (t: Pick<Taint, 'key' | 'value' | 'effect'>): string => JSON.stringify([t.key, t.value ?? '', t.effect]);

/**
 * What a write did to a node's taints: those in `after` but not in `before` appeared, those in
 * `before` but not in `after` went. A taint whose value changed under the same key and effect
 * went and another appeared; a taint only re-ordered or re-stamped did neither.
 */
export function taintChanges<T extends Pick<Taint, 'key' | 'value' | 'effect'>>(before: readonly T[], after: readonly T[]): TaintChanges<T> {
  if (before.length === 0 && after.length === 0) return { added: [], removed: [] };
  const had = new Set(before.map(identityOf));
  const has = new Set(after.map(identityOf));
  return { added: after.filter((t) => !had.has(identityOf(t))), removed: before.filter((t) => !has.has(identityOf(t))) };
}
