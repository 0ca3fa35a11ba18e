import {
  type Failure,
  type LabelSelector,
  type ListChunking,
  type Node,
  type NodeCondition,
  type Result,
  ShapeChecker,
  err,
  failure,
  ok,
  validateNode,
} from '@taintgate/domain';
import { withNameFromUrl } from '../edge/kubernetes-objects';
import { operation } from '../edge/operation';
import { checked, labelSelector, listChunking, nameText, requiredString } from '../edge/request-fields';

export interface ListNodesCommand {
  selector: LabelSelector;
  /** The page: `?limit=` and `?continue=`. */
  chunking: ListChunking;
}

export interface UpsertNodeCommand {
  name: string;
  /** Validated as the API server validates a Node on create and update. */
  node: Node;
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
  parse(input) {
    const name = nameText(input.name);
    return validNode(name, input.node, (node) => ({ name, node }));
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

function validNode<C>(name: string, body: unknown, command: (node: Node) => C): Result<C, Failure> {
  const named = withNameFromUrl(body, name);
  if (!named.ok) return named;
  const result = validateNode(named.value);
  return result.ok ? ok(command(result.value)) : err(failure.invalid('Node', name, result.error));
}
