import { describe, expect, it } from 'vitest';
import type { Node } from '@taintgate/domain';
import type {} from '../../../../../libs/domain/src/types';
import { volumeZoneConflict, volumeZoneFilter, volumeZonePreFilter } from '../../../../../libs/domain/src/scheduling/volumes/volume-zone';
import type { PersistentVolume, PersistentVolumeClaim, StorageClass } from '../../../../../libs/domain/src/storage/storage-objects';
import { type Outcome, filteredBy, makeNode, makePod, makeSnapshot, outcomeOf, passes, pvcVolume, rejectedBy, skips } from './volume-fixtures';

const betaZone = 'failure-domain.beta.kubernetes.io/zone';
const betaRegion = 'failure-domain.beta.kubernetes.io/region';
const zone = 'topology.kubernetes.io/zone';
const region = 'topology.kubernetes.io/region';

const pv = (name: string, labels: Record<string, string>): PersistentVolume => ({ metadata: { name, labels } });
const boundClaim = (name: string, volumeName: string): PersistentVolumeClaim => ({ metadata: { name, namespace: 'default' }, spec: { volumeName } });
/** createPodWithVolume. */
const podWithVolume = (claim: string) => makePod('pod_1', [pvcVolume(claim)]);

function zoneOutcome(
  claim: string | undefined,
  node: Node,
  storage: { volumes: PersistentVolume[]; claims: PersistentVolumeClaim[]; classes?: StorageClass[] },
): Outcome {
  const pod = claim === undefined ? makePod('pod_1', []) : podWithVolume(claim);
  const snapshot = makeSnapshot([node], [], storage);
  return outcomeOf(volumeZonePreFilter(pod, snapshot), (state) => volumeZoneFilter(state, pod, node, snapshot));
}

const conflict = filteredBy('UnschedulableAndUnresolvable', volumeZoneConflict);

describe("Kubernetes' TestSingleZone", () => {
  const storage = {
    volumes: [
      pv('Vol_1', { [betaZone]: 'us-west1-a' }),
      pv('Vol_2', { [betaRegion]: 'us-west1', uselessLabel: 'none' }),
      pv('Vol_3', { [betaRegion]: 'us-west1' }),
      pv('Vol_Stable_1', { [zone]: 'us-west1-a' }),
      pv('Vol_Stable_2', { [region]: 'us-west1', uselessLabel: 'none' }),
      pv('Vol_Stable_3', { [zone]: 'us-west1-a', [region]: 'us-west1-a' }),
    ],
    claims: [
      boundClaim('PVC_1', 'Vol_1'),
      boundClaim('PVC_2', 'Vol_2'),
      boundClaim('PVC_3', 'Vol_3'),
      boundClaim('PVC_4', 'Vol_not_exist'),
      boundClaim('PVC_Stable_1', 'Vol_Stable_1'),
      boundClaim('PVC_Stable_2', 'Vol_Stable_2'),
      boundClaim('PVC_Stable_3', 'Vol_Stable_3'),
    ],
  };
  const host1 = (labels: Record<string, string> = {}) => makeNode('host1', labels);
  const cases: [string, string | undefined, Node, Outcome][] = [
    ['pod without volume', undefined, host1({ [betaZone]: 'us-west1-a' }), skips],
    ['node without labels', 'PVC_1', host1(), passes],
    ['beta zone label matched', 'PVC_1', host1({ [betaZone]: 'us-west1-a', uselessLabel: 'none' }), passes],
    ['beta region label matched', 'PVC_2', host1({ [betaRegion]: 'us-west1', uselessLabel: 'none' }), passes],
    ["beta region label doesn't match", 'PVC_2', host1({ [betaRegion]: 'no_us-west1', uselessLabel: 'none' }), conflict],
    ["beta zone label doesn't match", 'PVC_1', host1({ [betaZone]: 'no_us-west1-a', uselessLabel: 'none' }), conflict],
    ['zone label matched', 'PVC_Stable_1', host1({ [zone]: 'us-west1-a', uselessLabel: 'none' }), passes],
    ['region label matched', 'PVC_Stable_2', host1({ [region]: 'us-west1', uselessLabel: 'none' }), passes],
    ["region label doesn't match", 'PVC_Stable_2', host1({ [region]: 'no_us-west1', uselessLabel: 'none' }), conflict],
    ["zone label doesn't match", 'PVC_Stable_1', host1({ [zone]: 'no_us-west1-a', uselessLabel: 'none' }), conflict],
    ['pv with zone and region, node with only zone', 'PVC_Stable_3', host1({ [zone]: 'us-west1-a' }), conflict],
    ['pv with zone,node with beta zone', 'PVC_Stable_1', host1({ [betaZone]: 'us-west1-a' }), conflict],
    ['pv with beta label,node with ga label, matched', 'PVC_1', host1({ [zone]: 'us-west1-a' }), passes],
    ["pv with beta label,node with ga label, don't match", 'PVC_1', host1({ [zone]: 'us-west1-b' }), conflict],
  ];
  it.each(cases)('%s', (_name, claim, node, want) => {
    expect(zoneOutcome(claim, node, storage)).toEqual(want);
  });
});

describe("Kubernetes' TestMultiZone", () => {
  const storage = {
    volumes: [
      pv('Vol_1', { [betaZone]: 'us-west1-a' }),
      pv('Vol_2', { [betaZone]: 'us-west1-b', uselessLabel: 'none' }),
      pv('Vol_3', { [betaZone]: 'us-west1-c__us-west1-a' }),
      pv('Vol_Stable_1', { [zone]: 'us-west1-a' }),
      pv('Vol_Stable_2', { [zone]: 'us-west1-c__us-west1-a' }),
    ],
    claims: [
      boundClaim('PVC_1', 'Vol_1'),
      boundClaim('PVC_2', 'Vol_2'),
      boundClaim('PVC_3', 'Vol_3'),
      boundClaim('PVC_4', 'Vol_not_exist'),
      boundClaim('PVC_Stable_1', 'Vol_Stable_1'),
      boundClaim('PVC_Stable_2', 'Vol_Stable_2'),
    ],
  };
  const host1 = (labels: Record<string, string> = {}) => makeNode('host1', labels);
  const cases: [string, string, Node, Outcome][] = [
    ['node without labels', 'PVC_3', host1(), passes],
    ['beta zone label matched', 'PVC_3', host1({ [betaZone]: 'us-west1-a', uselessLabel: 'none' }), passes],
    ["beta zone label doesn't match", 'PVC_1', host1({ [betaZone]: 'us-west1-b', uselessLabel: 'none' }), conflict],
    ['zone label matched', 'PVC_Stable_2', host1({ [zone]: 'us-west1-a', uselessLabel: 'none' }), passes],
    ["zone label doesn't match", 'PVC_Stable_1', host1({ [zone]: 'us-west1-b', uselessLabel: 'none' }), conflict],
  ];
  it.each(cases)('%s', (_name, claim, node, want) => {
    expect(zoneOutcome(claim, node, storage)).toEqual(want);
  });
});

describe("Kubernetes' TestWithBinding", () => {
  const storage = {
    classes: [
      // As upstream's fixture: a class without a volumeBindingMode (the API server would default it to Immediate).
      { metadata: { name: 'Class_Immediate' }, provisioner: 'p' },
      { metadata: { name: 'Class_Wait' }, provisioner: 'p', volumeBindingMode: 'WaitForFirstConsumer' },
    ],
    volumes: [pv('Vol_1', { [betaZone]: 'us-west1-a' })],
    claims: [
      boundClaim('PVC_1', 'Vol_1'),
      { metadata: { name: 'PVC_NoSC', namespace: 'default' }, spec: { storageClassName: 'Class_0' } },
      { metadata: { name: 'PVC_EmptySC', namespace: 'default' } },
      { metadata: { name: 'PVC_WaitSC', namespace: 'default' }, spec: { storageClassName: 'Class_Wait' } },
      { metadata: { name: 'PVC_ImmediateSC', namespace: 'default' }, spec: { storageClassName: 'Class_Immediate' } },
    ],
  };
  const testNode = makeNode('host1', { [betaZone]: 'us-west1-a', uselessLabel: 'none' });
  const cases: [string, string, Outcome][] = [
    ['label zone failure domain matched', 'PVC_1', passes],
    [
      'unbound volume empty storage class',
      'PVC_EmptySC',
      rejectedBy('UnschedulableAndUnresolvable', 'PersistentVolumeClaim had no pv name and storageClass name'),
    ],
    // Upstream rejects with the lister's NotFound (`storageclass.storage.k8s.io "Class_0" not found`);
    // the snapshot answers undefined for a class the twin does not hold, so the claim is left
    // unevaluated (unevaluatedClaims' UnknownClaim), as a class waiting for a first consumer would be.
    ['unbound volume no storage class', 'PVC_NoSC', skips],
    [
      'unbound volume immediate binding mode',
      'PVC_ImmediateSC',
      rejectedBy('UnschedulableAndUnresolvable', 'VolumeBindingMode not set for StorageClass "Class_Immediate"'),
    ],
    ['unbound volume wait binding mode', 'PVC_WaitSC', skips],
  ];
  it.each(cases)('%s', (_name, claim, want) => {
    expect(zoneOutcome(claim, testNode, storage)).toEqual(want);
  });

  it('an unbound claim of a class that binds Immediately has no volume yet', () => {
    const classes = [{ metadata: { name: 'Class_Immediate' }, provisioner: 'p', volumeBindingMode: 'Immediate' }];
    expect(zoneOutcome('PVC_ImmediateSC', testNode, { ...storage, classes })).toEqual(
      rejectedBy('UnschedulableAndUnresolvable', 'PersistentVolume had no name'),
    );
  });
});

describe('VolumeZone', () => {
  it('rejects a pod whose claim, or whose claim’s volume, does not exist, in the listers’ words', () => {
    const storage = { volumes: [], claims: [boundClaim('PVC_4', 'Vol_not_exist')] };
    const node = makeNode('host1', { [zone]: 'a' });
    expect(zoneOutcome('PVC_4', node, storage)).toEqual(rejectedBy('UnschedulableAndUnresolvable', 'persistentvolume "Vol_not_exist" not found'));
    expect(zoneOutcome('missing', node, storage)).toEqual(rejectedBy('UnschedulableAndUnresolvable', 'persistentvolumeclaim "missing" not found'));
  });

  it('ignores a label whose value lists an empty zone', () => {
    const storage = { volumes: [pv('Vol', { [zone]: 'a__' })], claims: [boundClaim('PVC', 'Vol')] };
    expect(zoneOutcome('PVC', makeNode('host1', { [zone]: 'b' }), storage)).toEqual(skips);
  });

  it('details name the volume, its zones and the node’s label', () => {
    const storage = { volumes: [pv('Vol_3', { [betaZone]: 'us-west1-c__us-west1-a', [region]: 'us-west1' })], claims: [boundClaim('PVC_3', 'Vol_3')] };
    const node = makeNode('host1', { [zone]: 'us-west1-b' });
    const pod = podWithVolume('PVC_3');
    const snapshot = makeSnapshot([node], [], storage);
    const preFilter = volumeZonePreFilter(pod, snapshot);
    if (preFilter.kind !== 'run') throw new Error('PreFilter should run');
    expect(volumeZoneFilter(preFilter.state, pod, node, snapshot)?.details.map((detail) => detail.message)).toEqual([
      `PersistentVolume Vol_3 is in ${betaZone} us-west1-c, us-west1-a; node has ${zone}=us-west1-b`,
      `PersistentVolume Vol_3 is in ${region} us-west1; node has no label ${region}`,
    ]);
  });
});
