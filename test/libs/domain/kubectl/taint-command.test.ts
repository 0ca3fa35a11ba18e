import { describe, expect, it } from 'vitest';
import {
  type Taint,
  type TaintChange,
  type TaintOperation,
  applyTaintChange,
  parseTaintArgs,
  parseTaintToAdd,
  taintResultLine,
  parseNodeTarget,
  selectNodes,
  type Node,
} from '@taintgate/domain';
import { isQualifiedName, isValidLabelValue } from '../../../../libs/domain/src/foundation/names';

/**
 * kubectl taint (staging/src/k8s.io/kubectl/pkg/cmd/taint): taint.go, utils.go and their
 * unit tests taint_test.go and utils_test.go, ported case by case.
 */

// apimachinery RegexError, with the double space before " or " that Go's loop produces.
const qualifiedNameMsg =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character " +
  "(e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const labelValueMsg =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character " +
  "(e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

/** kubectl refuses the arguments themselves. */
const badRequest = (message: string) => ({ reason: 'BadRequest', message });
/** A taint to remove that the node does not have. */
const missing = (message: string) => ({ reason: 'NotFound', message });

const t = (key: string, effect: string, value?: string): Taint => (value === undefined ? { key, effect } : { key, value, effect });

function parsed(args: string[]): TaintChange {
  const result = parseTaintArgs(args);
  if (!result.ok) throw new Error(`unexpected parse error: ${result.error.message}`);
  return result.value;
}

/** Complete + Validate + updateTaints for the one node `node-name`, as TestTaint drives kubectl. */
function taint(old: Taint[], args: string[], overwrite = false) {
  const change = parseTaintArgs(args);
  if (!change.ok) return change;
  return applyTaintChange('node-name', old, change.value, overwrite);
}

describe('TestTaint (taint_test.go): one node, old taints, arguments, resulting taints', () => {
  const cases: { name: string; old: Taint[]; args: string[]; overwrite?: boolean; taints: Taint[]; operation: TaintOperation }[] = [
    {
      name: 'taints a node with effect NoSchedule',
      old: [],
      args: ['foo=bar:NoSchedule'],
      taints: [t('foo', 'NoSchedule', 'bar')],
      operation: 'tainted',
    },
    {
      name: 'taints a node with effect PreferNoSchedule',
      old: [],
      args: ['foo=bar:PreferNoSchedule'],
      taints: [t('foo', 'PreferNoSchedule', 'bar')],
      operation: 'tainted',
    },
    {
      name: 'update an existing taint on the node, change the value from bar to barz',
      old: [t('foo', 'NoSchedule', 'bar')],
      args: ['foo=barz:NoSchedule'],
      overwrite: true,
      taints: [t('foo', 'NoSchedule', 'barz')],
      operation: 'modified',
    },
    {
      name: 'taints a node with two taints',
      old: [],
      args: ['dedicated=namespaceA:NoSchedule', 'foo=bar:PreferNoSchedule'],
      taints: [t('dedicated', 'NoSchedule', 'namespaceA'), t('foo', 'PreferNoSchedule', 'bar')],
      operation: 'tainted',
    },
    {
      name: 'node has two taints with the same key but different effect, remove one of them by indicating exact key and effect',
      old: [t('dedicated', 'NoSchedule', 'namespaceA'), t('dedicated', 'PreferNoSchedule', 'namespaceA')],
      args: ['dedicated:NoSchedule-'],
      taints: [t('dedicated', 'PreferNoSchedule', 'namespaceA')],
      operation: 'untainted',
    },
    {
      name: 'node has two taints with the same key but different effect, remove all of them with wildcard',
      old: [t('dedicated', 'NoSchedule', 'namespaceA'), t('dedicated', 'PreferNoSchedule', 'namespaceA')],
      args: ['dedicated-'],
      taints: [],
      operation: 'untainted',
    },
    {
      name: 'node has two taints, update one of them and remove the other',
      old: [t('dedicated', 'NoSchedule', 'namespaceA'), t('foo', 'PreferNoSchedule', 'bar')],
      args: ['dedicated:NoSchedule-', 'foo=barz:PreferNoSchedule'],
      overwrite: true,
      taints: [t('foo', 'PreferNoSchedule', 'barz')],
      operation: 'modified',
    },
  ];
  it.each(cases)('$name', ({ old, args, overwrite, taints, operation }) => {
    expect(taint(old, args, overwrite)).toEqual({ ok: true, value: { operation, taints } });
  });

  const fatal: { name: string; old: Taint[]; args: string[]; error: { reason: string; message: string } }[] = [
    {
      name: 'invalid taint key',
      old: [],
      args: ['nospecialchars^@=banana:NoSchedule'],
      error: badRequest(`invalid taint spec: nospecialchars^@=banana:NoSchedule, ${qualifiedNameMsg}`),
    },
    {
      name: 'invalid taint effect',
      old: [],
      args: ['foo=bar:NoExcute'],
      error: badRequest('invalid taint effect: NoExcute, unsupported taint effect'),
    },
    {
      // The Kubernetes case misspells the effect, so kubectl stops at the effect, not at the duplicate.
      name: 'duplicated taints with the same key and effect should be rejected (NoExcute: fails on the effect)',
      old: [],
      args: ['foo=bar:NoExcute', 'foo=barz:NoExcute'],
      error: badRequest('invalid taint effect: NoExcute, unsupported taint effect'),
    },
    {
      // Same misspelling: parseTaints fails before Validate's add/remove conflict check.
      name: 'add and remove taint with same key and effect should be rejected (NoExcute: fails on the effect)',
      old: [],
      args: ['foo=:NoExcute', 'foo=:NoExcute-'],
      error: badRequest('invalid taint effect: NoExcute, unsupported taint effect'),
    },
    {
      name: "can't update existing taint on the node, since 'overwrite' flag is not set",
      old: [t('foo', 'NoSchedule', 'bar')],
      args: ['foo=bar:NoSchedule'],
      error: { reason: 'Conflict', message: 'node node-name already has foo taint(s) with same effect(s) and --overwrite is false' },
    },
  ];
  it.each(fatal)('$name', ({ old, args, error }) => {
    expect(taint(old, args)).toEqual({ ok: false, error });
  });

  it('the intended duplicate case, spelled right, is refused with Go %v of the taint', () => {
    expect(parseTaintArgs(['foo=bar:NoExecute', 'foo=barz:NoExecute'])).toEqual({
      ok: false,
      error: badRequest('duplicated taints with the same key and effect: {foo barz NoExecute <nil>}'),
    });
  });

  it('the intended add-and-remove case, spelled right, is refused as a conflict', () => {
    expect(parseTaintArgs(['foo=:NoExecute', 'foo=:NoExecute-'])).toEqual({
      ok: false,
      error: badRequest('can not both modify and remove the following taint(s) in the same command: foo=NoExecute'),
    });
  });
});

describe('TestParseTaints (utils_test.go) and parseTaint errors, with exact messages', () => {
  const errors: [string, string[], string][] = [
    ['invalid empty spec format', [''], `invalid taint spec: , name part must be non-empty; ${qualifiedNameMsg}`],
    // The spec has one part, so `foo=abc` is the key, which is not a qualified name.
    ['invalid spec format without effect', ['foo=abc'], `invalid taint spec: foo=abc, ${qualifiedNameMsg}`],
    ["invalid spec format with multiple '=' separators", ['foo=abc=xyz:NoSchedule'], 'invalid taint spec: foo=abc=xyz:NoSchedule'],
    ["invalid spec format with multiple ':' separators", ['foo=abc:xyz:NoSchedule'], 'invalid taint spec: foo=abc:xyz:NoSchedule'],
    ['invalid spec taint value without separator', ['foo'], 'invalid taint spec: foo'],
    ['invalid spec taint value with an invalid effect', ['foo=abc:invalid_effect'], 'invalid taint effect: invalid_effect, unsupported taint effect'],
    ['invalid spec taint value with an invalid effect, removal', ['foo:invalid_effect-'], 'invalid taint effect: invalid_effect, unsupported taint effect'],
    ['an empty effect', ['foo:'], 'invalid taint effect: , unsupported taint effect'],
    ['effects are case-sensitive', ['foo=bar:noschedule'], 'invalid taint effect: noschedule, unsupported taint effect'],
    ['an invalid value', ['foo=b@r:NoSchedule'], `invalid taint spec: foo=b@r:NoSchedule, ${labelValueMsg}`],
    // The length and prefix wording belongs to foundation/names (apimachinery's helpers); kubectl joins it with "; ".
    [
      'a value longer than 63 characters',
      [`foo=${'a'.repeat(64)}:NoSchedule`],
      `invalid taint spec: foo=${'a'.repeat(64)}:NoSchedule, ${isValidLabelValue('a'.repeat(64)).join('; ')}`,
    ],
    [
      'a key name longer than 63 characters',
      [`${'k'.repeat(64)}:NoSchedule`],
      `invalid taint spec: ${'k'.repeat(64)}:NoSchedule, ${isQualifiedName('k'.repeat(64)).join('; ')}`,
    ],
    ['an empty key prefix', ['/foo:NoSchedule'], 'invalid taint spec: /foo:NoSchedule, prefix part must be non-empty'],
    [
      'an upper-case key prefix',
      ['Example.com/foo:NoSchedule'],
      `invalid taint spec: Example.com/foo:NoSchedule, ${isQualifiedName('Example.com/foo').join('; ')}`,
    ],
    ['a key with two slashes', ['a/b/c:NoSchedule'], `invalid taint spec: a/b/c:NoSchedule, ${isQualifiedName('a/b/c').join('; ')}`],
    // Only one trailing '-' is trimmed; the removal message quotes the spec without it.
    ['a lone dash', ['-'], `invalid taint spec: , name part must be non-empty; ${qualifiedNameMsg}`],
    ['two trailing dashes', ['foo--'], `invalid taint spec: foo-, ${qualifiedNameMsg}`],
    ['a removal with a value but no effect makes the value part of the key', ['foo=bar-'], `invalid taint spec: foo=bar, ${qualifiedNameMsg}`],
    ["a removal with multiple '=' separators", ['a=b=c:NoSchedule-'], 'invalid taint spec: a=b=c:NoSchedule'],
    ['the first bad argument stops parsing', ['ok=1:NoSchedule', 'bad:Nope', 'worse^:NoSchedule'], 'invalid taint effect: Nope, unsupported taint effect'],
    ['no arguments at all', [], 'at least one taint update is required'],
  ];
  it.each(errors)('%s', (_name, args, error) => {
    expect(parseTaintArgs(args)).toEqual({ ok: false, error: badRequest(error) });
  });

  it('add new taints', () => {
    expect(parseTaintArgs(['foo=abc:NoSchedule', 'bar=abc:NoSchedule', 'baz:NoSchedule', 'qux:NoSchedule', 'foobar=:NoSchedule'])).toEqual({
      ok: true,
      value: {
        toAdd: [t('foo', 'NoSchedule', 'abc'), t('bar', 'NoSchedule', 'abc'), t('baz', 'NoSchedule'), t('qux', 'NoSchedule'), t('foobar', 'NoSchedule')],
        toRemove: [],
      },
    });
  });

  it('delete taints (a removal keeps only key and effect)', () => {
    expect(parseTaintArgs(['foo:NoSchedule-', 'bar:NoSchedule-', 'qux=:NoSchedule-', 'dedicated-'])).toEqual({
      ok: true,
      value: { toAdd: [], toRemove: [t('foo', 'NoSchedule'), t('bar', 'NoSchedule'), t('qux', 'NoSchedule'), t('dedicated', '')] },
    });
  });

  it('add taints and delete taints', () => {
    expect(
      parseTaintArgs([
        'foo=abc:NoSchedule',
        'bar=abc:NoSchedule',
        'baz:NoSchedule',
        'qux:NoSchedule',
        'foobar=:NoSchedule',
        'foo:NoSchedule-',
        'bar:NoSchedule-',
        'baz=:NoSchedule-',
      ]),
    ).toEqual({
      // parseTaints checks no conflict; Validate does: these removals hit the keys being added.
      ok: false,
      error: badRequest('can not both modify and remove the following taint(s) in the same command: foo=NoSchedule, bar=NoSchedule, baz=NoSchedule'),
    });
  });

  const accepted: [string, string[], TaintChange][] = [
    ['a value is dropped from a removal with an effect', ['foo=bar:NoExecute-'], { toAdd: [], toRemove: [t('foo', 'NoExecute')] }],
    ['a prefixed key', ['example.com/gpu=true:NoSchedule'], { toAdd: [t('example.com/gpu', 'NoSchedule', 'true')], toRemove: [] }],
    [
      'the same key with different effects is no duplicate',
      ['k=1:NoSchedule', 'k=1:NoExecute'],
      { toAdd: [t('k', 'NoSchedule', '1'), t('k', 'NoExecute', '1')], toRemove: [] },
    ],
    ['repeated removals are not checked for duplicates', ['k-', 'k-'], { toAdd: [], toRemove: [t('k', ''), t('k', '')] }],
    [
      'removing another effect of a key being added is no conflict',
      ['k=v:NoSchedule', 'k:NoExecute-'],
      { toAdd: [t('k', 'NoSchedule', 'v')], toRemove: [t('k', 'NoExecute')] },
    ],
    ['a 63-character value is fine', [`k=${'v'.repeat(63)}:NoSchedule`], { toAdd: [t('k', 'NoSchedule', 'v'.repeat(63))], toRemove: [] }],
  ];
  it.each(accepted)('%s', (_name, args, value) => {
    expect(parseTaintArgs(args)).toEqual({ ok: true, value });
  });

  it('a taint added without a value has no value field at all', () => {
    expect(parsed(['foobar=:NoSchedule']).toAdd[0]).not.toHaveProperty('value');
  });
});

describe('duplicate adds', () => {
  const cases: [string, string[], string][] = [
    ['same key and effect, different values', ['foo=bar:NoSchedule', 'foo=barz:NoSchedule'], '{foo barz NoSchedule <nil>}'],
    ['same key and effect, no value (two spaces in %v)', ['foo:NoSchedule', 'foo:NoSchedule'], '{foo  NoSchedule <nil>}'],
    ['identical adds', ['k=v:PreferNoSchedule', 'other:NoSchedule', 'k=v:PreferNoSchedule'], '{k v PreferNoSchedule <nil>}'],
  ];
  it.each(cases)('%s', (_name, args, shown) => {
    expect(parseTaintArgs(args)).toEqual({ ok: false, error: badRequest(`duplicated taints with the same key and effect: ${shown}`) });
  });
});

describe('Validate: add and remove of the same taint in one command', () => {
  const cases: [string, string[], string][] = [
    ['remove with the same effect', ['foo=bar:NoSchedule', 'foo:NoSchedule-'], 'foo=NoSchedule'],
    ['key-only removal conflicts with every add of the key (empty effect after "=")', ['foo=bar:NoSchedule', 'foo-'], 'foo='],
    ['one entry per (add, remove) pair, adds outer', ['a=1:NoSchedule', 'b=2:NoExecute', 'b:NoExecute-', 'a-'], 'a=, b=NoExecute'],
    ['one add against two removals', ['a=1:NoSchedule', 'a-', 'a:NoSchedule-'], 'a=, a=NoSchedule'],
    ['the removal may come first', ['foo-', 'foo=bar:NoExecute'], 'foo='],
  ];
  it.each(cases)('%s', (_name, args, conflicts) => {
    expect(parseTaintArgs(args)).toEqual({
      ok: false,
      error: badRequest(`can not both modify and remove the following taint(s) in the same command: ${conflicts}`),
    });
  });
});

describe('TestReorganizeTaints (utils_test.go): node taints [foo=bar:NoSchedule]', () => {
  const node = [t('foo', 'NoSchedule', 'bar')];
  const cases: { name: string; overwrite: boolean; add: Taint[]; remove: Taint[]; taints: Taint[]; operation: TaintOperation }[] = [
    { name: 'no changes with overwrite is true', overwrite: true, add: [], remove: [], taints: node, operation: 'modified' },
    { name: 'no changes with overwrite is false', overwrite: false, add: [], remove: [], taints: node, operation: 'untainted' },
    {
      name: 'add new taint (adds first, then the old ones)',
      overwrite: false,
      add: [t('foo_1', 'NoExecute')],
      remove: [],
      taints: [t('foo_1', 'NoExecute'), t('foo', 'NoSchedule', 'bar')],
      operation: 'tainted',
    },
    { name: 'delete taint with effect', overwrite: false, add: [], remove: [t('foo', 'NoSchedule')], taints: [], operation: 'untainted' },
    { name: 'delete taint with no effect', overwrite: false, add: [], remove: [t('foo', '')], taints: [], operation: 'untainted' },
    {
      name: 'add new taint and delete old one',
      overwrite: false,
      add: [t('foo_1', 'NoSchedule')],
      remove: [t('foo', 'NoSchedule')],
      taints: [t('foo_1', 'NoSchedule')],
      operation: 'modified',
    },
  ];
  it.each(cases)('$name', ({ overwrite, add, remove, taints, operation }) => {
    expect(applyTaintChange('n1', node, { toAdd: add, toRemove: remove }, overwrite)).toEqual({ ok: true, value: { operation, taints } });
  });

  it('delete non-exist taint is an error', () => {
    expect(applyTaintChange('n1', node, { toAdd: [], toRemove: [t('foo_1', 'NoSchedule')] }, false)).toEqual({
      ok: false,
      error: { reason: 'NotFound', message: 'taint "foo_1:NoSchedule" not found' },
    });
  });
});

describe('TestCheckIfTaintsAlreadyExists (utils_test.go), through the --overwrite=false refusal', () => {
  const old = [t('foo_1', 'NoSchedule', 'bar'), t('foo_2', 'NoSchedule', 'bar'), t('foo_3', 'NoSchedule', 'bar')];
  const cases: [string, Taint[], string | undefined][] = [
    ['empty new taint list', [], undefined],
    ['existing taint keys with a different effect', [t('foo_1', 'NoExecute')], undefined],
    ['existing taint keys with the same effect', [t('foo_2', 'NoSchedule')], 'foo_2'],
    ['two existing keys, joined with "," and no space', [t('foo_2', 'NoSchedule'), t('foo_3', 'NoSchedule')], 'foo_2,foo_3'],
  ];
  it.each(cases)('%s', (_name, toAdd, exists) => {
    const result = applyTaintChange('n1', old, { toAdd, toRemove: [] }, false);
    if (exists === undefined) expect(result.ok).toBe(true);
    else
      expect(result).toEqual({
        ok: false,
        error: { reason: 'Conflict', message: `node n1 already has ${exists} taint(s) with same effect(s) and --overwrite is false` },
      });
  });

  it('the check ignores the value: re-adding an identical taint is refused too', () => {
    expect(taint([t('foo', 'NoSchedule', 'bar')], ['foo=bar:NoSchedule'])).toEqual({
      ok: false,
      error: { reason: 'Conflict', message: 'node node-name already has foo taint(s) with same effect(s) and --overwrite is false' },
    });
  });

  it('runs before removals: a failing removal is not reported when an add already exists', () => {
    expect(taint([t('foo', 'NoSchedule')], ['foo:NoSchedule', 'gone-'])).toEqual({
      ok: false,
      error: { reason: 'Conflict', message: 'node node-name already has foo taint(s) with same effect(s) and --overwrite is false' },
    });
  });
});

describe('TestDeleteTaint / TestDeleteTaintByKey (utils_test.go), through removals', () => {
  const cases: [string, Taint[], Taint, Taint[] | string][] = [
    ['delete taint with different name', [t('foo', 'NoSchedule')], t('foo_1', 'NoSchedule'), 'taint "foo_1:NoSchedule" not found'],
    ['delete taint with different effect', [t('foo', 'NoSchedule')], t('foo', 'NoExecute'), 'taint "foo:NoExecute" not found'],
    ['delete taint successfully', [t('foo', 'NoSchedule')], t('foo', 'NoSchedule'), []],
    ['delete taint from empty taint array', [], t('foo', 'NoSchedule'), 'taint "foo:NoSchedule" not found'],
    ['delete taint by key with different name', [t('foo', 'NoSchedule', 'bar')], t('foo_1', ''), 'taint "foo_1" not found'],
    ['delete taint by key successfully', [t('foo', 'NoSchedule', 'bar')], t('foo', ''), []],
    ['delete taint by key from empty taint array', [], t('foo', ''), 'taint "foo" not found'],
  ];
  it.each(cases)('%s', (_name, old, remove, expected) => {
    const result = applyTaintChange('n1', old, { toAdd: [], toRemove: [remove] }, false);
    if (typeof expected === 'string') expect(result).toEqual({ ok: false, error: missing(expected) });
    else expect(result).toEqual({ ok: true, value: { operation: 'untainted', taints: expected } });
  });
});

describe('removals', () => {
  it('removing an absent taint: taint "k:NoSchedule" not found', () => {
    expect(taint([t('k', 'NoExecute')], ['k:NoSchedule-'])).toEqual({ ok: false, error: missing('taint "k:NoSchedule" not found') });
  });

  it('a key-only removal takes every effect of the key and nothing else', () => {
    const old = [t('k', 'NoSchedule', 'a'), t('other', 'NoSchedule'), t('k', 'PreferNoSchedule'), t('k', 'NoExecute', 'b'), t('k2', 'NoExecute')];
    expect(taint(old, ['k-'])).toEqual({ ok: true, value: { operation: 'untainted', taints: [t('other', 'NoSchedule'), t('k2', 'NoExecute')] } });
  });

  it('removals apply in order, so a second removal of the same taint fails', () => {
    expect(taint([t('k', 'NoSchedule')], ['k:NoSchedule-', 'k-'])).toEqual({ ok: false, error: missing('taint "k" not found') });
  });

  it('several failed removals: the aggregate in brackets, in order', () => {
    expect(taint([t('k', 'NoSchedule')], ['a:NoSchedule-', 'k-', 'b-'])).toEqual({
      ok: false,
      error: missing('[taint "a:NoSchedule" not found, taint "b" not found]'),
    });
  });

  it('the aggregate drops repeated messages', () => {
    expect(taint([], ['a-', 'a-'])).toEqual({ ok: false, error: missing('taint "a" not found') });
    expect(taint([], ['a-', 'b-', 'a-'])).toEqual({ ok: false, error: missing('[taint "a" not found, taint "b" not found]') });
  });
});

describe('the operation word: (added && deleted) || overwrite -> modified, added -> tainted, else untainted', () => {
  const old = [t('a', 'NoSchedule', '1'), t('b', 'NoSchedule', '2')];
  const cases: [string, string[], boolean, TaintOperation][] = [
    ['a new taint', ['c=3:NoSchedule'], false, 'tainted'],
    ['a new taint with --overwrite', ['c=3:NoSchedule'], true, 'modified'],
    ['a removal', ['a-'], false, 'untainted'],
    ['a removal with --overwrite', ['a-'], true, 'modified'],
    ['a replaced value (the count does not change, so nothing was "added")', ['a=9:NoSchedule'], true, 'modified'],
    ['an add and a removal', ['c=3:NoSchedule', 'a-'], false, 'modified'],
    // Only the last removal's outcome counts as "deleted", and every removal here succeeds.
    ['an add and two removals', ['c=3:NoSchedule', 'a-', 'b:NoSchedule-'], false, 'modified'],
  ];
  it.each(cases)('%s', (_name, args, overwrite, operation) => {
    const result = taint(old, args, overwrite);
    expect(result.ok && result.value.operation).toBe(operation);
  });
});

describe('overwrite', () => {
  it('a replaced taint loses its timeAdded and moves to the front; kept taints keep theirs', () => {
    const old: Taint[] = [
      { key: 'keep', effect: 'NoExecute', timeAdded: '2024-01-01T00:00:00Z' },
      { key: 'swap', value: 'old', effect: 'NoExecute', timeAdded: '2024-02-02T00:00:00Z' },
    ];
    expect(taint(old, ['swap=new:NoExecute'], true)).toEqual({
      ok: true,
      value: {
        operation: 'modified',
        taints: [t('swap', 'NoExecute', 'new'), { key: 'keep', effect: 'NoExecute', timeAdded: '2024-01-01T00:00:00Z' }],
      },
    });
  });

  it('overwrite replaces only the same key and effect; another effect of the key is added', () => {
    expect(taint([t('k', 'NoSchedule', 'a')], ['k=b:NoExecute'], true)).toEqual({
      ok: true,
      value: { operation: 'modified', taints: [t('k', 'NoExecute', 'b'), t('k', 'NoSchedule', 'a')] },
    });
  });

  it("adds keep argument order and come before the node's other taints, in node order", () => {
    const old = [t('x', 'NoSchedule'), t('y', 'PreferNoSchedule'), t('z', 'NoExecute')];
    expect(taint(old, ['b=1:NoSchedule', 'a=2:NoSchedule', 'y=3:PreferNoSchedule'], true)).toEqual({
      ok: true,
      value: {
        operation: 'modified',
        taints: [t('b', 'NoSchedule', '1'), t('a', 'NoSchedule', '2'), t('y', 'PreferNoSchedule', '3'), t('x', 'NoSchedule'), t('z', 'NoExecute')],
      },
    });
  });

  it('kubectl sets no timeAdded on taints it adds', () => {
    const result = taint([], ['k=v:NoExecute']);
    expect(result.ok && result.value.taints[0]).toEqual({ key: 'k', value: 'v', effect: 'NoExecute' });
  });

  it('addTaints: an old taint whose key and effect are already in the list is dropped (a node with duplicates)', () => {
    // validateNodeTaints refuses such a node, but kubectl's loop compares against the list it builds.
    const old = [t('k', 'NoSchedule', '1'), t('k', 'NoSchedule', '2'), t('j', 'NoSchedule')];
    expect(applyTaintChange('n1', old, { toAdd: [], toRemove: [] }, false)).toEqual({
      ok: true,
      value: { operation: 'tainted', taints: [t('k', 'NoSchedule', '1'), t('j', 'NoSchedule')] },
    });
  });

  it('does not change its inputs', () => {
    const old = [t('a', 'NoSchedule')];
    const change = parsed(['b=1:NoSchedule', 'a-']);
    const before = JSON.stringify({ old, change });
    applyTaintChange('n1', old, change, false);
    expect(JSON.stringify({ old, change })).toBe(before);
  });
});

describe('parseNodeTarget (TestValidateFlags, and Complete choosing names, -l or --all)', () => {
  const namesRefused = 'name the nodes, or give a selector, or all: true, not several';
  const cases: [string, { nodes?: string[]; selector?: string; all?: boolean }, string | undefined][] = [
    ['selector only', { selector: 'myLabel=X', all: false }, undefined],
    ['all only', { selector: '', all: true }, undefined],
    ['selector and all', { selector: 'myLabel=X', all: true }, "setting 'all' parameter with a non empty selector is prohibited"],
    ['neither, and no node name', { selector: '', all: false, nodes: [] }, "at least one resource name must be specified since 'all' parameter is not set"],
    ['neither, with a node name', { selector: '', all: false, nodes: ['node-name'] }, undefined],
    ['nothing given at all', {}, "at least one resource name must be specified since 'all' parameter is not set"],
    // kubectl ignores the names here; taintgate refuses them rather than act on nodes not meant.
    ['names with all', { nodes: ['n1'], all: true }, namesRefused],
    ['names with a selector', { nodes: ['n1'], selector: 'a=b' }, namesRefused],
    ['names, selector and all', { nodes: ['n1'], selector: 'a=b', all: true }, "setting 'all' parameter with a non empty selector is prohibited"],
  ];
  it.each(cases)('%s', (_name, target, error) => {
    const result = parseNodeTarget(target);
    if (error === undefined) expect(result.ok).toBe(true);
    else expect(result).toMatchObject({ ok: false, error: { reason: 'BadRequest', message: error } });
  });

  it('a selector that does not parse names the selector field, in labels.Parse words', () => {
    const result = parseNodeTarget({ selector: 'a in (b' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.message).toBe('selector: unable to parse selector "a in (b": unbalanced parentheses');
    expect(result.error.causes?.map((c) => c.path.render())).toEqual(['selector']);
  });
});

describe('selectNodes', () => {
  const node = (name: string, labels: Record<string, string> = {}): Node => ({ metadata: { name, labels } });
  const nodes = [node('b', { pool: 'gpu' }), node('a', { pool: 'cpu' }), node('c', { pool: 'gpu' })];
  const named = (name: string) => nodes.find((n) => n.metadata.name === name);
  const names = (target: Parameters<typeof parseNodeTarget>[0]) => {
    const parsed = parseNodeTarget(target);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const selected = selectNodes(parsed.value, nodes, named);
    return selected.ok ? selected.value.map((n) => n.metadata.name) : selected.error;
  };

  it.each([
    ['all, in name order', { all: true }, ['a', 'b', 'c']],
    ['by selector', { selector: 'pool=gpu' }, ['b', 'c']],
    ['a selector that matches nothing', { selector: 'pool=tpu' }, []],
    ['by name, each once, in name order', { nodes: ['c', 'a', 'c'] }, ['a', 'c']],
  ] as const)('%s', (_name, target, expected) => {
    expect(names(target)).toEqual(expected);
  });

  it('a missing name is NotFound, the first one given', () => {
    expect(names({ nodes: ['a', 'x', 'y'] })).toEqual({ reason: 'NotFound', message: 'nodes "x" not found', subject: { kind: 'nodes', name: 'x' } });
  });
});

describe('taintResultLine: the name printer, <kind>/<name> <operation>', () => {
  it.each([
    ['n1', 'tainted', 'node/n1 tainted'],
    ['worker-1', 'untainted', 'node/worker-1 untainted'],
    ['node-name', 'modified', 'node/node-name modified'],
  ] as [string, TaintOperation, string][])('%s %s', (node, operation, line) => {
    expect(taintResultLine(node, operation)).toBe(line);
  });
});

/**
 * One taint to add in kubectl's syntax (taint impact's strings): parseTaints' rules for an argument
 * that does not end in `-` (utils.go), and a removal refused, since a what-if adds.
 */
describe('parseTaintToAdd', () => {
  it.each([
    ['key=value:Effect', 'maintenance=true:NoExecute', { key: 'maintenance', value: 'true', effect: 'NoExecute' }],
    ['key:Effect', 'dedicated:NoSchedule', { key: 'dedicated', effect: 'NoSchedule' }],
    ['a prefixed key', 'example.com/pool=spot:PreferNoSchedule', { key: 'example.com/pool', value: 'spot', effect: 'PreferNoSchedule' }],
  ])('%s', (_name, spec, taint) => {
    expect(parseTaintToAdd(spec)).toEqual({ ok: true, value: taint });
  });
  it.each([
    ['no effect', 'dedicated', 'invalid taint spec: dedicated'],
    // Without a colon the whole argument is the key (parseTaint's one-part case), and `=` is no key's.
    ['a value but no effect', 'key=value', `invalid taint spec: key=value, ${qualifiedNameMsg}`],
    ['an unknown effect', 'key:Sometimes', 'invalid taint effect: Sometimes, unsupported taint effect'],
    ['a removal', 'key:NoExecute-', 'invalid taint spec: key:NoExecute-, a taint to add cannot end with "-" (that removes it)'],
    ['two equals signs', 'a=b=c:NoSchedule', 'invalid taint spec: a=b=c:NoSchedule'],
  ])('%s', (_name, spec, message) => {
    expect(parseTaintToAdd(spec)).toEqual({ ok: false, error: expect.objectContaining({ reason: 'BadRequest', message }) });
  });
});
