import { expect } from 'vitest';

/**
 * The every-node placement (`?view=nodes`) on one page, as the answer was before views: its
 * nodes, line and counts, without the view's own fields (checked here: the nodes view, all of its
 * nodes, no next page).
 */
export function everyNode(answer: any): any {
  const { view, nodeCount, metadata, ...placement } = answer;
  expect(view).toBe('nodes');
  expect(nodeCount).toBe((placement.nodes as unknown[]).length);
  expect((metadata as { continue?: string }).continue).toBeUndefined();
  return placement;
}

/**
 * The every-pod taint impact (`?view=pods`) of one taint on one page, without the view's own
 * fields (checked here): its metadata, and `taints`, which names the one taint asked about as `taint` does.
 */
export function everyPod(answer: any): any {
  const { view, metadata, taints, ...impact } = answer;
  expect(view).toBe('pods');
  expect(taints).toEqual([impact.taint]);
  expect((metadata as { continue?: string }).continue).toBeUndefined();
  return impact;
}
