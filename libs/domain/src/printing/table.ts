import type { ObjectMeta } from '../types';
import { isObject } from '../validation/json-shape';

/**
 * meta.k8s.io/v1 Table, what kube-apiserver answers to `Accept: application/json;as=Table;v=v1;g=meta.k8s.io`
 * (kubectl get asks for it). The printers in this folder fill in the columns and cells; this module
 * puts the table together as the API server's TableConvertor and its response handler do.
 */

/** ?includeObject=: what each row's `object` holds. Metadata is the default. */
export const IncludeObjectPolicies = ['None', 'Metadata', 'Object'] as const;
export type IncludeObjectPolicy = (typeof IncludeObjectPolicies)[number];

export interface TableColumnDefinition {
  name: string;
  /** An OpenAPI type: the printers here use `string` and `integer`. */
  type: string;
  /** `name` marks the column that holds the object's name; otherwise empty. */
  format: string;
  description: string;
  /** 0 for the default columns; 1 for those `kubectl get -o wide` adds. */
  priority: number;
}

/** The only row condition there is: Completed, for a row kubectl may show with less emphasis. */
export interface TableRowCondition {
  type: 'Completed';
  status: 'True';
  reason?: string;
  message?: string;
}

/** A cell as the printers fill it: Go's strings, int64s and bools (StorageClass's AllowVolumeExpansion). */
type TableCell = string | number | boolean;

export interface TableRow {
  cells: TableCell[];
  conditions?: TableRowCondition[];
  /** PartialObjectMetadata, the whole object, or null (the API server writes `"object": null` for None). */
  object: PartialObjectMetadata | Record<string, unknown> | null;
}

interface PartialObjectMetadata {
  kind: 'PartialObjectMetadata';
  apiVersion: 'meta.k8s.io/v1';
  metadata: ObjectMeta;
}

/** The list's metadata, copied onto the table: resourceVersion, and for a chunk, continue and remainingItemCount. */
interface TableListMeta {
  resourceVersion?: string;
  continue?: string;
  remainingItemCount?: number;
}

export interface Table {
  kind: 'Table';
  apiVersion: 'meta.k8s.io/v1';
  metadata: TableListMeta;
  columnDefinitions: TableColumnDefinition[];
  rows: TableRow[];
}

export interface TableOptions {
  /** Epoch milliseconds: the AGE-like cells are measured from it. */
  now: number;
  /** Metadata when absent, as the API server defaults it. */
  includeObject?: IncludeObjectPolicy;
  metadata?: TableListMeta;
}

/** What one printer gives for one object: its cells (all columns: the API server always prints wide) and any row conditions. */
interface PrintedRow {
  cells: TableCell[];
  conditions?: TableRowCondition[];
}

/** A printer: the kind it prints (for includeObject=Object), its columns, and its row function. */
export interface Printer<T extends { metadata: ObjectMeta }> {
  kind: string;
  apiVersion: string;
  columns: readonly TableColumnDefinition[];
  print: (item: T, now: number) => PrintedRow;
}

export function printTable<T extends { metadata: ObjectMeta }>(printer: Printer<T>, items: readonly T[], options: TableOptions): Table {
  const includeObject = options.includeObject ?? 'Metadata';
  return {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata: { ...options.metadata },
    columnDefinitions: printer.columns.map((column) => ({ ...column })),
    rows: items.map((item) => {
      const { cells, conditions } = printer.print(item, options.now);
      const object = rowObject(item, includeObject, printer);
      return conditions ? { cells, conditions, object } : { cells, object };
    }),
  };
}

function rowObject<T extends { metadata: ObjectMeta }>(item: T, includeObject: IncludeObjectPolicy, printer: Printer<T>): TableRow['object'] {
  switch (includeObject) {
    case 'None':
      return null;
    case 'Metadata':
      return { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: item.metadata };
    case 'Object': {
      // The API server encodes the object in its API version, so kind and apiVersion are always set.
      const { kind: _kind, apiVersion: _apiVersion, ...rest } = item as T & { kind?: unknown; apiVersion?: unknown };
      return { kind: printer.kind, apiVersion: printer.apiVersion, ...rest };
    }
  }
}

/** The two column descriptions every printer shares: ObjectMeta's swagger docs for name and creationTimestamp. */
export const nameColumn: TableColumnDefinition = {
  name: 'Name',
  type: 'string',
  format: 'name',
  description:
    'Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically. Name is primarily intended for creation idempotence and configuration definition. Cannot be updated. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names',
  priority: 0,
};

export const ageColumn: TableColumnDefinition = {
  name: 'Age',
  type: 'string',
  format: '',
  description:
    'CreationTimestamp is a timestamp representing the server time when this object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC.\n\nPopulated by the system. Read-only. Null for lists. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata',
  priority: 0,
};

/** A column with no format; priority 1 for the wide ones. */
export const column = (name: string, type: 'string' | 'integer', description: string, priority = 0): TableColumnDefinition => ({
  name,
  type,
  format: '',
  description,
  priority,
});

/**
 * The objects of a list field that our loose types leave as `unknown` (status.addresses,
 * status.containerStatuses, ...): anything but an array reads as empty, and non-objects are dropped.
 */
export const objectsOf = <T extends object>(value: unknown): T[] => (Array.isArray(value) ? (value.filter(isObject) as T[]) : []);

/** An object field left as `unknown` (status.nodeInfo, ...): anything but an object reads as empty. */
export const objectOf = <T extends object>(value: unknown): Partial<T> => (isObject(value) ? (value as Partial<T>) : {});
