import { Injectable } from '@nestjs/common';
import { type Namespace, chunkOfSorted, failure, fieldsMatch, namespaceFields, objectMetaFields, selectorMatches } from '@taintgate/domain';
import { type ListPage, listPage } from '../../http/edge/list-answers';
import { fail } from '../../platform/failures/failure.exception';
import type { ClusterView } from '../../store/cluster-snapshot';
import { ClusterSnapshots } from '../../store/cluster-snapshots';
import { TWIN_KINDS, type TwinKind, type TwinObject, type TwinObjects, twinKey } from '../../store/twin-kinds';
import type { ListTwinCommand, TwinObjectKey } from './twin-object-commands';

/**
 * The other kinds the twin keeps (namespaces, PersistentVolumes, PersistentVolumeClaims,
 * StorageClasses, CSINodes, PodDisruptionBudgets): read from the cluster's snapshot as imported, a page at a time in
 * name order (a namespaced kind's by `namespace/name`), as kube-apiserver lists them.
 *
 * Namespaces are the stored ones and, beside them, those only implied: a namespace a pod is in,
 * and `default`, which the cluster has though the import did not bring them (a twin fed by
 * `kubectl get nodes,pods` has no Namespace objects). An implied namespace is made up: no uid,
 * no creationTimestamp, no resourceVersion, `Active`, labelled with its name as the API server
 * labels every namespace.
 */
@Injectable()
export class TwinObjectsService {
  constructor(private readonly snapshots: ClusterSnapshots) {}

  async list<K extends TwinKind>(cluster: string, kind: K, command: ListTwinCommand): Promise<ListPage<TwinObjects[K]>> {
    const view = await this.snapshots.view(cluster);
    const { namespace, labels, fields = [], chunking } = command;
    const info = TWIN_KINDS[kind];
    const objectOf = kind === 'Namespace' ? namespaceOf(view) : (key: string) => view[info.field].get(key);
    const filtered = labels.length > 0 || fields.length > 0;
    const chunk = chunkOfSorted(kind === 'Namespace' ? namespaceNames(view) : view.keysInOrder(info.field), chunking, {
      // One namespace's objects are the keys under its prefix, as a pod list's.
      prefix: info.namespaced && namespace ? twinKey(kind, namespace, '') : '',
      itemOf: (key) => {
        const object = objectOf(key);
        if (!object || !filtered) return object;
        return selectorMatches(labels, object.metadata.labels) && (fields.length === 0 || fieldsMatch(fields, fieldsOf(kind, object))) ? object : undefined;
      },
      filtered,
      revision: view.revision,
    });
    return listPage(`${kind}List`, chunk, { apiVersion: info.apiVersion, revision: view.revision }) as ListPage<TwinObjects[K]>;
  }

  async get<K extends TwinKind>(cluster: string, kind: K, { namespace, name }: TwinObjectKey): Promise<TwinObjects[K]> {
    const view = await this.snapshots.view(cluster);
    const info = TWIN_KINDS[kind];
    const key = twinKey(kind, namespace || 'default', name);
    const object = kind === 'Namespace' ? namespaceOf(view)(key) : view[info.field].get(key);
    return (object as TwinObjects[K] | undefined) ?? fail(failure.notFound(kind, name, info.group));
  }
}

/** The selectable fields of an object of the kind (a namespace's phase besides its name). */
function fieldsOf(kind: TwinKind, object: TwinObject): Record<string, string> {
  if (kind === 'Namespace') return namespaceFields(object as Namespace);
  return objectMetaFields(TWIN_KINDS[kind].namespaced ? { ...object.metadata, namespace: object.metadata.namespace ?? 'default' } : object.metadata);
}

/** The namespaces' names in order: those stored, those a pod is in, and `default`. */
function namespaceNames(view: ClusterView): readonly string[] {
  const implied = impliedNamespaces(view);
  const stored = view.keysInOrder('namespaces');
  if ([...implied].every((name) => view.namespaces.has(name))) return stored;
  return [...new Set([...stored, ...implied])].sort();
}

/** A namespace by name: the one stored, else one only implied (a pod is in it, or it is `default`). */
function namespaceOf(view: ClusterView): (name: string) => Namespace | undefined {
  let implied: ReadonlySet<string> | undefined;
  return (name) => view.namespaces.get(name) ?? ((implied ??= impliedNamespaces(view)).has(name) ? impliedNamespace(name) : undefined);
}

function impliedNamespaces(view: ClusterView): Set<string> {
  const names = new Set(['default']);
  for (const pod of view.pods.values()) names.add(pod.metadata.namespace ?? 'default');
  return names;
}

/** A namespace the twin has no object of, as the API server would show it. */
const impliedNamespace = (name: string): Namespace => ({
  apiVersion: 'v1',
  kind: 'Namespace',
  metadata: { name, labels: { 'kubernetes.io/metadata.name': name } },
  spec: { finalizers: ['kubernetes'] },
  status: { phase: 'Active' },
});
