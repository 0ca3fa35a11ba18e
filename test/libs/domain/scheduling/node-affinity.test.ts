import { describe, expect, it } from 'vitest';
import { type Node, type NodeSelectorRequirement, type NodeSelectorTerm, type Pod, evaluateNodeAffinity, labelRequirementMiss } from '@taintgate/domain';

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
