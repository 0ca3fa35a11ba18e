import { type Result, err, ok } from '../failures/result';
import type { NodeSelectorRequirement } from '../types';
import { parseGoInt64 } from '../numbers/int64';
import { labelRequirementMiss } from '../scheduling/node-affinity';
import { isQualifiedName, isValidLabelValue } from '../foundation/names';

/**
 * Label selectors in kubectl's `-l` syntax (apimachinery labels.Parse): requirements joined by
 * commas, each `k=v`, `k==v`, `k!=v`, `k in (a,b)`, `k notin (a,b)`, `k`, `!k`, `k>n` or `k<n`.
 * As in its lexer, only space, tab, CR and LF are whitespace, and an identifier is a run of
 * anything else but the special symbols `= ! ( ) , > <`.
 */

export type LabelSelector = NodeSelectorRequirement[];

/** Splits on commas that are not inside parentheses. */
function splitRequirements(text: string): string[] | undefined {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (depth < 0) return undefined;
    if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  if (depth !== 0) return undefined;
  parts.push(current);
  return parts;
}

function checkKey(key: string, raw: string): string | undefined {
  const problems = isQualifiedName(key);
  return problems.length ? `unable to parse requirement "${raw}": invalid label key "${key}": ${problems.join('; ')}` : undefined;
}

function checkValues(values: string[], raw: string): string | undefined {
  for (const v of values) {
    const problems = isValidLabelValue(v);
    if (problems.length) return `unable to parse requirement "${raw}": invalid label value "${v}": ${problems.join('; ')}`;
  }
  return undefined;
}

/** The lexer's whitespace (isWhitespace): JavaScript's \s would also take NBSP, \v, \f and more. */
const ws = '[ \\t\\r\\n]';
/** One identifier character: neither whitespace nor a special symbol (isSpecialSymbol). */
const id = '[^ \\t\\r\\n=!(),<>]';
const trimWs = (s: string): string => s.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '');

const setPattern = new RegExp(`^(${id}+)${ws}+(in|notin)${ws}*\\(([^()]*)\\)$`);
const equalityPattern = new RegExp(`^(${id}+)${ws}*(==|=|!=)${ws}*(${id}*)$`);
const comparisonPattern = new RegExp(`^(${id}+)${ws}*([<>])${ws}*(${id}*)$`);
const absentPattern = new RegExp(`^!${ws}*(${id}+)$`);
const existsPattern = new RegExp(`^${id}+$`);

function parseRequirement(raw: string): NodeSelectorRequirement | string {
  const text = trimWs(raw);
  if (text === '') return `unable to parse requirement "${raw}": found '', expected: identifier`;
  const set = setPattern.exec(text);
  if (set) {
    const [, key = '', op, list = ''] = set;
    const values = list.split(',').map(trimWs);
    const problem = checkKey(key, raw) ?? checkValues(values, raw);
    if (problem) return problem;
    return { key, operator: op === 'in' ? 'In' : 'NotIn', values };
  }
  const equality = equalityPattern.exec(text);
  if (equality) {
    const [, key = '', op, value = ''] = equality;
    const problem = checkKey(key, raw) ?? checkValues([value], raw);
    if (problem) return problem;
    return { key, operator: op === '!=' ? 'NotIn' : 'In', values: [value] };
  }
  // selection.GreaterThan / LessThan: NewRequirement wants one value that strconv.ParseInt accepts.
  const comparison = comparisonPattern.exec(text);
  if (comparison) {
    const [, key = '', op, value = ''] = comparison;
    const notInteger =
      parseGoInt64(value) === undefined
        ? `unable to parse requirement "${raw}": invalid value "${value}": for 'Gt', 'Lt' operators, the value must be an integer`
        : undefined;
    const problem = checkKey(key, raw) ?? notInteger ?? checkValues([value], raw);
    if (problem) return problem;
    return { key, operator: op === '>' ? 'Gt' : 'Lt', values: [value] };
  }
  const absent = absentPattern.exec(text);
  if (absent) {
    const key = absent[1] ?? '';
    return checkKey(key, raw) ?? { key, operator: 'DoesNotExist' };
  }
  if (existsPattern.test(text)) return checkKey(text, raw) ?? { key: text, operator: 'Exists' };
  return `unable to parse requirement "${raw}": expected k=v, k==v, k!=v, k in (v1,v2), k notin (v1,v2), k, !k, k>n or k<n`;
}

/** Parses a selector; the empty selector selects everything. */
export function parseLabelSelector(text: string): Result<LabelSelector, string> {
  if (trimWs(text) === '') return ok([]);
  const parts = splitRequirements(text);
  if (!parts) return err(`unable to parse selector "${text}": unbalanced parentheses`);
  const selector: LabelSelector = [];
  for (const part of parts) {
    const req = parseRequirement(part);
    if (typeof req === 'string') return err(req);
    selector.push(req);
  }
  return ok(selector);
}

/** Do these labels satisfy every requirement? */
export function selectorMatches(selector: LabelSelector, labels: Record<string, string> | undefined): boolean {
  return selector.every((req) => labelRequirementMiss(req, labels ?? {}) === undefined);
}
