import { describe, expect, it } from 'vitest';
import type { ImportSoFar } from '../../../../../apps/api/src/features/import/import-outcomes';
import { classifyObject } from '../../../../../apps/api/src/features/import/imported-object';
import {
  NEW_UID,
  NOW,
  POD_UID,
  STORED_UID,
  at,
  empty,
  sentNode,
  sentPod,
  soFar,
  stored,
  storedNode,
  storedPod,
  told,
  wholePod,
  where,
  withMeta,
} from './imported-fixtures';

/**
 * What each object of an import's body becomes (classifyObject): rejected (and why), unchanged,
 * or a node or pod to create or update, from the cluster as stored and what the import has named
 * so far.
 */

describe('classifyObject: what each object becomes', () => {
  it.each<[string, unknown, ImportSoFar, Record<string, unknown>]>([
    ['a node not stored: created, with the uid it brings', sentNode, empty, { node: 'n1', created: true, uid: STORED_UID }],
    ['a node with no uid, not stored: created, with a new uid', withMeta(sentNode, { uid: undefined }), empty, { node: 'n1', created: true, uid: NEW_UID }],
    ['a pod not stored: created, bound, to be decided', sentPod, empty, { pod: 'shop/web', created: true, uid: POD_UID, decides: 'n1' }],
    [
      'a pod with no namespace: in default, and unbound, not decided',
      { ...sentPod, metadata: { name: 'p', uid: POD_UID }, spec: { containers: [{ name: 'c', image: 'nginx' }] } },
      empty,
      { pod: 'default/p', created: true, uid: POD_UID, decides: undefined },
    ],
    ['a node sent back as stored: unchanged, as sent', storedNode, stored, { unchanged: 'Node', key: 'n1', uid: undefined }],
    [
      'a pod sent as the import before sent it, another resourceVersion: unchanged, by its digest',
      withMeta(sentPod, { resourceVersion: '1' }),
      stored,
      { unchanged: 'Pod', key: 'shop/web', uid: undefined },
    ],
    ['a node sent as kubectl printed it first: unchanged once laid out as a row', sentNode, stored, { unchanged: 'Node', key: 'n1', uid: STORED_UID }],
    [
      'a pod sent as the service answers it, not as the import before sent it: updated (its digest differs), its uid kept',
      withMeta(wholePod, { resourceVersion: '1' }),
      stored,
      { pod: 'shop/web', created: false, uid: POD_UID, decides: 'n1' },
    ],
    [
      'a pod written since by other than an import (no digest kept): updated',
      sentPod,
      soFar({ nodes: [storedNode], pods: [storedPod] }, {}, new Map()),
      { pod: 'shop/web', created: false, uid: POD_UID, decides: 'n1' },
    ],
    [
      'a pod sent as before but named already in this import: not unchanged (the name is checked)',
      sentPod,
      soFar({ nodes: [storedNode], pods: [storedPod] }, { pods: ['shop/web'] }),
      { rejected: expect.anything() as unknown },
    ],
    [
      'a stored node with a label changed: updated, its uid kept',
      withMeta(sentNode, { labels: { zone: 'b' } }),
      stored,
      { node: 'n1', created: false, uid: STORED_UID },
    ],
    [
      'a stored node sent again with no uid: updated, its stored uid kept',
      withMeta(sentNode, { uid: undefined, labels: { zone: 'b' } }),
      stored,
      { node: 'n1', created: false, uid: STORED_UID },
    ],
  ])('%s', (_case, object, known, expected) => {
    expect(told(classifyObject(object, at, undefined, known))).toEqual(expected);
  });

  it.each<[string, unknown, string]>([
    ['another kind', { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd', namespace: 'x' } }, 'apps/v1 Deployment'],
    ['a core kind not kept', { apiVersion: 'v1', kind: 'Service', metadata: { name: 's', namespace: 'x' } }, 'v1 Service'],
    ['a Node of another version', { apiVersion: 'v2', kind: 'Node', metadata: { name: 'n' } }, 'v2 Node'],
    ['a CSINode of an older version', { apiVersion: 'storage.k8s.io/v1beta1', kind: 'CSINode', metadata: { name: 'n' } }, 'storage.k8s.io/v1beta1 CSINode'],
    [
      'a PodDisruptionBudget of policy/v1beta1 (served no more: the twin keeps policy/v1 only)',
      { apiVersion: 'policy/v1beta1', kind: 'PodDisruptionBudget', metadata: { name: 'p', namespace: 'x' } },
      'policy/v1beta1 PodDisruptionBudget',
    ],
    ['a kind with no version', { kind: 'ConfigMap', metadata: { name: 'c' } }, ' ConfigMap'],
  ])('skips %s: counted, neither stored nor rejected', (_case, object, skipped) => {
    expect(told(classifyObject(object, at, undefined, empty))).toEqual({ skipped });
  });

  it('rejects an object without a kind: it cannot be told kept or skipped', () => {
    expect(told(classifyObject({ metadata: { name: 'x' } }, at, undefined, empty))).toEqual({
      rejected: { kind: '', name: 'x', position: where, message: 'an object without a kind is not imported' },
    });
  });

  it.each<[string, unknown, ImportSoFar, string, string[]]>([
    ['a node with a bad taint', { ...sentNode, spec: { taints: [{ key: 'k', effect: 'Sometimes' }] } }, empty, 'Node', ['spec.taints[0].effect']],
    ['a node whose uid is no UUID', withMeta(sentNode, { uid: 'not-a-uuid' }), empty, 'Node', ['metadata.uid']],
    [
      'a pod with a bad toleration',
      { ...sentPod, spec: { ...sentPod.spec, tolerations: [{ key: 'k', operator: 'Sometimes' }] } },
      empty,
      'Pod',
      ['spec.tolerations[0].operator'],
    ],
    ['a node named twice in the import', sentNode, soFar(undefined, { nodes: ['n1'] }), 'Node', ['metadata.name']],
    ['a stored node named twice: not unchanged the second time', storedNode, soFar({ nodes: [storedNode] }, { nodes: ['n1'] }), 'Node', ['metadata.name']],
    ['a pod named twice in the import', sentPod, soFar(undefined, { pods: ['shop/web'] }), 'Pod', ['metadata.name']],
    ['a node whose uid another object holds', sentNode, soFar(undefined, { uids: [[STORED_UID, 'Pod default/x']] }), 'Node', ['metadata.uid']],
    ['a pod whose uid a stored node holds', withMeta(sentPod, { uid: STORED_UID }), soFar({ nodes: [storedNode] }), 'Pod', ['metadata.uid']],
  ])('rejects %s as invalid, naming the field', (_case, object, known, kind, fields) => {
    const outcome = classifyObject(object, at, undefined, known);
    expect(outcome.kind).toBe('rejected');
    if (outcome.kind !== 'rejected' || !('errors' in outcome.rejection)) throw new Error('not rejected as invalid');
    expect(outcome.rejection).toMatchObject({ kind, position: where, ...(kind === 'Pod' ? { namespace: 'shop' } : {}) });
    expect(outcome.rejection.errors.map((e) => e.path.render())).toEqual(fields);
  });

  it('names the holder of a uid taken', () => {
    const outcome = classifyObject(sentNode, at, undefined, soFar(undefined, { uids: [[STORED_UID, 'Pod default/x']] }));
    if (outcome.kind !== 'rejected' || !('errors' in outcome.rejection)) throw new Error('not rejected as invalid');
    expect(outcome.rejection.errors[0]?.reason).toContain('already the uid of Pod default/x');
  });

  it('gives an updated node its taints before and after, the times the taints were added kept', () => {
    const tainted = { ...sentNode, spec: { taints: [...sentNode.spec.taints, { key: 'maint', effect: 'NoExecute' }] } };
    const outcome = classifyObject(tainted, at, undefined, stored);
    if (outcome.kind !== 'node') throw new Error(`not a node to store: ${outcome.kind}`);
    expect(outcome.taints.before).toEqual(storedNode.spec?.taints);
    expect(outcome.taints.after.map((t) => [t.key, t.effect, t.timeAdded])).toEqual([
      ['dedicated', 'NoSchedule', new Date(NOW).toISOString()],
      ['maint', 'NoExecute', new Date(NOW).toISOString()],
    ]);
  });

  it('keeps of a pod to decide only what the taint eviction controller reads', () => {
    const outcome = classifyObject(sentPod, at, undefined, empty);
    if (outcome.kind !== 'pod') throw new Error(`not a pod to store: ${outcome.kind}`);
    expect(outcome.decide).toEqual({
      metadata: { name: 'web', namespace: 'shop', uid: POD_UID, deletionTimestamp: undefined },
      spec: { nodeName: 'n1', tolerations: sentPod.spec.tolerations, terminationGracePeriodSeconds: undefined },
      status: { phase: 'Running' },
    });
  });
});
