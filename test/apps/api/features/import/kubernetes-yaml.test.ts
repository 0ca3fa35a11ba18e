import { describe, expect, it } from 'vitest';
import { parseKubernetesYaml, yamlPieceRefusal } from '../../../../../apps/api/src/features/import/kubernetes-yaml';

/** The value of `value:` in `value: <scalar>`, as parseKubernetesYaml reads it. */
function valueOf(scalar: string): unknown {
  const parsed = parseKubernetesYaml(`value: ${scalar}\n`);
  if (!parsed.ok) throw new Error(parsed.message);
  return (parsed.value as { value: unknown }).value;
}

/**
 * What sigs.k8s.io/yaml's YAMLToJSON (go-yaml v2's resolve, then encoding/json) makes of each
 * scalar, where YAML 1.1 and YAML 1.2 (the `yaml` package's default) or eemeli/yaml's YAML 1.1
 * differ from it.
 */
describe('YAML read as Kubernetes reads it (import/kubernetes-yaml.ts)', () => {
  it.each([
    // YAML 1.1 booleans, which YAML 1.2 reads as strings: Kubernetes takes them as booleans.
    ['yes', true],
    ['Yes', true],
    ['YES', true],
    ['y', true],
    ['Y', true],
    ['on', true],
    ['On', true],
    ['ON', true],
    ['no', false],
    ['n', false],
    ['off', false],
    ['OFF', false],
    ['true', true],
    ['False', false],
    // Quoted, they are strings, as everywhere.
    ['"yes"', 'yes'],
    ["'on'", 'on'],
    ['"true"', 'true'],
    ['~', null],
    ['null', null],
    ['NULL', null],
    ['', null],
  ])('%s is %j', (scalar, expected) => {
    expect(valueOf(scalar)).toBe(expected);
  });

  it.each([
    // YAML 1.1 octal (a file mode, `defaultMode: 0644`), which YAML 1.2 reads as decimal 644.
    ['0644', 420],
    ['0755', 493],
    ['"0755"', '0755'],
    // Go's strconv.ParseInt(s, 0, 64) reads 0o too; YAML 1.1 alone would leave it a string.
    ['0o17', 15],
    ['-0o17', -15],
    ['0x1F', 31],
    ['0b101', 5],
    // Not octal: go-yaml falls back to a float, 8; a number either way.
    ['08', 8],
    ['1_000', 1000],
    ['+12', 12],
    ['1.5', 1.5],
    ['1e3', 1000],
    ['.5', 0.5],
  ])('%s is %j', (scalar, expected) => {
    expect(valueOf(scalar)).toBe(expected);
  });

  it.each([
    ['9223372036854775807', 9223372036854775807n],
    ['-9223372036854775808', -9223372036854775808n],
    ['18446744073709551615', 18446744073709551615n],
    ['0x7FFFFFFFFFFFFFFF', 9223372036854775807n],
    ['9007199254740993', 9007199254740993n],
  ])('%s, beyond 2^53, is kept exactly as a bigint', (scalar, expected) => {
    expect(valueOf(scalar)).toBe(expected);
  });

  it('2^53 - 1 is still a number', () => {
    expect(valueOf('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it.each([
    // kubectl quotes timestamps; unquoted, YAML 1.1 reads a timestamp, and go-yaml hands an
    // interface{} the text it read: a string either way.
    ['"2024-01-01T00:00:00Z"', '2024-01-01T00:00:00Z'],
    ['2024-01-01T00:00:00Z', '2024-01-01T00:00:00Z'],
    ['2025-10-03T11:02:17.123456Z', '2025-10-03T11:02:17.123456Z'],
    ['2024-01-01', '2024-01-01'],
    ['2001-12-14 21:59:43.10 -5', '2001-12-14 21:59:43.10 -5'],
    // YAML 1.1's base-60 numbers, which go-yaml leaves out: strings (a time of day, a port pair).
    ['10:30', '10:30'],
    ['22:22', '22:22'],
    ['1:20:30.5', '1:20:30.5'],
    // !!binary is not supported by sigs.k8s.io/yaml: the base64 text stays a string.
    ['!!binary aGVsbG8=', 'aGVsbG8='],
    ['!!str 12', '12'],
  ])('%s is the string %j', (scalar, expected) => {
    expect(valueOf(scalar)).toBe(expected);
  });

  it.each(['.nan', '.inf', '-.Inf', '+.INF'])('%s is an error: JSON cannot hold it', (scalar) => {
    const parsed = parseKubernetesYaml(`value: ${scalar}\n`);
    expect(parsed).toEqual({ ok: false, message: `${scalar} is not a number JSON can hold: Kubernetes refuses it too`, index: 7 });
  });

  it('a label `on: yes` has the key "true" and the value true, as with go-yaml (Kubernetes then refuses the boolean)', () => {
    expect(parseKubernetesYaml('labels:\n  on: yes\n  "on": "yes"\n')).toEqual({ ok: true, value: { labels: { true: true, on: 'yes' } } });
  });

  it('non-string keys become strings, as sigs.k8s.io/yaml converts them', () => {
    expect(parseKubernetesYaml('1: a\n1.5: b\nfalse: c\n')).toEqual({ ok: true, value: { '1': 'a', '1.5': 'b', false: 'c' } });
  });

  it('merge keys are merged, as go-yaml does', () => {
    const text = 'base: &base {effect: NoSchedule, operator: Exists}\ntoleration:\n  <<: *base\n  key: gpu\n  effect: NoExecute\n';
    expect(parseKubernetesYaml(text)).toEqual({
      ok: true,
      value: { base: { effect: 'NoSchedule', operator: 'Exists' }, toleration: { effect: 'NoExecute', operator: 'Exists', key: 'gpu' } },
    });
  });

  it('of a key given twice the last value counts, as go-yaml (non-strict) and JSON.parse', () => {
    expect(parseKubernetesYaml('metadata:\n  name: a\n  name: b\n')).toEqual({ ok: true, value: { metadata: { name: 'b' } } });
  });

  it('an alias bomb is an error, not a hang', () => {
    const lines = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (const [from, to] of [
      ['a', 'b'],
      ['b', 'c'],
      ['c', 'd'],
      ['d', 'e'],
      ['e', 'f'],
    ]) {
      lines.push(`${to}: &${to} [*${from}, *${from}, *${from}, *${from}, *${from}, *${from}, *${from}, *${from}, *${from}, *${from}]`);
    }
    const parsed = parseKubernetesYaml(`${lines.join('\n')}\n`);
    expect(parsed.ok).toBe(false);
  });

  it('a syntax error: the message and where it is in the text (the line where the sequence should have ended)', () => {
    const text = 'metadata:\n  name: [a\nspec: {}\n';
    expect(parseKubernetesYaml(text)).toMatchObject({ ok: false, message: expect.stringMatching(/Flow sequence/), index: text.indexOf('spec') });
  });
});

describe('yamlPieceRefusal: what is not parsed at all', () => {
  it.each<[string, string, string | undefined]>([
    ['an object', 'kind: Node\nmetadata: {name: n1, labels: {a: "[[["}}\n', undefined],
    ['100 flow levels', `${'['.repeat(100)}${']'.repeat(100)}`, undefined],
    ['101 flow levels', `${'['.repeat(101)}${']'.repeat(101)}`, 'flow collections nested more than 100 deep'],
    ['brackets in quotes and comments', `a: "${'['.repeat(200)}" # ${'{'.repeat(200)}\nb: c`, undefined],
    ['brackets in single quotes inside a flow collection', `a: ['${'['.repeat(200)}']`, undefined],
    [
      'longer than 8 MiB',
      `a: ${'x'.repeat(8 * 1024 * 1024)}`,
      '8388611 characters in one YAML document or List entry, more than 8388608 (a Kubernetes object is at most 1.5 MiB): send what kubectl prints (block style), or JSON',
    ],
  ])('%s', (_, text, refused) => {
    expect(yamlPieceRefusal(text)?.message).toBe(refused);
  });
});
