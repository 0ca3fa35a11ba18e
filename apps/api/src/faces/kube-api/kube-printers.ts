import {
  type ObjectMeta,
  type Table,
  type TableOptions,
  type WatchedKind,
  csiNodeTable,
  namespaceTable,
  nodeTable,
  persistentVolumeClaimTable,
  persistentVolumeTable,
  podDisruptionBudgetTable,
  podTable,
  storageClassTable,
} from '@taintgate/domain';

/** A printer of libs/domain's `printing/` (nodeTable, podTable, ...), over the objects of its kind. */
export type Printer<T> = (items: readonly T[], options: TableOptions) => Table;

/** Any kind's objects, as the watch and the generic lists hand them over: the printer of their kind reads them as its own. */
type AnyPrinter = Printer<{ metadata: ObjectMeta }>;

/** The server-side Table of each kind kubectl reads, as kube-apiserver prints it (pkg/printers/internalversion). */
const PRINTERS: Readonly<Record<WatchedKind | 'Namespace', AnyPrinter>> = {
  Node: nodeTable,
  Pod: podTable,
  Namespace: namespaceTable,
  PersistentVolume: persistentVolumeTable,
  PersistentVolumeClaim: persistentVolumeClaimTable,
  StorageClass: storageClassTable as AnyPrinter,
  CSINode: csiNodeTable as AnyPrinter,
  PodDisruptionBudget: podDisruptionBudgetTable,
};

export const printerOf = (kind: WatchedKind | 'Namespace'): AnyPrinter => PRINTERS[kind];
