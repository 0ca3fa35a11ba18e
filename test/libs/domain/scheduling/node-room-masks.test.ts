import { describe, expect, it } from 'vitest';
import type { Node, Pod } from '../../../../libs/domain/src/types';
import { nodeClassesOf } from '../../../../libs/domain/src/scheduling/node-classes';
import { nodeRoomsOf } from '../../../../libs/domain/src/scheduling/node-rooms';
import { UNKNOWN, roomCheck } from '../../../../libs/domain/src/scheduling/node-room-masks';
import { usageByNode } from '../../../../libs/domain/src/scheduling/node-usage';

/**
 * NodeResourcesFit as bits, from the rooms' columns: a scalar resource (a GPU, hugepages) is a
 * column like cpu's, so a pod asking for one is checked over typed arrays too (`from` set), with
 * fitsRequest's answer node by node (fit.go's fitsRequest: a scalar resource the node does not list
 * has room 0). Bits: pods 2, cpu 4, memory 8, ephemeral-storage 16, then the scalars asked, in name order.
 */
const GPU = 'nvidia.com/gpu';
const node = (name: string, allocatable?: Record<string, string>): Node => ({ metadata: { name }, ...(allocatable ? { status: { allocatable } } : {}) });
const pod = (name: string, requests: Record<string, string>, nodeName?: string): Pod => ({
  metadata: { name, namespace: 'default' },
  spec: { ...(nodeName ? { nodeName } : {}), containers: [{ name: 'c', resources: { requests } }] },
  status: { phase: 'Running' },
});

const nodes = [
  node('a-two-gpus', { cpu: '8', memory: '32Gi', pods: '110', [GPU]: '2' }),
  node('b-no-gpu', { cpu: '8', memory: '32Gi', pods: '110' }),
  node('c-one-gpu-used', { cpu: '8', memory: '32Gi', pods: '110', [GPU]: '1' }),
  node('d-unknown-size'),
  node('e-huge', { cpu: '8', memory: '32Gi', pods: '110', [GPU]: '18014398509481984' }),
];
const running = [pod('trainer-0', { cpu: '1', [GPU]: '1' }, 'c-one-gpu-used'), pod('web-0', { cpu: '1' }, 'a-two-gpus')];

function masksOf(asked: Pod) {
  const classes = nodeClassesOf(nodes);
  const usage = usageByNode(running);
  const usageOf = (name: string) => usage.get(name);
  const check = roomCheck(asked, classes, { usageOf, rooms: nodeRoomsOf(nodes, usageOf) });
  if (!check) throw new Error('no check');
  return { byTable: check.from !== undefined, masks: Array.from(check.masks(new Int32Array(nodes.length))), shortages: check.shortages.map((s) => s.name) };
}

describe('roomCheck: scalar resources checked from the rooms’ columns', () => {
  const cases: { name: string; asked: Pod; expected: ReturnType<typeof masksOf> }[] = [
    {
      name: 'one GPU fits the node with two and a node of unknown size; short where none is listed or the one is taken (bit 32)',
      asked: pod('p', { cpu: '1', [GPU]: '1' }),
      expected: { byTable: true, masks: [0, 32, 32, UNKNOWN, 0], shortages: ['pods', 'cpu', 'memory', 'ephemeral-storage', GPU] },
    },
    {
      name: 'two GPUs fit only the node with two free, short of cpu too where cpu is short',
      asked: pod('p', { cpu: '8', [GPU]: '2' }),
      expected: { byTable: true, masks: [4, 32, 36, UNKNOWN, 0], shortages: ['pods', 'cpu', 'memory', 'ephemeral-storage', GPU] },
    },
    {
      name: 'two scalar resources take a bit each, in name order',
      asked: pod('p', { [GPU]: '1', 'example.com/fpga': '1' }),
      expected: { byTable: true, masks: [32, 96, 96, UNKNOWN, 32], shortages: ['pods', 'cpu', 'memory', 'ephemeral-storage', 'example.com/fpga', GPU] },
    },
    {
      name: 'a request past what a double holds exactly is checked node by node, with the same bits',
      asked: pod('p', { [GPU]: '18014398509481985' }),
      expected: { byTable: false, masks: [32, 32, 32, UNKNOWN, 32], shortages: ['pods', 'cpu', 'memory', 'ephemeral-storage', GPU] },
    },
  ];
  for (const { name, asked, expected } of cases) {
    it(name, () => {
      expect(masksOf(asked)).toEqual(expected);
    });
  }
});
