import {
  FieldPath,
  ShapeChecker,
  type WatchFilter,
  type WatchStart,
  type WatchedKind,
  fieldError,
  isNamespacedKind,
  ok,
  parseGoBool,
  parseWatchStart,
} from '@taintgate/domain';
import { operation } from '../../../http/edge/operation';
import { checked, labelSelector } from '../../../http/edge/request-fields';
import { fieldSelector } from '../kube-list-commands';

const root = FieldPath.root();

/** A watch of the Kubernetes API (`GET /api/v1/pods?watch=true`), parsed at the edge. */
export interface WatchCommand {
  filter: WatchFilter;
  /** `?resourceVersion=`: the present (absent or "0"), or after a revision the client has seen. */
  start: WatchStart;
  /** `?allowWatchBookmarks=true`: BOOKMARK events while nothing else is sent. */
  bookmarks: boolean;
  /** `?timeoutSeconds=`, when the client names one (the service cuts it to its own limit). */
  timeoutSeconds: number | undefined;
}

/** Whether `?watch=` asks for a watch: strconv.ParseBool's true (`true`, `1`, ...); anything else it does not parse is a 400. */
function wantsWatch(shape: ShapeChecker, value: unknown): boolean {
  const text = shape.string(value, root.child('watch'));
  if (text === undefined || text === '') return false;
  const parsed = parseGoBool(text);
  if (parsed === undefined) shape.errors.push(fieldError.invalid(root.child('watch'), text, 'must be a boolean'));
  return parsed === true;
}

function watchCommand(input: Record<string, unknown>, filterOf: (shape: ShapeChecker) => WatchFilter) {
  const shape = new ShapeChecker();
  if (!wantsWatch(shape, input.watch)) return shape.errors.length ? checked(shape, () => undefined) : ok(undefined);
  const filter = filterOf(shape);
  const sent = shape.string(input.resourceVersion, root.child('resourceVersion'));
  const start = parseWatchStart(sent);
  if (!start.ok) shape.errors.push(fieldError.invalid(root.child('resourceVersion'), sent, start.error));
  const bookmarksText = shape.string(input.allowWatchBookmarks, root.child('allowWatchBookmarks')) ?? '';
  const bookmarks = bookmarksText === '' ? false : parseGoBool(bookmarksText);
  if (bookmarks === undefined) shape.errors.push(fieldError.invalid(root.child('allowWatchBookmarks'), bookmarksText, 'must be a boolean'));
  const timeoutText = shape.string(input.timeoutSeconds, root.child('timeoutSeconds')) ?? '';
  if (timeoutText !== '' && !/^\d{1,12}$/.test(timeoutText)) {
    shape.errors.push(fieldError.invalid(root.child('timeoutSeconds'), timeoutText, 'must be a non-negative integer'));
  }
  const timeout = timeoutText === '' ? 0 : Number(timeoutText);
  return checked(shape, () => ({
    filter,
    start: start.ok ? start.value : ({ from: 'any' } as const),
    bookmarks: bookmarks === true,
    // 0, as kube-apiserver reads it, is no timeout of the client's: the server's own applies.
    timeoutSeconds: timeout > 0 ? timeout : undefined,
  }));
}

/** GET /api/v1/nodes?watch=true; undefined when the request is a list. */
export const kubeWatchNodes = operation<WatchCommand | undefined>({
  rest: ({ query }) => query,
  parse: (input) =>
    watchCommand(input, (shape) => ({
      kind: 'Node',
      labels: labelSelector(shape, input.labelSelector, 'labelSelector'),
      fields: fieldSelector(shape, 'Node', input.fieldSelector),
    })),
});

/** GET /api/v1/pods?watch=true and /api/v1/namespaces/{namespace}/pods?watch=true; undefined when the request is a list. */
export const kubeWatchPods = operation<WatchCommand | undefined>({
  rest: ({ params, query }) => ({ ...query, namespace: params.namespace }),
  parse: (input) =>
    watchCommand(input, (shape) => ({
      kind: 'Pod',
      namespace: shape.string(input.namespace, root.child('namespace')),
      labels: labelSelector(shape, input.labelSelector, 'labelSelector'),
      fields: fieldSelector(shape, 'Pod', input.fieldSelector),
    })),
});

/**
 * ?watch=true on the lists of the other kinds the twin keeps and watches (PersistentVolumes, claims
 * of every namespace or one, StorageClasses, CSINodes, PodDisruptionBudgets of every namespace or
 * one); undefined when the request is a list.
 */
export const kubeWatchOf = (kind: Exclude<WatchedKind, 'Node' | 'Pod'>) =>
  operation<WatchCommand | undefined>({
    rest: ({ params, query }) => ({ ...query, namespace: params.namespace }),
    parse: (input) =>
      watchCommand(input, (shape) => ({
        kind,
        namespace: isNamespacedKind(kind) ? shape.string(input.namespace, root.child('namespace')) : undefined,
        labels: labelSelector(shape, input.labelSelector, 'labelSelector'),
        fields: fieldSelector(shape, kind, input.fieldSelector),
      })),
  });
