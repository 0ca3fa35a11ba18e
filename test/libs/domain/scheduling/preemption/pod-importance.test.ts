import { describe, expect, it } from 'vitest';
import { byImportance, moreImportantPod, podPriority, podStartTime } from '../../../../../libs/domain/src/scheduling/preemption/pod-importance';
import { epochTime, makePod, names } from './preemption-fixtures';

describe('MoreImportantPod (pkg/scheduler/util/utils.go)', () => {
  const p = (name: string, priority?: number, start?: string) => {
    const w = makePod().name(name);
    if (priority !== undefined) w.priority(priority);
    if (start !== undefined) w.startTime(start);
    return w.obj();
  };

  it('the higher priority first; a pod without spec.priority has 0', () => {
    expect(podPriority(p('a'))).toBe(0);
    expect(moreImportantPod(p('a', 1), p('b', 0, epochTime(1)))).toBe(true);
    expect(moreImportantPod(p('a', -1), p('b'))).toBe(false);
  });

  it('at equal priority, the one started first', () => {
    expect(moreImportantPod(p('a', 5, epochTime(1)), p('b', 5, epochTime(2)))).toBe(true);
    expect(moreImportantPod(p('a', 5, epochTime(2)), p('b', 5, epochTime(1)))).toBe(false);
  });

  it('a pod not started yet starts last (GetPodStartTime: now); two such pods tie', () => {
    expect(podStartTime(p('a'))).toBe(Infinity);
    expect(podStartTime(p('a', 0, 'yesterday'))).toBe(Infinity);
    expect(moreImportantPod(p('started', 5, epochTime(9)), p('pending', 5))).toBe(true);
    expect(moreImportantPod(p('x', 5), p('y', 5))).toBe(false);
  });

  it('sorted most important first, ties keeping their order', () => {
    const pods = [p('low', 0), p('late', 5, epochTime(3)), p('pending', 5), p('early', 5, epochTime(1)), p('pending-2', 5)];
    expect(names([...pods].sort(byImportance))).toEqual(['early', 'late', 'pending', 'pending-2', 'low']);
  });
});
