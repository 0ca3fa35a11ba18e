import { describe, expect, it } from 'vitest';
import type { Pod } from '../../../../../libs/domain/src/types';
import { snapshotOf } from '../../../../../libs/domain/src/scheduling/framework/scheduling-snapshot';
import { affinityPodIndexOf } from '../../../../../libs/domain/src/scheduling/inter-pod-affinity/affinity-pod-index';
import { makePod, node } from './pod-wrapper';

describe('affinityPodIndexOf (NodeInfo.PodsWithAffinity, PodsWithRequiredAntiAffinity and the snapshot lists)', () => {
  const plain = makePod().name('plain').node('n1').obj();
  const affinity = makePod().name('affinity').node('n1').podAffinityExists('a', 'zone', 'preferred').obj();
  const anti = makePod().name('anti').node('n2').podAntiAffinityExists('a', 'zone', 'required').obj();
  const emptyAnti: Pod = { metadata: { name: 'empty-anti' }, spec: { nodeName: 'n3', affinity: { podAntiAffinity: {} } } };
  const nodes = [node('n1'), node('n2'), node('n3'), node('n4')];
  const index = affinityPodIndexOf(snapshotOf(nodes, [plain, affinity, anti, emptyAnti]));

  it('lists the nodes with pods with any pod affinity, in name order, and those pods', () => {
    expect(index.nodesWithAffinityPods.map((n) => n.metadata.name)).toEqual(['n1', 'n2', 'n3']);
    expect(index.affinityPodsOn('n1')).toEqual([affinity]);
    expect(index.affinityPodsOn('n3')).toEqual([emptyAnti]);
    expect(index.affinityPodsOn('n4')).toEqual([]);
  });

  it('lists the nodes with pods with required anti-affinity, and those pods', () => {
    expect(index.nodesWithRequiredAntiAffinityPods.map((n) => n.metadata.name)).toEqual(['n2']);
    expect(index.requiredAntiAffinityPodsOn('n2')).toEqual([anti]);
    expect(index.requiredAntiAffinityPodsOn('n1')).toEqual([]);
  });
});
