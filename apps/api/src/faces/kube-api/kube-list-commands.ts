import { FieldPath, type FieldSelector, type SelectableKind, ShapeChecker, fieldError, parseFieldSelector, unsupportedField } from '@taintgate/domain';
import { operation } from '../../http/edge/operation';
import { checked, labelSelector, listChunking } from '../../http/edge/request-fields';
import type { EventFilters } from '../../features/events/events.service';
import type { ListNodesCommand } from '../../features/nodes/node-commands';
import type { PodFilters } from '../../features/pods/pod-commands';
import type { ListTwinCommand } from '../../features/twin-objects/twin-object-commands';
import type { TwinKind } from '../../store/twin-kinds';

const root = FieldPath.root();

/** `?fieldSelector=` in apimachinery's syntax, on the fields the kind selects on (400 naming the first other one). */
export function fieldSelector(shape: ShapeChecker, kind: SelectableKind, value: unknown): FieldSelector {
  const text = shape.string(value, root.child('fieldSelector')) ?? '';
  const parsed = parseFieldSelector(text);
  const problem = parsed.ok ? unsupportedField(kind, parsed.value) : parsed.error;
  if (problem === undefined && parsed.ok) return parsed.value;
  shape.errors.push(fieldError.unparsable(root.child('fieldSelector'), text, problem ?? ''));
  return [];
}

/** GET /api/v1/nodes: labelSelector, fieldSelector, limit and continue. */
export const kubeListNodes = operation<ListNodesCommand>({
  rest: ({ query }) => query,
  parse(input) {
    const shape = new ShapeChecker();
    const selector = labelSelector(shape, input.labelSelector, 'labelSelector');
    const fields = fieldSelector(shape, 'Node', input.fieldSelector);
    const chunking = listChunking(shape, input);
    return checked(shape, () => ({ selector, fields, chunking }));
  },
});

/** GET /api/v1/pods and /api/v1/namespaces/{namespace}/pods. */
export const kubeListPods = operation<PodFilters>({
  rest: ({ params, query }) => ({ ...query, namespace: params.namespace }),
  parse(input) {
    const shape = new ShapeChecker();
    const namespace = shape.string(input.namespace, root.child('namespace'));
    const labels = labelSelector(shape, input.labelSelector, 'labelSelector');
    const fields = fieldSelector(shape, 'Pod', input.fieldSelector);
    const chunking = listChunking(shape, input);
    return checked(shape, () => ({ namespace, labels, fields, chunking }));
  },
});

/**
 * GET /api/v1/namespaces, /api/v1/persistentvolumes, /api/v1/[namespaces/{namespace}/]persistentvolumeclaims,
 * /apis/storage.k8s.io/v1/storageclasses and .../csinodes, /apis/policy/v1/[namespaces/{namespace}/]poddisruptionbudgets:
 * labelSelector, fieldSelector (the kind's own fields), limit and continue.
 */
export const kubeListTwin = (kind: TwinKind) =>
  operation<ListTwinCommand>({
    rest: ({ params, query }) => ({ ...query, namespace: params.namespace }),
    parse(input) {
      const shape = new ShapeChecker();
      const namespace = shape.string(input.namespace, root.child('namespace'));
      const labels = labelSelector(shape, input.labelSelector, 'labelSelector');
      const fields = fieldSelector(shape, kind, input.fieldSelector);
      const chunking = listChunking(shape, input);
      return checked(shape, () => ({ namespace, labels, fields, chunking }));
    },
  });

/** GET /api/v1/events and /api/v1/namespaces/{namespace}/events; a continue token holds an event's id. */
export const kubeListEvents = operation<EventFilters>({
  rest: ({ params, query }) => ({ ...query, namespace: params.namespace }),
  parse(input) {
    const shape = new ShapeChecker();
    const namespace = shape.string(input.namespace, root.child('namespace'));
    const fields = fieldSelector(shape, 'Event', input.fieldSelector);
    const chunking = listChunking(shape, input);
    if (chunking.start !== '' && !/^\d{1,19}$/.test(chunking.start)) {
      shape.errors.push(fieldError.unparsable(root.child('continue'), input.continue, `continue key is not valid: ${chunking.start}`));
    }
    return checked(shape, () => ({ namespace, fields, chunking }));
  },
});
