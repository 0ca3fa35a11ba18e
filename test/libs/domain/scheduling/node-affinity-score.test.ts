import { describe, expect, it } from 'vitest';
import type { Node, Pod } from '@taintgate/domain';
import type { Affinity, PreferredSchedulingTerm } from '../../../../libs/domain/src/types';
import {
  nodeAffinityPreScore,
  nodeAffinityScores,
  nodeAffinityWeight,
  preferredNodeAffinityScore,
} from '../../../../libs/domain/src/scheduling/node-affinity-score';

const nodeWith = (name: string, labels: Record<string, string>): Node => ({ metadata: { name, labels } });
const podWith = (affinity?: Affinity): Pod => ({ metadata: { name: 'p', annotations: {} }, spec: affinity ? { affinity } : {} });
const preferring = (...terms: PreferredSchedulingTerm[]): Affinity => ({ nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: terms } });

describe('NodeAffinity weight (default_plugins.go)', () => {
  it('is 2', () => {
    expect(nodeAffinityWeight).toBe(2);
  });
});

// Kubernetes' TestNodeAffinityPriority (nodeaffinity/node_affinity_test.go), case by case. Left out:
// "added affinity" and "added affinity and pod has default affinity", which configure the plugin's
// addedAffinity (NodeAffinityArgs); the default profile sets none. "... even if PreScore is not
// called" is the same computation here.
describe('NodeAffinity Score + NormalizeScore (TestNodeAffinityPriority)', () => {
  const label1 = { foo: 'bar' };
  const label2 = { key: 'value' };
  const label3 = { az: 'az1' };
  const label4 = { abc: 'az11', def: 'az22' };
  const label5 = { foo: 'bar', key: 'value', az: 'az1' };

  const affinity1 = preferring({ weight: 2, preference: { matchExpressions: [{ key: 'foo', operator: 'In', values: ['bar'] }] } });
  const affinity2 = preferring(
    { weight: 2, preference: { matchExpressions: [{ key: 'foo', operator: 'In', values: ['bar'] }] } },
    { weight: 4, preference: { matchExpressions: [{ key: 'key', operator: 'In', values: ['value'] }] } },
    {
      weight: 5,
      preference: {
        matchExpressions: [
          { key: 'foo', operator: 'In', values: ['bar'] },
          { key: 'key', operator: 'In', values: ['value'] },
          { key: 'az', operator: 'In', values: ['az1'] },
        ],
      },
    },
  );

  it('all nodes are same priority as NodeAffinity is nil', () => {
    const nodes = [nodeWith('node1', label1), nodeWith('node2', label2), nodeWith('node3', label3)];
    expect(nodeAffinityScores(podWith(), nodes)).toEqual([0, 0, 0]);
  });

  it('Skip is returned in PreScore when NodeAffinity is nil', () => {
    expect(nodeAffinityPreScore(podWith())).toEqual({ kind: 'skip' });
  });

  it('PreScore returns error when an incoming Pod has a broken affinity', () => {
    const pod = podWith(preferring({ weight: 2, preference: { matchExpressions: [{ key: 'invalid key', operator: 'In', values: ['bar'] }] } }));
    expect(nodeAffinityPreScore(pod)).toEqual({
      kind: 'error',
      message:
        `[0].matchExpressions[0].key: Invalid value: "invalid key": name part must consist of alphanumeric characters, '-', '_' or '.', ` +
        `and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
    });
  });

  it.each<[string, Affinity, Node[], number[]]>([
    [
      "no node matches preferred scheduling requirements in NodeAffinity of pod so all nodes' priority is zero",
      affinity1,
      [nodeWith('node1', label4), nodeWith('node2', label2), nodeWith('node3', label3)],
      [0, 0, 0],
    ],
    [
      'only node1 matches the preferred scheduling requirements of pod',
      affinity1,
      [nodeWith('node1', label1), nodeWith('node2', label2), nodeWith('node3', label3)],
      [100, 0, 0],
    ],
    [
      'all nodes matches the preferred scheduling requirements of pod but with different priorities ',
      affinity2,
      [nodeWith('node1', label1), nodeWith('node5', label5), nodeWith('node2', label2)],
      [18, 100, 36],
    ],
    [
      'calculate the priorities correctly even if PreScore is not called',
      affinity2,
      [nodeWith('node1', label1), nodeWith('node5', label5), nodeWith('node2', label2)],
      [18, 100, 36],
    ],
  ])('%s', (_name, affinity, nodes, expected) => {
    const pod = podWith(affinity);
    expect(nodeAffinityPreScore(pod)).toEqual({ kind: 'run' });
    expect(nodeAffinityScores(pod, nodes)).toEqual(expected);
  });
});

// Kubernetes' TestPreferredSchedulingTermsScore (component-helpers scheduling/corev1/nodeaffinity), case by case.
describe('preferred terms: parsing and Score (TestPreferredSchedulingTermsScore)', () => {
  it('invalid field selector and label selector', () => {
    const pod = podWith(
      preferring(
        { weight: 1, preference: { matchFields: [{ key: 'metadata.name', operator: 'In', values: ['host_1', 'host_2'] }] } },
        {
          weight: 1,
          preference: {
            matchExpressions: [{ key: 'label_1', operator: 'In', values: ['label_1_val'] }],
            matchFields: [{ key: 'metadata.name', operator: 'In', values: ['host_1'] }],
          },
        },
        { weight: 1, preference: { matchExpressions: [{ key: 'invalid key', operator: 'In', values: ['label_value'] }] } },
      ),
    );
    const got = nodeAffinityPreScore(pod);
    expect(got.kind).toBe('error');
    const message = got.kind === 'error' ? got.message : '';
    expect(message).toMatch(
      /^\[\[0\]\.matchFields\[0\]\.values: Invalid value: .*: must have one element, \[2\]\.matchExpressions\[0\]\.key: Invalid value: "invalid key": name part must/,
    );
  });

  it('invalid field selector but no weight, error not reported', () => {
    const terms: PreferredSchedulingTerm[] = [
      { weight: 0, preference: { matchFields: [{ key: 'metadata.name', operator: 'In', values: ['host_1', 'host_2'] }] } },
    ];
    expect(nodeAffinityPreScore(podWith(preferring(...terms)))).toEqual({ kind: 'run' });
    expect(preferredNodeAffinityScore(terms, { metadata: { name: 'host_1' } })).toBe(0);
  });

  it('first and third term match', () => {
    const terms: PreferredSchedulingTerm[] = [
      { weight: 5, preference: { matchFields: [{ key: 'metadata.name', operator: 'In', values: ['host_1'] }] } },
      { weight: 7, preference: { matchExpressions: [{ key: 'unknown_label', operator: 'In', values: ['unknown_label_val'] }] } },
      { weight: 11, preference: { matchExpressions: [{ key: 'label_1', operator: 'In', values: ['label_1_val'] }] } },
    ];
    expect(preferredNodeAffinityScore(terms, nodeWith('host_1', { label_1: 'label_1_val' }))).toBe(16);
  });
});

describe('preferred terms: what NewPreferredSchedulingTerms refuses', () => {
  const errorOf = (terms: PreferredSchedulingTerm[]) => {
    const got = nodeAffinityPreScore(podWith(preferring(...terms)));
    return got.kind === 'error' ? got.message : got.kind;
  };
  it.each<[string, PreferredSchedulingTerm, string]>([
    [
      'an unknown operator',
      { weight: 1, preference: { matchExpressions: [{ key: 'a', operator: 'Foo' }] } },
      '[0].matchExpressions[0].operator: Unsupported value: "Foo"',
    ],
    [
      'In without values',
      { weight: 1, preference: { matchExpressions: [{ key: 'a', operator: 'In', values: [] }] } },
      "[0].matchExpressions[0].values: Invalid value: []: for 'in', 'notin' operators, values set can't be empty",
    ],
    [
      'Gt with a value that is not an integer',
      { weight: 1, preference: { matchExpressions: [{ key: 'a', operator: 'Gt', values: ['x'] }] } },
      `[0].matchExpressions[0].values[0]: Invalid value: "x": for 'Gt', 'Lt' operators, the value must be an integer`,
    ],
    [
      'a field operator other than In and NotIn',
      { weight: 1, preference: { matchFields: [{ key: 'metadata.name', operator: 'Exists' }] } },
      '[0].matchFields[0].operator: Unsupported value: "Exists": supported values: "In", "NotIn"',
    ],
  ])('%s', (_name, term, message) => {
    expect(errorOf([term])).toBe(message);
  });

  it('an invalid label value is named under its key, as validateLabelValue does', () => {
    expect(errorOf([{ weight: 1, preference: { matchExpressions: [{ key: 'a', operator: 'In', values: ['b c'] }] } }])).toMatch(
      /^\[0\]\.matchExpressions\[0\]\.values\[0\]\[a\]: Invalid value: "b c": a valid label must be/,
    );
  });

  it('an empty term is dropped, not refused', () => {
    expect(errorOf([{ weight: 1, preference: {} }])).toBe('run');
  });

  it('an empty list of terms scores 0 on every node (not Skip, but the same sum)', () => {
    const pod = podWith(preferring());
    expect(nodeAffinityPreScore(pod)).toEqual({ kind: 'run' });
    expect(nodeAffinityScores(pod, [nodeWith('n1', {}), nodeWith('n2', {})])).toEqual([0, 0]);
  });
});
