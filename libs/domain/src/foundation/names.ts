/**
 * Name and value syntax checks of apimachinery, with its exact messages. Each function returns
 * the list of problems (empty when the value is valid).
 *
 * Two generations of the helpers coexist in Kubernetes and say different things about length:
 * - label keys and label values come from `api/validate/content` (IsLabelKey, IsLabelValue, and
 *   the IsDNS1123Subdomain that checks a label key's prefix): "must be no more than 63 bytes";
 * - object names (node and pod names, namespaces) come from `util/validation` (IsDNS1123Subdomain,
 *   IsDNS1123Label): "must be no more than 253 characters".
 * Both measure Go's len(), i.e. UTF-8 bytes.
 */

const qnameCharFmt = '[A-Za-z0-9]';
const qnameExtCharFmt = '[-A-Za-z0-9_.]';
const qualifiedNameFmt = `(${qnameCharFmt}${qnameExtCharFmt}*)?${qnameCharFmt}`;
const qualifiedNameErrMsg = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const qualifiedNameMaxLength = 63;
const qualifiedNameRegexp = new RegExp(`^${qualifiedNameFmt}$`);

const labelValueFmt = `(${qualifiedNameFmt})?`;
const labelValueErrMsg =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const labelValueMaxLength = 63;
const labelValueRegexp = new RegExp(`^${labelValueFmt}$`);

const dns1123LabelFmt = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const dns1123LabelErrMsg =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
const dns1123LabelMaxLength = 63;
const dns1123LabelRegexp = new RegExp(`^${dns1123LabelFmt}$`);

const dns1123SubdomainFmt = `${dns1123LabelFmt}(\\.${dns1123LabelFmt})*`;
const dns1123SubdomainErrorMsg =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
const dns1123SubdomainMaxLength = 253;
const dns1123SubdomainRegexp = new RegExp(`^${dns1123SubdomainFmt}$`);

/** Go's len(): UTF-8 bytes, not characters. */
export function utf8ByteLength(s: string): number {
  let n = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  return n;
}

const emptyError = (): string => 'must be non-empty';
/** util/validation's MaxLenError (object names). */
const maxLenError = (length: number): string => `must be no more than ${length} characters`;
/** api/validate/content's MaxLenError (label keys and values). */
const maxLenBytesError = (length: number): string => `must be no more than ${length} bytes`;

/** Go's RegexError, double space before " or " included: `(e.g. 'MyName',  or 'my.name', regex ...)`. */
export function regexError(msg: string, fmt: string, ...examples: string[]): string {
  if (examples.length === 0) return `${msg} (regex used for validation is '${fmt}')`;
  return `${msg} (e.g. ${examples.map((e) => `'${e}', `).join(' or ')}regex used for validation is '${fmt}')`;
}

/** util/validation IsDNS1123Subdomain: node names, pod names (NameIsDNSSubdomain). */
export function isDNS1123Subdomain(value: string): string[] {
  const errs: string[] = [];
  if (utf8ByteLength(value) > dns1123SubdomainMaxLength) errs.push(maxLenError(dns1123SubdomainMaxLength));
  if (!dns1123SubdomainRegexp.test(value)) errs.push(regexError(dns1123SubdomainErrorMsg, dns1123SubdomainFmt, 'example.com'));
  return errs;
}

/** content.IsDNS1123Subdomain: the prefix of a label key; the same rule, lengths in bytes. */
function isDNS1123SubdomainContent(value: string): string[] {
  const errs: string[] = [];
  if (utf8ByteLength(value) > dns1123SubdomainMaxLength) errs.push(maxLenBytesError(dns1123SubdomainMaxLength));
  if (!dns1123SubdomainRegexp.test(value)) errs.push(regexError(dns1123SubdomainErrorMsg, dns1123SubdomainFmt, 'example.com'));
  return errs;
}

/** util/validation IsDNS1123Label: namespaces (NameIsDNSLabel). A valid subdomain fails only for its dots. */
export function isDNS1123Label(value: string): string[] {
  const errs: string[] = [];
  if (utf8ByteLength(value) > dns1123LabelMaxLength) errs.push(maxLenError(dns1123LabelMaxLength));
  if (!dns1123LabelRegexp.test(value)) {
    if (dns1123SubdomainRegexp.test(value)) errs.push('must not contain dots');
    else errs.push(regexError(dns1123LabelErrMsg, dns1123LabelFmt, 'my-name', '123-abc'));
  }
  return errs;
}

/** Label keys, taint keys and toleration keys: `[prefix/]name` (content.IsLabelKey, alias IsQualifiedName). */
export function isQualifiedName(value: string): string[] {
  const errs: string[] = [];
  const parts = value.split('/');
  let name: string;
  if (parts.length === 1) {
    name = parts[0] ?? '';
  } else if (parts.length === 2) {
    const prefix = parts[0] ?? '';
    name = parts[1] ?? '';
    if (prefix.length === 0) errs.push(`prefix part ${emptyError()}`);
    else errs.push(...isDNS1123SubdomainContent(prefix).map((m) => `prefix part ${m}`));
  } else {
    return [
      `a valid label key ${regexError(qualifiedNameErrMsg, qualifiedNameFmt, 'MyName', 'my.name', '123-abc')}` +
        " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
    ];
  }
  if (name.length === 0) errs.push(`name part ${emptyError()}`);
  else if (utf8ByteLength(name) > qualifiedNameMaxLength) errs.push(`name part ${maxLenBytesError(qualifiedNameMaxLength)}`);
  if (!qualifiedNameRegexp.test(name)) {
    errs.push(`name part ${regexError(qualifiedNameErrMsg, qualifiedNameFmt, 'MyName', 'my.name', '123-abc')}`);
  }
  return errs;
}

/** Label values and taint values (content.IsLabelValue): empty, or up to 63 bytes of the label-key alphabet. */
export function isValidLabelValue(value: string): string[] {
  const errs: string[] = [];
  if (utf8ByteLength(value) > labelValueMaxLength) errs.push(maxLenBytesError(labelValueMaxLength));
  if (!labelValueRegexp.test(value)) errs.push(regexError(labelValueErrMsg, labelValueFmt, 'MyValue', 'my_value', '12345'));
  return errs;
}

/** path.IsValidPathSegmentName: the names of kinds validated no further (a PodDisruptionBudget's): not `.` or `..`, no `/` or `%`. */
export function isValidPathSegmentName(name: string): string[] {
  if (name === '.' || name === '..') return [`may not be '${name}'`];
  return ['/', '%'].filter((illegal) => name.includes(illegal)).map((illegal) => `may not contain '${illegal}'`);
}

const percentFmt = '[0-9]+%';
const percentRegexp = new RegExp(`^${percentFmt}$`);

/** util/validation IsValidPercent: digits and a final `%` (an IntOrString's percentage). */
export function isValidPercent(value: string): string[] {
  if (percentRegexp.test(value)) return [];
  return [regexError("a valid percent string must be a numeric string followed by an ending '%'", percentFmt, '1%', '93%')];
}

/** utilrand.String's alphabet: no vowels (no words), no 0, 1 and 3 (no look-alikes). */
const GENERATED_SUFFIX_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';
const GENERATED_SUFFIX_LENGTH = 5;
/** names.SimpleNameGenerator's maxGeneratedNameLength: 63 less the suffix. */
const MAX_GENERATED_BASE_LENGTH = 63 - GENERATED_SUFFIX_LENGTH;

/**
 * metadata.generateName made a name, as names.SimpleNameGenerator makes one on create: the base,
 * cut to 58 characters (a valid name is ASCII), and five random characters.
 */
export function generatedName(base: string, random: () => number = Math.random): string {
  let suffix = '';
  for (let i = 0; i < GENERATED_SUFFIX_LENGTH; i++) suffix += GENERATED_SUFFIX_ALPHABET.charAt(Math.floor(random() * GENERATED_SUFFIX_ALPHABET.length));
  return `${base.length > MAX_GENERATED_BASE_LENGTH ? base.slice(0, MAX_GENERATED_BASE_LENGTH) : base}${suffix}`;
}
