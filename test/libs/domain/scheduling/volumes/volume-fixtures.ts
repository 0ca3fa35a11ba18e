import type { Node, Pod } from '@taintgate/domain';
import type { Volume } from '../../../../../libs/domain/src/types';
import type { FilterStatus, PreFilterOutcome } from '../../../../../libs/domain/src/scheduling/framework/plugin-status';
import { type SchedulingSnapshot, snapshotOf } from '../../../../../libs/domain/src/scheduling/framework/scheduling-snapshot';
import { storageListerOf } from '../../../../../libs/domain/src/scheduling/volumes/storage-lister';
import type { CSINode, PersistentVolume, PersistentVolumeClaim, StorageClass } from '../../../../../libs/domain/src/storage/storage-objects';

/** The pods, claims and nodes the volume filters' tests are built from (upstream's st.MakePod and friends). */

export function makePod(name: string, volumes: Volume[], extra: { namespace?: string; nodeName?: string; uid?: string } = {}): Pod {
  return {
    metadata: { name, namespace: extra.namespace ?? 'default', ...(extra.uid !== undefined ? { uid: extra.uid } : {}) },
    spec: { containers: [], volumes, ...(extra.nodeName !== undefined ? { nodeName: extra.nodeName } : {}) },
  };
}

/** st.MakePod().PVC(claim): a volume named after the claim. */
export const pvcVolume = (claimName: string, name = claimName): Volume => ({ name, persistentVolumeClaim: { claimName } });

export const makeNode = (name: string, labels: Record<string, string> = {}): Node => ({ metadata: { name, labels } });

export function makeSnapshot(
  nodes: Node[],
  pods: Pod[],
  storage: { claims?: PersistentVolumeClaim[]; volumes?: PersistentVolume[]; classes?: StorageClass[]; csiNodes?: CSINode[] } = {},
): SchedulingSnapshot {
  return snapshotOf(nodes, pods, { storage: storageListerOf(storage) });
}

/** What a test expects of a plugin's PreFilter and, when it runs, its Filter on one node. */
export type Outcome =
  | { preFilter: 'skip' }
  | { preFilter: 'reject'; code: FilterStatus['code']; reasons: string[] }
  | { preFilter: 'run'; filter: undefined | { code: FilterStatus['code']; reasons: string[] } };

/** Runs the PreFilter's outcome through the Filter as the framework does: a skip or a rejection calls no Filter. */
export function outcomeOf<State>(preFilter: PreFilterOutcome<State>, filter: (state: State) => FilterStatus | undefined): Outcome {
  if (preFilter.kind === 'skip') return { preFilter: 'skip' };
  if (preFilter.kind === 'reject') return { preFilter: 'reject', code: preFilter.status.code, reasons: [...preFilter.status.reasons] };
  const status = filter(preFilter.state);
  return { preFilter: 'run', filter: status && { code: status.code, reasons: [...status.reasons] } };
}

export const passes: Outcome = { preFilter: 'run', filter: undefined };
export const skips: Outcome = { preFilter: 'skip' };
export const rejectedBy = (code: FilterStatus['code'], ...reasons: string[]): Outcome => ({ preFilter: 'reject', code, reasons });
export const filteredBy = (code: FilterStatus['code'], ...reasons: string[]): Outcome => ({ preFilter: 'run', filter: { code, reasons } });
