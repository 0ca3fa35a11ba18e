import { describe, expect, it } from 'vitest';
import { type LabelSelector, parseLabelSelector, selectorMatches } from '@taintgate/domain';
import { isQualifiedName, isValidLabelValue } from '../../../../libs/domain/src/foundation/names';

/** apimachinery labels.Parse (the syntax of `kubectl ... -l`) and Requirement.Matches. */

function parse(text: string): LabelSelector {
  const result = parseLabelSelector(text);
  if (!result.ok) throw new Error(`unexpected error for ${JSON.stringify(text)}: ${result.error}`);
  return result.value;
}

const keyError = (raw: string, key: string) => `unable to parse requirement "${raw}": invalid label key "${key}": ${isQualifiedName(key).join('; ')}`;
const valueError = (raw: string, value: string) =>
  `unable to parse requirement "${raw}": invalid label value "${value}": ${isValidLabelValue(value).join('; ')}`;
const syntaxError = (raw: string) => `unable to parse requirement "${raw}": expected k=v, k==v, k!=v, k in (v1,v2), k notin (v1,v2), k, !k, k>n or k<n`;

describe('parseLabelSelector: what each operator parses to', () => {
  const cases: [string, string, LabelSelector][] = [
    ['empty: selects everything', '', []],
    ['only whitespace: selects everything', ' \t\r\n ', []],
    ['=', 'env=prod', [{ key: 'env', operator: 'In', values: ['prod'] }]],
    ['==', 'env==prod', [{ key: 'env', operator: 'In', values: ['prod'] }]],
    ['!=', 'env!=prod', [{ key: 'env', operator: 'NotIn', values: ['prod'] }]],
    ['in', 'tier in (web,api)', [{ key: 'tier', operator: 'In', values: ['web', 'api'] }]],
    ['notin', 'tier notin (web, api)', [{ key: 'tier', operator: 'NotIn', values: ['web', 'api'] }]],
    ['exists', 'gpu', [{ key: 'gpu', operator: 'Exists' }]],
    ['!key', '!canary', [{ key: 'canary', operator: 'DoesNotExist' }]],
    ['! key (the lexer skips whitespace after !)', '! canary', [{ key: 'canary', operator: 'DoesNotExist' }]],
    ['>', 'rank>5', [{ key: 'rank', operator: 'Gt', values: ['5'] }]],
    ['<', 'rank < 10', [{ key: 'rank', operator: 'Lt', values: ['10'] }]],
    ['= with an empty value', 'env=', [{ key: 'env', operator: 'In', values: [''] }]],
    ['!= with an empty value', 'env!=', [{ key: 'env', operator: 'NotIn', values: [''] }]],
    [
      'whitespace around operators and requirements',
      ' env = prod ,\ttier\nin ( web ) , ! canary ',
      [
        { key: 'env', operator: 'In', values: ['prod'] },
        { key: 'tier', operator: 'In', values: ['web'] },
        { key: 'canary', operator: 'DoesNotExist' },
      ],
    ],
    [
      'several requirements, in order',
      'env=prod,tier in (web,api),!canary,gpu,zone!=a',
      [
        { key: 'env', operator: 'In', values: ['prod'] },
        { key: 'tier', operator: 'In', values: ['web', 'api'] },
        { key: 'canary', operator: 'DoesNotExist' },
        { key: 'gpu', operator: 'Exists' },
        { key: 'zone', operator: 'NotIn', values: ['a'] },
      ],
    ],
    // The example of labels.Parse's doc comment: empty values are values.
    [
      'x in (foo,,baz),y,z notin ()',
      'x in (foo,,baz),y,z notin ()',
      [
        { key: 'x', operator: 'In', values: ['foo', '', 'baz'] },
        { key: 'y', operator: 'Exists' },
        { key: 'z', operator: 'NotIn', values: [''] },
      ],
    ],
    ['a prefixed key', 'example.com/tier=web', [{ key: 'example.com/tier', operator: 'In', values: ['web'] }]],
    [
      'in and notin can be keys',
      'in=1,notin',
      [
        { key: 'in', operator: 'In', values: ['1'] },
        { key: 'notin', operator: 'Exists' },
      ],
    ],
    ['in and notin can be values', 'k in (in,notin)', [{ key: 'k', operator: 'In', values: ['in', 'notin'] }]],
    [
      'the same key twice is kept twice',
      'a=1,a=2',
      [
        { key: 'a', operator: 'In', values: ['1'] },
        { key: 'a', operator: 'In', values: ['2'] },
      ],
    ],
    ['a Gt value with leading zeros (strconv.ParseInt accepts it)', 'rank>007', [{ key: 'rank', operator: 'Gt', values: ['007'] }]],
  ];
  it.each(cases)('%s', (_name, text, selector) => {
    expect(parseLabelSelector(text)).toEqual({ ok: true, value: selector });
  });
});

describe('selectorMatches (Requirement.Matches): every requirement must hold', () => {
  const cases: [string, Record<string, string> | undefined, boolean][] = [
    ['', undefined, true],
    ['', { any: 'thing' }, true],
    ['env=prod', { env: 'prod' }, true],
    ['env=prod', { env: 'dev' }, false],
    ['env=prod', {}, false],
    ['env==prod', { env: 'prod', other: 'x' }, true],
    ['env!=prod', {}, true],
    ['env!=prod', { env: 'prod' }, false],
    ['env!=prod', { env: 'dev' }, true],
    ['env=', { env: '' }, true],
    ['env=', {}, false],
    ['tier in (web,api)', { tier: 'api' }, true],
    ['tier in (web,api)', { tier: 'db' }, false],
    ['tier in (web,api)', {}, false],
    ['tier notin (web,api)', {}, true],
    ['tier notin (web,api)', { tier: 'web' }, false],
    ['tier notin (web,api)', { tier: 'db' }, true],
    ['gpu', { gpu: '' }, true],
    ['gpu', {}, false],
    ['!canary', {}, true],
    ['!canary', { canary: 'false' }, false],
    ['rank>5', { rank: '6' }, true],
    ['rank>5', { rank: '5' }, false],
    ['rank>5', { rank: 'high' }, false],
    ['rank>5', {}, false],
    ['rank>5', { rank: '010' }, true],
    ['rank<5', { rank: '-3' }, true],
    ['rank<5', { rank: '5' }, false],
    ['env=prod,!canary', { env: 'prod' }, true],
    ['env=prod,!canary', { env: 'prod', canary: 'true' }, false],
    ['env=prod,tier in (web,api),gpu', { env: 'prod', tier: 'web', gpu: 'a100' }, true],
    ['env=prod,tier in (web,api),gpu', { env: 'prod', tier: 'web' }, false],
    ['a=1,a=2', { a: '1' }, false],
    ['Env=prod', { env: 'prod' }, false],
    ['toString', {}, false],
  ];
  it.each(cases)('%j on %j -> %s', (text, labels, expected) => {
    expect(selectorMatches(parse(text), labels)).toBe(expected);
  });
});

describe('parseLabelSelector: errors name the part that is wrong', () => {
  const long = 'k'.repeat(64);
  const cases: [string, string, string][] = [
    ['a bad key', 'a=b,c^=d', keyError('c^=d', 'c^')],
    ['a bad key for exists', 'ok,bad^', keyError('bad^', 'bad^')],
    ['a bad key for !key', '!-x', keyError('!-x', '-x')],
    ['a bad key for in', 'a/b/c in (x)', keyError('a/b/c in (x)', 'a/b/c')],
    ['a key that is too long', `${long}=v`, keyError(`${long}=v`, long)],
    ['a bad value', 'a=b^', valueError('a=b^', 'b^')],
    ['a bad value in a set', 'a in (x, y^)', valueError('a in (x, y^)', 'y^')],
    ['a value that is too long', `a=${'v'.repeat(64)}`, valueError(`a=${'v'.repeat(64)}`, 'v'.repeat(64))],
    ['a trailing comma', 'a=b,', `unable to parse requirement "": found '', expected: identifier`],
    ['a leading comma', ',a=b', `unable to parse requirement "": found '', expected: identifier`],
    ['two commas', 'a,,b', `unable to parse requirement "": found '', expected: identifier`],
    ['an unclosed parenthesis', 'a in (b', 'unable to parse selector "a in (b": unbalanced parentheses'],
    ['a stray closing parenthesis', 'a in b)', 'unable to parse selector "a in b)": unbalanced parentheses'],
    ['two values', 'a=b c', syntaxError('a=b c')],
    ['two keys', 'a b', syntaxError('a b')],
    ['in without a set', 'a in', syntaxError('a in')],
    ['IN in capitals', 'a IN (b)', syntaxError('a IN (b)')],
    ['in without whitespace before it', 'ain (b)', syntaxError('ain (b)')],
    ['a lone !', '!', syntaxError('!')],
    ['!key with a value', '!a=b', syntaxError('!a=b')],
    ['a doubled operator', 'a==b=c', syntaxError('a==b=c')],
    ['>=', 'a>=1', syntaxError('a>=1')],
    ['nested parentheses', 'a in ((b))', syntaxError('a in ((b))')],
    [
      'a Gt value that is not an integer',
      'rank>high',
      `unable to parse requirement "rank>high": invalid value "high": for 'Gt', 'Lt' operators, the value must be an integer`,
    ],
    ['a Lt without a value', 'rank<', `unable to parse requirement "rank<": invalid value "": for 'Gt', 'Lt' operators, the value must be an integer`],
    [
      'a Gt value beyond int64',
      'rank>9223372036854775808',
      `unable to parse requirement "rank>9223372036854775808": invalid value "9223372036854775808": for 'Gt', 'Lt' operators, the value must be an integer`,
    ],
    // An integer, but no valid label value: NewRequirement checks both.
    ['a negative Gt value', 'rank>-1', valueError('rank>-1', '-1')],
    // Only space, tab, CR and LF separate tokens; a no-break space is part of an identifier.
    ['a no-break space after a value', 'a=b\u00a0', valueError('a=b\u00a0', 'b\u00a0')],
    ['a no-break space after a key', 'a\u00a0=b', keyError('a\u00a0=b', 'a\u00a0')],
    ['only a no-break space', '\u00a0', keyError('\u00a0', '\u00a0')],
  ];
  it.each(cases)('%s: %j', (_name, text, error) => {
    expect(parseLabelSelector(text)).toEqual({ ok: false, error });
  });
});
