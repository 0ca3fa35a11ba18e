import { type JsonSchema, arrayOf, booleanField, constant, described, integerField, object, stringField } from '../../http/edge/answer-schemas';
import { kubernetesRef } from '../../http/operation-docs/schema-names';
import { IMPORT_BODY_TYPES } from './import-body-parser';

/** The content types POST /v1/import reads (JSON and YAML, import-body-parser.ts): the document declares each. */
export const importContentTypes = Object.keys(IMPORT_BODY_TYPES);

const nodeOrPod: JsonSchema = { anyOf: [kubernetesRef('Node'), kubernetesRef('Pod')] };

/**
 * What the import reads (kubectl-objects.ts): what `kubectl get nodes,pods -A -o json` (or `-o yaml`)
 * prints, a List, NodeList or PodList, or a single Node or Pod. Read as it arrives, up to 2 GiB.
 */
export const importBodySchema: JsonSchema = {
  anyOf: [
    object({ apiVersion: stringField, kind: { type: 'string', enum: ['List', 'NodeList', 'PodList'] }, items: arrayOf(nodeOrPod) }, ['items']),
    kubernetesRef('Node'),
    kubernetesRef('Pod'),
  ],
  description: 'What kubectl get nodes,pods -A -o json (or -o yaml) prints: a List, NodeList or PodList, or one Node or Pod; YAML may hold several documents.',
  example: { apiVersion: 'v1', kind: 'List', items: [{ apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-1' } }] },
};

const tallyFields = { created: integerField, updated: integerField, unchanged: integerField, deleted: integerField };
const tally: JsonSchema = object(tallyFields, Object.keys(tallyFields));

/** The answer, importResultOf (import-answer.ts): what was done to each kind, and what was left out and why. */
export const importResultSchema: JsonSchema = object(
  {
    apiVersion: constant('taintgate.io/v1'),
    kind: constant('ImportResult'),
    cluster: stringField,
    dryRun: booleanField,
    ...tallyFields,
    nodes: tally,
    pods: tally,
    rejected: described(
      arrayOf(
        object(
          {
            kind: stringField,
            namespace: stringField,
            name: stringField,
            position: described(stringField, 'where it was in the body: items[12], document 3'),
            message: stringField,
            details: arrayOf(object({ field: stringField, reason: stringField }, ['field', 'reason'])),
          },
          ['kind', 'name', 'position', 'message'],
        ),
      ),
      "the objects left out, each with the API server's words",
    ),
    resourceVersion: described(stringField, "the cluster's revision once the import is stored"),
  },
  ['apiVersion', 'kind', 'cluster', 'dryRun', 'created', 'updated', 'unchanged', 'deleted', 'nodes', 'pods', 'rejected', 'resourceVersion'],
);
