import type { Namespace } from '../types';
import { translateTimestampSince } from './human-duration';
import { type Printer, type Table, type TableOptions, ageColumn, column, nameColumn, printTable } from './table';

/** `kubectl get namespaces`: printNamespace of pkg/printers/internalversion/printers.go. */
const namespacePrinter: Printer<Namespace> = {
  kind: 'Namespace',
  apiVersion: 'v1',
  columns: [nameColumn, column('Status', 'string', 'The status of the namespace'), ageColumn],
  print: (namespace, now) => ({
    cells: [namespace.metadata.name, namespace.status?.phase ?? '', translateTimestampSince(namespace.metadata.creationTimestamp, now)],
  }),
};

/** The Table kube-apiserver returns for namespaces (a list, or one namespace). */
export const namespaceTable = (namespaces: readonly Namespace[], options: TableOptions): Table => printTable(namespacePrinter, namespaces, options);
