import { describe, expect, it } from 'vitest';
import type { Node, Pod } from '../../../../../libs/domain/src/types';
import { roomsInOrder } from '../../../../../libs/domain/src/scheduling/node-rooms';
import { resourceScoreColumns } from '../../../../../libs/domain/src/scheduling/resource-score-columns';
import { simulatedClusterState } from '../../../../../libs/domain/src/scheduling/simulation/simulated-cluster-state';

/**
 * A simulation keeps NodeResourcesFit's and BalancedAllocation's scores per request (noderesources'
 * LeastAllocated and BalancedAllocation, as resourceScoreColumns works them out from the rooms): a
 * second pod of the same request reads them, and a node bound to since is scored again.
 */

const node = (name: string, cpu: string): Node => ({ metadata: { name }, status: { allocatable: { cpu, memory: '16Gi', pods: '110' } } });

const pod = (name: string, cpu: string, memory: string, on?: string): Pod => ({
  metadata: { name, namespace: 'default' },
  spec: { ...(on ? { nodeName: on } : {}), containers: [{ name: 'c', image: 'x', resources: { requests: { cpu, memory } } }] },
  status: { phase: on ? 'Running' : 'Pending' },
});

describe('RequestScores: the resource scores kept per request', () => {
  const nodes = [node('n1', '4'), node('n2', '8'), node('n3', '2')];
  const positions = [0, 1, 2];

  /** The scores made afresh from the state's rooms now. */
  function fresh(state: ReturnType<typeof simulatedClusterState>, p: Pod) {
    const rooms = state.capacity.rooms;
    const table = rooms && roomsInOrder(rooms, state.classes);
    if (!table) throw new Error('the simulation keeps no rooms');
    const scored = resourceScoreColumns(p, table, positions, (k) => state.context.snapshot.nodes[k] as Node, state.capacity.usageOf);
    return { fit: Array.from(scored.fit), balanced: Array.from(scored.balanced) };
  }

  const cases = [
    { name: 'a pod of 1 cpu and 1Gi on nodes of 4, 8 and 2 cpu, one running a pod of 1 cpu', ask: pod('a', '1', '1Gi') },
    { name: 'a pod asking nothing: BalancedAllocation skips it (0), LeastAllocated counts the defaults (100m, 200Mi)', ask: pod('a', '0', '0') },
  ];

  it.each(cases)('$name: as made afresh, then again after a pod of that request is bound to n2', ({ ask }) => {
    const state = simulatedClusterState({ nodes, pods: [pod('old', '1', '2Gi', 'n1')] });
    const scoresOf = state.capacity.resourceScores;
    if (!scoresOf) throw new Error('the simulation keeps no resource scores');
    const read = () => {
      const scored = scoresOf(ask, positions);
      return { fit: Array.from(scored.fit), balanced: Array.from(scored.balanced) };
    };
    expect(read()).toEqual(fresh(state, ask));
    state.bind({ ...ask, metadata: { ...ask.metadata, name: 'b' }, spec: { ...ask.spec, nodeName: 'n2' } }, 'n2');
    const after = read();
    expect(after).toEqual(fresh(state, ask));
  });

  it('a bind changes the scores of the node bound to, and of no other', () => {
    const state = simulatedClusterState({ nodes, pods: [] });
    const scoresOf = state.capacity.resourceScores;
    if (!scoresOf) throw new Error('the simulation keeps no resource scores');
    const ask = pod('a', '2', '4Gi');
    const before = Array.from(scoresOf(ask, positions).fit);
    state.bind({ ...ask, spec: { ...ask.spec, nodeName: 'n2' } }, 'n2');
    const after = Array.from(scoresOf(ask, positions).fit);
    expect([after[0], after[2]]).toEqual([before[0], before[2]]);
    expect(after[1]).toBeLessThan(before[1] as number);
  });
});
