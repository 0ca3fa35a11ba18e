import { describe, expect, it } from 'vitest';
import { type Pod, type PodDisruptionBudget, snapshotOf, usageByNode } from '@taintgate/domain';
import { defaultPlacementOptions } from '../../../../../libs/domain/src/scheduling/placement';
import { noVictimsFound, selectVictimsOnNode, victimSearch } from '../../../../../libs/domain/src/scheduling/preemption/victims';
import { highPriority, largeRes, lowPriority, makeNode, makePDB, makePod, mediumRes, midPriority, names, smallRes, veryLargeRes } from './preemption-fixtures';

/** SelectVictimsOnNode (default_preemption.go) on one node of veryLargeRes holding `pods`. */
function select(pod: Pod, pods: Pod[], budgets: PodDisruptionBudget[] = [], res = veryLargeRes) {
  const node = makeNode('node1', res);
  const usage = usageByNode(pods);
  const search = victimSearch(pod, { snapshot: snapshotOf([node], pods) }, defaultPlacementOptions, { usageOf: (n) => usage.get(n) }, budgets);
  return selectVictimsOnNode(search, node);
}

const on = (name: string, priority: number, res = smallRes) => makePod().name(name).namespace('default').node('node1').priority(priority).req(res);

describe('selectVictimsOnNode', () => {
  it('no pod of lower priority: UnschedulableAndUnresolvable "No preemption victims found for incoming pod"', () => {
    const result = select(makePod().name('p').priority(midPriority).req(largeRes).obj(), [on('a', midPriority, veryLargeRes).obj()]);
    expect(result).toEqual({ found: false, status: noVictimsFound });
    expect(noVictimsFound).toEqual({ reasons: ['No preemption victims found for incoming pod'], unresolvable: true });
  });

  it("still no room with every pod of lower priority gone: the filters' status, no victims", () => {
    const result = select(makePod().name('p').priority(highPriority).req(largeRes).obj(), [
      on('low', lowPriority).obj(),
      on('high', highPriority, largeRes).obj(),
    ]);
    expect(result).toEqual({ found: false, status: { reasons: ['Insufficient cpu', 'Insufficient memory'] } });
  });

  it('the pods are put back most important first, and those that leave no room stay victims', () => {
    // 500m: the preemptor's 300m leaves 200m, which mid-1 (200m) takes; low-1 and low-2 do not fit after it.
    const pods = [on('low-1', lowPriority).obj(), on('mid-1', midPriority, mediumRes).obj(), on('low-2', lowPriority).obj()];
    const result = select(makePod().name('p').priority(highPriority).req(largeRes).obj(), pods);
    expect(result.found && names(result.victims)).toEqual(['low-1', 'low-2']);
  });

  it('the pods breaking a budget are put back first, and count as violations when they stay victims', () => {
    // Both mid pods are matched by a budget allowing one disruption: the second (less important) one violates.
    const budget = makePDB('pdb', { app: 'db' }, 1, { namespace: 'default' });
    const pods = [
      on('db-0', midPriority, mediumRes).label('app', 'db').startTime('1970-01-01T00:00:01Z').obj(),
      on('db-1', midPriority, mediumRes).label('app', 'db').startTime('1970-01-01T00:00:02Z').obj(),
      on('web', lowPriority).obj(),
    ];
    const result = select(makePod().name('p').priority(highPriority).req(largeRes).obj(), pods, [budget]);
    // db-1 (violating) goes back first and fits (300m + 200m); db-0 and web then find no room.
    expect(result.found && names(result.victims)).toEqual(['db-0', 'web']);
    expect(result.found && result.numViolatingVictim).toBe(0);
    expect(result.found && names([...result.violating])).toEqual(['db-1']);
  });

  it('a violating victim is counted, and the victims of both groups come in importance order', () => {
    const budget = makePDB('pdb', { app: 'db' }, 0, { namespace: 'default' });
    const pods = [on('db', lowPriority, mediumRes).label('app', 'db').obj(), on('cache', midPriority, mediumRes).obj(), on('web', midPriority, largeRes).obj()];
    // 500m: the preemptor takes 500m, every pod must go; the budget allows none of db's.
    const result = select(makePod().name('p').priority(highPriority).req(veryLargeRes).obj(), pods, [budget]);
    expect(result.found && names(result.victims)).toEqual(['cache', 'web', 'db']);
    expect(result.found && result.numViolatingVictim).toBe(1);
  });

  it('the pod count is freed with the pods: Too many pods', () => {
    const pods = [on('a', lowPriority).req({}).obj(), on('b', midPriority).req({}).obj()];
    const result = select(makePod().name('p').priority(highPriority).obj(), pods, [], { pods: '2' });
    expect(result.found && names(result.victims)).toEqual(['a']);
  });
});
