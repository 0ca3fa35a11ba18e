import { describe, expect, it } from 'vitest';
import type { Pod } from '@taintgate/domain';
import type { Volume } from '../../../../../libs/domain/src/types';
import {
  VolumeRestrictionsReasons,
  volumeRestrictionsFilter,
  volumeRestrictionsPreFilter,
  volumeRestrictionsWithout,
} from '../../../../../libs/domain/src/scheduling/volumes/volume-restrictions';
import type { PersistentVolumeClaim } from '../../../../../libs/domain/src/storage/storage-objects';
import { type Outcome, filteredBy, makeNode, makePod, makeSnapshot, outcomeOf, passes, pvcVolume, rejectedBy, skips } from './volume-fixtures';

const node = makeNode('node-1');

/** PreFilter, then Filter on node-1, with `existing` placed on node-1. */
function restrictions(pod: Pod, existing: Pod[], claims: PersistentVolumeClaim[] = []): Outcome {
  const snapshot = makeSnapshot([node], existing, { claims });
  return outcomeOf(volumeRestrictionsPreFilter(pod, snapshot), (state) => volumeRestrictionsFilter(state, pod, node, snapshot));
}

const onNode = (pod: Pod): Pod => ({ ...pod, spec: { ...pod.spec, containers: pod.spec?.containers ?? [], nodeName: 'node-1' } });
const withVolume = (name: string, volume: Volume) => makePod(name, [volume]);
const diskConflict = filteredBy('Unschedulable', VolumeRestrictionsReasons.diskConflict);

/** The four cases TestGCEDiskConflicts, TestAWSDiskConflicts, TestRBDDiskConflicts and TestISCSIDiskConflicts share. */
function diskConflictCases(volState: Volume, volState2: Volume): [string, Pod, Pod[], Outcome][] {
  return [
    ['nothing', makePod('p', []), [], skips],
    ['one state', makePod('p', []), [onNode(withVolume('e', volState))], skips],
    ['same state', withVolume('p', volState), [onNode(withVolume('e', volState))], diskConflict],
    ['different state', withVolume('p', volState2), [onNode(withVolume('e', volState))], passes],
  ];
}

describe("Kubernetes' TestGCEDiskConflicts", () => {
  const volState: Volume = { name: 'v', gcePersistentDisk: { pdName: 'foo' } };
  const volState2: Volume = { name: 'v', gcePersistentDisk: { pdName: 'bar' } };
  const cases: [string, Pod, Pod[], Outcome][] = [
    ...diskConflictCases(volState, volState2),
    ["pod with a volume that doesn't have restrictions", withVolume('p', { name: 'volume with no restriction' }), [], skips],
  ];
  it.each(cases)('%s', (_name, pod, existing, want) => {
    expect(restrictions(pod, existing)).toEqual(want);
  });

  it('the same disk mounted read-only by both pods does not conflict', () => {
    const readOnly: Volume = { name: 'v', gcePersistentDisk: { pdName: 'foo', readOnly: true } };
    expect(restrictions(withVolume('p', readOnly), [onNode(withVolume('e', readOnly))])).toEqual(passes);
    expect(restrictions(withVolume('p', readOnly), [onNode(withVolume('e', volState))])).toEqual(diskConflict);
  });
});

describe("Kubernetes' TestAWSDiskConflicts", () => {
  const cases = diskConflictCases({ name: 'v', awsElasticBlockStore: { volumeID: 'foo' } }, { name: 'v', awsElasticBlockStore: { volumeID: 'bar' } });
  it.each(cases)('%s', (_name, pod, existing, want) => {
    expect(restrictions(pod, existing)).toEqual(want);
  });

  it('the same EBS volume conflicts even when both mount it read-only', () => {
    const readOnly: Volume = { name: 'v', awsElasticBlockStore: { volumeID: 'foo', readOnly: true } };
    expect(restrictions(withVolume('p', readOnly), [onNode(withVolume('e', readOnly))])).toEqual(diskConflict);
  });
});

describe("Kubernetes' TestRBDDiskConflicts", () => {
  const cases = diskConflictCases(
    { name: 'v', rbd: { monitors: ['a', 'b'], pool: 'foo', image: 'bar' } },
    { name: 'v', rbd: { monitors: ['c', 'd'], pool: 'foo', image: 'bar' } },
  );
  it.each(cases)('%s', (_name, pod, existing, want) => {
    expect(restrictions(pod, existing)).toEqual(want);
  });

  it('one monitor in common is enough; a pool left out is the default rbd', () => {
    const existing = onNode(withVolume('e', { name: 'v', rbd: { monitors: ['a', 'b'], pool: 'rbd', image: 'bar' } }));
    expect(restrictions(withVolume('p', { name: 'v', rbd: { monitors: ['b', 'z'], image: 'bar' } }), [existing])).toEqual(diskConflict);
  });
});

describe("Kubernetes' TestISCSIDiskConflicts", () => {
  const cases = diskConflictCases(
    { name: 'v', iscsi: { targetPortal: '127.0.0.1:3260', iqn: 'iqn.2016-12.server:storage.target01', lun: 0 } },
    { name: 'v', iscsi: { targetPortal: '127.0.0.1:3260', iqn: 'iqn.2017-12.server:storage.target01', lun: 0 } },
  );
  it.each(cases)('%s', (_name, pod, existing, want) => {
    expect(restrictions(pod, existing)).toEqual(want);
  });
});

describe("Kubernetes' TestAccessModeConflicts", () => {
  const inDefault = (name: string, ...claims: string[]) =>
    onNode(
      makePod(
        name,
        claims.map((claim) => pvcVolume(claim)),
      ),
    );
  const podWithOnePVC = inDefault('pod-with-one-pvc', 'claim-with-rwop-1');
  const podWithTwoPVCs = inDefault('pod-with-two-pvcs', 'claim-with-rwop-1', 'claim-with-rwop-2');
  const podWithOneConflict = inDefault('pod-with-one-conflict', 'claim-with-rwop-1');
  const podWithTwoConflicts = inDefault('pod-with-two-conflicts', 'claim-with-rwop-1', 'claim-with-rwop-2');
  const podWithReadWriteManyPVC = inDefault('pod-with-rwx', 'claim-with-rwx');
  const claim = (name: string, mode: string): PersistentVolumeClaim => ({ metadata: { name, namespace: 'default' }, spec: { accessModes: [mode] } });
  const readWriteOncePodPVC1 = claim('claim-with-rwop-1', 'ReadWriteOncePod');
  const readWriteOncePodPVC2 = claim('claim-with-rwop-2', 'ReadWriteOncePod');
  const readWriteManyPVC = claim('claim-with-rwx', 'ReadWriteMany');
  const rwopConflict = filteredBy('Unschedulable', VolumeRestrictionsReasons.readWriteOncePodConflict);

  const cases: [string, Pod, Pod[], PersistentVolumeClaim[], Outcome][] = [
    ['nothing', makePod('p', []), [], [], skips],
    ['failed to get PVC', podWithOnePVC, [], [], rejectedBy('UnschedulableAndUnresolvable', 'persistentvolumeclaim "claim-with-rwop-1" not found')],
    ['no access mode conflict', podWithOnePVC, [podWithReadWriteManyPVC], [readWriteOncePodPVC1, readWriteManyPVC], skips],
    [
      'access mode conflict, unschedulable',
      podWithOneConflict,
      [podWithOnePVC, podWithReadWriteManyPVC],
      [readWriteOncePodPVC1, readWriteManyPVC],
      rwopConflict,
    ],
    [
      'two conflicts, unschedulable',
      podWithTwoConflicts,
      [podWithTwoPVCs, podWithReadWriteManyPVC],
      [readWriteOncePodPVC1, readWriteOncePodPVC2, readWriteManyPVC],
      rwopConflict,
    ],
  ];
  it.each(cases)('%s', (_name, pod, existing, claims, want) => {
    expect(restrictions(pod, existing, claims)).toEqual(want);
  });

  it('a ReadWriteOncePod claim in use on another node conflicts on every node, and the details name the pod using it', () => {
    const other = makeNode('node-2');
    const user: Pod = { ...podWithOnePVC, spec: { ...podWithOnePVC.spec, containers: [], nodeName: 'node-2' } };
    const snapshot = makeSnapshot([node, other], [user], { claims: [readWriteOncePodPVC1] });
    const preFilter = volumeRestrictionsPreFilter(podWithOneConflict, snapshot);
    expect(preFilter.kind).toBe('run');
    if (preFilter.kind !== 'run') return;
    const status = volumeRestrictionsFilter(preFilter.state, podWithOneConflict, node, snapshot);
    expect(status?.details.map((detail) => detail.message)).toEqual([
      'PersistentVolumeClaim claim-with-rwop-1 has access mode ReadWriteOncePod and is in use by pod default/pod-with-one-pvc on node-2',
    ]);
  });

  // RemovePod (preFilterState.updateWithPod with -1): a victim using the claim takes its use with it.
  it('with the pods using a ReadWriteOncePod claim taken off their node, the claim is no conflict', () => {
    const other = makeNode('node-2');
    const user: Pod = { ...podWithOnePVC, spec: { ...podWithOnePVC.spec, containers: [], nodeName: 'node-2' } };
    const snapshot = makeSnapshot([node, other], [user], { claims: [readWriteOncePodPVC1] });
    const preFilter = volumeRestrictionsPreFilter(podWithOneConflict, snapshot);
    if (preFilter.kind !== 'run') throw new Error('expected the PreFilter to run');
    const filterWith = (state: typeof preFilter.state) => volumeRestrictionsFilter(state, podWithOneConflict, node, snapshot)?.reasons;
    expect(filterWith(volumeRestrictionsWithout(preFilter.state, node, [user]))).toEqual([VolumeRestrictionsReasons.readWriteOncePodConflict]);
    expect(filterWith(volumeRestrictionsWithout(preFilter.state, other, [user]))).toBeUndefined();
  });

  it('a claim of the same name in another namespace is another claim', () => {
    const elsewhere = onNode(makePod('other-ns', [pvcVolume('claim-with-rwop-1')], { namespace: 'team-b' }));
    expect(restrictions(podWithOneConflict, [elsewhere], [readWriteOncePodPVC1])).toEqual(skips);
  });
});

describe('VolumeRestrictions details', () => {
  it('name the volume, the disk and the pod using it', () => {
    const disk: Volume = { name: 'data', gcePersistentDisk: { pdName: 'foo' } };
    const existing = onNode(makePod('holder', [disk], { namespace: 'team-a' }));
    const pod = withVolume('p', disk);
    const snapshot = makeSnapshot([node], [existing]);
    const preFilter = volumeRestrictionsPreFilter(pod, snapshot);
    if (preFilter.kind !== 'run') throw new Error('PreFilter should run');
    expect(volumeRestrictionsFilter(preFilter.state, pod, node, snapshot)?.details).toEqual([
      { code: 'VolumeConflict', message: 'volume data: GCE persistent disk foo is in use by pod team-a/holder on the node' },
    ]);
  });
});
