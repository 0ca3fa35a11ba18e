import { k8sTime, type NodeRemovalRank } from '@taintgate/domain';
import { type JsonSchema, arrayOf, booleanField, constant, described, integerField, object, serializerOf, stringField } from '../../http/edge/answer-schemas';
import type { Sweep } from './removal-sweep.service';
import type { SweepSummaryRow } from './removal-sweep-store';

/**
 * A removal sweep as answered, in Kubernetes' shape: what was asked (spec) and how far it is
 * (status: its phase, the nodes judged of those asked, and once Succeeded the nodes ranked, the
 * easiest to remove first). The same object is GraphQL's answer.
 */

const API_VERSION = 'taintgate.io/v1';

const rankSchema = object(
  {
    node: stringField,
    removable: described(booleanField, 'every replacement fits elsewhere and nothing blocks the drain'),
    verdict: { type: 'string', enum: ['AllFit', 'SomeStranded', 'Blocked'] },
    counts: object(
      { evicted: integerField, placed: integerField, stranded: integerField, deleted: integerField, blocked: integerField, skipped: integerField },
      ['evicted', 'placed', 'stranded', 'deleted', 'blocked', 'skipped'],
    ),
    reasons: described(arrayOf(stringField), "why it is not removable: kubectl's error, each blocked pod's, each stranded replacement's line (the first 5)"),
  },
  ['node', 'removable', 'verdict', 'counts', 'reasons'],
);

const statusProperties = {
  phase: { type: 'string', enum: ['Pending', 'Running', 'Succeeded', 'Failed'] },
  done: described(integerField, 'nodes judged so far'),
  total: described(integerField, 'nodes to judge'),
  revision: described(stringField, "the cluster's revision the sweep read"),
  startTime: stringField,
  completionTime: stringField,
  removable: described(integerField, 'how many of the nodes can go, once Succeeded'),
  error: described(stringField, 'why it failed, once Failed'),
};

const metadataSchema = object({ name: described(stringField, "the sweep's id"), cluster: stringField, creationTimestamp: stringField }, [
  'name',
  'cluster',
  'creationTimestamp',
]);

export const removalSweepSchema: JsonSchema = object(
  {
    apiVersion: constant(API_VERSION),
    kind: constant('RemovalSweep'),
    metadata: metadataSchema,
    spec: object({ nodeCount: described(integerField, 'the nodes asked') }, ['nodeCount']),
    status: object({ ...statusProperties, nodes: described(arrayOf(rankSchema), 'once Succeeded: every node judged, the easiest to remove first') }, [
      'phase',
      'done',
      'total',
    ]),
  },
  ['apiVersion', 'kind', 'metadata', 'spec', 'status'],
);

export const removalSweepListSchema: JsonSchema = object(
  {
    apiVersion: constant(API_VERSION),
    kind: constant('RemovalSweepList'),
    items: described(
      arrayOf(
        object(
          {
            apiVersion: constant(API_VERSION),
            kind: constant('RemovalSweep'),
            metadata: metadataSchema,
            spec: object({ nodeCount: integerField }, ['nodeCount']),
            status: object(statusProperties, ['phase', 'done', 'total']),
          },
          ['apiVersion', 'kind', 'metadata', 'spec', 'status'],
        ),
      ),
      'the newest first, at most 50, without their nodes',
    ),
  },
  ['apiVersion', 'kind', 'items'],
);

type SweepFields = Omit<Sweep, 'nodes' | 'results'>;

function statusOf(row: SweepFields, total: number, ranks: readonly NodeRemovalRank[] | undefined) {
  return {
    phase: row.phase,
    done: row.done,
    total,
    ...(row.revision !== null ? { revision: String(row.revision) } : {}),
    ...(row.startedAt ? { startTime: k8sTime(row.startedAt) } : {}),
    ...(row.finishedAt ? { completionTime: k8sTime(row.finishedAt) } : {}),
    ...(ranks ? { removable: ranks.filter((r) => r.removable).length } : {}),
    ...(row.error !== null ? { error: row.error } : {}),
  };
}

const metadataOf = (row: SweepFields) => ({ name: row.id, cluster: row.cluster, creationTimestamp: k8sTime(row.createdAt) });

/** The sweep as answered; its ranked nodes once Succeeded. */
export function removalSweepAnswer(sweep: Sweep) {
  const ranks = sweep.phase === 'Succeeded' ? ((sweep.results as unknown as NodeRemovalRank[] | null) ?? []) : undefined;
  return {
    apiVersion: API_VERSION,
    kind: 'RemovalSweep',
    metadata: metadataOf(sweep),
    spec: { nodeCount: sweep.nodes.length },
    status: { ...statusOf(sweep, sweep.nodes.length, ranks), ...(ranks ? { nodes: ranks } : {}) },
  };
}

export function removalSweepListAnswer(rows: readonly (SweepSummaryRow & { cluster: string })[]) {
  return {
    apiVersion: API_VERSION,
    kind: 'RemovalSweepList',
    items: rows.map((row) => ({
      apiVersion: API_VERSION,
      kind: 'RemovalSweep',
      metadata: metadataOf(row),
      spec: { nodeCount: row.nodeCount },
      status: statusOf(row, row.nodeCount, undefined),
    })),
  };
}

export const removalSweepJson = serializerOf(removalSweepSchema);
export const removalSweepListJson = serializerOf(removalSweepListSchema);
