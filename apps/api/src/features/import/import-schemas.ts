import { type JsonSchema, arrayOf, booleanField, constant, described, integerField, object, stringField } from '../../http/edge/answer-schemas';
import { kubernetesRef } from '../../http/operation-docs/schema-names';
import { IMPORT_BODY_TYPES } from './import-body-parser';
import { IMPORTED_KINDS } from './import-outcomes';

/** The content types POST /v1/import reads (JSON and YAML, import-body-parser.ts): the document declares each. */
export const importContentTypes = Object.keys(IMPORT_BODY_TYPES);

/** The kinds the import stores (IMPORTED_KINDS); any other object is skipped and counted. */
const keptKinds = IMPORTED_KINDS;

const otherObject: JsonSchema = {
  type: 'object',
  properties: { apiVersion: stringField, kind: stringField },
  description: 'An object of another kind (a Deployment, a Service, ...): skipped, and counted in the answer',
};

const anyObject: JsonSchema = { anyOf: [...keptKinds.map((kind) => kubernetesRef(kind)), otherObject] };

/**
 * What the import reads (kubectl-objects.ts): what `kubectl get nodes,pods,ns,pv,pvc,sc,csinodes,pdb -A
 * -o json` (or `-o yaml`, or `kubectl get all,...`) prints, a List (or a kind's list, NodeList,
 * PodList, ...), or single objects. Read as it arrives, up to 2 GiB.
 */
export const importBodySchema: JsonSchema = {
  anyOf: [
    object(
      {
        apiVersion: stringField,
        kind: described(stringField, "List, or one kind's list (NodeList, PodList, PersistentVolumeList, ...)"),
        items: arrayOf(anyObject),
      },
      ['items'],
    ),
    ...keptKinds.map((kind) => kubernetesRef(kind)),
  ],
  description:
    'What kubectl get nodes,pods,ns,pv,pvc,sc,csinodes,pdb -A -o json (or -o yaml) prints: a List, or single objects; YAML may hold several documents. Objects of kinds the twin does not keep are skipped.',
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
    namespaces: tally,
    persistentVolumes: tally,
    persistentVolumeClaims: tally,
    storageClasses: tally,
    csiNodes: tally,
    podDisruptionBudgets: tally,
    rejectedCount: described(integerField, 'how many objects were left out in all'),
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
      "the first 100 objects left out, each with the API server's words (rejectedCount counts them all)",
    ),
    skipped: described(
      arrayOf(object({ kind: stringField, apiVersion: stringField, count: integerField }, ['kind', 'apiVersion', 'count'])),
      'the objects of kinds the twin does not keep (Deployments, Services, ...), counted by kind and version, in the order first met',
    ),
    prunedKinds: described(
      arrayOf({ type: 'string', enum: [...keptKinds] }),
      'with prune=true: the kinds whose objects the import does not name were deleted (pruneKinds, or the kinds the body holds an object of)',
    ),
    evictions: described(
      object(
        {
          executed: described(integerField, 'pods on NoExecute-tainted nodes they do not tolerate, evicted at once'),
          scheduled: described(integerField, 'evictions scheduled for the end of a tolerationSeconds'),
          predicted: described(
            integerField,
            "in a mirror, where nothing is executed or scheduled: the evictions its cluster's own controller is expected to carry out",
          ),
          queuedNodes: described(
            integerField,
            'nodes whose taints changed with too many pods to decide in the import: decided just after it (GET /v1/evictions tells)',
          ),
          items: described(arrayOf({ $ref: '#/components/schemas/Eviction' }), 'the first 100 of them, as stored when the import answers'),
        },
        ['executed', 'scheduled', 'predicted', 'queuedNodes', 'items'],
      ),
      "what the import's writes evicted and scheduled, as the taint eviction controller decides a pod it sees for the first time; absent on a dry run",
    ),
    resourceVersion: described(stringField, "the cluster's revision once the import is stored"),
  },
  [
    'apiVersion',
    'kind',
    'cluster',
    'dryRun',
    'created',
    'updated',
    'unchanged',
    'deleted',
    'nodes',
    'pods',
    'namespaces',
    'persistentVolumes',
    'persistentVolumeClaims',
    'storageClasses',
    'csiNodes',
    'podDisruptionBudgets',
    'rejectedCount',
    'rejected',
    'skipped',
    'resourceVersion',
  ],
);
