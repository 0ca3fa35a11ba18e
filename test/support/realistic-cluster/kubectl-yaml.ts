import type { JsonObject, JsonValue } from './json';

/**
 * kubectl's YAML printer: sigs.k8s.io/yaml, which re-encodes the JSON through go-yaml v2. Its
 * choices are reproduced for JSON values: keys in order, sequences not indented under their key,
 * YAML 1.1 quoting (strings that would read back as another type are double-quoted, strings that
 * cannot be plain are single-quoted), literal blocks for multi-line strings, and long scalars
 * folded at spaces past column 80. The `yaml` package on npm makes other choices on all of these.
 */

const bestWidth = 80;

// go-yaml v2's resolve(): what a plain scalar would read back as.
const resolvesToOther = new Set([
  'y',
  'Y',
  'yes',
  'Yes',
  'YES',
  'true',
  'True',
  'TRUE',
  'on',
  'On',
  'ON',
  'n',
  'N',
  'no',
  'No',
  'NO',
  'false',
  'False',
  'FALSE',
  'off',
  'Off',
  'OFF',
  '',
  '~',
  'null',
  'Null',
  'NULL',
  '.nan',
  '.NaN',
  '.NAN',
  '.inf',
  '.Inf',
  '.INF',
  '+.inf',
  '+.Inf',
  '+.INF',
  '-.inf',
  '-.Inf',
  '-.INF',
]);
const int = /^[-+]?(0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)$/;
const float = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const timestamp =
  /^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(([Tt][0-9]{1,2}:[0-9]{1,2}:[0-9]{1,2}(\.[0-9]*)?(Z|[-+][0-9]{2}:[0-9]{2}))|( [0-9]{1,2}:[0-9]{1,2}:[0-9]{1,2}(\.[0-9]*)?))?$/;
const base60Float = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;

function readsAsOtherType(s: string): boolean {
  if (resolvesToOther.has(s)) return true;
  const first = s[0];
  if (first === '.') return float.test(s);
  if (first === undefined || !/[-+0-9]/.test(first)) return false;
  if (timestamp.test(s)) return true;
  const plain = s.replaceAll('_', '');
  return int.test(plain) || float.test(plain) || base60Float.test(s);
}

const isBreak = (c: string | undefined) => c === '\n' || c === '\r' || c === '\u0085' || c === '\u2028' || c === '\u2029';
const isBlankz = (c: string | undefined) => c === undefined || c === ' ' || c === '\t' || isBreak(c);

function isPrintable(c: string): boolean {
  const code = c.codePointAt(0)!;
  return (
    code === 0x0a ||
    (code >= 0x20 && code <= 0x7e) ||
    code === 0x85 ||
    (code >= 0xa0 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd && code !== 0xfeff) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

interface Analysis {
  readonly blockPlainAllowed: boolean;
  readonly singleQuotedAllowed: boolean;
  readonly blockAllowed: boolean;
  readonly multiline: boolean;
}

/** libyaml's yaml_emitter_analyze_scalar, for block context. */
function analyze(value: string): Analysis {
  const chars = Array.from(value);
  if (chars.length === 0) return { blockPlainAllowed: true, singleQuotedAllowed: true, blockAllowed: false, multiline: false };
  let blockIndicators = value.startsWith('---') || value.startsWith('...');
  let special = false;
  let lineBreaks = false;
  let leadingSpace = false;
  let leadingBreak = false;
  let trailingSpace = false;
  let trailingBreak = false;
  let breakSpace = false;
  let spaceBreak = false;
  let previousSpace = false;
  let previousBreak = false;
  let precededByWhitespace = true;
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    const followedByWhitespace = isBlankz(chars[i + 1]);
    if (i === 0) {
      if ('#,[]{}&*!|>\'"%@`'.includes(c)) blockIndicators = true;
      if ((c === '?' || c === ':' || c === '-') && followedByWhitespace) blockIndicators = true;
    } else {
      if (c === ':' && followedByWhitespace) blockIndicators = true;
      if (c === '#' && precededByWhitespace) blockIndicators = true;
    }
    if (!isPrintable(c)) special = true;
    if (c === ' ') {
      if (i === 0) leadingSpace = true;
      if (i === chars.length - 1) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (isBreak(c)) {
      lineBreaks = true;
      if (i === 0) leadingBreak = true;
      if (i === chars.length - 1) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      previousBreak = true;
      previousSpace = false;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    precededByWhitespace = isBlankz(c);
  }
  const edgeSpace = leadingSpace || leadingBreak || trailingSpace || trailingBreak;
  return {
    blockPlainAllowed: !(edgeSpace || breakSpace || spaceBreak || special || lineBreaks || blockIndicators),
    singleQuotedAllowed: !(breakSpace || spaceBreak || special),
    blockAllowed: !(trailingSpace || spaceBreak || special),
    multiline: lineBreaks,
  };
}

/** Writes lines, keeping the column the emitter folds at. */
class Out {
  private readonly lines: string[] = [];
  private line = '';

  get column(): number {
    return this.line.length;
  }

  write(text: string): void {
    this.line += text;
  }

  /** A new line indented to `indent` (write_indent). */
  newline(indent: number): void {
    this.lines.push(this.line);
    this.line = ' '.repeat(indent);
  }

  text(): string {
    return [...this.lines, this.line].join('\n') + '\n';
  }
}

const doubleEscapes: Readonly<Record<string, string>> = {
  '\0': '0',
  '\x07': 'a',
  '\b': 'b',
  '\t': 't',
  '\n': 'n',
  '\v': 'v',
  '\f': 'f',
  '\r': 'r',
  '\x1b': 'e',
  '"': '"',
  '\\': '\\',
  '\u0085': 'N',
  '\u00a0': '_',
  '\u2028': 'L',
  '\u2029': 'P',
};

function writeFolded(out: Out, chars: readonly string[], indent: number, allowBreaks: boolean, quote: '' | "'" | '"'): void {
  out.write(quote);
  let spaces = false;
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    const inner = quote === '' || (i !== 0 && i !== chars.length - 1);
    if (quote === '"' && (!isPrintable(c) || c === '\ufeff' || isBreak(c) || c === '"' || c === '\\')) {
      const code = c.codePointAt(0)!;
      const named = doubleEscapes[c];
      const width = code <= 0xff ? 2 : code <= 0xffff ? 4 : 8;
      out.write(named !== undefined ? `\\${named}` : `\\${width === 2 ? 'x' : width === 4 ? 'u' : 'U'}${code.toString(16).toUpperCase().padStart(width, '0')}`);
      spaces = false;
    } else if (c === ' ') {
      if (allowBreaks && !spaces && out.column > bestWidth && inner && (quote === '"' || chars[i + 1] !== ' ')) {
        out.newline(indent);
        if (quote === '"' && chars[i + 1] === ' ') out.write('\\');
      } else {
        out.write(c);
      }
      spaces = true;
    } else {
      out.write(quote === "'" && c === "'" ? "''" : c);
      spaces = false;
    }
  }
  out.write(quote);
}

function writeLiteral(out: Out, value: string, indent: number): void {
  const chars = Array.from(value);
  const first = chars[0];
  const last = chars[chars.length - 1];
  const indentHint = first === ' ' || isBreak(first) ? '2' : '';
  const chomp = !isBreak(last) ? '-' : chars.length === 1 || isBreak(chars[chars.length - 2]) ? '+' : '';
  out.write(` |${indentHint}${chomp}`);
  let atLineStart = true;
  let line = '';
  const lines: string[] = [];
  for (const c of chars) {
    if (isBreak(c)) {
      lines.push(line);
      line = '';
      atLineStart = true;
    } else {
      line += c;
      atLineStart = false;
    }
  }
  if (!atLineStart) lines.push(line);
  for (const l of lines) {
    // Empty lines carry no indentation.
    out.newline(l === '' ? 0 : indent);
    out.write(l);
  }
}

/** A scalar after `key:`, `- ` or as a key; `indent` is where folded lines continue. */
function writeScalar(out: Out, value: JsonValue, indent: number, isKey: boolean): void {
  const space = isKey ? '' : ' ';
  if (typeof value !== 'string') {
    if (typeof value === 'number' && !Number.isInteger(value)) throw new Error(`kubectlYaml writes integers only, not ${value}`);
    if (typeof value === 'object' && value !== null) throw new Error('not a scalar');
    out.write(`${space}${String(value)}`);
    return;
  }
  const analysis = analyze(value);
  let style: 'plain' | 'single' | 'double' | 'literal' = value.includes('\n') ? 'literal' : readsAsOtherType(value) ? 'double' : 'plain';
  if (style === 'plain' && !analysis.blockPlainAllowed) style = 'single';
  if (style === 'single' && !analysis.singleQuotedAllowed) style = 'double';
  if (style === 'literal' && (!analysis.blockAllowed || isKey)) style = 'double';
  if (isKey && (analysis.multiline || value.length > 128)) throw new Error(`kubectlYaml cannot write ${JSON.stringify(value)} as a simple key`);
  if (style === 'literal') {
    writeLiteral(out, value, indent);
    return;
  }
  out.write(space);
  writeFolded(out, Array.from(value), indent, !isKey, style === 'plain' ? '' : style === 'single' ? "'" : '"');
}

const isList = (v: JsonValue): v is readonly JsonValue[] => Array.isArray(v);
const isMap = (v: JsonValue): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Empty collections are written in flow style, on the key's line. */
const flowText = (v: JsonValue): string | undefined => (isList(v) && v.length === 0 ? '[]' : isMap(v) && Object.keys(v).length === 0 ? '{}' : undefined);

function writeValue(out: Out, value: JsonValue, indent: number): void {
  const flow = flowText(value);
  if (flow !== undefined) {
    out.write(` ${flow}`);
  } else if (isList(value)) {
    // A sequence under a key is not indented.
    out.newline(indent);
    writeSequence(out, value, indent);
  } else if (isMap(value)) {
    out.newline(indent + 2);
    writeMapping(out, value, indent + 2);
  } else {
    writeScalar(out, value, indent + 2, false);
  }
}

/** The mapping's keys at `indent`; the first key is already positioned. */
function writeMapping(out: Out, object: JsonObject, indent: number): void {
  let first = true;
  for (const [key, value] of Object.entries(object)) {
    if (!first) out.newline(indent);
    first = false;
    writeScalar(out, key, indent, true);
    out.write(':');
    writeValue(out, value, indent);
  }
}

/** The sequence's items at `indent`; the first `-` is already positioned. */
function writeSequence(out: Out, items: readonly JsonValue[], indent: number): void {
  items.forEach((item, i) => {
    if (i > 0) out.newline(indent);
    out.write('-');
    const flow = flowText(item);
    if (flow !== undefined) {
      out.write(` ${flow}`);
    } else if (isList(item)) {
      out.write(' ');
      writeSequence(out, item, indent + 2);
    } else if (isMap(item)) {
      out.write(' ');
      writeMapping(out, item, indent + 2);
    } else {
      writeScalar(out, item, indent + 2, false);
    }
  });
}

/** What `kubectl ... -o yaml` prints for this value (a mapping, as every Kubernetes object is). */
export function kubectlYaml(value: JsonObject): string {
  const out = new Out();
  writeMapping(out, value, 0);
  return out.text();
}
