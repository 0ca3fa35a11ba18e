import { type JsonSchema, arrayOf, booleanField, described, object, stringField } from '../../http/edge/answer-schemas';
import { kubernetesRef } from '../../http/operation-docs/schema-names';

/** POST /v1/taint's answer, TaintCommandResult (taint-plan.ts), for the OpenAPI document. */
export const taintCommandResultSchema: JsonSchema = object(
  {
    dryRun: booleanField,
    results: described(
      arrayOf(
        object(
          {
            node: stringField,
            operation: { type: 'string', enum: ['tainted', 'untainted', 'modified'] },
            message: described(stringField, 'what kubectl prints: node/n1 tainted'),
            taints: described(arrayOf(kubernetesRef('Taint')), "the node's taints after"),
            object: described(kubernetesRef('Node'), 'the node after'),
          },
          ['node', 'operation', 'message', 'taints', 'object'],
        ),
      ),
      'one per node, in name order',
    ),
  },
  ['dryRun', 'results'],
);
