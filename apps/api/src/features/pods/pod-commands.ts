import {
  type FieldSelector,
  type LabelSelector,
  type DomainSettings,
  FieldPath,
  type ListChunking,
  type Pod,
  type Preconditions,
  ShapeChecker,
  err,
  failure,
  fieldError,
  ok,
  parseDeleteOptions,
  sentResourceVersion,
  validatePod,
  type Failure,
  type Result,
  type WriteMode,
} from '@taintgate/domain';
import { withNameFromUrl } from '../../http/edge/kubernetes-objects';
import { operation } from '../../http/edge/operation';
import { checked, listChunking, nameText, requiredString } from '../../http/edge/request-fields';

const root = FieldPath.root();

export interface PodFilters {
  namespace?: string | undefined;
  nodeName?: string | undefined;
  phase?: string | undefined;
  /** The Kubernetes API's `labelSelector` and `fieldSelector`. */
  labels?: LabelSelector | undefined;
  fields?: FieldSelector | undefined;
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
  /** The version the pod was read at (`metadata.resourceVersion`): the stored pod must be at it. None: unconditional. */
  resourceVersion: bigint | undefined;
  /** Create or replace (REST's PUT), create only (the Kubernetes API's POST) or update only (its PUT). */
  mode: WriteMode;
  /** The Kubernetes API's `?dryRun=All`: decided and answered, nothing stored. */
  dryRun?: boolean;
}

/** A PATCH of the Kubernetes API: the patch's format (its Content-Type) and body. */
export interface PatchPodCommand extends PodKey {
  patchType: string;
  patch: unknown;
  /** `?dryRun=All`: decided and answered, nothing stored. */
  dryRun: boolean;
}

/** POST .../pods/{name}/eviction: the Eviction's deleteOptions (gracePeriodSeconds absent: the pod's own). */
export type EvictPodCommand = DeletePodCommand;

export interface DeletePodCommand extends PodKey {
  /** DeleteOptions' preconditions: the stored pod must have this uid and resourceVersion, where given. */
  preconditions: Preconditions;
  /** DeleteOptions' gracePeriodSeconds, as sent (CheckGracefulDelete decides what it becomes); absent when none was. */
  gracePeriodSeconds: number | undefined;
  /** `dryRun=All` (query or DeleteOptions): decided and answered, nothing stored. */
  dryRun: boolean;
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

/** A pod by namespace (default "default") and name: GET, placement of a stored pod. */
export const podKey = operation<PodKey>({
  rest: ({ params }) => params,
  parse(input) {
    const shape = new ShapeChecker();
    const key = podKeyOf(shape, input);
    return checked(shape, () => key);
  },
});

/**
 * DELETE /v1/namespaces/{ns}/pods/{name} with an optional DeleteOptions body, and `deletePod` with
 * its `preconditions` argument.
 */
export const deletePod = operation<DeletePodCommand>({
  rest: ({ params, body, query }) => ({ ...params, options: body, dryRun: query.dryRun }),
  parse(input) {
    const shape = new ShapeChecker();
    const key = podKeyOf(shape, input);
    const options = parseDeleteOptions(input.options, input.dryRun);
    if (!options.ok) shape.errors.push(...options.error);
    return checked(shape, () => ({
      ...key,
      preconditions: options.ok ? options.value.preconditions : {},
      gracePeriodSeconds: options.ok ? options.value.gracePeriodSeconds : undefined,
      dryRun: options.ok && options.value.dryRun,
    }));
  },
});

function podKeyOf(shape: ShapeChecker, input: Record<string, unknown>): PodKey {
  const namespace = shape.string(input.namespace, root.child('namespace')) || 'default';
  const name = requiredString(shape, input.name, 'name');
  return { namespace, name };
}

/** PUT /v1/namespaces/{ns}/pods/{name} and `upsertPod`: the URL's name and namespace fill a body that has none. */
export const upsertPod = operation<UpsertPodCommand>({
  rest: ({ params, body }) => ({ namespace: params.namespace, name: params.name, pod: body }),
  parse: (input, settings) => podWrite(nameText(input.namespace) || 'default', nameText(input.name), input.pod, 'createOrReplace', settings),
});

/**
 * A write of the pod sent as `body` under `namespace` and `name`, in `mode`: validated as on
 * create (admission and the update rules run in the service), with the resourceVersion it names.
 */
export function podWrite(namespace: string, name: string, body: unknown, mode: WriteMode, settings: DomainSettings): Result<UpsertPodCommand, Failure> {
  const named = withNameFromUrl(body, name, namespace);
  if (!named.ok) return named;
  const sent = validatePod(named.value, settings);
  const resourceVersion = sentResourceVersion(named.value);
  if (sent.ok && resourceVersion.ok) return ok({ namespace, name, pod: sent.value, resourceVersion: resourceVersion.value, mode });
  return err(failure.invalid('Pod', name, [...(sent.ok ? [] : sent.error), ...(resourceVersion.ok ? [] : resourceVersion.error)]));
}

/**
 * POST /api/v1/namespaces/{namespace}/pods/{name}/eviction: a policy/v1 Eviction naming the pod,
 * with optional deleteOptions (preconditions, gracePeriodSeconds), as kubectl drain sends it.
 */
export const evictPod = operation<EvictPodCommand>({
  rest: ({ params, body, query }) => ({ ...params, eviction: body, dryRun: query.dryRun }),
  parse(input) {
    const shape = new ShapeChecker();
    const key = podKeyOf(shape, input);
    const eviction = shape.object(input.eviction, root, true) ?? {};
    const metadata = shape.object(eviction.metadata, root.child('metadata')) ?? {};
    const named = shape.string(metadata.name, root.child('metadata').child('name'));
    if (named !== undefined && named !== key.name) {
      shape.errors.push(fieldError.invalid(root.child('metadata').child('name'), named, 'name in URL does not match name in Eviction object'));
    }
    const options = parseDeleteOptions(eviction.deleteOptions, input.dryRun);
    if (!options.ok) shape.errors.push(...options.error);
    return checked(shape, () => ({
      ...key,
      preconditions: options.ok ? options.value.preconditions : {},
      gracePeriodSeconds: options.ok ? options.value.gracePeriodSeconds : undefined,
      dryRun: options.ok && options.value.dryRun,
    }));
  },
});
