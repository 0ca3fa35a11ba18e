import { type JsonSchema, arrayOf, booleanField, described, integerField, object, stringField } from '../../http/edge/answer-schemas';
import { kubernetesRef } from '../../http/operation-docs/schema-names';

/** POST /v1/headroom's body, for the OpenAPI document: the fields `headroomCommand` (headroom-command.ts) reads. */
export const headroomRequestSchema: JsonSchema = {
  ...object(
    {
      pod: described(
        { oneOf: [kubernetesRef('Pod'), object({ namespace: stringField, name: stringField }, ['name'])] },
        'the pod copied: sent whole, or a stored one by name',
      ),
      nodes: described(arrayOf(stringField), 'only these nodes take copies'),
      selector: described(stringField, "only the nodes of this label selector (kubectl's -l syntax)"),
      all: described(booleanField, 'every node (the default)'),
      max: described(integerField, 'at most this many copies (default 10000, at most 100000)'),
    },
    ['pod'],
  ),
  description: 'How many more copies of this pod fit, placed one after another as kube-scheduler would place them.',
  example: {
    pod: { metadata: { name: 'web' }, spec: { containers: [{ name: 'web', image: 'nginx', resources: { requests: { cpu: '500m', memory: '256Mi' } } }] } },
  },
};
