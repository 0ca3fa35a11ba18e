import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Node, type Pod, nodeClassesOf, nodeRoomsOf } from '@taintgate/domain';
import { roomsInOrder } from '../../../../libs/domain/src/scheduling/node-rooms';
import { resourceScoreColumns } from '../../../../libs/domain/src/scheduling/resource-score-columns';
import { balancedAllocationScores, nodeResourcesFitScores } from '../../../../libs/domain/src/scheduling/resource-scores';
import { podRequests, runningPods, sizedCluster, usageOfPods } from '../support/placement-clusters';

/**
 * The resource scores read from the rooms' columns are the scores of resource-scores.ts (the
 * definition, bigints from each node's quantities) for every node: sized or not, with amounts a
 * double holds exactly or not (8Ei of memory), and past the fast path's limit for (allocatable -
 * requested) * 100 (100Ti, 1Pi), where the bigint path scores the node.
 */
const bigMemory = fc.constantFrom('64Gi', '100Ti', '1Pi');

const withMemory = (nodes: Node[], memory: string[]): Node[] =>
  nodes.map((node, i) => {
    const allocatable = node.status?.allocatable as Record<string, string> | undefined;
    const big = memory[i];
    return allocatable && big && i % 2 === 0 ? { ...node, status: { allocatable: { ...allocatable, memory: big } } } : node;
  });

describe('resource scores from the rooms columns', () => {
  it('equal NodeResourcesFit (LeastAllocated) and BalancedAllocation node by node', () => {
    fc.assert(
      fc.property(sizedCluster, fc.array(bigMemory, { maxLength: 12 }), runningPods, podRequests, fc.nat(3), (sized, memory, running, requests, containers) => {
        const nodes = withMemory(sized, memory);
        const usageOf = usageOfPods(running);
        const classes = nodeClassesOf(nodes);
        const table = roomsInOrder(nodeRoomsOf(nodes, usageOf), classes);
        if (!table) throw new Error('every node has a room');
        const pod: Pod = {
          metadata: { name: 'p' },
          spec: { containers: Array.from({ length: containers }, (_, i) => ({ name: `c${i}`, resources: { requests } })) },
        };
        const byName = new Map(nodes.map((node) => [node.metadata.name, node]));
        const positions = classes.names.map((_, i) => i);
        const inOrder = classes.names.map((name) => byName.get(name) as Node);
        const columns = resourceScoreColumns(pod, table, positions, (k) => inOrder[k] as Node, usageOf);
        expect(Array.from(columns.fit)).toEqual(nodeResourcesFitScores(pod, inOrder, usageOf));
        expect(Array.from(columns.balanced)).toEqual(balancedAllocationScores(pod, inOrder, usageOf));
      }),
      { numRuns: 500 },
    );
  });
});
