import { describe, expect, it } from 'vitest';
import { type Namespace, namespaceTable } from '@taintgate/domain';

const now = Date.UTC(2026, 0, 15, 12, 0, 0);

describe('namespaceTable', () => {
  // TestPrintNamespace (pkg/printers/internalversion/printers_test.go)
  it.each<[string, Namespace, (string | number)[]]>([
    [
      'status and age',
      { metadata: { name: 'namespace1', creationTimestamp: new Date(now + 1900).toISOString() }, status: { phase: 'FooStatus' } },
      ['namespace1', 'FooStatus', '0s'],
    ],
    ['neither status nor age', { metadata: { name: 'namespace2' } }, ['namespace2', '', '<unknown>']],
  ])('%s', (_name, namespace, cells) => {
    expect(namespaceTable([namespace], { now }).rows.map((row) => row.cells)).toEqual([cells]);
  });

  it('has the NAME, STATUS and AGE columns', () => {
    const columns = namespaceTable([], { now }).columnDefinitions;
    expect(columns.map((c) => [c.name, c.type, c.format, c.priority])).toEqual([
      ['Name', 'string', 'name', 0],
      ['Status', 'string', '', 0],
      ['Age', 'string', '', 0],
    ]);
    expect(columns[1]?.description).toBe('The status of the namespace');
  });
});
