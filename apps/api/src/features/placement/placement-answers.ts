import {
  type NodePlacement,
  type Placement,
  type PlacementNodesPage,
  type PlacementPreemption,
  type PlacementSummary,
  type PlacementView,
  type Pod,
  DEFAULT_PLACEMENT_TOP,
  MAX_PLACEMENT_TOP,
  ScorePluginWeights,
  placementNodesPage,
  placementSummary,
  withResourceHolders,
} from '@taintgate/domain';
import type { admissionAnswer } from '../../http/edge/admission-answer';
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
 * Placement's answers in their views (libs/domain's placement-views decides what each holds): the
 * summary, the default, small at any size of cluster and serialized from its schema; and every node
 * a page at a time. The same objects are GraphQL's answers.
 */

/** What placement tells beside the nodes: how an inline pod was admitted, or that a stored one was rescheduled. */
export interface PlacementExtras {
  admission?: ReturnType<typeof admissionAnswer>;
  rescheduled?: true;
  /** For a pod no node fits: DefaultPreemption's decision (withPreemption). */
  preemption?: PlacementPreemption;
}

type PlacementSummaryAnswer = { view: 'summary' } & PlacementSummary & PlacementExtras;

/** The nodes view: the page's heading (placementNodesGrouped's), the list's metadata and the page's nodes. */
interface PlacementNodesAnswer extends Omit<PlacementNodesPage, 'page'>, PlacementExtras {
  view: 'nodes';
  metadata: { resourceVersion?: string; continue?: string; remainingItemCount?: number };
  /** This page's nodes, in the order of the every-node answer. */
  nodes: NodePlacement[];
}

export type PlacementAnswer = PlacementSummaryAnswer | PlacementNodesAnswer;

/**
 * The placement in the view asked for. `revision` is the stored cluster's, for the page tokens and
 * metadata.resourceVersion; inline nodes have none, and their tokens carry 1 (a token's revision is
 * never checked: docs/contract.md, "Lists").
 */
export function placementAnswer(
  placement: Placement,
  view: PlacementView,
  extras: PlacementExtras,
  revision?: bigint,
  podsOn?: (nodeName: string) => readonly Pod[],
): PlacementAnswer {
  if (view.name === 'summary') return { view: 'summary', ...placementSummary(placement, view.top), ...extras };
  const { pod, summary, detail, feasibleCount, capacityConsidered, notEvaluated, bestTied } = placement;
  const chunk = placementNodesPage(placement, view.chunking, revision ?? 1n);
  // The pods holding what a node is short of, when they are known (the nodes view's page only).
  const page = podsOn ? { ...chunk, items: withResourceHolders(chunk.items, podsOn) } : chunk;
  const heading = {
    pod,
    summary,
    detail,
    nodeCount: placement.nodes.length,
    feasibleCount,
    ...(capacityConsidered ? { capacityConsidered } : {}),
    ...(notEvaluated ? { notEvaluated } : {}),
    ...(bestTied ? { bestTied } : {}),
  };
  return placementNodesAnswer({ ...heading, page }, extras, revision);
}

/** A page of the nodes view, with the heading every view has. */
export function placementNodesAnswer({ page, ...heading }: PlacementNodesPage, extras: PlacementExtras, revision?: bigint): PlacementAnswer {
  const metadata: PlacementNodesAnswer['metadata'] = {};
  if (revision !== undefined) metadata.resourceVersion = String(revision);
  if (page.continue !== undefined) metadata.continue = page.continue;
  if (page.remainingItemCount !== undefined) metadata.remainingItemCount = page.remainingItemCount;
  return { view: 'nodes', ...heading, ...extras, metadata, nodes: page.items };
}

const reasonFields = { code: stringField, message: stringField, taint: taintSchema, field: stringField };

const reasonSchema = object(
  {
    ...reasonFields,
    resource: object({
      name: stringField,
      requested: integerField,
      used: integerField,
      allocatable: integerField,
      heldBy: object({
        pods: integerField,
        largest: { type: 'array', items: object({ namespace: stringField, name: stringField, requested: integerField }) },
      }),
    }),
  },
  ['code', 'message'],
);

const nodePlacementSchema = object(
  {
    name: stringField,
    feasible: booleanField,
    score: { type: 'integer', nullable: true, description: "the default Score plugins' weighted total (0-1200), null when infeasible" },
    rank: { type: 'integer', nullable: true },
    scores: {
      ...object(Object.fromEntries(Object.keys(ScorePluginWeights).map((name) => [name, integerField]))),
      description: "each Score plugin's normalized score (0-100, before its weight), for a feasible node",
    },
    reasons: arrayOf(reasonSchema),
  },
  ['name', 'feasible', 'score', 'rank', 'reasons'],
);

/** What every view says of the placement as a whole. */
const heading = {
  pod: podRefSchema,
  summary: { type: 'string', description: "kube-scheduler's line, in the wording SCHEDULER_SUMMARY_WORDING chooses" },
  detail: { type: 'string', description: "the line in the legacy wording, naming each node's first untolerated taint" },
  nodeCount: integerField,
  feasibleCount: integerField,
  capacityConsidered: booleanField,
  admission: admissionSchema,
  rescheduled: booleanField,
  notEvaluated: {
    ...arrayOf(
      object({ kind: { type: 'string', enum: ['WaitForFirstConsumerClaim', 'ResourceClaim', 'UnknownClaim'] }, name: stringField, message: stringField }, [
        'kind',
        'name',
        'message',
      ]),
    ),
    description: 'what the filters did not evaluate for the pod, by name (claims waiting for a first consumer, DRA claims): no node is rejected for them',
  },
  bestTied: {
    type: 'integer',
    description: 'how many feasible nodes share the best total, when more than one: kube-scheduler picks one of them at random, this answer ranks them by name',
  },
  preemption: {
    ...object(
      {
        nominatedNode: stringField,
        victims: arrayOf(
          object({ namespace: stringField, name: stringField, priority: integerField, violatesBudget: booleanField }, [
            'namespace',
            'name',
            'priority',
            'violatesBudget',
          ]),
        ),
        budgetViolations: integerField,
        candidates: integerField,
        message: stringField,
      },
      ['candidates'],
    ),
    description:
      "for a pod no node fits: what kube-scheduler's DefaultPreemption would do (the node it nominates and the pods it evicts there), or, when it finds no room, its words, which the summary line ends with",
  },
};

export const placementSummarySchema: JsonSchema = object(
  {
    view: { type: 'string', enum: ['summary'] },
    ...heading,
    reasonCounts: {
      ...arrayOf(object({ code: stringField, nodes: integerField }, ['code', 'nodes'])),
      description: 'how many nodes have a reason of each code (a node counted once per code)',
    },
    feasibleNodes: {
      ...arrayOf(nodePlacementSchema),
      description: `the best \`top\` feasible nodes, ranked (top: ${DEFAULT_PLACEMENT_TOP} by default, at most ${MAX_PLACEMENT_TOP})`,
    },
    infeasibleGroups: {
      ...arrayOf(
        object(
          {
            count: integerField,
            reasons: arrayOf(object({ ...reasonFields, resource: object({ name: stringField, requested: integerField }) }, ['code', 'message'])),
            nodes: { ...arrayOf(stringField), description: 'the first `top` names of the group, in name order' },
          },
          ['count', 'reasons', 'nodes'],
        ),
      ),
      description:
        'every infeasible node, in groups of identical reasons (a shortage by what the pod requests, a matchFields miss by what it names), the largest first',
    },
  },
  ['view', 'pod', 'summary', 'detail', 'nodeCount', 'feasibleCount', 'reasonCounts', 'feasibleNodes', 'infeasibleGroups'],
);

const nodesViewHeading = { view: { type: 'string', enum: ['nodes'] }, ...heading, metadata: listMetaSchema };
const nodesViewRequired = ['view', 'pod', 'summary', 'detail', 'nodeCount', 'feasibleCount', 'metadata'];

export const placementNodesSchema: JsonSchema = object(
  {
    ...nodesViewHeading,
    nodes: { ...arrayOf(nodePlacementSchema), description: 'a page of every node: feasible by score, then name; then the infeasible by name' },
  },
  [...nodesViewRequired, 'nodes'],
);

const summaryJson = serializerOf(placementSummarySchema);
/** The nodes view but its nodes, which nodesJson writes after it. */
const nodesHeadingJson = serializerOf(object(nodesViewHeading, nodesViewRequired));
const reasonsJson = serializerOf(arrayOf(reasonSchema)) as (reasons: readonly object[]) => string;

/**
 * Writes `text` at `at` as a JSON string's content when every character of it is printable ASCII
 * other than `"` and `\\` (a node's name, a DNS subdomain, always is): a byte per character, no
 * string made. Answers the offset after it, or -1 when some character needs more (escaping, UTF-8).
 */
function writePlainAscii(bytes: Buffer, at: number, text: string): number {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code > 0x7e || code === 0x22 || code === 0x5c) return -1;
    bytes[at++] = code;
  }
  return at;
}

/** Writes a score or rank (a small integer, or null) as its digits. */
function writeNumber(bytes: Buffer, at: number, value: number | null): number {
  return value === null || !Number.isSafeInteger(value) || value < 0 ? at + bytes.write(String(value), at, 'latin1') : writeDigits(bytes, at, value);
}

function writeDigits(bytes: Buffer, at: number, value: number): number {
  if (value >= 10) at = writeDigits(bytes, at, Math.floor(value / 10));
  bytes[at] = 0x30 + (value % 10);
  return at + 1;
}

const NAME = Buffer.from('{"name":"');
const FEASIBLE = Buffer.from('","feasible":true,"score":');
const INFEASIBLE = Buffer.from('","feasible":false,"score":');
const RANK = Buffer.from(',"rank":');
const SCORES = Buffer.from(',"scores":');
const REASONS = Buffer.from(',"reasons":');

/** Copies a few constant bytes: a loop, cheaper than Buffer.copy's call for so few. */
function put(bytes: Buffer, at: number, constant: Buffer): number {
  for (let i = 0; i < constant.length; i++) bytes[at++] = constant[i] as number;
  return at;
}

/**
 * The nodes view's JSON, as bytes: the heading from its schema, and each node from fragments. The
 * nodes of a bucket share one reasons array (placementNodesGrouped), serialized and encoded once per
 * answer; a node is then its name, score and rank written around those bytes, as
 * nodePlacementSchema would write it (placement-answers.test.ts holds the two to the same answer).
 * Bytes, not a string: a string of 10,000 pieces was flattened, measured (fastify's byteLength) and
 * encoded again on its way to the socket, more than half of the view's CPU; here nothing is made per
 * node but its bytes, and the buffer is sent as it is.
 */
function nodesJson({ nodes, ...heading }: PlacementNodesAnswer): Buffer {
  // The heading is an object: its closing brace makes way for the nodes.
  const head = `${nodesHeadingJson(heading).slice(0, -1)},"nodes":[`;
  const fragments = new Map<readonly object[], Buffer>();
  // Room for the constants, numbers of up to 24 characters, and 6 bytes per UTF-16 unit of a name (\\u escapes): the buffer is cut to what was written.
  const perNode = INFEASIBLE.length + NAME.length + RANK.length + SCORES.length + REASONS.length + 2 * 24 + 1;
  // A feasible node's scores: seven small numbers, written as JSON.stringify writes them (the schema's order, which scoreNodes keeps).
  const scoresText = nodes.map(({ scores }) => (scores ? JSON.stringify(scores) : ''));
  let room = 3 * head.length + 2;
  for (const [i, { name, reasons }] of nodes.entries()) {
    room += (scoresText[i] as string).length;
    let encoded = fragments.get(reasons);
    if (encoded === undefined) {
      encoded = Buffer.from(`${reasonsJson(reasons)}}`);
      fragments.set(reasons, encoded);
    }
    room += perNode + 6 * name.length + encoded.length;
  }
  const bytes = Buffer.allocUnsafe(room);
  let at = bytes.write(head, 0);
  let first = true;
  for (const [i, { name, feasible, score, rank, reasons }] of nodes.entries()) {
    if (!first) bytes[at++] = 0x2c; // ,
    first = false;
    at = put(bytes, at, NAME);
    const afterName = writePlainAscii(bytes, at, name);
    // A name that needs escaping: as JSON.stringify writes it, less the quotes NAME and FEASIBLE hold.
    at = afterName >= 0 ? afterName : at + bytes.write(JSON.stringify(name).slice(1, -1), at);
    at = put(bytes, at, feasible ? FEASIBLE : INFEASIBLE);
    at = writeNumber(bytes, at, score);
    at = put(bytes, at, RANK);
    at = writeNumber(bytes, at, rank);
    const scores = scoresText[i] as string;
    if (scores) {
      at = put(bytes, at, SCORES);
      at += bytes.write(scores, at, 'latin1');
    }
    at = put(bytes, at, REASONS);
    at += (fragments.get(reasons) as Buffer).copy(bytes, at);
  }
  at += bytes.write(']}', at);
  return bytes.subarray(0, at);
}

/**
 * The answer as REST sends it, JSON from its view's compiled serializer (the routes answer it as
 * application/json): no generic walk of the object, and int64 amounts keep their digits. The
 * summary as text; the nodes view, megabytes at 10,000 nodes, as bytes.
 */
export function placementJson(answer: PlacementAnswer): string | Buffer {
  return answer.view === 'summary' ? summaryJson(answer) : nodesJson(answer);
}

/** The nodes view as its schema alone writes it: what nodesJson's fragments must add up to. */
export const placementNodesJsonBySchema = serializerOf(placementNodesSchema);
