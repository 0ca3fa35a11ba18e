import { stringify } from 'yaml';
import { exactJsonText } from './exact-json';
import { UsageError } from './failures';

/**
 * `-o`: kubectl's table (the default), JSON, YAML, or Markdown (the service's own text, asked for
 * with `Accept: text/markdown`, for a chat or a pull request). Each command says which it takes.
 */
export type OutputFormat = 'table' | 'json' | 'yaml' | 'markdown';

export function outputFormat<F extends OutputFormat>(value: string | undefined, allowed: readonly F[], command: string): F | 'table' {
  const format = value === undefined || value === '' ? 'table' : value;
  if (format === 'table' || (allowed as readonly string[]).includes(format)) return format as F | 'table';
  const names = allowed.filter((f) => f !== 'table').join(', ');
  throw new UsageError(`unable to match a printer suitable for the output format "${format}", allowed formats are: ${names}`, command);
}

/** An object as `-o json` (4-space indent, as kubectl) or `-o yaml` prints it. */
export function objectText(value: unknown, format: 'json' | 'yaml'): string {
  return format === 'json' ? `${exactJsonText(value)}\n` : stringify(value, { aliasDuplicateObjects: false, indentSeq: false });
}

export type Cell = string | number | bigint | null | undefined;

/** What kubectl prints for an empty cell. */
const NONE = '<none>';

/**
 * Rows under upper-case headers, aligned as kubectl aligns `get`: text/tabwriter with a minimum
 * width of 6 and a padding of 3, the last column not padded.
 */
export function tableText(headers: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const lines = [headers.map((h) => h.toUpperCase()), ...rows.map((row) => row.map(cellText))];
  const widths = headers.map((_, i) => Math.max(6, ...lines.map((line) => (line[i] ?? '').length + 3)));
  return lines.map((line) => line.map((cell, i) => (i === line.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('')).join('\n') + '\n';
}

const cellText = (cell: Cell): string => (cell === null || cell === undefined || cell === '' ? NONE : String(cell));
