import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Node, Pod } from '@taintgate/domain';
import { bestByTotal, scoreColumns, scoreNodes } from '../../../../../libs/domain/src/scheduling/framework/default-scores';
import { snapshotOf } from '../../../../../libs/domain/src/scheduling/framework/scheduling-snapshot';
import { defaultMatchOptions } from '../../../../../libs/domain/src/tolerations/match';

describe('bestByTotal', () => {
  it('is the first `top` of a stable sort by total, highest first, with the count of the best total', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 40 }), fc.nat(12), (raw, top) => {
        const totals = Float64Array.from(raw);
        const sorted = raw.map((_, k) => k).sort((a, b) => (raw[b] as number) - (raw[a] as number));
        const best = raw.length ? Math.max(...raw) : undefined;
        expect(bestByTotal(totals, top)).toEqual({ order: sorted.slice(0, top), tied: raw.filter((t) => t === best).length });
      }),
      { numRuns: 1000 },
    );
  });
});

const node = (name: string, labels: Record<string, string>, taints: Node['spec'] = {}): Node => ({ metadata: { name, labels }, spec: taints });

describe('scoreColumns', () => {
  const nodes = [node('a', { zone: 'x' }, { taints: [{ key: 'spot', effect: 'PreferNoSchedule' }] }), node('b', { zone: 'y' }), node('c', { zone: 'x' })];
  const snapshot = snapshotOf(nodes, []);
  const preferring: Pod = {
    metadata: { name: 'p' },
    spec: {
      affinity: {
        nodeAffinity: {
          preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 10, preference: { matchExpressions: [{ key: 'zone', operator: 'In', values: ['x'] }] } }],
        },
      },
    },
  };

  it('gives a skipped plugin one number for every node, and the others node by node', () => {
    const columns = scoreColumns(
      preferring,
      { count: 3, nodeAt: (k) => nodes[k] as Node, nameAt: (k) => (nodes[k] as Node).metadata.name },
      snapshot,
      defaultMatchOptions,
      undefined,
    );
    // TaintToleration: a's untolerated PreferNoSchedule taint scores 0 of 100 (x3); NodeAffinity: zone x scores 100 (x2).
    expect([...columns.totals]).toEqual([0 + 200, 300 + 0, 300 + 200]);
    expect(columns.pluginsAt(1)).toEqual({ TaintToleration: 100, NodeAffinity: 0, PodTopologySpread: 0, InterPodAffinity: 0, ImageLocality: 0 });
  });

  it('takes the raw scores a caller knows per group in place of reading the nodes', () => {
    const columns = scoreColumns(
      preferring,
      {
        count: 3,
        nodeAt: () => {
          throw new Error('not read');
        },
        nameAt: (k) => (nodes[k] as Node).metadata.name,
        softTaintsAt: (k) => (k === 0 ? 1 : 0),
        preferredAffinityAt: (k) => (k === 1 ? 0 : 10),
      },
      snapshot,
      defaultMatchOptions,
      undefined,
    );
    expect([...columns.totals]).toEqual(scoreNodes(preferring, nodes, snapshot, defaultMatchOptions, undefined).map((s) => s.total));
  });
});
