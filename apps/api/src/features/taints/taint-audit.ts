import { type TaintChange, taintToString } from '@taintgate/domain';

/** What a taint edit's audit entry says of it: the taints added and removed, as kubectl spells them, and overwrite. */
export function taintAuditDetails(change: TaintChange, overwrite: boolean) {
  return {
    added: change.toAdd.map(taintToString),
    removed: change.toRemove.map((t) => taintToString(t)),
    overwrite,
  };
}
