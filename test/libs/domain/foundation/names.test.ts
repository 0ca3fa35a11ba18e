import { describe, expect, it } from 'vitest';
import { generatedName, isDNS1123Label, isDNS1123Subdomain } from '@taintgate/domain';
import { isQualifiedName, isValidLabelValue, regexError, utf8ByteLength } from '../../../../libs/domain/src/foundation/names';
import { msg } from '../validation/messages';

const a = (n: number): string => 'a'.repeat(n);

describe('regexError (RegexError)', () => {
  it.each([
    { name: 'no examples', examples: [] as string[], text: "bad (regex used for validation is 'x+')" },
    { name: 'one example', examples: ['x'], text: "bad (e.g. 'x', regex used for validation is 'x+')" },
    { name: 'two examples: double space before "or"', examples: ['x', 'xx'], text: "bad (e.g. 'x',  or 'xx', regex used for validation is 'x+')" },
  ])('$name', ({ examples, text }) => {
    expect(regexError('bad', 'x+', ...examples)).toBe(text);
  });
});

describe('isQualifiedName (content.IsLabelKey): valid keys', () => {
  it.each([
    'simple',
    'now-with-dashes',
    '1-starts-with-num',
    '1234',
    'simple/simple',
    'now-with-dashes/simple',
    'now.with.dots/simple',
    '1-num.2-num/3-num',
    '1.2.3.4/5678',
    'Uppercase_Is_OK_123',
    'example.com/Uppercase_Is_OK_123',
    'requests.storage-foo',
    'node.kubernetes.io/not-ready',
    'a',
    a(63),
    `${a(253)}/${'b'.repeat(63)}`,
  ])('%s', (key) => {
    expect(isQualifiedName(key)).toEqual([]);
  });
});

describe('isQualifiedName: exact messages', () => {
  it.each([
    { name: 'special characters', key: 'nospecialchars%^=@', errors: [msg.nameRegex] },
    { name: 'ends with a dash', key: 'cantendwithadash-', errors: [msg.nameRegex] },
    { name: 'starts with a dash', key: '-cantstartwithadash', errors: [msg.nameRegex] },
    { name: 'starts with a dot', key: '.dot', errors: [msg.nameRegex] },
    { name: 'empty key', key: '', errors: [msg.nameEmpty, msg.nameRegex] },
    { name: 'name part 64 bytes', key: a(64), errors: [msg.nameTooLong] },
    { name: 'name part 64 bytes and a bad end', key: `${a(63)}-`, errors: [msg.nameTooLong, msg.nameRegex] },
    { name: 'name part counted in UTF-8 bytes', key: 'é'.repeat(32), errors: [msg.nameTooLong, msg.nameRegex] },
    { name: 'empty name after prefix', key: 'example.com/', errors: [msg.nameEmpty, msg.nameRegex] },
    { name: 'empty prefix', key: '/simple', errors: [msg.prefixEmpty] },
    { name: 'uppercase prefix', key: 'Example.com/abc', errors: [msg.prefixRegex] },
    { name: 'underscore in prefix', key: 'example_com/abc', errors: [msg.prefixRegex] },
    { name: 'prefix 254 bytes', key: `${a(254)}/abc`, errors: [msg.prefixTooLong] },
    { name: 'prefix and name both bad', key: 'Example.com/-x', errors: [msg.prefixRegex, msg.nameRegex] },
    { name: 'two slashes', key: 'only/one/slash', errors: [msg.tooManySlashes] },
    { name: 'two slashes, nothing else checked', key: '//', errors: [msg.tooManySlashes] },
  ])('$name', ({ key, errors }) => {
    expect(isQualifiedName(key)).toEqual(errors);
  });
});

describe('isValidLabelValue (content.IsLabelValue)', () => {
  it.each([
    { name: 'empty is valid', value: '', errors: [] },
    { name: 'simple', value: 'simple', errors: [] },
    { name: 'digits only', value: '1234', errors: [] },
    { name: 'dots, dashes, underscores inside', value: 'a.b-c_d', errors: [] },
    { name: '63 bytes', value: a(63), errors: [] },
    { name: '64 bytes', value: a(64), errors: [msg.labelValueTooLong] },
    { name: 'a slash', value: 'a/b', errors: [msg.labelValueRegex] },
    { name: 'starts with a dash', value: '-starts-with-dash', errors: [msg.labelValueRegex] },
    { name: 'ends with a dot', value: 'ends.with.dot.', errors: [msg.labelValueRegex] },
    { name: 'non-ASCII', value: 'Tama-nui-te-rā.is.Māori.sun', errors: [msg.labelValueRegex] },
    { name: 'backslashes', value: '\\backslashes\\are\\bad', errors: [msg.labelValueRegex] },
    { name: 'too long and bad', value: `${a(64)}-`, errors: [msg.labelValueTooLong, msg.labelValueRegex] },
    { name: 'a trailing newline is not accepted', value: 'abc\n', errors: [msg.labelValueRegex] },
  ])('$name', ({ value, errors }) => {
    expect(isValidLabelValue(value)).toEqual(errors);
  });
});

describe('isDNS1123Subdomain (util/validation, object names)', () => {
  it.each([
    { name: 'simple', value: 'node-1', errors: [] },
    { name: 'dotted', value: 'ip-10-0-0-1.ec2.internal', errors: [] },
    { name: 'digits first', value: '1node', errors: [] },
    { name: '253 characters', value: `${a(63)}.${a(63)}.${a(63)}.${a(61)}`, errors: [] },
    { name: '254 characters', value: `${a(63)}.${a(63)}.${a(63)}.${a(62)}`, errors: [msg.subdomainTooLong] },
    { name: 'uppercase', value: 'Node1', errors: [msg.subdomainRegex] },
    { name: 'underscore', value: 'node_1', errors: [msg.subdomainRegex] },
    { name: 'empty', value: '', errors: [msg.subdomainRegex] },
    { name: 'double dot', value: 'a..b', errors: [msg.subdomainRegex] },
    { name: 'trailing dash', value: 'node-', errors: [msg.subdomainRegex] },
    { name: 'too long and bad', value: `${a(254)}-`, errors: [msg.subdomainTooLong, msg.subdomainRegex] },
  ])('$name', ({ value, errors }) => {
    expect(isDNS1123Subdomain(value)).toEqual(errors);
  });
});

describe('isDNS1123Label (util/validation, namespaces)', () => {
  it.each([
    { name: 'simple', value: 'kube-system', errors: [] },
    { name: '63 characters', value: a(63), errors: [] },
    { name: '64 characters', value: a(64), errors: [msg.dnsLabelTooLong] },
    { name: 'a valid subdomain fails only for its dots', value: 'my.namespace', errors: [msg.noDots] },
    { name: 'uppercase', value: 'Default', errors: [msg.dnsLabelRegex] },
    { name: 'empty', value: '', errors: [msg.dnsLabelRegex] },
    { name: 'dots and uppercase', value: 'My.ns', errors: [msg.dnsLabelRegex] },
  ])('$name', ({ value, errors }) => {
    expect(isDNS1123Label(value)).toEqual(errors);
  });
});

describe("utf8ByteLength (Go's len)", () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['é', 2],
    ['€', 3],
    ['😀', 4],
  ])('%j is %i bytes', (text, bytes) => {
    expect(utf8ByteLength(text)).toBe(bytes);
  });
});

describe('generatedName (names.SimpleNameGenerator)', () => {
  it('adds five characters of utilrand.String, no vowels and no look-alikes', () => {
    expect(generatedName('web-', () => 0)).toBe('web-bbbbb');
    expect(generatedName('web-', () => 0.999)).toBe('web-99999');
    expect(generatedName('web-')).toMatch(/^web-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
  });

  it('cuts the base to 58 characters, so that the name is a DNS label', () => {
    const name = generatedName(`${a(70)}-`);
    expect(name).toHaveLength(63);
    expect(name.startsWith(a(58))).toBe(true);
  });
});
