import { describe, expect, it } from 'vitest';
import { type Node, type Pod, nodeTable, podTable } from '@taintgate/domain';

/**
 * The Table around the rows: what the API server's TableConvertor and its response handler (asTable
 * in k8s.io/apiserver/pkg/endpoints/handlers/response.go) put there for each ?includeObject=.
 */

const now = Date.UTC(2026, 0, 15, 12, 0, 0);
const node: Node = { metadata: { name: 'n1', uid: 'u1', resourceVersion: '42', labels: { zone: 'a' } }, spec: { unschedulable: true } };

describe('the Table', () => {
  it('is a meta.k8s.io/v1 Table carrying the list metadata', () => {
    const table = nodeTable([node], { now, metadata: { resourceVersion: '100', continue: 'abc', remainingItemCount: 3 } });
    expect(table.kind).toBe('Table');
    expect(table.apiVersion).toBe('meta.k8s.io/v1');
    expect(table.metadata).toEqual({ resourceVersion: '100', continue: 'abc', remainingItemCount: 3 });
    expect(table.rows).toHaveLength(1);
  });

  it('has empty metadata, columns and no rows for an empty list', () => {
    const table = podTable([], { now });
    expect(table.metadata).toEqual({});
    expect(table.rows).toEqual([]);
    expect(table.columnDefinitions).toHaveLength(9);
  });

  it('includeObject absent or Metadata: a PartialObjectMetadata with the whole metadata', () => {
    const partial = { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: node.metadata };
    expect(nodeTable([node], { now }).rows[0]?.object).toEqual(partial);
    expect(nodeTable([node], { now, includeObject: 'Metadata' }).rows[0]?.object).toEqual(partial);
  });

  it('includeObject=Object: the object, with its kind and apiVersion', () => {
    expect(nodeTable([node], { now, includeObject: 'Object' }).rows[0]?.object).toEqual({ kind: 'Node', apiVersion: 'v1', ...node });
    const pod: Pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'ns' }, spec: { containers: [] } };
    expect(podTable([pod], { now, includeObject: 'Object' }).rows[0]?.object).toEqual(pod);
  });

  it('includeObject=None: object null', () => {
    expect(nodeTable([node], { now, includeObject: 'None' }).rows[0]).toEqual({ cells: expect.any(Array) as unknown, object: null });
  });

  it('survives a JSON round trip unchanged (cells are strings and integers)', () => {
    const table = podTable([{ metadata: { name: 'p' }, status: { phase: 'Succeeded' } }], { now });
    expect(JSON.parse(JSON.stringify(table))).toEqual(table);
    expect(table.rows[0]?.conditions).toEqual([{ type: 'Completed', status: 'True', reason: 'Succeeded', message: 'The pod has completed successfully.' }]);
  });

  it('leaves the objects it prints alone', () => {
    const before = structuredClone(node);
    nodeTable([node], { now, includeObject: 'Object' });
    expect(node).toEqual(before);
  });
});
