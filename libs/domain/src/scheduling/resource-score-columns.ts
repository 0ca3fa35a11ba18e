import { podNonZeroScoringRequest, podResourceRequest } from '../resources/pod-requests';
import type { Node, Pod } from '../types';
import { type RoomTable, RoomState } from './node-rooms';
import { type UsageOf, balancedAllocationScores, nodeResourcesFitScores } from './resource-scores';
import { maxNodeScore } from './taint-toleration-score';

/**
 * NodeResourcesFit's LeastAllocated score and NodeResourcesBalancedAllocation's, with the default
 * profile's resources (cpu and memory, weight 1), read from the columns a cluster's holder keeps
 * with the rooms (node-rooms.ts) rather than from each node's quantities: a pass over typed arrays
 * for 10,000 feasible nodes instead of parsing and bigint arithmetic node by node. The definition
 * stays resource-scores.ts: a node whose amounts a double does not hold exactly (a room not
 * `exact`, or a product past 2^52) is scored there, and the property test holds the two equal.
 */

/** Past this, (allocatable - requested) * 100 might not be an exact double: the bigint path scores the node. */
const exactLimit = 2 ** 52 / maxNodeScore;

/** Go's int64 division of non-negative integers held exactly: the float quotient, corrected by one either way. */
function floorDiv(a: number, b: number): number {
  let q = Math.floor(a / b);
  if (q * b > a) q--;
  else if ((q + 1) * b <= a) q++;
  return q;
}

/** leastRequestedScore of one resource: -1 when the node has none of it (left out of the average). */
function leastRequested(allocatable: number, requested: number): number {
  if (allocatable === 0) return -1;
  if (requested > allocatable) return 0;
  return floorDiv((allocatable - requested) * maxNodeScore, allocatable);
}

/** balancedResourceScorer over cpu and memory: the requested shares, each capped at 1, of the resources the node has. */
function balanced(allocCpu: number, requestedCpu: number, allocMemory: number, requestedMemory: number): number {
  const cpu = allocCpu === 0 ? -1 : Math.min(requestedCpu / allocCpu, 1);
  const memory = allocMemory === 0 ? -1 : Math.min(requestedMemory / allocMemory, 1);
  const std = cpu >= 0 && memory >= 0 ? Math.abs((cpu - memory) / 2) : 0;
  return Math.trunc((1 - std) * maxNodeScore);
}

export interface ResourceScoreColumns {
  readonly fit: ArrayLike<number>;
  readonly balanced: ArrayLike<number>;
}

/**
 * Both resource scores of the nodes at `positions` of the table (its rows follow the classes'
 * names), in that order. `nodeAt(k)` is the node at the k-th position, for the ones scored with
 * bigints; `usageOf` their usage, as the capacity gives it.
 */
export function resourceScoreColumns(
  pod: Pod,
  table: RoomTable,
  positions: ArrayLike<number>,
  nodeAt: (k: number) => Node,
  usageOf: UsageOf,
): ResourceScoreColumns {
  const n = positions.length;
  const fit = new Float64Array(n);
  const balancedScores = new Float64Array(n);
  const nonZero = podNonZeroScoringRequest(pod);
  const request = podResourceRequest(pod);
  const podAmounts = [nonZero.milliCPU, nonZero.memory, request.milliCPU, request.memory].map(Number);
  const [nzCpu, nzMemory, cpu, memory] = podAmounts as [number, number, number, number];
  // A pod that requests neither is not scored by BalancedAllocation (PreScore's Skip): 0 everywhere.
  const balancedSkips = request.milliCPU === 0n && request.memory === 0n;
  const podExact = podAmounts.every((q) => q <= exactLimit);
  const { state, allocatableCpu, allocatableMemory, nonZeroCpu, nonZeroMemory } = table;
  for (let k = 0; k < n; k++) {
    const i = positions[k] as number;
    const allocCpu = allocatableCpu[i] as number;
    const allocMemory = allocatableMemory[i] as number;
    const rowState = state[i];
    if (!podExact || rowState === RoomState.inexact || allocCpu > exactLimit || allocMemory > exactLimit) {
      const node = [nodeAt(k)];
      fit[k] = nodeResourcesFitScores(pod, node, usageOf)[0] as number;
      balancedScores[k] = balancedAllocationScores(pod, node, usageOf)[0] as number;
      continue;
    }
    // LeastAllocated: the average of the resources the node has, in Go's integer division.
    const cpuScore = leastRequested(allocCpu, (nonZeroCpu[i] as number) + nzCpu);
    const memoryScore = leastRequested(allocMemory, (nonZeroMemory[i] as number) + nzMemory);
    const counted = (cpuScore >= 0 ? 1 : 0) + (memoryScore >= 0 ? 1 : 0);
    fit[k] = counted === 0 ? 0 : Math.floor((Math.max(cpuScore, 0) + Math.max(memoryScore, 0)) / counted);
    if (balancedSkips) continue;
    // The room is allocatable less the requests (an unlimited node's is Infinity, its allocatable 0: never read).
    const requestedCpu = rowState === RoomState.unlimited ? 0 : allocCpu - (table.cpu[i] as number);
    const requestedMemory = rowState === RoomState.unlimited ? 0 : allocMemory - (table.memory[i] as number);
    balancedScores[k] = balanced(allocCpu, requestedCpu + cpu, allocMemory, requestedMemory + memory);
  }
  return { fit, balanced: balancedScores };
}
