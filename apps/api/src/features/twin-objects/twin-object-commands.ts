import { type FieldSelector, FieldPath, type LabelSelector, type ListChunking, ShapeChecker } from '@taintgate/domain';
import { operation } from '../../http/edge/operation';
import { checked, labelSelector, listChunking, requiredString } from '../../http/edge/request-fields';

const root = FieldPath.root();

/** A list of one of the other kinds the twin keeps (namespaces, PersistentVolumes, ...): its filters and its page. */
export interface ListTwinCommand {
  /** Only this namespace's objects, on a namespaced kind's namespaced path. */
  namespace?: string | undefined;
  labels: LabelSelector;
  /** The Kubernetes API's `fieldSelector`. */
  fields?: FieldSelector;
  /** The page: `?limit=` and `?continue=`. */
  chunking: ListChunking;
}

/** One object by name (and namespace, for a namespaced kind). */
export interface TwinObjectKey {
  /** '' for a kind that is not namespaced. */
  namespace: string;
  name: string;
}

/**
 * GET /v1/namespaces, /v1/persistentvolumes, /v1/[namespaces/{ns}/]persistentvolumeclaims,
 * /v1/storageclasses, /v1/csinodes, /v1/[namespaces/{ns}/]poddisruptionbudgets.
 */
export const listTwinObjects = operation<ListTwinCommand>({
  rest: ({ params, query }) => ({ ...query, namespace: params.namespace }),
  parse(input) {
    const shape = new ShapeChecker();
    const namespace = shape.string(input.namespace, root.child('namespace'));
    const labels = labelSelector(shape, input.labelSelector, 'labelSelector');
    const chunking = listChunking(shape, input);
    return checked(shape, () => ({ namespace, labels, chunking }));
  },
});

/** GET of one object: `{name}`, and `{namespace}` on a namespaced path. */
export const twinObjectKey = operation<TwinObjectKey>({
  rest: ({ params }) => params,
  parse(input) {
    const shape = new ShapeChecker();
    const namespace = shape.string(input.namespace, root.child('namespace')) ?? '';
    const name = requiredString(shape, input.name, 'name');
    return checked(shape, () => ({ namespace, name }));
  },
});
