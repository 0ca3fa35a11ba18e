import { FieldPath, fieldError } from '@taintgate/domain';
import { describe, expect, it } from 'vitest';
import { importResultOf } from '../../../../../apps/api/src/features/import/import-answer';

/** The import's REST answer (importResultOf), shaped from what the import did outside its run. */
describe('importResultOf', () => {
  const tally = (created: number, updated: number, unchanged: number, deleted: number) => ({ created, updated, unchanged, deleted });

  /** Left out as told: one with its words already, one invalid (its field errors). */
  const notImported = { kind: 'Deployment', name: 'd', position: 'document 0', message: 'kind "Deployment" is not imported' };
  const badPod = { kind: 'Pod', namespace: 'web', name: 'bad', position: 'document 0, item 2 (line 9, byte 120)' };

  it('sums every kind, keeps each, counts the skipped ones, and words each object left out as the API server does', () => {
    const answer = importResultOf({
      cluster: 'prod',
      dryRun: false,
      nodes: tally(1, 2, 3, 4),
      pods: tally(10, 20, 30, 40),
      namespaces: tally(100, 0, 0, 0),
      persistentVolumes: tally(0, 0, 0, 0),
      persistentVolumeClaims: tally(0, 0, 0, 0),
      storageClasses: tally(0, 0, 0, 0),
      csiNodes: tally(0, 1, 0, 0),
      podDisruptionBudgets: tally(0, 0, 1, 0),
      rejected: [notImported, { ...badPod, errors: [fieldError.required(FieldPath.root().child('spec').child('containers'))] }],
      rejectedCount: 2,
      skipped: [{ kind: 'Deployment', apiVersion: 'apps/v1', count: 12 }],
      revision: 42n,
    });
    expect(answer).toEqual({
      apiVersion: 'taintgate.io/v1',
      kind: 'ImportResult',
      cluster: 'prod',
      dryRun: false,
      created: 111,
      updated: 23,
      unchanged: 34,
      deleted: 44,
      nodes: tally(1, 2, 3, 4),
      pods: tally(10, 20, 30, 40),
      namespaces: tally(100, 0, 0, 0),
      persistentVolumes: tally(0, 0, 0, 0),
      persistentVolumeClaims: tally(0, 0, 0, 0),
      storageClasses: tally(0, 0, 0, 0),
      csiNodes: tally(0, 1, 0, 0),
      podDisruptionBudgets: tally(0, 0, 1, 0),
      rejectedCount: 2,
      rejected: [
        notImported,
        { ...badPod, message: 'Pod "bad" is invalid: spec.containers: Required value', details: [{ field: 'spec.containers', reason: 'Required value' }] },
      ],
      skipped: [{ kind: 'Deployment', apiVersion: 'apps/v1', count: 12 }],
      resourceVersion: '42',
    });
    // The fields in the order the answer has always had them, the other kinds' and the skipped ones beside.
    expect(Object.keys(answer)).toEqual([
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
    ]);
    expect(Object.keys(answer.rejected[1] ?? {})).toEqual(['kind', 'namespace', 'name', 'position', 'message', 'details']);
  });
});
