import { describe, expect, it } from 'vitest';
import type { ImportSoFar, ObjectOutcome } from '../../../../../apps/api/src/features/import/import-outcomes';
import { classifyObject } from '../../../../../apps/api/src/features/import/imported-object';
import { type PreparedPod, finishPreparedPod, preparePod } from '../../../../../apps/api/src/features/import/imported-pod';
import { POD_UID, STORED_UID, at, empty, sentPod, soFar, stored, storedNode, storedPod, wholePod, withMeta } from './imported-fixtures';

/**
 * A pod told in two steps, as an import whose body is read on a worker thread tells it: the first
 * where the body is read (preparePod: the digest, the validation, the row), the second on the
 * event loop (finishPreparedPod), or the whole pod there (classifyObject) when the first step
 * cannot tell it. The event loop's import does not hold the digests then: the thread compared them.
 * Whatever the way, the outcome is the one classifyObject gives in one step.
 */
function inTwoSteps(object: typeof sentPod, known: ImportSoFar): { first: PreparedPod['kind'] | 'whole'; outcome: ObjectOutcome } {
  const { namespace = 'default', name } = object.metadata as { namespace?: string; name: string };
  // The digests of stored pods only, as PodStore.importDigests reads them at the snapshot's revision.
  const digests = new Map([...known.podDigests].filter(([key]) => known.stored?.pods.has(key)));
  const prepared = preparePod(object, namespace, name, at, undefined, { ...known, podDigests: digests });
  const onLoop = { ...known, podDigests: new Map<string, string>() };
  return { first: prepared?.kind ?? 'whole', outcome: prepared ? finishPreparedPod(prepared, onLoop) : classifyObject(object, at, undefined, onLoop) };
}

describe('a pod told in two steps (preparePod, then finishPreparedPod) as in one (classifyObject)', () => {
  const noNamespace = { ...sentPod, metadata: { name: 'p', uid: POD_UID, creationTimestamp: '2026-02-01T08:00:00Z' } };
  it.each<[string, typeof sentPod, ImportSoFar, PreparedPod['kind'] | 'whole', ObjectOutcome['kind']]>([
    ['a pod not stored', sentPod, empty, 'ready', 'pod'],
    ['a pod with no namespace', noNamespace as typeof sentPod, empty, 'ready', 'pod'],
    ['a pod sent as the import before sent it', withMeta(sentPod, { resourceVersion: '7' }), stored, 'sentBefore', 'unchanged'],
    ['a pod sent as the service answers it (its digest differs)', withMeta(wholePod as typeof sentPod, { resourceVersion: '1' }), stored, 'ready', 'pod'],
    ['a pod written since by other than an import (no digest kept)', sentPod, soFar({ nodes: [storedNode], pods: [storedPod] }, {}, new Map()), 'ready', 'pod'],
    [
      'a pod sent as before, named already in this import',
      sentPod,
      soFar({ nodes: [storedNode], pods: [storedPod] }, { pods: ['shop/web'] }),
      'whole',
      'rejected',
    ],
    ['a pod named twice, not stored', sentPod, soFar(undefined, { pods: ['shop/web'] }), 'whole', 'rejected'],
    [
      'a pod with a bad toleration',
      { ...sentPod, spec: { ...sentPod.spec, tolerations: [{ key: 'k', operator: 'Sometimes' }] } } as typeof sentPod,
      empty,
      'whole',
      'rejected',
    ],
    ['a pod whose uid a stored node holds', withMeta(sentPod, { uid: STORED_UID }), soFar({ nodes: [storedNode] }), 'ready', 'rejected'],
    [
      'a pod sent as before whose uid an earlier object of the body claimed',
      sentPod,
      soFar({ pods: [storedPod] }, { uids: [[POD_UID, 'Node thief']] }),
      'sentBefore',
      'rejected',
    ],
    ['a pod with no uid, not stored: a new one', withMeta(sentPod, { uid: undefined }), empty, 'whole', 'pod'],
    ['a stored pod sent with no uid: its stored uid kept', withMeta(sentPod, { uid: undefined, labels: { a: 'b' } }), stored, 'whole', 'pod'],
    ['a stored pod sent with no creation time: its stored one kept', withMeta(sentPod, { creationTimestamp: undefined }), stored, 'whole', 'pod'],
  ])('%s', (_case, object, known, first, kind) => {
    const twoSteps = inTwoSteps(object, known);
    const oneStep = classifyObject(object, at, undefined, known);
    expect(twoSteps.first).toBe(first);
    expect(oneStep.kind).toBe(kind);
    expect(twoSteps.outcome).toEqual(oneStep);
  });

  it('lays out the row in the first step as the one step does: the text the write sends', () => {
    const notStored = soFar(undefined, {}, new Map());
    const prepared = preparePod(sentPod, 'shop', 'web', at, undefined, notStored);
    const oneStep = classifyObject(sentPod, at, undefined, notStored);
    if (prepared?.kind !== 'ready' || oneStep.kind !== 'pod') throw new Error('not a pod to store');
    expect(prepared.text).toEqual(oneStep.text);
    expect(prepared.decide).toEqual(oneStep.decide);
  });

  it('refuses a digest of a pod the snapshot does not hold: the digests are read at its revision, so it cannot be', () => {
    expect(() => finishPreparedPod({ kind: 'sentBefore', key: 'shop/gone', position: at }, stored)).toThrow(/shop\/gone/);
  });
});
