import { type FieldError, FieldPath, fieldError, fieldErrorText } from '../foundation/field-errors';
import { isQualifiedName, isValidLabelValue } from '../foundation/names';
import { parseGoInt64 } from '../numbers/int64';
import type { Node, NodeSelectorRequirement, NodeSelectorTerm, Pod, PreferredSchedulingTerm } from '../types';
import { nodeSelectorTermMatches } from './node-affinity';
import { defaultNormalizeScore } from './taint-toleration-score';

/**
 * kube-scheduler's NodeAffinity score (pkg/scheduler/framework/plugins/nodeaffinity/node_affinity.go):
 * the sum of the weights of the pod's preferredDuringSchedulingIgnoredDuringExecution terms a node
 * matches (component-helpers nodeaffinity PreferredSchedulingTerms.Score), normalized by
 * DefaultNormalizeScore, not reversed: the best node 100, the others in proportion.
 * The profile's addedAffinity (NodeAffinityArgs) is not modeled: the default profile sets none.
 */

/** NodeAffinity's weight in the default profile (default_plugins.go). */
export const nodeAffinityWeight = 2;

/** The terms that take part (NewPreferredSchedulingTerms): a term of weight 0, or with no requirement, is dropped. */
const scoringTerms = (terms: readonly PreferredSchedulingTerm[]): PreferredSchedulingTerm[] =>
  terms.filter((t) => t.weight !== 0 && ((t.preference.matchExpressions ?? []).length > 0 || (t.preference.matchFields ?? []).length > 0));

const selectorOperators = new Set(['In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt']);

/**
 * labels.NewRequirement's checks over one matchExpressions requirement, as
 * nodeSelectorRequirementsAsSelector reaches them: an operator it does not know stops there.
 */
function labelRequirementErrors(req: NodeSelectorRequirement, path: FieldPath): FieldError[] {
  if (!selectorOperators.has(req.operator)) return [fieldError.notSupported(path.child('operator'), req.operator, [])];
  const errors: FieldError[] = [];
  const keyErrors = isQualifiedName(req.key);
  if (keyErrors.length > 0) errors.push(fieldError.invalid(path.child('key'), req.key, keyErrors.join('; ')));
  const values = req.values ?? [];
  const valuePath = path.child('values');
  if ((req.operator === 'In' || req.operator === 'NotIn') && values.length === 0) {
    errors.push(fieldError.invalid(valuePath, values, "for 'in', 'notin' operators, values set can't be empty"));
  }
  if ((req.operator === 'Exists' || req.operator === 'DoesNotExist') && values.length > 0) {
    errors.push(fieldError.invalid(valuePath, values, 'values set must be empty for exists and does not exist'));
  }
  if (req.operator === 'Gt' || req.operator === 'Lt') {
    if (values.length !== 1) errors.push(fieldError.invalid(valuePath, values, "for 'Gt', 'Lt' operators, exactly one value is required"));
    values.forEach((v, i) => {
      if (parseGoInt64(v) === undefined) errors.push(fieldError.invalid(valuePath.index(i), v, "for 'Gt', 'Lt' operators, the value must be an integer"));
    });
  }
  // validateLabelValue names the key after the value's index: values[0][key].
  values.forEach((v, i) => {
    const valueErrors = isValidLabelValue(v);
    if (valueErrors.length > 0) errors.push(fieldError.invalid(valuePath.index(i).key(req.key), v, valueErrors.join('; ')));
  });
  return errors;
}

/** nodeSelectorRequirementsAsFieldSelector: In or NotIn, with exactly one value. The key is not checked. */
function fieldRequirementErrors(req: NodeSelectorRequirement, path: FieldPath): FieldError[] {
  if (req.operator !== 'In' && req.operator !== 'NotIn') return [fieldError.notSupported(path.child('operator'), req.operator, ['In', 'NotIn'])];
  const values = req.values ?? [];
  return values.length === 1 ? [] : [fieldError.invalid(path.child('values'), values, 'must have one element')];
}

/** newNodeSelectorTerm's parse errors, at `[i]` of the preferred terms. */
function termErrors(term: NodeSelectorTerm, path: FieldPath): FieldError[] {
  return [
    ...(term.matchExpressions ?? []).flatMap((req, j) => labelRequirementErrors(req, path.child('matchExpressions').index(j))),
    ...(term.matchFields ?? []).flatMap((req, j) => fieldRequirementErrors(req, path.child('matchFields').index(j))),
  ];
}

/**
 * NodeAffinity's PreScore: `skip` when the pod has no preferred terms (the plugin scores nothing),
 * `error` when one of them cannot be parsed (NewPreferredSchedulingTerms' error, which fails the
 * whole scheduling attempt with an Error status, not an unschedulable one), `run` otherwise. The
 * message is the aggregate's: one error as it is, several (each once) in brackets.
 */
export type NodeAffinityPreScore = { readonly kind: 'skip' } | { readonly kind: 'run' } | { readonly kind: 'error'; readonly message: string };

export function nodeAffinityPreScore(pod: Pod): NodeAffinityPreScore {
  // Absent (or null, from raw JSON) is Go's nil slice; an empty list is not nil, and scores 0 everywhere.
  const terms = pod.spec?.affinity?.nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution;
  if (!terms) return { kind: 'skip' };
  const root = FieldPath.root();
  const errors = terms.flatMap((term, i) => (scoringTerms([term]).length === 0 ? [] : termErrors(term.preference, root.index(i))));
  if (errors.length === 0) return { kind: 'run' };
  const messages = [...new Set(errors.map(fieldErrorText))];
  return { kind: 'error', message: messages.length === 1 ? (messages[0] as string) : `[${messages.join(', ')}]` };
}

/** PreferredSchedulingTerms.Score: the weights of the terms the node matches, summed. */
export function preferredNodeAffinityScore(terms: readonly PreferredSchedulingTerm[], node: Node): number {
  return scoringTerms(terms).reduce((sum, term) => (nodeSelectorTermMatches(term.preference, node) ? sum + term.weight : sum), 0);
}

/**
 * NodeAffinity's Score + NormalizeScore over the feasible nodes, in the order given. A pod
 * without preferred terms scores 0 everywhere (PreScore's Skip adds nothing either). A term that
 * cannot be parsed matches no node here; nodeAffinityPreScore tells that Kubernetes fails the pod.
 */
export function nodeAffinityScores(pod: Pod, feasibleNodes: readonly Node[]): number[] {
  const terms = pod.spec?.affinity?.nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution ?? [];
  return defaultNormalizeScore(
    feasibleNodes.map((node) => preferredNodeAffinityScore(terms, node)),
    false,
  );
}
