import { describe, expect, it } from 'vitest';
import type { Node, Pod } from '@taintgate/domain';
import type { Volume } from '../../../../../libs/domain/src/types';
import {
  VolumeBindingReasons,
  type VolumeBindingState,
  volumeBindingFilter,
  volumeBindingPreFilter,
} from '../../../../../libs/domain/src/scheduling/volumes/volume-binding';
import { unevaluatedClaims } from '../../../../../libs/domain/src/scheduling/volumes/unevaluated-claims';
import type { PersistentVolume, PersistentVolumeClaim, StorageClass } from '../../../../../libs/domain/src/storage/storage-objects';
import { makeSnapshot, pvcVolume } from './volume-fixtures';

// The builders of Kubernetes' volumebinding test_utils.go.
const immediateSC: StorageClass = { metadata: { name: 'immediate-sc' }, provisioner: 'p', volumeBindingMode: 'Immediate' };
const waitSC: StorageClass = { metadata: { name: 'wait-sc' }, provisioner: 'p', volumeBindingMode: 'WaitForFirstConsumer' };
const hostname = 'kubernetes.io/hostname';

/** makeNode: every node carries its hostname label. */
const makeNode = (name: string, labels: Record<string, string> = {}): Node => ({ metadata: { name, labels: { [hostname]: name, ...labels } } });
const makePVC = (name: string, storageClassName: string): PersistentVolumeClaim => ({ metadata: { name, namespace: 'default' }, spec: { storageClassName } });
/** withBoundPV: the volume's name and the PV controller's bind-completed annotation. */
const withBoundPV = (claim: PersistentVolumeClaim, volumeName: string): PersistentVolumeClaim => ({
  ...claim,
  metadata: { ...claim.metadata, annotations: { 'pv.kubernetes.io/bind-completed': 'true' } },
  spec: { ...claim.spec, volumeName },
});
const withPhase = (claim: PersistentVolumeClaim, phase: string): PersistentVolumeClaim => ({ ...claim, status: { phase } });
const makePV = (name: string, storageClassName: string, nodeAffinity?: Record<string, string[]>): PersistentVolume => ({
  metadata: { name },
  spec: {
    storageClassName,
    ...(nodeAffinity
      ? {
          nodeAffinity: {
            required: { nodeSelectorTerms: [{ matchExpressions: Object.entries(nodeAffinity).map(([key, values]) => ({ key, operator: 'In', values })) }] },
          },
        }
      : {}),
  },
});
const makePod = (name: string, volumes: Volume[]): Pod => ({ metadata: { name, namespace: 'default' }, spec: { containers: [], volumes } });

interface BindingCase {
  pod: Pod;
  nodes: Node[];
  pvcs?: PersistentVolumeClaim[];
  pvs?: PersistentVolume[];
  /** The PreFilter's outcome: skip, a rejection's reason, or the state. */
  wantPreFilter: 'skip' | { reject: string } | VolumeBindingState;
  /** The Filter's reasons per node, when the PreFilter runs. */
  wantFilter?: (string[] | undefined)[];
}

function check(test: BindingCase) {
  const snapshot = makeSnapshot(test.nodes, [], { claims: test.pvcs ?? [], volumes: test.pvs ?? [], classes: [immediateSC, waitSC] });
  const preFilter = volumeBindingPreFilter(test.pod, snapshot);
  if (test.wantPreFilter === 'skip') {
    expect(preFilter).toEqual({ kind: 'skip' });
    return;
  }
  if ('reject' in test.wantPreFilter) {
    expect(preFilter.kind).toBe('reject');
    if (preFilter.kind === 'reject')
      expect([preFilter.status.code, ...preFilter.status.reasons]).toEqual(['UnschedulableAndUnresolvable', test.wantPreFilter.reject]);
    return;
  }
  expect(preFilter).toEqual({ kind: 'run', state: test.wantPreFilter });
  if (preFilter.kind !== 'run') return;
  const statuses = test.nodes.map((node) => volumeBindingFilter(preFilter.state, test.pod, node, snapshot));
  expect(statuses.map((status) => status && [...status.reasons])).toEqual(test.wantFilter);
  for (const status of statuses) if (status) expect(status.code).toBe('UnschedulableAndUnresolvable');
}

// Kubernetes' TestVolumeBinding, the cases about bound claims, missing claims and PV node affinity.
// Left out: the capacity-scoring cases ("local volumes with close capacity are preferred", with multiple
// pvcs, "zonal volumes with close capacity are preferred", with a custom shape): they bind unbound
// claims of a class waiting for a first consumer, which is not evaluated.
describe("Kubernetes' TestVolumeBinding", () => {
  const cases: [string, BindingCase][] = [
    ['pod has not pvcs', { pod: makePod('pod-a', []), nodes: [makeNode('node-a')], wantPreFilter: 'skip' }],
    [
      'all bound',
      {
        pod: makePod('pod-a', [pvcVolume('pvc-a', '')]),
        nodes: [makeNode('node-a')],
        pvcs: [withBoundPV(makePVC('pvc-a', waitSC.metadata.name), 'pv-a')],
        pvs: [makePV('pv-a', waitSC.metadata.name)],
        wantPreFilter: { boundClaims: [{ claim: 'pvc-a', volumeName: 'pv-a' }] },
        wantFilter: [undefined],
      },
    ],
    [
      'all bound with local volumes',
      {
        pod: makePod('pod-a', [pvcVolume('pvc-a', 'volume-a'), pvcVolume('pvc-b', 'volume-b')]),
        nodes: [makeNode('node-a')],
        pvcs: [withBoundPV(makePVC('pvc-a', waitSC.metadata.name), 'pv-a'), withBoundPV(makePVC('pvc-b', waitSC.metadata.name), 'pv-b')],
        pvs: [makePV('pv-a', waitSC.metadata.name, { [hostname]: ['node-a'] }), makePV('pv-b', waitSC.metadata.name, { [hostname]: ['node-a'] })],
        wantPreFilter: {
          boundClaims: [
            { claim: 'pvc-a', volumeName: 'pv-a' },
            { claim: 'pvc-b', volumeName: 'pv-b' },
          ],
          eligibleNodeNames: new Set(['node-a']),
        },
        wantFilter: [undefined],
      },
    ],
    [
      'PVC does not exist',
      { pod: makePod('pod-a', [pvcVolume('pvc-a', '')]), nodes: [makeNode('node-a')], wantPreFilter: { reject: 'persistentvolumeclaim "pvc-a" not found' } },
    ],
    [
      'Part of PVCs do not exist',
      {
        pod: makePod('pod-a', [pvcVolume('pvc-a', ''), pvcVolume('pvc-b', '')]),
        nodes: [makeNode('node-a')],
        pvcs: [withBoundPV(makePVC('pvc-a', waitSC.metadata.name), 'pv-a')],
        wantPreFilter: { reject: 'persistentvolumeclaim "pvc-b" not found' },
      },
    ],
    [
      'immediate claims not bound',
      {
        pod: makePod('pod-a', [pvcVolume('pvc-a', '')]),
        nodes: [makeNode('node-a')],
        pvcs: [makePVC('pvc-a', immediateSC.metadata.name)],
        wantPreFilter: { reject: VolumeBindingReasons.unboundImmediateClaims },
      },
    ],
    // Upstream the Filter rejects with "node(s) didn't find available persistent volumes to bind": no PV
    // matches and the class's provisioner was not set up in the fixture. An unbound claim waiting for a
    // first consumer is not evaluated here: the Filter passes and unevaluatedClaims names the claim.
    [
      'unbound claims no matches',
      {
        pod: makePod('pod-a', [pvcVolume('pvc-a', '')]),
        nodes: [makeNode('node-a')],
        pvcs: [makePVC('pvc-a', waitSC.metadata.name)],
        wantPreFilter: { boundClaims: [] },
        wantFilter: [undefined],
      },
    ],
    // Upstream: both ErrReasonNodeConflict and ErrReasonBindConflict; the unbound claim is not evaluated here.
    [
      'bound and unbound unsatisfied',
      {
        pod: makePod('pod-a', [pvcVolume('pvc-a', ''), pvcVolume('pvc-b', '')]),
        nodes: [makeNode('node-a', { foo: 'barbar' })],
        pvcs: [withBoundPV(makePVC('pvc-a', waitSC.metadata.name), 'pv-a'), makePVC('pvc-b', waitSC.metadata.name)],
        pvs: [makePV('pv-a', waitSC.metadata.name, { foo: ['bar'] })],
        wantPreFilter: { boundClaims: [{ claim: 'pvc-a', volumeName: 'pv-a' }] },
        wantFilter: [[VolumeBindingReasons.nodeConflict]],
      },
    ],
    [
      'pvc not found',
      { pod: makePod('pod-a', [pvcVolume('pvc-a', '')]), nodes: [makeNode('node-a')], wantPreFilter: { reject: 'persistentvolumeclaim "pvc-a" not found' } },
    ],
    [
      'pv not found',
      {
        pod: makePod('pod-a', [pvcVolume('pvc-a', '')]),
        nodes: [makeNode('node-a')],
        pvcs: [withBoundPV(makePVC('pvc-a', waitSC.metadata.name), 'pv-a')],
        wantPreFilter: { boundClaims: [{ claim: 'pvc-a', volumeName: 'pv-a' }] },
        wantFilter: [[VolumeBindingReasons.pvNotExist]],
      },
    ],
    [
      'pv not found claim lost',
      {
        pod: makePod('pod-a', [pvcVolume('pvc-a', '')]),
        nodes: [makeNode('node-a')],
        pvcs: [withPhase(withBoundPV(makePVC('pvc-a', waitSC.metadata.name), 'pv-a'), 'Lost')],
        wantPreFilter: { reject: 'persistentvolumeclaim "pvc-a" bound to non-existent persistentvolume "pv-a"' },
      },
    ],
  ];
  it.each(cases)('%s', (_name, test) => {
    check(test);
  });

  it('unbound claims no matches: the claim is named as not evaluated', () => {
    const snapshot = makeSnapshot([makeNode('node-a')], [], { claims: [makePVC('pvc-a', waitSC.metadata.name)], classes: [waitSC] });
    expect(unevaluatedClaims(makePod('pod-a', [pvcVolume('pvc-a', '')]), snapshot).map(({ kind, name }) => ({ kind, name }))).toEqual([
      { kind: 'WaitForFirstConsumerClaim', name: 'pvc-a' },
    ]);
  });
});

describe('VolumeBinding, bound claims', () => {
  const pvc = withBoundPV(makePVC('data', waitSC.metadata.name), 'pv-data');
  const pod = makePod('web', [pvcVolume('data')]);
  const zonal = makePV('pv-data', waitSC.metadata.name, { 'topology.kubernetes.io/zone': ['a', 'b'] });

  it('the node affinity of the bound volume decides each node, and the details say why', () => {
    const nodes = [makeNode('in-a', { 'topology.kubernetes.io/zone': 'a' }), makeNode('in-c', { 'topology.kubernetes.io/zone': 'c' })];
    const snapshot = makeSnapshot(nodes, [], { claims: [pvc], volumes: [zonal] });
    const preFilter = volumeBindingPreFilter(pod, snapshot);
    if (preFilter.kind !== 'run') throw new Error('PreFilter should run');
    expect(volumeBindingFilter(preFilter.state, pod, nodes[0] as Node, snapshot)).toBeUndefined();
    expect(volumeBindingFilter(preFilter.state, pod, nodes[1] as Node, snapshot)?.details).toEqual([
      {
        code: 'VolumeBindingConflict',
        message:
          'PersistentVolumeClaim data is bound to PersistentVolume pv-data, whose node affinity does not admit the node: topology.kubernetes.io/zone In [a, b]: node has topology.kubernetes.io/zone=c',
      },
    ]);
  });

  it('a claim naming its volume before the PV controller finished binding is unbound immediate (prebound)', () => {
    const prebound: PersistentVolumeClaim = {
      ...makePVC('data', waitSC.metadata.name),
      spec: { storageClassName: waitSC.metadata.name, volumeName: 'pv-data' },
    };
    const snapshot = makeSnapshot([makeNode('n')], [], { claims: [prebound], volumes: [zonal], classes: [waitSC] });
    expect(volumeBindingPreFilter(pod, snapshot)).toMatchObject({ kind: 'reject', status: { reasons: [VolumeBindingReasons.unboundImmediateClaims] } });
  });

  it('a claim being deleted, or of a class without a binding mode, keeps the pod off every node', () => {
    const deleting = { ...pvc, metadata: { ...pvc.metadata, deletionTimestamp: '2025-01-01T00:00:00Z' } };
    expect(volumeBindingPreFilter(pod, makeSnapshot([], [], { claims: [deleting], volumes: [zonal] }))).toMatchObject({
      kind: 'reject',
      status: { reasons: ['persistentvolumeclaim "data" is being deleted'] },
    });
    const unset = makePVC('data', 'no-mode');
    const classes = [{ metadata: { name: 'no-mode' }, provisioner: 'p' }];
    expect(volumeBindingPreFilter(pod, makeSnapshot([], [], { claims: [unset], classes }))).toMatchObject({
      kind: 'reject',
      status: { reasons: ['VolumeBindingMode not set for StorageClass "no-mode"'] },
    });
  });

  it('a generic ephemeral volume: its claim not made yet, or not owned by the pod', () => {
    const ephemeralPod: Pod = {
      metadata: { name: 'web', namespace: 'default', uid: 'u1' },
      spec: { containers: [], volumes: [{ name: 'scratch', ephemeral: {} }] },
    };
    expect(volumeBindingPreFilter(ephemeralPod, makeSnapshot([], []))).toMatchObject({
      kind: 'reject',
      status: { reasons: ['waiting for ephemeral volume controller to create the persistentvolumeclaim "web-scratch"'] },
    });
    const notOwned = withBoundPV(makePVC('web-scratch', waitSC.metadata.name), 'pv-data');
    expect(volumeBindingPreFilter(ephemeralPod, makeSnapshot([], [], { claims: [notOwned], volumes: [zonal] }))).toMatchObject({
      kind: 'reject',
      status: { reasons: ['PVC default/web-scratch was not created for pod default/web (pod is not owner)'] },
    });
    const owned = { ...notOwned, metadata: { ...notOwned.metadata, ownerReferences: [{ kind: 'Pod', name: 'web', uid: 'u1', controller: true }] } };
    expect(volumeBindingPreFilter(ephemeralPod, makeSnapshot([], [], { claims: [owned], volumes: [zonal] }))).toEqual({
      kind: 'run',
      state: { boundClaims: [{ claim: 'web-scratch', volumeName: 'pv-data' }] },
    });
  });

  it('local volumes on different hosts leave no eligible node; a bound volume not held narrows nothing', () => {
    const claims = [withBoundPV(makePVC('a', 'wait-sc'), 'pv-a'), withBoundPV(makePVC('b', 'wait-sc'), 'pv-b')];
    const twoVolumes = makePod('web', [pvcVolume('a'), pvcVolume('b')]);
    const local = [makePV('pv-a', 'wait-sc', { [hostname]: ['n1', 'n2'] }), makePV('pv-b', 'wait-sc', { [hostname]: ['n3'] })];
    const preFilter = volumeBindingPreFilter(twoVolumes, makeSnapshot([], [], { claims, volumes: local }));
    expect(preFilter.kind === 'run' && preFilter.state.eligibleNodeNames).toEqual(new Set());
    const onlyOne = volumeBindingPreFilter(twoVolumes, makeSnapshot([], [], { claims, volumes: local.slice(0, 1) }));
    expect(onlyOne.kind === 'run' && onlyOne.state.eligibleNodeNames).toBeUndefined();
  });

  it('an unbound claim of a class the snapshot does not hold is not rejected', () => {
    const unknown = makePVC('data', 'gone-sc');
    expect(volumeBindingPreFilter(pod, makeSnapshot([], [], { claims: [unknown] }))).toEqual({ kind: 'run', state: { boundClaims: [] } });
  });
});
