import { describe, expect, it } from 'vitest';
import type { NodeSelectorTerm } from '../../../../../libs/domain/src/types';
import { localVolumeNodeNames, volumeNodeAffinityMisses } from '../../../../../libs/domain/src/scheduling/volumes/volume-node-affinity';
import type { PersistentVolume } from '../../../../../libs/domain/src/storage/storage-objects';
import { makeNode } from './volume-fixtures';

const node = makeNode('node-1', { 'test-key1': 'test-value1', 'test-key2': 'test-value2' });
const withAffinity = (nodeAffinity: NonNullable<PersistentVolume['spec']>['nodeAffinity']): PersistentVolume => ({
  metadata: { name: 'test-constraints' },
  spec: nodeAffinity === undefined ? {} : { nodeAffinity },
});
const inTerm = (...requirements: [string, string[]][]): NodeSelectorTerm => ({
  matchExpressions: requirements.map(([key, values]) => ({ key, operator: 'In', values })),
});
const required = (...nodeSelectorTerms: NodeSelectorTerm[]) => withAffinity({ required: { nodeSelectorTerms } });

// Kubernetes' TestCheckVolumeNodeAffinity (component-helpers storage/volume), case by case.
describe("Kubernetes' TestCheckVolumeNodeAffinity", () => {
  const cases: [string, PersistentVolume, boolean][] = [
    ['valid-nil', withAffinity(undefined), true],
    ['valid-no-constraints', withAffinity({}), true],
    ['select-nothing', withAffinity({ required: { nodeSelectorTerms: [] } }), false],
    ['select-nothing-empty-terms', required({ matchExpressions: [] }), false],
    ['valid-multiple-terms', required(inTerm(['test-key3', ['test-value1', 'test-value3']]), inTerm(['test-key2', ['test-value0', 'test-value2']])), true],
    ['valid-multiple-match-expressions', required(inTerm(['test-key1', ['test-value1', 'test-value3']], ['test-key2', ['test-value0', 'test-value2']])), true],
    [
      'invalid-multiple-match-expressions-key',
      required(inTerm(['test-key1', ['test-value1', 'test-value3']], ['test-key3', ['test-value0', 'test-value2']])),
      false,
    ],
    [
      'invalid-multiple-match-expressions-values',
      required(inTerm(['test-key1', ['test-value3', 'test-value4']], ['test-key2', ['test-value0', 'test-value2']])),
      false,
    ],
    ['invalid-multiple-terms', required(inTerm(['test-key3', ['test-value1', 'test-value3']]), inTerm(['test-key2', ['test-value0', 'test-value1']])), false],
  ];
  it.each(cases)('%s', (_name, pv, matches) => {
    expect(volumeNodeAffinityMisses(pv, node).length === 0).toBe(matches);
  });
});

describe('volumeNodeAffinityMisses', () => {
  it('does not compare matchFields: the node is matched by its labels only', () => {
    const pv = required({ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['another-node'] }] });
    expect(volumeNodeAffinityMisses(pv, node)).toEqual([]);
  });

  it('a requirement that does not parse fails its term', () => {
    expect(volumeNodeAffinityMisses(required({ matchExpressions: [{ key: 'test-key1', operator: 'NotIn', values: [] }] }), node)).toEqual([
      "test-key1 NotIn: for 'in', 'notin' operators, values set can't be empty",
    ]);
    expect(volumeNodeAffinityMisses(required({ matchExpressions: [{ key: 'test-key1', operator: 'Exists', values: ['x'] }] }), node)).toHaveLength(1);
    expect(volumeNodeAffinityMisses(required({ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['a', 'b'] }] }), node)).toHaveLength(1);
  });

  it('lists the misses of every term, since they are ORed', () => {
    const pv = required(inTerm(['test-key3', ['x']]), inTerm(['test-key1', ['y']]));
    expect(volumeNodeAffinityMisses(pv, node)).toEqual(['test-key3 In [x]: node has no label test-key3', 'test-key1 In [y]: node has test-key1=test-value1']);
  });
});

// util.GetLocalPersistentVolumeNodeNames.
describe('localVolumeNodeNames', () => {
  const hostname = 'kubernetes.io/hostname';
  it('intersects the hostnames within a term and unites them across terms', () => {
    const pv = required(inTerm([hostname, ['a', 'b']], [hostname, ['b', 'c']]), inTerm([hostname, ['d']]), inTerm(['zone', ['z']]));
    expect(localVolumeNodeNames(pv)).toEqual(['b', 'd']);
  });
  it('names nothing without a hostname In requirement', () => {
    expect(localVolumeNodeNames(required({ matchExpressions: [{ key: hostname, operator: 'NotIn', values: ['a'] }] }))).toEqual([]);
    expect(localVolumeNodeNames(withAffinity(undefined))).toEqual([]);
  });
});
