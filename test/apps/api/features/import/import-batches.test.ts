import type { Pod, Taint } from '@taintgate/domain';
import { describe, expect, it } from 'vitest';
import { batchDecisions } from '../../../../../apps/api/src/features/import/import-batches';
import type { ImportedNodeRow } from '../../../../../apps/api/src/store/node-record';

/** The eviction decisions that go with a batch of an import (batchDecisions): which nodes' pods are decided again, which pods as first seen. */
describe('batchDecisions', () => {
  const noExecute: Taint = { key: 'maint', effect: 'NoExecute' };
  const noSchedule: Taint = { key: 'dedicated', effect: 'NoSchedule' };
  const row = (name: string) => ({ name }) as ImportedNodeRow;
  const pod = (name: string, nodeName?: string): Pod => ({ metadata: { name, namespace: 'ns' }, spec: nodeName ? { nodeName } : {} });
  /** Nodes the import wrote so far, their taints before and after; and nodes as stored. */
  const written = new Map<string, { before: Taint[]; after: Taint[] }>([
    ['tainted', { before: [], after: [noExecute] }],
    ['untainted', { before: [noExecute], after: [] }],
    ['relabelled', { before: [noExecute], after: [noExecute] }],
    ['scheduled-only', { before: [], after: [noSchedule] }],
  ]);
  const stored = new Map<string, Taint[]>([
    ['stored-tainted', [noExecute]],
    ['stored-clean', [noSchedule]],
    // Written since with its NoExecute taint removed: the import's taints count, not the stored.
    ['untainted', [noExecute]],
  ]);

  it.each<[string, string[], Pod[], string[], string[]]>([
    ['a node whose NoExecute taints changed: all its pods again, none here', ['tainted'], [pod('a', 'tainted')], ['tainted'], []],
    ['a node whose NoExecute taint went: decided again too', ['untainted'], [], ['untainted'], []],
    ['a node written with the same NoExecute taints: its new pods as first seen', ['relabelled'], [pod('a', 'relabelled')], [], ['a']],
    ['a pod on a node written before, NoExecute now', [], [pod('a', 'tainted')], [], ['a']],
    ['a pod on a node the import untainted', [], [pod('a', 'untainted')], [], []],
    ['a pod on a stored node with a NoExecute taint', [], [pod('a', 'stored-tainted')], [], ['a']],
    ['a pod on a stored node without one, on a node not there, unbound', [], [pod('a', 'stored-clean'), pod('b', 'ghost'), pod('c')], [], []],
    ['a node with no NoExecute taints written', ['scheduled-only'], [pod('a', 'scheduled-only')], [], []],
  ])('%s', (_case, nodes, pods, taintChangedNodes, podsToDecide) => {
    const decisions = batchDecisions(
      nodes.map(row),
      pods,
      (name) => written.get(name),
      (name) => stored.get(name),
    );
    expect(decisions.taintChangedNodes).toEqual(taintChangedNodes);
    expect(decisions.podsToDecide.map((p) => p.metadata.name)).toEqual(podsToDecide);
  });
});
