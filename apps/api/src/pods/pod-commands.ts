import { type DomainSettings, FieldPath, type ListChunking, type Pod, ShapeChecker, err, failure, ok, validatePod } from '@taintgate/domain';
import { withNameFromUrl } from '../edge/kubernetes-objects';
import { operation } from '../edge/operation';
import { checked, listChunking, nameText, requiredString } from '../edge/request-fields';

const root = FieldPath.root();

export interface PodFilters {
  namespace?: string | undefined;
  nodeName?: string | undefined;
  phase?: string | undefined;
  /** The page: `?limit=` and `?continue=`. */
  chunking: ListChunking;
}

export interface PodKey {
  namespace: string;
  name: string;
}

export interface UpsertPodCommand extends PodKey {
  /** Validated as the API server validates a Pod on create; admission and the update rules run in the service. */
  pod: Pod;
}

/** GET /v1/pods, /v1/namespaces/{ns}/pods and the `pods` and `podList` queries: by namespace, node and phase, a page at a time. */
export const listPods = operation<PodFilters>({
  rest: ({ params, query }) => ({ ...query, namespace: params.namespace }),
  parse(input) {
    const shape = new ShapeChecker();
    const filters = {
      namespace: shape.string(input.namespace, root.child('namespace')),
      nodeName: shape.string(input.nodeName, root.child('nodeName')),
      phase: shape.string(input.phase, root.child('phase')),
      chunking: listChunking(shape, input),
    };
    return checked(shape, () => filters);
  },
});

/** A pod by namespace (default "default") and name: GET, DELETE, placement of a stored pod. */
export const podKey = operation<PodKey>({
  rest: ({ params }) => params,
  parse(input) {
    const shape = new ShapeChecker();
    const namespace = shape.string(input.namespace, root.child('namespace')) || 'default';
    const name = requiredString(shape, input.name, 'name');
    return checked(shape, () => ({ namespace, name }));
  },
});

/** PUT /v1/namespaces/{ns}/pods/{name} and `upsertPod`: the URL's name and namespace fill a body that has none. */
export const upsertPod = operation<UpsertPodCommand>({
  rest: ({ params, body }) => ({ namespace: params.namespace, name: params.name, pod: body }),
  parse(input, settings: DomainSettings) {
    const namespace = nameText(input.namespace) || 'default';
    const name = nameText(input.name);
    const named = withNameFromUrl(input.pod, name, namespace);
    if (!named.ok) return named;
    const sent = validatePod(named.value, settings);
    return sent.ok ? ok({ namespace, name, pod: sent.value }) : err(failure.invalid('Pod', name, sent.error));
  },
});
