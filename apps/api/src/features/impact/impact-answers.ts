import { type ImpactCounts, type ImpactSummary, type ImpactView, type PodRef, type TaintImpact, impactPodsPage, impactTimelineBounds } from '@taintgate/domain';
import {
  type JsonSchema,
  admissionSchema,
  arrayOf,
  booleanField,
  integerField,
  listMetaSchema,
  object,
  podRefSchema,
  serializerOf,
  stringField,
  taintSchema,
} from '../../http/edge/answer-schemas';

/**
 * Taint impact's answers in their views (libs/domain's impact-views decides what each holds): the
 * summary, the default, counts and a timeline whatever the number of pods, serialized from its
 * schema; and every pod's fate a page at a time. The same objects are GraphQL's answers.
 */

/** An eviction as answered: times in RFC 3339, and how admission changed an inline pod. */
export interface AnsweredEviction {
  pod: PodRef;
  node: string;
  when: string;
  tolerationSeconds?: number | bigint;
  at: string | null;
  neverInPractice: boolean;
  alreadyScheduled?: { scheduledAt: string };
  elsewhere?: string | null;
  to?: string | null;
  admission?: unknown;
}

export interface AnsweredUnaffected {
  pod: PodRef;
  node: string;
  reason: string;
  admission?: unknown;
}

/** What every view tells beside its pods: the taints asked about, and warnings (a selector that matched no node). */
interface ImpactHeading {
  /** The first of `taints`, as answers named it before several could be asked at once. */
  taint: TaintImpact['taint'];
  taints: TaintImpact['taints'];
  warnings?: string[];
}

export interface ImpactSummaryAnswer extends ImpactHeading {
  view: 'summary';
  /** When the question was answered. */
  at: string;
  nodeCount: number;
  counts: ImpactCounts;
  timeline: { withinSeconds: number | null; count: number; first: string; last: string }[];
  rescheduling?: TaintImpact['rescheduling'];
}

export interface ImpactPodsAnswer extends ImpactHeading {
  view: 'pods';
  at: string;
  /** The nodes the taint would go on. */
  nodes: string[];
  rescheduling?: TaintImpact['rescheduling'];
  metadata: { resourceVersion?: string; continue?: string; remainingItemCount?: number };
  /** This page's pods, each in its list. */
  evictions: AnsweredEviction[];
  unaffected: AnsweredUnaffected[];
  unschedulable: TaintImpact['unschedulable'];
}

export type ImpactAnswer = ImpactSummaryAnswer | ImpactPodsAnswer;

const iso = (ms: number) => new Date(ms).toISOString();

/** The summary view (impactSummary or taintImpactSummary), answered at `at`. */
export function impactSummaryAnswer(
  { taint, taints, nodeCount, counts, timeline, rescheduling }: ImpactSummary,
  at: string,
  warnings: string[] = [],
): ImpactSummaryAnswer {
  return {
    view: 'summary',
    taint,
    taints,
    ...(warnings.length ? { warnings } : {}),
    at,
    nodeCount,
    counts,
    timeline: timeline.map((bucket) => ({ ...bucket, first: iso(bucket.first), last: iso(bucket.last) })),
    ...(rescheduling ? { rescheduling } : {}),
  };
}

/** A page of the pods view, from the answer's every pod (times and admission already answered). */
export function impactPodsAnswer(
  impact: TaintImpact,
  answered: { evictions: AnsweredEviction[]; unaffected: AnsweredUnaffected[] },
  view: Extract<ImpactView, { name: 'pods' }>,
  at: string,
  revision?: bigint,
  warnings: string[] = [],
): ImpactPodsAnswer {
  // Inline clusters have no revision; their tokens carry 1 (a token's revision is never checked).
  const page = impactPodsPage({ ...answered, unschedulable: impact.unschedulable }, view.chunking, revision ?? 1n);
  const metadata: ImpactPodsAnswer['metadata'] = {};
  if (revision !== undefined) metadata.resourceVersion = String(revision);
  if (page.continue !== undefined) metadata.continue = page.continue;
  if (page.remainingItemCount !== undefined) metadata.remainingItemCount = page.remainingItemCount;
  return {
    view: 'pods',
    taint: impact.taint,
    taints: impact.taints,
    ...(warnings.length ? { warnings } : {}),
    at,
    nodes: impact.nodes,
    ...(impact.rescheduling ? { rescheduling: impact.rescheduling } : {}),
    metadata,
    evictions: page.evictions,
    unaffected: page.unaffected,
    unschedulable: page.unschedulable,
  };
}

const reschedulingSchema = object(
  {
    capacityConsidered: booleanField,
    stranded: integerField,
    mode: {
      type: 'string',
      enum: ['together', 'alone'],
      description: 'the placement mode asked: stranded counts the evicted pods whose replacement fits nowhere, placed so',
    },
  },
  ['capacityConsidered', 'stranded'],
);

const count = (description: string) => ({ type: 'integer', description });

/** The heading's fields in both views' schemas. */
const headingSchema = {
  taint: { ...taintSchema, description: 'the first of taints' },
  taints: { ...arrayOf(taintSchema), description: 'every taint asked about, added together' },
  warnings: {
    ...arrayOf(stringField),
    description: 'what the answer alone would not say: a selector that matched no node; evicted pods too many to place together (PLACE_TOGETHER_MAX_PODS)',
  },
};

export const impactSummarySchema: JsonSchema = object(
  {
    view: { type: 'string', enum: ['summary'] },
    ...headingSchema,
    at: { type: 'string', description: 'when the question was answered (RFC 3339)' },
    nodeCount: count('the nodes the taint would go on'),
    counts: object(
      {
        evictedNow: count('bound pods evicted at once'),
        evictedLater: count('bound pods evicted once their tolerationSeconds pass'),
        neverInPractice: count('bound pods whose deadline lies past year 9999'),
        alreadyScheduled: count('of the evictions, those where an eviction already scheduled stands'),
        unaffected: count('bound pods on those nodes that stay'),
        unschedulable: count('pending pods left with no feasible node'),
      },
      ['evictedNow', 'evictedLater', 'neverInPractice', 'alreadyScheduled', 'unaffected', 'unschedulable'],
    ),
    timeline: {
      ...arrayOf(
        object(
          {
            withinSeconds: {
              type: 'integer',
              nullable: true,
              description: `the bucket's end after the question (${impactTimelineBounds.join(', ')}); null: later`,
            },
            count: integerField,
            first: stringField,
            last: stringField,
          },
          ['withinSeconds', 'count', 'first', 'last'],
        ),
      ),
      description: 'the evictions by when they come, earliest first; buckets that hold none are left out',
    },
    rescheduling: reschedulingSchema,
  },
  ['view', 'taint', 'taints', 'at', 'nodeCount', 'counts', 'timeline'],
);

const podOnNode = { pod: podRefSchema, node: stringField, admission: admissionSchema };

export const impactPodsSchema: JsonSchema = object(
  {
    view: { type: 'string', enum: ['pods'] },
    ...headingSchema,
    at: stringField,
    nodes: arrayOf(stringField),
    rescheduling: reschedulingSchema,
    metadata: listMetaSchema,
    evictions: arrayOf(
      object(
        {
          ...podOnNode,
          when: stringField,
          tolerationSeconds: integerField,
          at: { type: 'string', nullable: true },
          neverInPractice: booleanField,
          alreadyScheduled: object({ scheduledAt: stringField }),
          elsewhere: { type: 'string', nullable: true },
          to: { type: 'string', nullable: true, description: 'with a mode: the node kube-scheduler places the replacement on (null: nowhere)' },
        },
        ['pod', 'node', 'when', 'at', 'neverInPractice'],
      ),
    ),
    unaffected: arrayOf(object({ ...podOnNode, reason: stringField }, ['pod', 'node', 'reason'])),
    unschedulable: arrayOf(object({ pod: podRefSchema }, ['pod'])),
  },
  ['view', 'taint', 'taints', 'at', 'nodes', 'metadata', 'evictions', 'unaffected', 'unschedulable'],
);

const summaryJson = serializerOf(impactSummarySchema);
const podsJson = serializerOf(impactPodsSchema);

/** The answer as REST sends it, JSON text from its view's compiled serializer (int64 seconds keep their digits). */
export function impactJson(answer: ImpactAnswer): string {
  return answer.view === 'summary' ? summaryJson(answer) : podsJson(answer);
}
