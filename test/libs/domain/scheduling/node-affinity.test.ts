import { describe, expect, it } from 'vitest';
import type { Node, Pod } from '@taintgate/domain';
import {
  type NodeAffinityPreFilter,
  evaluateNodeAffinity,
  labelRequirementMiss,
  nodeAffinityPreFilter,
} from '../../../../libs/domain/src/scheduling/node-affinity';
import type { NodeSelectorRequirement, NodeSelectorTerm } from '../../../../libs/domain/src/types';

const labels = { zone: 'a', cores: '16', gpu: '' };

describe('labelRequirementMiss (labels.Requirement.Matches)', () => {
  const cases: [string, NodeSelectorRequirement, boolean][] = [
    ['In: value listed', { key: 'zone', operator: 'In', values: ['a', 'b'] }, true],
    ['In: value not listed', { key: 'zone', operator: 'In', values: ['b'] }, false],
    ['In: label missing', { key: 'rack', operator: 'In', values: ['1'] }, false],
    ['In: empty label value listed', { key: 'gpu', operator: 'In', values: [''] }, true],
    ['NotIn: value not listed', { key: 'zone', operator: 'NotIn', values: ['b'] }, true],
    ['NotIn: value listed', { key: 'zone', operator: 'NotIn', values: ['a'] }, false],
    ['NotIn: label missing matches', { key: 'rack', operator: 'NotIn', values: ['1'] }, true],
    ['Exists', { key: 'gpu', operator: 'Exists' }, true],
    ['Exists: missing', { key: 'rack', operator: 'Exists' }, false],
    ['DoesNotExist', { key: 'rack', operator: 'DoesNotExist' }, true],
    ['DoesNotExist: present', { key: 'zone', operator: 'DoesNotExist' }, false],
    ['Gt: 16 > 8', { key: 'cores', operator: 'Gt', values: ['8'] }, true],
    ['Gt: 16 > 16 is false', { key: 'cores', operator: 'Gt', values: ['16'] }, false],
    ['Lt: 16 < 32', { key: 'cores', operator: 'Lt', values: ['32'] }, true],
    ['Gt: Go ParseInt accepts a leading zero and a plus', { key: 'cores', operator: 'Gt', values: ['+08'] }, true],
    ['Gt: label not an integer', { key: 'zone', operator: 'Gt', values: ['1'] }, false],
    ['Gt: label missing', { key: 'rack', operator: 'Gt', values: ['1'] }, false],
    ['Gt: two values never match', { key: 'cores', operator: 'Gt', values: ['1', '2'] }, false],
    ['unknown operator never matches', { key: 'zone', operator: 'Like', values: ['a'] }, false],
  ];
  it.each(cases)('%s', (_name, req, matches) => {
    expect(labelRequirementMiss(req, labels) === undefined).toBe(matches);
  });
});

describe('evaluateNodeAffinity', () => {
  const node: Node = { metadata: { name: 'n1', labels } };
  const withTerms = (nodeSelectorTerms: NodeSelectorTerm[], nodeSelector?: Record<string, string>): Pod => ({
    metadata: { name: 'p' },
    spec: { ...(nodeSelector ? { nodeSelector } : {}), affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms } } } },
  });

  it('ORs the terms', () => {
    const pod = withTerms([{ matchExpressions: [{ key: 'zone', operator: 'In', values: ['b'] }] }, { matchExpressions: [{ key: 'gpu', operator: 'Exists' }] }]);
    expect(evaluateNodeAffinity(pod, node).matches).toBe(true);
  });
  it('ANDs the requirements of a term and explains each miss of every term', () => {
    const pod = withTerms([
      {
        matchExpressions: [
          { key: 'zone', operator: 'In', values: ['b'] },
          { key: 'cores', operator: 'Lt', values: ['8'] },
        ],
      },
      { matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n2'] }] },
    ]);
    const verdict = evaluateNodeAffinity(pod, node);
    expect(verdict.matches).toBe(false);
    expect(verdict.affinityMisses.map((m) => m.field.replace(/^.*nodeSelectorTerms/, 'terms'))).toEqual([
      'terms[0].matchExpressions[0]',
      'terms[0].matchExpressions[1]',
      'terms[1].matchFields[0]',
    ]);
  });
  it('matchFields on metadata.name: In and NotIn', () => {
    expect(evaluateNodeAffinity(withTerms([{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n1'] }] }]), node).matches).toBe(true);
    expect(evaluateNodeAffinity(withTerms([{ matchFields: [{ key: 'metadata.name', operator: 'NotIn', values: ['n1'] }] }]), node).matches).toBe(false);
  });
  it('an empty term matches nothing, and no terms match nothing', () => {
    expect(evaluateNodeAffinity(withTerms([{}]), node).matches).toBe(false);
    expect(evaluateNodeAffinity(withTerms([]), node).matches).toBe(false);
    expect(evaluateNodeAffinity(withTerms([{}, { matchExpressions: [{ key: 'zone', operator: 'Exists' }] }]), node).matches).toBe(true);
  });
  it('needs nodeSelector and affinity both', () => {
    const pod = withTerms([{ matchExpressions: [{ key: 'zone', operator: 'Exists' }] }], { zone: 'b' });
    const verdict = evaluateNodeAffinity(pod, node);
    expect(verdict.matches).toBe(false);
    expect(verdict.nodeSelectorMisses).toHaveLength(1);
    expect(verdict.affinityMisses).toHaveLength(0);
  });
  it('a pod without selectors matches every node', () => {
    expect(evaluateNodeAffinity({ metadata: { name: 'p' } }, { metadata: { name: 'bare' } }).matches).toBe(true);
  });
});

// NodeAffinity.PreFilter (pkg/scheduler/framework/plugins/nodeaffinity/node_affinity.go); the cases
// named after TestNodeAffinity are the ones there that run PreFilter, with their wantPreFilterResult
// and wantPreFilterStatus.
describe('nodeAffinityPreFilter (NodeAffinity.PreFilter)', () => {
  const name = (operator: string, ...values: string[]): NodeSelectorRequirement => ({ key: 'metadata.name', operator, values });
  const required = (...nodeSelectorTerms: NodeSelectorTerm[]): Pod => ({
    metadata: { name: 'p' },
    spec: { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms } } } },
  });
  const fooBar: NodeSelectorRequirement = { key: 'foo', operator: 'In', values: ['bar'] };
  const names = (...nodeNames: string[]): NodeAffinityPreFilter => ({ outcome: 'nodeNames', nodeNames: new Set(nodeNames) });
  const allNodes: NodeAffinityPreFilter = { outcome: 'allNodes' };
  const conflict: NodeAffinityPreFilter = { outcome: 'conflict' };

  it.each<[string, Pod, NodeAffinityPreFilter]>([
    [
      'TestNodeAffinity "Pod with matchFields using In operator that matches the existing node"',
      required({ matchFields: [name('In', 'node1')] }),
      names('node1'),
    ],
    [
      'TestNodeAffinity "Pod with two terms: matchFields does not match, but matchExpressions matches"',
      required({ matchFields: [name('In', 'node1'), name('In', 'node2')] }, { matchExpressions: [fooBar] }),
      allNodes,
    ],
    [
      'TestNodeAffinity "Pod with one term: matchFields does not match, but matchExpressions matches"',
      required({ matchFields: [name('In', 'node1')], matchExpressions: [fooBar] }),
      names('node1'),
    ],
    [
      'TestNodeAffinity "Pod with two terms: both matchFields and matchExpressions do not match"',
      required({ matchFields: [name('In', 'node1')] }, { matchExpressions: [{ key: 'foo', operator: 'In', values: ['not-match-to-bar'] }] }),
      allNodes,
    ],
    [
      'TestNodeAffinity "Pod with two terms of node.Name affinity"',
      required({ matchFields: [name('In', 'node1')] }, { matchFields: [name('In', 'node2')] }),
      names('node1', 'node2'),
    ],
    ['TestNodeAffinity "Pod with two conflicting mach field requirements"', required({ matchFields: [name('In', 'node1'), name('In', 'node2')] }), conflict],
    ['requirements of a term share their names', required({ matchFields: [name('In', 'node1', 'node2'), name('In', 'node2', 'node3')] }), names('node2')],
    ['one In with several names names them all', required({ matchFields: [name('In', 'node1', 'node2')] }), names('node1', 'node2')],
    ['In without names: no node, a conflict', required({ matchFields: [name('In')] }), conflict],
    [
      'a conflicting term beside a naming one: only an empty union is a conflict',
      required({ matchFields: [name('In', 'a'), name('In', 'b')] }, { matchFields: [name('In', 'c')] }),
      names('c'),
    ],
    ['NotIn names no node', required({ matchFields: [name('NotIn', 'node1')] }), allNodes],
    ['a field other than metadata.name names no node', required({ matchFields: [{ key: 'metadata.uid', operator: 'In', values: ['x'] }] }), allNodes],
    ['NotIn beside In: the In names', required({ matchFields: [name('NotIn', 'node2'), name('In', 'node1')] }), names('node1')],
    ['no terms', required(), allNodes],
    ['no required node affinity', { metadata: { name: 'p' }, spec: { nodeSelector: { foo: 'bar' } } }, allNodes],
    ['no spec', { metadata: { name: 'p' } }, allNodes],
  ])('%s', (_name, pod, expected) => {
    expect(nodeAffinityPreFilter(pod)).toEqual(expected);
  });
});
