import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Toleration } from '@taintgate/domain';
import { addOrUpdateToleration, isSuperset, mergeTolerations, tolerationsEqual } from '../../../../libs/domain/src/admission/merge-tolerations';

/** pkg/util/tolerations (tolerations_test.go) and AddOrUpdateTolerationInPodSpec. */

// The fixtures of tolerations_test.go, by name.
const tolerations: Record<string, Toleration> = {
  all: { operator: 'Exists' },
  'all-nosched': { operator: 'Exists', effect: 'NoSchedule' },
  'all-noexec': { operator: 'Exists', effect: 'NoExecute' },
  foo: { key: 'foo', operator: 'Exists' },
  'foo-bar': { key: 'foo', operator: 'Equal', value: 'bar' },
  'foo-nosched': { key: 'foo', operator: 'Exists', effect: 'NoSchedule' },
  'foo-bar-nosched': { key: 'foo', operator: 'Equal', value: 'bar', effect: 'NoSchedule' },
  'foo-baz-nosched': { key: 'foo', operator: 'Equal', value: 'baz', effect: 'NoSchedule' },
  'faz-nosched': { key: 'faz', operator: 'Exists', effect: 'NoSchedule' },
  'faz-baz-nosched': { key: 'faz', operator: 'Equal', value: 'baz', effect: 'NoSchedule' },
  'foo-prefnosched': { key: 'foo', operator: 'Exists', effect: 'PreferNoSchedule' },
  'foo-noexec': { key: 'foo', operator: 'Exists', effect: 'NoExecute' },
  'foo-bar-noexec': { key: 'foo', operator: 'Equal', value: 'bar', effect: 'NoExecute' },
  'foo-noexec-10': { key: 'foo', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 10 },
  'foo-noexec-0': { key: 'foo', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 0 },
  'foo-bar-noexec-10': { key: 'foo', operator: 'Equal', value: 'bar', effect: 'NoExecute', tolerationSeconds: 10 },
};
const named = (names: string[]): Toleration[] => names.map((n) => tolerations[n] ?? {});
/** `k` Exists NoExecute, with tolerationSeconds only when given (null included). */
const noExecute = (tolerationSeconds?: number | null): Toleration =>
  tolerationSeconds === undefined
    ? { key: 'k', operator: 'Exists', effect: 'NoExecute' }
    : { key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds };

describe('TestIsSuperset: each toleration against every fixture', () => {
  const cases: [string, string[]][] = [
    // Exists with no key and no effect tolerates every fixture.
    ['all', Object.keys(tolerations)],
    ['all-nosched', ['foo-nosched', 'foo-bar-nosched', 'foo-baz-nosched', 'faz-nosched', 'faz-baz-nosched']],
    ['all-noexec', ['foo-noexec', 'foo-bar-noexec', 'foo-noexec-10', 'foo-noexec-0', 'foo-bar-noexec-10']],
    [
      'foo',
      [
        'foo-bar',
        'foo-nosched',
        'foo-bar-nosched',
        'foo-baz-nosched',
        'foo-prefnosched',
        'foo-noexec',
        'foo-bar-noexec',
        'foo-noexec-10',
        'foo-noexec-0',
        'foo-bar-noexec-10',
      ],
    ],
    ['foo-bar', ['foo-bar-nosched', 'foo-bar-noexec', 'foo-bar-noexec-10']],
    ['foo-nosched', ['foo-bar-nosched', 'foo-baz-nosched']],
    ['foo-bar-nosched', []],
    ['faz-nosched', ['faz-baz-nosched']],
    ['faz-baz-nosched', []],
    // Misspelled in Kubernetes' test: the map lookup yields the zero Toleration, a superset of nothing.
    ['foo-prenosched', []],
    ['foo-noexec', ['foo-noexec', 'foo-bar-noexec', 'foo-noexec-10', 'foo-noexec-0', 'foo-bar-noexec-10']],
    ['foo-bar-noexec', ['foo-bar-noexec-10']],
    ['foo-noexec-10', ['foo-noexec-0', 'foo-bar-noexec-10']],
    ['foo-noexec-0', []],
    ['foo-bar-noexec-10', []],
  ];
  const rows = cases.flatMap(([superName, subs]) =>
    Object.keys(tolerations).map((name) => [superName, name, name === superName || subs.includes(name)] as const),
  );
  it.each(rows)('isSuperset(%s, %s) is %s', (superName, name, expected) => {
    expect(isSuperset(tolerations[superName] ?? {}, tolerations[name] as Toleration)).toBe(expected);
  });
});

describe('isSuperset: details of the Go code', () => {
  const cases: [string, Toleration, Toleration, boolean][] = [
    // The Equal branch wants t.Operator == Equal: an unset operator on t is not Equal there.
    [
      'an Equal superset does not cover a toleration whose operator is unset',
      { key: 'k', operator: 'Equal', value: 'v' },
      { key: 'k', value: 'v', effect: 'NoSchedule' },
      false,
    ],
    ['an unset operator on ss means Equal', { key: 'k', value: 'v' }, { key: 'k', operator: 'Equal', value: 'v', effect: 'NoSchedule' }, true],
    ['equal tolerations are supersets of each other, unset operator included', { key: 'k', value: 'v' }, { key: 'k', value: 'v' }, true],
    [
      'an unset operator on ss, with an effect, covers the Equal toleration of that effect',
      { key: 'k', value: 'v', effect: 'NoSchedule' },
      { key: 'k', operator: 'Equal', value: 'v', effect: 'NoSchedule' },
      true,
    ],
    ['an empty key with Equal is no wildcard', { operator: 'Equal' }, { key: 'k', operator: 'Exists' }, false],
    ['a NoExecute limit is not covered by no limit on t', noExecute(5), noExecute(), false],
    ['a shorter limit on t is covered', noExecute(5), noExecute(4), true],
    ['a longer limit on t is not', noExecute(5), noExecute(6), false],
    ['seconds on an ss without NoExecute are not compared', { key: 'k', operator: 'Exists', tolerationSeconds: 5 }, noExecute(), true],
    ['null seconds is no limit, like absent', noExecute(null), noExecute(), true],
    ['an unknown operator on ss covers nothing but itself', { key: 'k', operator: 'Gt', value: '1' }, { key: 'k', operator: 'Equal', value: '1' }, false],
    ['an unknown operator on ss covers an equal toleration', { key: 'k', operator: 'Gt', value: '1' }, { key: 'k', operator: 'Gt', value: '1' }, true],
  ];
  it.each(cases)('%s', (_name, ss, t, expected) => {
    expect(isSuperset(ss, t)).toBe(expected);
  });
});

describe('tolerationsEqual (apiequality.Semantic.DeepEqual)', () => {
  const cases: [string, Toleration, Toleration, boolean][] = [
    ['absent and null seconds', noExecute(), noExecute(null), true],
    ['absent and empty strings', { operator: 'Exists' }, { key: '', operator: 'Exists', value: '', effect: '' }, true],
    ['different seconds', noExecute(1), noExecute(2), false],
    ['0 seconds and no seconds', noExecute(0), noExecute(), false],
    ['unset and Equal operators', { key: 'k', value: 'v' }, { key: 'k', operator: 'Equal', value: 'v' }, false],
  ];
  it.each(cases)('%s', (_name, a, b, expected) => {
    expect(tolerationsEqual(a, b)).toBe(expected);
    expect(tolerationsEqual(b, a)).toBe(expected);
  });
});

describe('TestMergeTolerations', () => {
  const cases: [string, string[], string[], string[]][] = [
    [
      'disjoint',
      ['foo-bar-nosched', 'faz-baz-nosched', 'foo-noexec-10'],
      ['foo-prefnosched', 'foo-baz-nosched'],
      ['foo-bar-nosched', 'faz-baz-nosched', 'foo-noexec-10', 'foo-prefnosched', 'foo-baz-nosched'],
    ],
    [
      'duplicate',
      ['foo-bar-nosched', 'faz-baz-nosched', 'foo-noexec-10'],
      ['foo-bar-nosched', 'faz-baz-nosched', 'foo-noexec-10'],
      ['foo-bar-nosched', 'faz-baz-nosched', 'foo-noexec-10'],
    ],
    ['merge redundant', ['foo-bar-nosched', 'foo-baz-nosched'], ['foo-nosched', 'faz-baz-nosched'], ['foo-nosched', 'faz-baz-nosched']],
    ['merge all', ['foo-bar-nosched', 'foo-baz-nosched', 'foo-noexec-10'], ['all'], ['all']],
    ['merge into all', ['all'], ['foo-bar-nosched', 'foo-baz-nosched', 'foo-noexec-10'], ['all']],
    // More, from the same rules.
    ['both empty', [], [], []],
    ['duplicates within one list collapse to the first', ['foo-bar', 'foo-bar'], [], ['foo-bar']],
    ['a subset is dropped even when its superset comes later in the same list', ['foo-noexec-0', 'foo-noexec-10'], [], ['foo-noexec-10']],
    ['a shorter NoExecute limit is covered by a longer one', ['foo-noexec-10'], ['foo-noexec'], ['foo-noexec']],
    ['a longer NoExecute limit is not covered by a shorter one', ['foo-noexec'], ['foo-noexec-10'], ['foo-noexec']],
    ['effects that differ both stay', ['foo-nosched'], ['foo-prefnosched', 'foo-noexec'], ['foo-nosched', 'foo-prefnosched', 'foo-noexec']],
  ];
  it.each(cases)('%s', (_name, a, b, expected) => {
    expect(mergeTolerations(named(a), named(b))).toEqual(named(expected));
  });

  it('the first of two equal tolerations is the one kept, even with other spellings', () => {
    const first: Toleration = { key: 'k', operator: 'Exists', effect: 'NoExecute' };
    const second: Toleration = { key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: null, value: '' };
    const merged = mergeTolerations([first], [second]);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toBe(first);
  });
});

describe('TestFuzzed: every toleration of either list is covered by the merge', () => {
  // genToleration of the Go test: few keys and values, so that they collide.
  const effects = ['', 'NoExecute', 'NoSchedule', 'PreferNoSchedule'];
  const toleration: fc.Arbitrary<Toleration> = fc.oneof(
    { weight: 1, arbitrary: fc.constant<Toleration>({ operator: 'Exists' }) },
    {
      weight: 99,
      arbitrary: fc
        .record({
          effect: fc.constantFrom(...effects),
          key: fc.integer({ min: 1, max: 6 }).map((n) => 'a'.repeat(n)),
          exists: fc.boolean(),
          value: fc.integer({ min: 1, max: 6 }).map((n) => 'b'.repeat(n)),
          seconds: fc.option(fc.integer({ min: 0, max: 9 }), { nil: undefined }),
        })
        .map(({ effect, key, exists, value, seconds }) => {
          const t: Toleration = exists ? { key, operator: 'Exists', effect } : { key, operator: 'Equal', value, effect };
          if (effect === 'NoExecute' && seconds !== undefined) t.tolerationSeconds = seconds;
          return t;
        }),
    },
  );
  const list = fc.array(toleration, { maxLength: 9 });
  const contained = (t: Toleration, set: Toleration[]) => set.some((ss) => isSuperset(ss, t));

  it('MergeTolerations', () => {
    fc.assert(
      fc.property(list, list, (a, b) => {
        const merged = mergeTolerations(a, b);
        return [...a, ...b].every((t) => contained(t, merged));
      }),
      { seed: 1234, numRuns: 1000 },
    );
  });

  it('the merge only holds tolerations of the inputs, in their order, none covering another but equals', () => {
    fc.assert(
      fc.property(list, list, (a, b) => {
        const all = [...a, ...b];
        const merged = mergeTolerations(a, b);
        const positions = merged.map((t) => all.indexOf(t));
        const ordered = positions.every((p, i) => p >= 0 && (i === 0 || p > (positions[i - 1] as number)));
        const minimal = merged.every((t, i) => merged.every((u, j) => i === j || !isSuperset(u, t)));
        return ordered && minimal;
      }),
      { seed: 1234, numRuns: 1000 },
    );
  });
});

describe('addOrUpdateToleration (AddOrUpdateTolerationInPodSpec)', () => {
  const notReady = (seconds?: number): Toleration =>
    seconds === undefined
      ? { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' }
      : { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: seconds };
  const other: Toleration = { key: 'a', operator: 'Equal', value: '1', effect: 'NoSchedule' };
  const cases: [string, Toleration[], Toleration, Toleration[]][] = [
    ['appends to an empty list', [], notReady(), [notReady()]],
    ['appends when nothing matches', [other], notReady(), [other, notReady()]],
    ['unchanged when an equal one is there', [notReady(), other], notReady(), [notReady(), other]],
    [
      'replaces in place one with the same key, operator, value and effect but other seconds',
      [other, notReady(300), { operator: 'Exists' }],
      notReady(),
      [other, notReady(), { operator: 'Exists' }],
    ],
    [
      'another operator is another toleration',
      [{ key: 'node.kubernetes.io/not-ready', operator: 'Equal', effect: 'NoExecute' }],
      notReady(),
      [{ key: 'node.kubernetes.io/not-ready', operator: 'Equal', effect: 'NoExecute' }, notReady()],
    ],
    [
      'another effect is another toleration',
      [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists' }],
      notReady(),
      [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists' }, notReady()],
    ],
    ['every matching entry is replaced', [notReady(1), other, notReady(2)], notReady(), [notReady(), other, notReady()]],
    ['an equal entry anywhere leaves the list as it is', [notReady(1), notReady()], notReady(), [notReady(1), notReady()]],
  ];
  it.each(cases)('%s', (_name, list, toleration, expected) => {
    const before = JSON.stringify(list);
    expect(addOrUpdateToleration(list, toleration)).toEqual(expected);
    expect(JSON.stringify(list)).toBe(before);
  });
});
