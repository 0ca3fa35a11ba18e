import { failure } from '@taintgate/domain';
import { restAnswerOf } from '../../platform/failures/failure-answers';
import { evictionView } from '../../store/evictions/eviction-records';
import { type ImportOutcome, countsOf } from './import-run';
import type { Rejection } from './import-outcomes';

/** POST /v1/clusters/{cluster}/import's answer (importResultSchema): what was done to each kind, and what was left out and why. */
export function importResultOf(outcome: ImportOutcome) {
  return {
    apiVersion: 'taintgate.io/v1',
    kind: 'ImportResult',
    cluster: outcome.cluster,
    dryRun: outcome.dryRun,
    ...countsOf(outcome),
    nodes: outcome.nodes,
    pods: outcome.pods,
    namespaces: outcome.namespaces,
    persistentVolumes: outcome.persistentVolumes,
    persistentVolumeClaims: outcome.persistentVolumeClaims,
    storageClasses: outcome.storageClasses,
    csiNodes: outcome.csiNodes,
    podDisruptionBudgets: outcome.podDisruptionBudgets,
    rejectedCount: outcome.rejectedCount,
    rejected: outcome.rejected.map(rejectedObject),
    skipped: outcome.skipped,
    ...(outcome.prunedKinds ? { prunedKinds: outcome.prunedKinds } : {}),
    ...(outcome.evictions ? { evictions: { ...outcome.evictions, items: outcome.evictions.items.map(evictionView) } } : {}),
    resourceVersion: String(outcome.revision),
  };
}

/** An object left out, as REST answers it: an invalid one in the API server's words, each bad field named. */
function rejectedObject(rejection: Rejection) {
  const { kind, namespace, name, position } = rejection;
  const where = { kind, ...(namespace === undefined ? {} : { namespace }), name, position };
  if ('message' in rejection) return { ...where, message: rejection.message };
  const answer = restAnswerOf(failure.invalid(kind, name, rejection.errors));
  return { ...where, message: answer.message, ...(answer.details ? { details: answer.details } : {}) };
}
