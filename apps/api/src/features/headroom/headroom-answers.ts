import type { Headroom, PodRef } from '@taintgate/domain';
import {
  type JsonSchema,
  arrayOf,
  booleanField,
  described,
  integerField,
  object,
  podRefSchema,
  serializerOf,
  stringField,
} from '../../http/edge/answer-schemas';

/** Headroom as answered (libs/domain's headroom decides it): the pod copied, and the answer. The same object is GraphQL's. */
export interface HeadroomAnswer extends Headroom {
  readonly pod: PodRef;
  readonly max: number;
  readonly warnings: readonly string[];
}

export const headroomSchema: JsonSchema = object(
  {
    pod: described(podRefSchema, 'the pod copied'),
    max: described(integerField, 'at most this many copies were placed'),
    total: described(integerField, 'how many copies fit'),
    complete: described(booleanField, 'false when max copies were placed and more might fit'),
    method: {
      type: 'string',
      enum: ['filled', 'placed'],
      description: "filled: each node's count from its room (the copy's fit reads that node alone); placed: one copy after another",
    },
    poolLabel: {
      type: 'string',
      nullable: true,
      description: "the label pools are told apart by (GKE's, Karpenter's, EKS's or AKS's node pool, else the instance type)",
    },
    groups: arrayOf(object({ pool: { type: 'string', nullable: true }, count: integerField }, ['pool', 'count'])),
    nodes: arrayOf(
      object(
        {
          name: stringField,
          count: integerField,
          bindingResource: { type: 'string', nullable: true, description: 'what stops one more copy there; null when it would still take one' },
        },
        ['name', 'count', 'bindingResource'],
      ),
    ),
    failReason: { type: 'string', nullable: true, description: "kube-scheduler's line for the copy that fits nowhere; null when max was reached first" },
    warnings: arrayOf(stringField),
  },
  ['pod', 'max', 'total', 'complete', 'method', 'poolLabel', 'groups', 'nodes', 'failReason', 'warnings'],
);

export const headroomJson = serializerOf(headroomSchema);
