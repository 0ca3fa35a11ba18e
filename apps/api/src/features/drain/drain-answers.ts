import type { DrainPlan } from '@taintgate/domain';
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

/**
 * A drain plan as answered (libs/domain's drainPlan decides it): the plan, when it was asked, and
 * its warnings, kubectl's and the request's (a selector that matched no node) together. The same
 * object is GraphQL's answer.
 */
export interface DrainPlanAnswer extends DrainPlan {
  /** When the question was answered (RFC 3339): the budgets are read as they stand then. */
  readonly at: string;
}

const count = (description: string) => ({ type: 'integer', description });

const evictedSchema = object(
  {
    pod: podRefSchema,
    from: stringField,
    to: { type: 'string', nullable: true, description: 'where its replacement goes; null when it fits nowhere or nothing recreates it' },
    replaced: described(booleanField, 'whether its controller recreates it (a pod with none, evicted with force, is gone)'),
    summary: described(stringField, "kube-scheduler's line for the replacement at its turn"),
    bestTied: described(integerField, 'how many nodes shared the best total, when more than one: the first by name is named'),
  },
  ['pod', 'from', 'to', 'replaced'],
);

export const drainPlanSchema: JsonSchema = object(
  {
    at: stringField,
    mode: {
      type: 'string',
      enum: ['together', 'alone'],
      description: 'together: one after another, each taking its room; alone: each against the cluster as it is',
    },
    verdict: { type: 'string', enum: ['AllFit', 'SomeStranded', 'Blocked'] },
    nodes: described(arrayOf(stringField), "the nodes drained, in kubectl's order"),
    counts: object(
      {
        evicted: count('pods evicted'),
        placed: count('replacements placed'),
        stranded: count('replacements that fit nowhere'),
        deleted: count('pods evicted that nothing recreates (no controller, with force)'),
        blocked: count('pods the drain cannot evict'),
        skipped: count('pods the drain leaves (DaemonSet, mirror, terminal, on a node it does not drain)'),
      },
      ['evicted', 'placed', 'stranded', 'deleted', 'blocked', 'skipped'],
    ),
    evicted: described(arrayOf(evictedSchema), 'in the order the replacements were placed, then those not recreated'),
    stranded: described(arrayOf(evictedSchema), 'the evicted pods whose replacement fits nowhere'),
    blocked: arrayOf(
      object(
        {
          pod: podRefSchema,
          from: stringField,
          reason: { type: 'string', enum: ['DisruptionBudget', 'NoController', 'LocalStorage', 'DaemonSet'] },
          message: stringField,
          disruptionBudget: stringField,
        },
        ['pod', 'from', 'reason', 'message'],
      ),
    ),
    skipped: arrayOf(
      object(
        { pod: podRefSchema, from: stringField, reason: { type: 'string', enum: ['DaemonSet', 'Mirror', 'Terminal', 'NodeNotDrained'] }, message: stringField },
        ['pod', 'from', 'reason', 'message'],
      ),
    ),
    undrained: described(arrayOf(object({ node: stringField, message: stringField }, ['node', 'message'])), 'the nodes kubectl does not drain, with its error'),
    warnings: described(arrayOf(stringField), "kubectl's warnings, a line per node (without its `Warning: `), after the request's own"),
  },
  ['at', 'mode', 'verdict', 'nodes', 'counts', 'evicted', 'stranded', 'blocked', 'skipped', 'undrained', 'warnings'],
);

/** The answer as REST sends it, from its schema's compiled serializer. */
export const drainPlanJson = serializerOf(drainPlanSchema);

/** GET /v1/nodes/{name}/removal: the node's drain plan, and whether it can go (every replacement placed, nothing blocking). */
export interface NodeRemovalAnswer extends DrainPlanAnswer {
  readonly node: string;
  readonly removable: boolean;
}

const planProperties = (drainPlanSchema as { properties: Record<string, JsonSchema> }).properties;
const planRequired = (drainPlanSchema as { required: string[] }).required;

export const nodeRemovalSchema: JsonSchema = object(
  {
    node: stringField,
    removable: described(booleanField, 'true when the drain evicts every pod it must and each replacement finds a node (verdict AllFit)'),
    ...planProperties,
  },
  ['node', 'removable', ...planRequired],
);

export const nodeRemovalJson = serializerOf(nodeRemovalSchema);
