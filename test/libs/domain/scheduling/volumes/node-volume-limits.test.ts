import { describe, expect, it } from 'vitest';
import type { Pod } from '@taintgate/domain';
import type { Volume } from '../../../../../libs/domain/src/types';
import {
  maxVolumeCountExceeded,
  nodeVolumeLimitsFilter,
  nodeVolumeLimitsPreFilter,
} from '../../../../../libs/domain/src/scheduling/volumes/node-volume-limits';
import type { CSINode, PersistentVolume, PersistentVolumeClaim } from '../../../../../libs/domain/src/storage/storage-objects';
import { type Outcome, filteredBy, makeNode, makePod, makeSnapshot, outcomeOf, passes, pvcVolume, skips } from './volume-fixtures';

// The fixtures of Kubernetes' TestCSILimits (getFakeCSIPVLister, getFakeCSIPVCLister,
// getFakeCSIStorageClassLister, getNodeWithPodAndVolumeLimits).
const nodeName = 'node-for-max-pd-test-1';
const ebs = 'ebs.csi.aws.com';
const gce = 'pd.csi.storage.gke.io';
const awsInTree = 'kubernetes.io/aws-ebs';
const hostpathInTree = 'kubernetes.io/hostpath';
const scName = 'csi-sc';

function fakePVs(drivers: string[]): PersistentVolume[] {
  return drivers.flatMap((driver) =>
    [0, 1, 2, 3].map((j) => {
      const handle = `csi-${driver}-${j}`;
      const source =
        driver === awsInTree
          ? { awsElasticBlockStore: { volumeID: handle } }
          : driver === hostpathInTree
            ? { hostPath: { path: '/tmp' } }
            : { csi: { driver, volumeHandle: handle } };
      return { metadata: { name: handle }, spec: source };
    }),
  );
}

function fakePVCs(drivers: string[]): PersistentVolumeClaim[] {
  return [
    ...drivers.flatMap((driver) => [0, 1, 2, 3].map((j) => ({ metadata: { name: `csi-${driver}-${j}` }, spec: { volumeName: `csi-${driver}-${j}` } }))),
    { metadata: { name: 'csi-4' }, spec: { storageClassName: scName } },
    { metadata: { name: 'csi-5' }, spec: {} },
    // A claim with a missing PV but an available class.
    { metadata: { name: 'csi-6' }, spec: { storageClassName: scName, volumeName: 'missing-in-action' } },
  ];
}

type LimitSource = 'csinode' | 'csinode-with-no-limit' | 'none';

function fakeCSINode(limitSource: LimitSource, limit: number, drivers: string[]): CSINode[] {
  if (limitSource === 'none') return [];
  return [
    {
      metadata: { name: nodeName },
      spec: { drivers: drivers.map((name) => ({ name, nodeID: nodeName, ...(limitSource === 'csinode' ? { allocatable: { count: limit } } : {}) })) },
    },
  ];
}

const claimPod = (...claims: string[]) =>
  makePod(
    'p',
    claims.map((claim, i) => pvcVolume(claim, `vol-${i}`)),
  );
const runningPod = claimPod(`csi-${ebs}-3`);
const pendingVolumePod = claimPod('csi-4');
// Another pod than pendingVolumePod, using the same unbound claim.
const unboundPVCPod2 = claimPod('csi-4');
const missingPVPod = claimPod('csi-6');
const noSCPVCPod = claimPod('csi-5');
const gceTwoVolPod = claimPod(`csi-${gce}-1`, `csi-${gce}-2`);
const inTreeOneVolPod = claimPod(`csi-${awsInTree}-0`);
const inTreeTwoVolPod = claimPod(`csi-${awsInTree}-1`, `csi-${awsInTree}-2`);
const csiEBSOneVolPod = claimPod(`csi-${ebs}-0`);
const csiEBSTwoVolPod = claimPod(`csi-${ebs}-1`, `csi-${ebs}-2`);
const inTreeNonMigratableOneVolPod = claimPod(`csi-${hostpathInTree}-0`);
const inTreeInlineVolPod = makePod('p', [{ name: 'v', awsElasticBlockStore: { volumeID: 'aws-inline1' } }]);

const ephemeral = (name: string): Volume => ({ name, ephemeral: {} });
const ephemeralVolumePod = makePod('abc', [ephemeral('xyz')], { namespace: 'test', uid: '12345' });
const ownedBy = (name: string, uid: string, podName = 'abc'): PersistentVolumeClaim => ({
  metadata: { name, namespace: 'test', ownerReferences: [{ kind: 'Pod', name: podName, uid, controller: true }] },
  spec: { storageClassName: scName },
});
const ephemeralClaim = ownedBy('abc-xyz', '12345');
const conflictingClaim: PersistentVolumeClaim = { ...ephemeralClaim, metadata: { name: 'abc-xyz', namespace: 'test' } };
const ephemeralTwoVolumePod = makePod('abc', [ephemeral('x'), ephemeral('y')], { namespace: 'test', uid: '12345II' });
const ephemeralClaimX = ownedBy('abc-x', '12345II');
const ephemeralClaimY = ownedBy('abc-y', '12345II');
const onlyConfigmapAndSecretVolPod = makePod('p', [
  { name: 'cm', configMap: {} },
  { name: 's', secret: {} },
]);
const pvcPodWithConfigmapAndSecret = makePod('p', [{ name: 'cm', configMap: {} }, { name: 's', secret: {} }, pvcVolume(`csi-${ebs}-0`)]);
const ephemeralPodWithConfigmapAndSecret = makePod('abc', [{ name: 'cm', configMap: {} }, { name: 's', secret: {} }, ephemeral('xyz')], { namespace: 'test' });

interface LimitsCase {
  newPod: Pod;
  existingPods?: Pod[];
  extraClaims?: PersistentVolumeClaim[];
  maxVols?: number;
  driverNames: string[];
  limitSource: LimitSource;
  want: Outcome;
}

function limits(test: LimitsCase): Outcome {
  const node = makeNode(nodeName);
  const existing = (test.existingPods ?? []).map((pod) => ({ ...pod, spec: { ...pod.spec, containers: [], nodeName } }));
  const snapshot = makeSnapshot([node], existing, {
    volumes: fakePVs(test.driverNames),
    claims: [...fakePVCs(test.driverNames), ...(test.extraClaims ?? [])],
    classes: [{ metadata: { name: scName }, provisioner: test.driverNames[0] ?? '' }],
    csiNodes: fakeCSINode(test.limitSource, test.maxVols ?? 0, test.driverNames),
  });
  return outcomeOf(nodeVolumeLimitsPreFilter(test.newPod, snapshot), (state) => nodeVolumeLimitsFilter(state, test.newPod, node, snapshot));
}

const exceeded = filteredBy('Unschedulable', maxVolumeCountExceeded);

// Kubernetes' TestCSILimits, the cases that apply. Left out:
// - "should count VolumeAttachments towards volume limit when no pods exist" and "should schedule pod
//   when VolumeAttachments count does not exceed limit": the snapshot holds no VolumeAttachments.
// - the in-tree migration cases ("should count in-tree volumes if migration is enabled", "should count
//   unbound in-tree volumes if migration is enabled", "should count in-tree inline volumes if migration is
//   enabled", "should count in-tree and csi volumes if migration is enabled (when scheduling in-tree
//   volumes)", "should count in-tree, inline and csi volumes if migration is enabled (when scheduling
//   in-tree volumes)", "should not count in-tree, inline and csi volumes if migration is enabled (when
//   scheduling in-tree volumes)", "should count in-tree and csi volumes if migration is enabled (when
//   scheduling csi volumes)", "don't skip Filter when the pod has inline migratable volumes"): the
//   translation of in-tree volumes to CSI is not modelled (node-volume-limits.ts says which volumes).
describe("Kubernetes' TestCSILimits", () => {
  const cases: [string, LimitsCase][] = [
    [
      'fits when node volume limit >= new pods CSI volume',
      { newPod: csiEBSOneVolPod, existingPods: [runningPod, csiEBSTwoVolPod], maxVols: 4, driverNames: [ebs], limitSource: 'csinode', want: passes },
    ],
    [
      "doesn't when node volume limit <= pods CSI volume",
      { newPod: csiEBSOneVolPod, existingPods: [runningPod, csiEBSTwoVolPod], maxVols: 2, driverNames: [ebs], limitSource: 'csinode', want: exceeded },
    ],
    [
      'should when driver does not support volume limits',
      {
        newPod: csiEBSOneVolPod,
        existingPods: [runningPod, csiEBSTwoVolPod],
        maxVols: 2,
        driverNames: [ebs],
        limitSource: 'csinode-with-no-limit',
        want: passes,
      },
    ],
    [
      'count pending PVCs towards volume limit <= pods CSI volume',
      { newPod: csiEBSOneVolPod, existingPods: [pendingVolumePod, csiEBSTwoVolPod], maxVols: 2, driverNames: [ebs], limitSource: 'csinode', want: exceeded },
    ],
    [
      'count multiple pending pvcs towards volume limit >= pods CSI volume',
      {
        newPod: csiEBSOneVolPod,
        existingPods: [pendingVolumePod, unboundPVCPod2, csiEBSTwoVolPod],
        maxVols: 4,
        driverNames: [ebs],
        limitSource: 'csinode',
        want: passes,
      },
    ],
    [
      'should count PVCs with invalid PV name but valid SC',
      { newPod: csiEBSOneVolPod, existingPods: [missingPVPod, csiEBSTwoVolPod], maxVols: 2, driverNames: [ebs], limitSource: 'csinode', want: exceeded },
    ],
    [
      "don't count pvcs with missing SC towards volume limit",
      { newPod: csiEBSOneVolPod, existingPods: [runningPod, noSCPVCPod], maxVols: 2, driverNames: [ebs], limitSource: 'csinode', want: passes },
    ],
    [
      'count pvcs with the same type towards volume limit',
      { newPod: csiEBSOneVolPod, existingPods: [gceTwoVolPod, csiEBSTwoVolPod], maxVols: 2, driverNames: [ebs, gce], limitSource: 'csinode', want: exceeded },
    ],
    [
      "don't count pvcs with different type towards volume limit",
      { newPod: gceTwoVolPod, existingPods: [csiEBSTwoVolPod, runningPod], maxVols: 2, driverNames: [ebs, gce], limitSource: 'csinode', want: passes },
    ],
    // Upstream the PreFilter runs (an inline EBS volume is migratable) and the Filter passes (no CSINode,
    // so no migration); here the volume is not counted at all, so the PreFilter skips.
    ['nil csi node', { newPod: inTreeInlineVolPod, existingPods: [inTreeTwoVolPod], driverNames: [awsInTree, ebs], limitSource: 'none', want: skips }],
    [
      'should not limit pod if volume used does not report limits',
      {
        newPod: inTreeOneVolPod,
        existingPods: [inTreeTwoVolPod],
        maxVols: 2,
        driverNames: [awsInTree, ebs],
        limitSource: 'csinode-with-no-limit',
        want: passes,
      },
    ],
    [
      'should not count non-migratable in-tree volumes',
      {
        newPod: inTreeNonMigratableOneVolPod,
        existingPods: [csiEBSTwoVolPod],
        maxVols: 2,
        driverNames: [hostpathInTree, ebs],
        limitSource: 'csinode',
        want: passes,
      },
    ],
    // Upstream's fake lister words the NotFound `persistentvolumeclaims "abc-xyz" not found`; the informer
    // lister kube-scheduler runs with names the resource in the singular.
    [
      'ephemeral volume missing',
      {
        newPod: ephemeralVolumePod,
        driverNames: [ebs],
        limitSource: 'csinode-with-no-limit',
        want: filteredBy('UnschedulableAndUnresolvable', 'looking up PVC test/abc-xyz: persistentvolumeclaim "abc-xyz" not found'),
      },
    ],
    // An error upstream (framework.AsStatus), which aborts the scheduling attempt with this message.
    [
      'ephemeral volume not owned',
      {
        newPod: ephemeralVolumePod,
        extraClaims: [conflictingClaim],
        driverNames: [ebs],
        limitSource: 'csinode-with-no-limit',
        want: filteredBy('UnschedulableAndUnresolvable', 'PVC test/abc-xyz was not created for pod test/abc (pod is not owner)'),
      },
    ],
    [
      'ephemeral volume unbound',
      { newPod: ephemeralVolumePod, extraClaims: [ephemeralClaim], driverNames: [ebs], limitSource: 'csinode-with-no-limit', want: passes },
    ],
    [
      "ephemeral doesn't when node volume limit <= pods CSI volume",
      {
        newPod: ephemeralVolumePod,
        extraClaims: [ephemeralClaim],
        existingPods: [runningPod, csiEBSTwoVolPod],
        maxVols: 2,
        driverNames: [ebs],
        limitSource: 'csinode',
        want: exceeded,
      },
    ],
    [
      "ephemeral doesn't when node volume limit <= pods ephemeral CSI volume",
      {
        newPod: csiEBSOneVolPod,
        extraClaims: [ephemeralClaimX, ephemeralClaimY],
        existingPods: [runningPod, ephemeralTwoVolumePod],
        maxVols: 2,
        driverNames: [ebs],
        limitSource: 'csinode',
        want: exceeded,
      },
    ],
    // The ephemeral volume feature gate is gone (generic ephemeral volumes are GA): disabled or not, the same.
    [
      "persistent doesn't when node volume limit <= pods ephemeral CSI volume + persistent volume, ephemeral disabled",
      {
        newPod: csiEBSOneVolPod,
        extraClaims: [ephemeralClaim],
        existingPods: [runningPod, ephemeralVolumePod, csiEBSTwoVolPod],
        maxVols: 3,
        driverNames: [ebs],
        limitSource: 'csinode',
        want: exceeded,
      },
    ],
    [
      "persistent doesn't when node volume limit <= pods ephemeral CSI volume + persistent volume",
      {
        newPod: csiEBSOneVolPod,
        extraClaims: [ephemeralClaim],
        existingPods: [runningPod, ephemeralVolumePod, csiEBSTwoVolPod],
        maxVols: 3,
        driverNames: [ebs],
        limitSource: 'csinode',
        want: exceeded,
      },
    ],
    [
      'persistent okay when node volume limit > pods ephemeral CSI volume + persistent volume',
      {
        newPod: csiEBSOneVolPod,
        extraClaims: [ephemeralClaim],
        existingPods: [runningPod, ephemeralVolumePod, csiEBSTwoVolPod],
        maxVols: 5,
        driverNames: [ebs],
        limitSource: 'csinode',
        want: passes,
      },
    ],
    [
      'skip Filter when the pod only uses secrets and configmaps',
      { newPod: onlyConfigmapAndSecretVolPod, maxVols: 2, driverNames: [ebs], limitSource: 'csinode', want: skips },
    ],
    ["don't skip Filter when the pod has pvcs", { newPod: pvcPodWithConfigmapAndSecret, maxVols: 2, driverNames: [ebs], limitSource: 'csinode', want: passes }],
    [
      "don't skip Filter when the pod has ephemeral volumes",
      {
        newPod: ephemeralPodWithConfigmapAndSecret,
        driverNames: [ebs],
        limitSource: 'csinode-with-no-limit',
        want: filteredBy('UnschedulableAndUnresolvable', 'looking up PVC test/abc-xyz: persistentvolumeclaim "abc-xyz" not found'),
      },
    ],
  ];
  it.each(cases)('%s', (_name, test) => {
    expect(limits(test)).toEqual(test.want);
  });
});

describe('NodeVolumeLimits details', () => {
  it('name the driver, the volumes attached, the new ones and the limit', () => {
    const node = makeNode(nodeName);
    const existing = [runningPod, csiEBSTwoVolPod].map((pod, i) => ({
      ...pod,
      metadata: { ...pod.metadata, name: `e${i}` },
      spec: { ...pod.spec, containers: [], nodeName },
    }));
    const newPod = claimPod(`csi-${ebs}-0`, `csi-${ebs}-1`);
    const snapshot = makeSnapshot([node], existing, { volumes: fakePVs([ebs]), claims: fakePVCs([ebs]), csiNodes: fakeCSINode('csinode', 3, [ebs]) });
    // csi-…-1 is attached already: only csi-…-0 takes a new slot, 3 + 1 > 3.
    expect(nodeVolumeLimitsFilter(undefined, newPod, node, snapshot)?.details).toEqual([
      { code: 'VolumeLimitExceeded', message: `CSI driver ${ebs}: 3 volume(s) attached on the node and 1 more for the pod exceed the node's limit of 3` },
    ]);
  });
});
