import { describe, expect, it } from 'vitest';
import type { Node, Pod } from '../../../../../libs/domain/src/types';
import { snapshotOf } from '../../../../../libs/domain/src/scheduling/framework/scheduling-snapshot';
import { addToAffinityPodIndex, affinityPodIndexOf } from '../../../../../libs/domain/src/scheduling/inter-pod-affinity/affinity-pod-index';
import { podOrdinal } from '../../../../../libs/domain/src/scheduling/framework/pod-label-index';
import { makePod, node } from './pod-wrapper';

describe('affinityPodIndexOf (NodeInfo.PodsWithAffinity, PodsWithRequiredAntiAffinity and the snapshot lists)', () => {
  const plain = makePod().name('plain').node('n1').obj();
  const affinity = makePod().name('affinity').node('n1').podAffinityExists('a', 'zone', 'preferred').obj();
  const anti = makePod().name('anti').node('n2').podAntiAffinityExists('a', 'zone', 'required').obj();
  const emptyAnti: Pod = { metadata: { name: 'empty-anti' }, spec: { nodeName: 'n3', affinity: { podAntiAffinity: {} } } };
  const nodes = [node('n1'), node('n2'), node('n3'), node('n4')];
  const index = affinityPodIndexOf(snapshotOf(nodes, [plain, affinity, anti, emptyAnti]));

  it('groups the pods with any pod affinity by their namespace and terms, members in the snapshot order', () => {
    const twin = makePod().name('twin').node('n4').podAffinityExists('a', 'zone', 'preferred').obj();
    const other = makePod().name('other').namespace('other').node('n1').podAffinityExists('a', 'zone', 'preferred').obj();
    const grouped = affinityPodIndexOf(snapshotOf(nodes, [plain, affinity, anti, emptyAnti, twin, other]));
    const members = grouped.affinityGroups.map((g) => g.members.map((m) => [m.pod.metadata.name, m.node.metadata.name, m.ordinal]));
    expect(members).toEqual([
      [
        ['affinity', 'n1', podOrdinal(0, 1)],
        ['twin', 'n4', podOrdinal(3, 0)],
      ],
      [['other', 'n1', podOrdinal(0, 2)]],
      [['anti', 'n2', podOrdinal(1, 0)]],
      [['empty-anti', 'n3', podOrdinal(2, 0)]],
    ]);
    expect(index.affinityGroups.flatMap((g) => g.members.map((m) => m.pod))).toEqual([affinity, anti, emptyAnti]);
  });

  it('takes a pod bound later into its group, or a new group kept apart when it has required anti-affinity', () => {
    const kept = affinityPodIndexOf(snapshotOf(nodes, [plain, affinity]));
    const twin = makePod().name('twin').node('n4').podAffinityExists('a', 'zone', 'preferred').obj();
    addToAffinityPodIndex(kept, nodes[3] as Node, twin, podOrdinal(3, 0));
    addToAffinityPodIndex(kept, nodes[1] as Node, anti, podOrdinal(1, 0));
    addToAffinityPodIndex(kept, nodes[0] as Node, plain, podOrdinal(0, 0));
    expect(kept.affinityGroups.map((g) => g.members.map((m) => m.pod.metadata.name))).toEqual([['affinity', 'twin'], ['anti']]);
    expect(kept.requiredAntiAffinityGroups.map((g) => g.members.map((m) => m.pod))).toEqual([[anti]]);
  });

  it('keeps apart the groups with required anti-affinity', () => {
    expect(index.requiredAntiAffinityGroups.map((g) => g.members.map((m) => m.pod))).toEqual([[anti]]);
    expect(index.requiredAntiAffinityGroups[0]?.terms.requiredAntiAffinity).toHaveLength(1);
  });
});
