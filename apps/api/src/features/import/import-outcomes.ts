import { type DomainSettings, type FieldError, FieldPath, type Node, type Pod, type Taint, fieldError, isObject } from '@taintgate/domain';
import type { ClusterView, TwinMaps } from '../../store/cluster-snapshot';
import type { ImportedNodeRow } from '../../store/node-record';
import type { ImportedPodText } from '../../store/pod-store';
import { TWIN_KIND_NAMES, type TwinKind, type TwinObject } from '../../store/twin-kinds';
import { type BodyPosition, describePosition } from './import-body';

/*
 * What an object of an import's body may become, and what the import knows when it decides:
 * shared by the kinds' classifications (imported-object.ts, imported-pod.ts).
 */

/** An object the import left out, and why: the API server's words (an invalid object's field errors, worded when answered). */
export type Rejection = {
  readonly kind: string;
  readonly namespace?: string;
  readonly name: string;
  /** Where it was in the body: `items[12]`, `document 3`. */
  readonly position: string;
} & ({ readonly message: string } | { readonly errors: readonly FieldError[] });

/** The kinds an import stores: nodes and pods, and the others the twin keeps (twin-kinds.ts). */
export type ImportedKind = 'Node' | 'Pod' | TwinKind;

/** Every kind an import stores, in the order answers list them. */
export const IMPORTED_KINDS: readonly ImportedKind[] = ['Node', 'Pod', ...TWIN_KIND_NAMES];

/**
 * What an object becomes. A rejected object of a kept kind with a name is named by the import all
 * the same (prune keeps it); an unchanged, created or updated one is named, and claims its uid
 * (`uid`) when it was checked for one (an object unchanged as sent was not: its uid is its own
 * already). An object of a kind the twin does not keep (a Deployment, a Service) is skipped, and
 * only counted.
 */
export type ObjectOutcome =
  | { readonly kind: 'rejected'; readonly rejection: Rejection }
  | { readonly kind: 'skipped'; readonly apiVersion: string; readonly of: string }
  | { readonly kind: 'unchanged'; readonly of: ImportedKind; readonly key: string; readonly uid?: string }
  | {
      readonly kind: 'twin';
      readonly of: TwinKind;
      readonly created: boolean;
      /** Its name, or `namespace/name` for a namespaced kind. */
      readonly key: string;
      readonly uid: string;
      /** Its row encoded as it is read (importedTwinText): under the lock, the write only sends it. */
      readonly text: string;
    }
  | {
      readonly kind: 'node';
      readonly created: boolean;
      readonly key: string;
      readonly uid: string;
      readonly row: ImportedNodeRow;
      /** Its taints before and after, as the taint eviction controller compares them. */
      readonly taints: { readonly before: readonly Taint[]; readonly after: readonly Taint[] };
    }
  | {
      readonly kind: 'pod';
      readonly created: boolean;
      /** `namespace/name`. */
      readonly key: string;
      readonly uid: string;
      /** Encoded as it is read (importedPodText): under the lock, the write only sends it. */
      readonly text: ImportedPodText;
      /** The pod as the taint eviction controller decides it, when it is bound to a node. */
      readonly decide: Pod | undefined;
    };

/** What the import knows when it reads an object. */
export interface ImportSoFar {
  /** The cluster as stored when the import began (none: a cluster the import creates); its pods as decisions read them. */
  readonly stored: (Pick<ClusterView, 'nodes' | 'pods'> & Partial<TwinMaps>) | undefined;
  /** The digest of each stored pod as an import last sent it (import_digest), by `namespace/name`. */
  readonly podDigests: ReadonlyMap<string, string>;
  /** Every object named so far, rejected ones too: a node by name, a pod by `namespace/name`, another kind's by ownerOf. */
  readonly namedNodes: ReadonlySet<string>;
  readonly namedPods: ReadonlySet<string>;
  readonly namedTwins: ReadonlySet<string>;
  /** uid -> the object that holds it (`ownerOf`), in the cluster as stored and as imported so far. */
  readonly uidOwners: ReadonlyMap<string, string>;
  /** The time the import started: of the taints and creation times it gives. */
  readonly now: number;
  readonly settings: DomainSettings;
  /** A uid for an object that brings none and is not stored. */
  readonly newUid: () => string;
}

/** What an object says it is: its kind and version, its name, and its namespace (`default` when it names none). */
export interface SentName {
  readonly kind: string;
  readonly apiVersion: unknown;
  readonly name: string;
  readonly namespace: string;
}

export function sentNameOf(object: unknown): SentName {
  const kind = isObject(object) && typeof object.kind === 'string' ? object.kind : '';
  const metadata = isObject(object) && isObject(object.metadata) ? object.metadata : {};
  const name = typeof metadata.name === 'string' ? metadata.name : '';
  const namespace = typeof metadata.namespace === 'string' && metadata.namespace !== '' ? metadata.namespace : 'default';
  return { kind, apiVersion: isObject(object) ? object.apiVersion : undefined, name, namespace };
}

/** Whether the object is a Node or a Pod of the core group (`v1`, or no version said). */
export const isCoreKind = ({ kind, apiVersion }: SentName, of: 'Node' | 'Pod'): boolean => kind === of && (apiVersion === undefined || apiVersion === 'v1');

/** How an object is named as the holder of a uid: `Node n1`, `Pod default/web-1`, `PersistentVolumeClaim db/data`. */
export const ownerOf = (kind: ImportedKind, key: string): string => `${kind} ${key}`;

const root = FieldPath.root();

export const rejected = (rejection: Rejection): ObjectOutcome => ({ kind: 'rejected', rejection });

export function invalid(kind: ImportedKind, namespace: string | undefined, name: string, position: BodyPosition, errors: FieldError[]): ObjectOutcome {
  return rejected({ kind, ...(namespace === undefined ? {} : { namespace }), name, position: describePosition(position), errors });
}

export const errorsOf = (result: { ok: true } | { ok: false; error: FieldError[] }): FieldError[] => (result.ok ? [] : result.error);

export const duplicateName = (name: string): FieldError => fieldError.duplicate(root.child('metadata').child('name'), name, 'named twice in the import');

export const duplicateUid = (uid: string, holder: string): FieldError =>
  fieldError.duplicate(root.child('metadata').child('uid'), uid, `already the uid of ${holder}`);

/** The source's creationTimestamp; without one, the stored object's, else now. */
export function createdAtOf(sent: number | undefined, existing: Node | Pod | TwinObject | undefined, now: number): Date {
  if (sent !== undefined) return new Date(sent);
  const stored = existing?.metadata.creationTimestamp;
  return new Date(stored ? Date.parse(stored) : now);
}
