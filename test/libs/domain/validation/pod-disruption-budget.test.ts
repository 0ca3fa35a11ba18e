import { describe, expect, it } from 'vitest';
import { fieldErrorText, validatePodDisruptionBudget } from '@taintgate/domain';
import type { Validated } from '../../../../libs/domain/src/validation/objects';
import { podDisruptionBudgets } from '../../../support/twin-kinds';
import { msg } from './messages';

/**
 * policy/v1 PodDisruptionBudgets, validated as kube-apiserver validates one on create: the
 * strategy's ValidatePodDisruptionBudgetSpec (pkg/apis/policy/validation), then, when it passes,
 * the metadata (ValidateObjectMetaAccessor with ValidatePathSegmentName); the status as
 * ValidatePodDisruptionBudgetStatusUpdate checks a policy/v1 status write. Cases after
 * Kubernetes' validation_test.go, each named.
 */

type Json = Record<string, any>;
const lines = (result: Validated<unknown>): string[] => (result.ok ? [] : result.error.map(fieldErrorText));
const [api, db, web] = podDisruptionBudgets;
/** A budget of the namespace `shop` with this spec (and status). */
const budget = (spec: Json, status: Json = {}): Json => ({
  apiVersion: 'policy/v1',
  kind: 'PodDisruptionBudget',
  metadata: { name: 'pdb', namespace: 'shop' },
  spec,
  status,
});
/** A deep copy of `object` changed by `change`. */
const changed = (object: unknown, change: (o: Json) => void): Json => {
  const copy = structuredClone(object) as Json;
  change(copy);
  return copy;
};
const percentRegex = "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')";

describe('validatePodDisruptionBudget', () => {
  it.each<[string, unknown]>([
    ['minAvailable as a percentage, a selector by expression', api],
    ['minAvailable as a count, with conditions', db],
    ['maxUnavailable, AlwaysAllow, a pod evicted not yet gone', web],
    ['no spec at all (a null selector: it guards no pod)', { metadata: { name: 'none', namespace: 'shop' } }],
    ['an empty selector (every pod of its namespace)', budget({ minAvailable: 1, selector: {} })],
    ['a name no DNS subdomain would allow: a path segment is enough', changed(db, (b) => (b.metadata.name = 'DB_Budget'))],
  ])('takes %s', (_case, input) => {
    expect(lines(validatePodDisruptionBudget(input))).toEqual([]);
  });

  // TestValidateMinAvailablePodDisruptionBudgetSpec: the successCases, as minAvailable and as maxUnavailable
  it.each<[unknown]>([['0%'], ['1%'], ['100%'], [0], [1], [100]])('takes minAvailable and maxUnavailable %j', (value) => {
    expect(lines(validatePodDisruptionBudget(budget({ minAvailable: value })))).toEqual([]);
    expect(lines(validatePodDisruptionBudget(budget({ maxUnavailable: value })))).toEqual([]);
  });

  // TestValidateMinAvailablePodDisruptionBudgetSpec: the failureCases, each with kube-apiserver's words (an IntOrString is printed by its String())
  it.each<[unknown, string]>([
    ['1.1%', `Invalid value: 1.1%: ${percentRegex}`],
    ['nope', `Invalid value: nope: ${percentRegex}`],
    ['-1%', `Invalid value: -1%: ${percentRegex}`],
    ['101%', 'Invalid value: 101%: must not be greater than 100%'],
    [-1, 'Invalid value: -1: must be greater than or equal to 0'],
  ])('refuses minAvailable and maxUnavailable %j', (value, reason) => {
    expect(lines(validatePodDisruptionBudget(budget({ minAvailable: value })))).toEqual([`spec.minAvailable: ${reason}`]);
    expect(lines(validatePodDisruptionBudget(budget({ maxUnavailable: value })))).toEqual([`spec.maxUnavailable: ${reason}`]);
  });

  it.each<[string, Json, string[]]>([
    // TestValidatePodDisruptionBudgetSpec and TestValidateMinAvailablePodAndMaxUnavailableDisruptionBudgetSpec
    [
      'minAvailable and maxUnavailable both (the spec printed as JSON)',
      budget({ minAvailable: '0%', maxUnavailable: '10%' }),
      ['spec: Invalid value: {"minAvailable":"0%","maxUnavailable":"10%"}: minAvailable and maxUnavailable cannot be both set'],
    ],
    [
      'both, one of them bad too: each error',
      budget({ minAvailable: '10%', maxUnavailable: -1 }),
      [
        'spec: Invalid value: {"minAvailable":"10%","maxUnavailable":-1}: minAvailable and maxUnavailable cannot be both set',
        'spec.maxUnavailable: Invalid value: -1: must be greater than or equal to 0',
      ],
    ],
    // TestValidateUnhealthyPodEvictionPolicyDisruptionBudgetSpec: "empty UnhealthyPodEvictionPolicy", "invalid UnhealthyPodEvictionPolicy"
    [
      'an empty unhealthy pod eviction policy',
      budget({ minAvailable: '10%', unhealthyPodEvictionPolicy: '' }),
      ['spec.unhealthyPodEvictionPolicy: Unsupported value: "": supported values: "AlwaysAllow", "IfHealthyBudget"'],
    ],
    [
      'an unknown unhealthy pod eviction policy',
      budget({ minAvailable: '10%', unhealthyPodEvictionPolicy: 'Invalid' }),
      ['spec.unhealthyPodEvictionPolicy: Unsupported value: "Invalid": supported values: "AlwaysAllow", "IfHealthyBudget"'],
    ],
    // ValidateLabelSelector and ValidateLabelSelectorRequirement (apimachinery meta/v1/validation)
    [
      'a selector with a bad operator, In without values, Exists with values',
      budget({
        selector: {
          matchExpressions: [
            { key: 'app', operator: 'Near', values: ['a'] },
            { key: 'app', operator: 'In' },
            { key: 'app', operator: 'Exists', values: ['a'] },
          ],
        },
      }),
      [
        'spec.selector.matchExpressions[0].operator: Invalid value: "Near": not a valid selector operator',
        "spec.selector.matchExpressions[1].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
        "spec.selector.matchExpressions[2].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
      ],
    ],
    [
      'a selector whose key and value are no label key and value',
      budget({ selector: { matchExpressions: [{ key: 'a/b/c', operator: 'In', values: ['-x-'] }] } }),
      [
        `spec.selector.matchExpressions[0].key: Invalid value: "a/b/c": ${msg.tooManySlashes}`,
        `spec.selector.matchExpressions[0].values[0]: Invalid value: "-x-": ${msg.labelValueRegex}`,
      ],
    ],
    [
      'matchLabels that are no labels (the errors on the map)',
      budget({ selector: { matchLabels: { app: '-x-' } } }),
      [`spec.selector.matchLabels: Invalid value: "-x-": ${msg.labelValueRegex}`],
    ],
    // TestValidatePodDisruptionBudgetStatus: the policy/v1 cases with a negative count
    [
      'negative counts in the status',
      budget({ minAvailable: 1 }, { disruptionsAllowed: -10, currentHealthy: -5, desiredHealthy: -3, expectedPods: -2 }),
      [
        'status.disruptionsAllowed: Invalid value: -10: must be greater than or equal to 0',
        'status.currentHealthy: Invalid value: -5: must be greater than or equal to 0',
        'status.desiredHealthy: Invalid value: -3: must be greater than or equal to 0',
        'status.expectedPods: Invalid value: -2: must be greater than or equal to 0',
      ],
    ],
  ])('refuses %s', (_case, input, errors) => {
    expect(lines(validatePodDisruptionBudget(input))).toEqual(errors);
  });

  // TestValidatePodDisruptionBudgetStatus: "DisruptionsAllowed: 10", "CurrentHealthy: 5", "DesiredHealthy: 3", "ExpectedPods: 2"
  it('takes counts that are not negative', () => {
    const status = { disruptionsAllowed: 10, currentHealthy: 5, desiredHealthy: 3, expectedPods: 2 };
    expect(lines(validatePodDisruptionBudget(budget({ minAvailable: 1 }, status)))).toEqual([]);
  });

  it('checks the metadata only once the spec passes, as rest.BeforeCreate runs the strategy first', () => {
    const badName = changed(db, (b) => (b.metadata.name = 'a/b'));
    expect(lines(validatePodDisruptionBudget(badName))).toEqual([`metadata.name: Invalid value: "a/b": may not contain '/'`]);
    expect(lines(validatePodDisruptionBudget(changed(badName, (b) => (b.spec.minAvailable = -1))))).toEqual([
      'spec.minAvailable: Invalid value: -1: must be greater than or equal to 0',
    ]);
    expect(lines(validatePodDisruptionBudget(changed(db, (b) => (b.metadata.name = '..'))))).toEqual([`metadata.name: Invalid value: "..": may not be '..'`]);
    expect(lines(validatePodDisruptionBudget(changed(db, (b) => (b.metadata.namespace = 'a.b'))))).toEqual([
      `metadata.namespace: Invalid value: "a.b": ${msg.noDots}`,
    ]);
    expect(lines(validatePodDisruptionBudget(changed(db, (b) => delete b.metadata.name)))).toEqual([
      'metadata.name: Required value: name or generateName is required',
    ]);
  });

  it.each<[string, unknown, string[]]>([
    [
      'minAvailable neither a count nor a string',
      budget({ minAvailable: true }),
      ['spec.minAvailable: Invalid value: true: must be an integer or a percentage'],
    ],
    ['minAvailable not an int32', budget({ minAvailable: 2 ** 31 }), ['spec.minAvailable: Invalid value: 2147483648: must be an integer or a percentage']],
    ['a selector that is no object', budget({ selector: 'app=db' }), ['spec.selector: Invalid value: "app=db": must be an object']],
    ['a policy that is no string', budget({ unhealthyPodEvictionPolicy: 1 }), ['spec.unhealthyPodEvictionPolicy: Invalid value: 1: must be a string']],
    [
      'a disrupted pod whose time is no time',
      budget({}, { disruptedPods: { 'web-1': 'yesterday' } }),
      ['status.disruptedPods[web-1]: Invalid value: "yesterday": must be an RFC 3339 date and time, e.g. 2026-11-22T10:00:00Z'],
    ],
    ['a count that is no integer', budget({}, { disruptionsAllowed: '1' }), ['status.disruptionsAllowed: Invalid value: "1": must be an integer']],
    ['another kind', changed(db, (b) => (b.kind = 'Eviction')), ['kind: Unsupported value: "Eviction": supported values: "PodDisruptionBudget"']],
    [
      'another version',
      changed(db, (b) => (b.apiVersion = 'policy/v1beta1')),
      ['apiVersion: Unsupported value: "policy/v1beta1": supported values: "policy/v1"'],
    ],
  ])('reports JSON types alone: %s', (_case, input, errors) => {
    expect(lines(validatePodDisruptionBudget(input))).toEqual(errors);
  });
});
