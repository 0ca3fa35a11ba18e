import {
  type FieldSelector,
  type Failure,
  type FieldError,
  type LabelSelector,
  type ListChunking,
  type Node,
  type NodeCondition,
  type Preconditions,
  type Result,
  ShapeChecker,
  err,
  failure,
  ok,
  parseDeleteOptions,
  sentResourceVersion,
  validateNode,
  type WriteMode,
} from '@taintgate/domain';
import { withNameFromUrl } from '../../http/edge/kubernetes-objects';
import { operation } from '../../http/edge/operation';
import { checked, labelSelector, listChunking, nameText, requiredString } from '../../http/edge/request-fields';

export interface ListNodesCommand {
  selector: LabelSelector;
  /** The Kubernetes API's `fieldSelector`. */
  fields?: FieldSelector;
  /** The page: `?limit=` and `?continue=`. */
  chunking: ListChunking;
}

export interface UpsertNodeCommand {
  name: string;
  /** Validated as the API server validates a Node on create and update. */
  node: Node;
  /** The version the node was read at (`metadata.resourceVersion`): the stored node must be at it. None: unconditional. */
  resourceVersion: bigint | undefined;
  /** Create or replace (REST's PUT), create only (the Kubernetes API's POST) or update only (its PUT). */
  mode: WriteMode;
  /** The Kubernetes API's `?dryRun=All`: decided and answered, nothing stored. */
  dryRun?: boolean;
}

export interface DeleteNodeCommand {
  name: string;
  /** DeleteOptions' preconditions: the stored node must have this uid and resourceVersion, where given. */
  preconditions: Preconditions;
  /** `dryRun=All` (query or DeleteOptions): decided and answered, nothing stored. */
  dryRun: boolean;
}

/** A PATCH of the Kubernetes API: the patch's format (its Content-Type) and body. */
export interface PatchNodeCommand {
  name: string;
  patchType: string;
  patch: unknown;
  /** `?dryRun=All`: decided and answered, nothing stored. */
  dryRun: boolean;
}

export interface SetConditionsCommand {
  name: string;
  conditions: NodeCondition[];
}

/** GET /v1/nodes?labelSelector=&limit=&continue= and the `nodes` and `nodeList` queries. */
export const listNodes = operation<ListNodesCommand>({
  rest: ({ query }) => query,
  parse(input) {
    const shape = new ShapeChecker();
    const selector = labelSelector(shape, input.labelSelector, 'labelSelector');
    const chunking = listChunking(shape, input);
    return checked(shape, () => ({ selector, chunking }));
  },
});

/** A node by name (GET, DELETE, cordon, uncordon). */
export const nodeName = operation<string>({
  rest: ({ params }) => params,
  parse(input) {
    const shape = new ShapeChecker();
    const name = requiredString(shape, input.name, 'name');
    return checked(shape, () => name);
  },
});

/** PUT /v1/nodes/{name} and `upsertNode`: the name on the URL fills a body that has none. */
export const upsertNode = operation<UpsertNodeCommand>({
  rest: ({ params, body }) => ({ name: params.name, node: body }),
  parse: (input) => nodeWrite(nameText(input.name), input.node, 'createOrReplace'),
});

/** A write of the node sent as `body` under `name`, in `mode`: validated, with the resourceVersion it names. */
export function nodeWrite(name: string, body: unknown, mode: WriteMode): Result<UpsertNodeCommand, Failure> {
  const sent = sentResourceVersion(body);
  const resourceVersion = sent.ok ? sent.value : undefined;
  return validNode(name, body, (node) => ({ name, node, resourceVersion, mode }), sent.ok ? [] : sent.error);
}

/**
 * DELETE /v1/nodes/{name} with an optional DeleteOptions body, and `deleteNode` with its
 * `preconditions` argument.
 */
export const deleteNode = operation<DeleteNodeCommand>({
  rest: ({ params, body, query }) => ({ name: params.name, options: body, dryRun: query.dryRun }),
  parse(input) {
    const shape = new ShapeChecker();
    const name = requiredString(shape, input.name, 'name');
    const options = parseDeleteOptions(input.options, input.dryRun);
    if (!options.ok) shape.errors.push(...options.error);
    return checked(shape, () => ({ name, preconditions: options.ok ? options.value.preconditions : {}, dryRun: options.ok && options.value.dryRun }));
  },
});

/**
 * `setNodeConditions`: a list of NodeCondition, checked as part of a node so that a bad one is
 * named by its Kubernetes path (`status.conditions[0].status`).
 */
export const setNodeConditions = operation<SetConditionsCommand>({
  rest: ({ params, body }) => ({ name: params.name, conditions: body }),
  parse(input) {
    const name = nameText(input.name);
    return validNode(name, { metadata: { name }, status: { conditions: input.conditions ?? [] } }, (node) => ({
      name,
      conditions: node.status?.conditions ?? [],
    }));
  },
});

/** The node validated, with `also` (errors of the request found beside it) reported in the same answer. */
function validNode<C>(name: string, body: unknown, command: (node: Node) => C, also: readonly FieldError[] = []): Result<C, Failure> {
  const named = withNameFromUrl(body, name);
  if (!named.ok) return named;
  const result = validateNode(named.value);
  if (result.ok && also.length === 0) return ok(command(result.value));
  return err(failure.invalid('Node', name, [...(result.ok ? [] : result.error), ...also]));
}
