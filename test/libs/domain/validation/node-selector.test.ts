import { describe, expect, it } from 'vitest';
import { FieldPath, type FieldError, fieldErrorText } from '@taintgate/domain';
import type { Affinity, NodeSelector, NodeSelectorRequirement, NodeSelectorTerm, PreferredSchedulingTerm } from '../../../../libs/domain/src/types';
import {
  hasInvalidLabelValueInNodeSelectorTerms,
  validateAffinity,
  validateLabels,
  validateNodeFieldSelectorRequirement,
  validateNodeSelector,
  validateNodeSelectorRequirement,
} from '../../../../libs/domain/src/validation/node-selector';
import { msg } from './messages';

const at = FieldPath.root('req');
const show = (errors: FieldError[]): string[] => errors.map(fieldErrorText);
// The reasons ValidateNodeSelectorRequirement and validateNodeFieldSelectorRequirement give, after the field path.
const valuesRequired = "Required value: must be specified when `operator` is 'In' or 'NotIn'";
const valuesForbidden = "Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'";
const singleValue = "Required value: must be specified single value when `operator` is 'Lt' or 'Gt'";
const oneFieldValue = "Required value: must be only one value when `operator` is 'In' or 'NotIn' for node field selector";
const notAnOperator = (operator: string) => `Invalid value: "${operator}": not a valid selector operator`;
const notAFieldKey = (key: string) => `Invalid value: "${key}": not a valid field selector key`;

describe('validateNodeSelectorRequirement (matchExpressions)', () => {
  it.each<{ name: string; req: NodeSelectorRequirement; lines: string[] }>([
    { name: 'In with values', req: { key: 'zone', operator: 'In', values: ['a', 'b'] }, lines: [] },
    { name: 'NotIn with a value', req: { key: 'zone', operator: 'NotIn', values: ['a'] }, lines: [] },
    { name: 'Exists', req: { key: 'gpu', operator: 'Exists' }, lines: [] },
    { name: 'DoesNotExist with an empty list', req: { key: 'gpu', operator: 'DoesNotExist', values: [] }, lines: [] },
    { name: 'Gt with one value', req: { key: 'cores', operator: 'Gt', values: ['4'] }, lines: [] },
    { name: 'Lt with one value that is not an integer (not checked here)', req: { key: 'cores', operator: 'Lt', values: ['x'] }, lines: [] },
    { name: 'In needs values', req: { key: 'zone', operator: 'In', values: [] }, lines: [`req.values: ${valuesRequired}`] },
    { name: 'NotIn needs values (absent list)', req: { key: 'zone', operator: 'NotIn' }, lines: [`req.values: ${valuesRequired}`] },
    { name: 'Exists forbids values', req: { key: 'gpu', operator: 'Exists', values: ['x'] }, lines: [`req.values: ${valuesForbidden}`] },
    { name: 'DoesNotExist forbids values', req: { key: 'gpu', operator: 'DoesNotExist', values: ['x', 'y'] }, lines: [`req.values: ${valuesForbidden}`] },
    { name: 'Gt needs exactly one value (none)', req: { key: 'cores', operator: 'Gt' }, lines: [`req.values: ${singleValue}`] },
    { name: 'Lt needs exactly one value (two)', req: { key: 'cores', operator: 'Lt', values: ['1', '2'] }, lines: [`req.values: ${singleValue}`] },
    { name: 'unknown operator', req: { key: 'zone', operator: 'Foo', values: ['a'] }, lines: [`req.operator: ${notAnOperator('Foo')}`] },
    {
      name: 'Equal is not a node selector operator',
      req: { key: 'zone', operator: 'Equal', values: ['a'] },
      lines: [`req.operator: ${notAnOperator('Equal')}`],
    },
    { name: 'bad key', req: { key: 'bad key', operator: 'Exists' }, lines: [`req.key: Invalid value: "bad key": ${msg.nameRegex}`] },
    {
      name: 'bad values, each at its index',
      req: { key: 'zone', operator: 'In', values: ['ok', 'not ok', '-5'] },
      lines: [`req.values[1]: Invalid value: "not ok": ${msg.labelValueRegex}`, `req.values[2]: Invalid value: "-5": ${msg.labelValueRegex}`],
    },
    {
      name: 'a long value gives two separate errors',
      req: { key: 'zone', operator: 'In', values: [`${'a'.repeat(64)}-`] },
      lines: [
        `req.values[0]: Invalid value: "${'a'.repeat(64)}-": ${msg.labelValueTooLong}`,
        `req.values[0]: Invalid value: "${'a'.repeat(64)}-": ${msg.labelValueRegex}`,
      ],
    },
    {
      name: 'order: operator, key, values',
      req: { key: '', operator: 'Gt', values: ['a b', 'c'] },
      lines: [
        `req.values: ${singleValue}`,
        `req.key: Invalid value: "": ${msg.nameEmpty}`,
        `req.key: Invalid value: "": ${msg.nameRegex}`,
        `req.values[0]: Invalid value: "a b": ${msg.labelValueRegex}`,
      ],
    },
    {
      name: 'absent key and operator are empty strings',
      req: {} as NodeSelectorRequirement,
      lines: [`req.operator: ${notAnOperator('')}`, `req.key: Invalid value: "": ${msg.nameEmpty}`, `req.key: Invalid value: "": ${msg.nameRegex}`],
    },
  ])('$name', ({ req, lines }) => {
    expect(show(validateNodeSelectorRequirement(req, at))).toEqual(lines);
  });

  it('allowInvalidLabelValues skips only the value check', () => {
    expect(show(validateNodeSelectorRequirement({ key: 'zone', operator: 'In', values: ['not ok'] }, at, true))).toEqual([]);
    expect(show(validateNodeSelectorRequirement({ key: 'zone', operator: 'In', values: [] }, at, true))).toEqual([`req.values: ${valuesRequired}`]);
  });
});

describe('validateNodeFieldSelectorRequirement (matchFields)', () => {
  it.each<{ name: string; req: NodeSelectorRequirement; lines: string[] }>([
    { name: 'metadata.name In one node', req: { key: 'metadata.name', operator: 'In', values: ['node-1'] }, lines: [] },
    { name: 'metadata.name NotIn one node', req: { key: 'metadata.name', operator: 'NotIn', values: ['node-1.example.com'] }, lines: [] },
    { name: 'In with two values', req: { key: 'metadata.name', operator: 'In', values: ['a', 'b'] }, lines: [`req.values: ${oneFieldValue}`] },
    { name: 'In with no value', req: { key: 'metadata.name', operator: 'In' }, lines: [`req.values: ${oneFieldValue}`] },
    { name: 'Exists is not allowed', req: { key: 'metadata.name', operator: 'Exists' }, lines: [`req.operator: ${notAnOperator('Exists')}`] },
    { name: 'Gt is not allowed', req: { key: 'metadata.name', operator: 'Gt', values: ['1'] }, lines: [`req.operator: ${notAnOperator('Gt')}`] },
    {
      name: 'other field keys are not allowed',
      req: { key: 'metadata.namespace', operator: 'In', values: ['x'] },
      lines: [`req.key: ${notAFieldKey('metadata.namespace')}`],
    },
    {
      name: 'values must be node names',
      req: { key: 'metadata.name', operator: 'In', values: ['Node_1'] },
      lines: [`req.values[0]: Invalid value: "Node_1": ${msg.subdomainRegex}`],
    },
    {
      name: 'a bad key skips the value check',
      req: { key: 'spec.nodeName', operator: 'NotIn', values: ['Node_1'] },
      lines: [`req.key: ${notAFieldKey('spec.nodeName')}`],
    },
  ])('$name', ({ req, lines }) => {
    expect(show(validateNodeFieldSelectorRequirement(req, at))).toEqual(lines);
  });
});

describe('validateNodeSelector', () => {
  const path = FieldPath.root('sel');
  it.each<{ name: string; selector: NodeSelector; lines: string[] }>([
    {
      name: 'empty nodeSelectorTerms',
      selector: { nodeSelectorTerms: [] },
      lines: ['sel.nodeSelectorTerms: Required value: must have at least one node selector term'],
    },
    {
      name: 'absent nodeSelectorTerms',
      selector: {} as NodeSelector,
      lines: ['sel.nodeSelectorTerms: Required value: must have at least one node selector term'],
    },
    { name: 'an empty term is not an error', selector: { nodeSelectorTerms: [{}] }, lines: [] },
    {
      name: 'terms, expressions and fields are indexed',
      selector: {
        nodeSelectorTerms: [
          { matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] },
          {
            matchExpressions: [
              { key: 'zone', operator: 'In', values: ['a'] },
              { key: 'gpu', operator: 'Exists', values: ['x'] },
            ],
            matchFields: [{ key: 'metadata.name', operator: 'In', values: ['a', 'b'] }],
          },
        ],
      },
      lines: [`sel.nodeSelectorTerms[1].matchExpressions[1].values: ${valuesForbidden}`, `sel.nodeSelectorTerms[1].matchFields[0].values: ${oneFieldValue}`],
    },
  ])('$name', ({ selector, lines }) => {
    expect(show(validateNodeSelector(selector, path))).toEqual(lines);
  });
});

describe('validateAffinity (spec.affinity.nodeAffinity)', () => {
  const path = FieldPath.root('spec').child('affinity');
  const required = 'spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution';
  const preferred = 'spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution';
  const term = (values: string[]): NodeSelectorTerm => ({ matchExpressions: [{ key: 'zone', operator: 'In', values }] });
  const requiring = (...nodeSelectorTerms: NodeSelectorTerm[]): Affinity => ({
    nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms } },
  });
  const preferring = (...terms: PreferredSchedulingTerm[]): Affinity => ({ nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: terms } });
  const weights = (...ws: number[]): Affinity => preferring(...ws.map((weight) => ({ weight, preference: term(['a']) })));

  it.each<{ name: string; affinity: Affinity; lines: string[] }>([
    { name: 'no node affinity', affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'zone' }] } }, lines: [] },
    { name: 'empty node affinity', affinity: { nodeAffinity: {} }, lines: [] },
    {
      name: 'required with no terms',
      affinity: requiring(),
      lines: [`${required}.nodeSelectorTerms: Required value: must have at least one node selector term`],
    },
    {
      name: 'required Lt without a value',
      affinity: requiring({ matchExpressions: [{ key: 'cores', operator: 'Lt' }] }),
      lines: [`${required}.nodeSelectorTerms[0].matchExpressions[0].values: ${singleValue}`],
    },
    {
      name: 'required: invalid label values rejected',
      affinity: requiring(term(['a b'])),
      lines: [`${required}.nodeSelectorTerms[0].matchExpressions[0].values[0]: Invalid value: "a b": ${msg.labelValueRegex}`],
    },
    { name: 'preferred: invalid label values always allowed', affinity: preferring({ weight: 1, preference: term(['a b']) }), lines: [] },
    {
      name: 'preferred: other rules still apply',
      affinity: preferring({ weight: 10, preference: { matchExpressions: [{ key: 'zone', operator: 'Foo' }] } }),
      lines: [`${preferred}[0].preference.matchExpressions[0].operator: ${notAnOperator('Foo')}`],
    },
    { name: 'preferred weights 1 and 100 are fine', affinity: weights(1, 100), lines: [] },
    {
      name: 'preferred weights 0 and 101',
      affinity: weights(0, 101),
      lines: [`${preferred}[0].weight: Invalid value: 0: must be in the range 1-100`, `${preferred}[1].weight: Invalid value: 101: must be in the range 1-100`],
    },
    {
      name: 'preferred without weight or preference: weight 0, empty term',
      affinity: preferring({} as never),
      lines: [`${preferred}[0].weight: Invalid value: 0: must be in the range 1-100`],
    },
  ])('$name', ({ affinity, lines }) => {
    expect(show(validateAffinity(affinity, path))).toEqual(lines);
  });

  it('allowInvalidLabelValueInRequiredNodeAffinity (update of a pod that already had them)', () => {
    expect(validateAffinity(requiring(term(['a b'])), path, { allowInvalidLabelValueInRequiredNodeAffinity: true })).toEqual([]);
  });
});

describe('hasInvalidLabelValueInNodeSelectorTerms', () => {
  it.each<{ name: string; terms: NodeSelectorTerm[] | undefined; expected: boolean }>([
    { name: 'no terms', terms: undefined, expected: false },
    { name: 'valid values', terms: [{ matchExpressions: [{ key: 'k', operator: 'In', values: ['a', ''] }] }], expected: false },
    { name: 'an invalid value', terms: [{}, { matchExpressions: [{ key: 'k', operator: 'In', values: ['a', 'b c'] }] }], expected: true },
    { name: 'matchFields do not count', terms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['b c'] }] }], expected: false },
  ])('$name', ({ terms, expected }) => {
    expect(hasInvalidLabelValueInNodeSelectorTerms(terms)).toBe(expected);
  });
});

describe('validateLabels (metadata.labels, spec.nodeSelector): errors on the map path', () => {
  const path = FieldPath.root('spec').child('nodeSelector');
  it.each<{ name: string; labels: Record<string, string>; lines: string[] }>([
    { name: 'valid', labels: { 'kubernetes.io/os': 'linux', disktype: 'ssd', empty: '' }, lines: [] },
    { name: 'bad key', labels: { 'bad key': 'v' }, lines: [`spec.nodeSelector: Invalid value: "bad key": ${msg.nameRegex}`] },
    {
      name: 'bad value: one error per message',
      labels: { k: `${'v'.repeat(64)}_` },
      lines: [
        `spec.nodeSelector: Invalid value: "${'v'.repeat(64)}_": ${msg.labelValueTooLong}`,
        `spec.nodeSelector: Invalid value: "${'v'.repeat(64)}_": ${msg.labelValueRegex}`,
      ],
    },
    {
      name: 'key then value',
      labels: { '/k': '-v' },
      lines: [`spec.nodeSelector: Invalid value: "/k": ${msg.prefixEmpty}`, `spec.nodeSelector: Invalid value: "-v": ${msg.labelValueRegex}`],
    },
  ])('$name', ({ labels, lines }) => {
    expect(show(validateLabels(labels, path))).toEqual(lines);
  });
});
