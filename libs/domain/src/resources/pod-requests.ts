import type { Container, Pod } from '../types';
import { parseQuantity } from './quantity';
import { effectiveRequests } from './qos';

/** A quantity of nano-units written back the short way: `2`, `1500m`, `250n`. */
export function formatNanos(nanos: bigint): string {
  if (nanos % 1_000_000_000n === 0n) return String(nanos / 1_000_000_000n);
  if (nanos % 1_000_000n === 0n) return `${nanos / 1_000_000n}m`;
  return `${nanos}n`;
}

function sumRequests(containers: readonly Container[]): Map<string, bigint> {
  const sums = new Map<string, bigint>();
  for (const c of containers) {
    for (const [name, raw] of Object.entries(effectiveRequests(c.resources?.requests, c.resources?.limits) ?? {})) {
      const q = parseQuantity(raw);
      if (q !== undefined) sums.set(name, (sums.get(name) ?? 0n) + q);
    }
  }
  return sums;
}

/**
 * What the pod asks of a node (resourcehelper.PodRequests, without overhead): per resource, the
 * sum over its containers or the largest init container's, whichever is more, since init
 * containers run one at a time before the others.
 */
export function podRequests(pod: Pod): Record<string, string> {
  const total = sumRequests(pod.spec?.containers ?? []);
  for (const init of pod.spec?.initContainers ?? []) {
    for (const [name, q] of sumRequests([init])) if (q > (total.get(name) ?? 0n)) total.set(name, q);
  }
  return Object.fromEntries([...total].sort(([a], [b]) => (a < b ? -1 : 1)).map(([name, q]) => [name, formatNanos(q)]));
}
