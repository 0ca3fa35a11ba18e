import { BinaryReader, WireType } from '@bufbuild/protobuf/wire';
import { failure } from '@taintgate/domain';
import { type FastifyInstance, type FastifyRequest, errorCodes } from 'fastify';
import { FailureException } from '../../platform/failures/failure.exception';

/**
 * kubectl sends the reviews `kubectl auth can-i` and `whoami` create in protobuf
 * (application/vnd.kubernetes.protobuf: its typed clients speak it to kube-apiserver), and answers
 * read as JSON. This reads those three bodies into the JSON kubectl would have sent; every other
 * route answers 415 to protobuf as before. Field numbers are those of k8s.io/api's generated.proto
 * (authorization/v1, authentication/v1) and apimachinery's runtime.Unknown.
 */

const PROTOBUF = 'application/vnd.kubernetes.protobuf';
/** Every protobuf object kube-apiserver reads starts with these four bytes, then a runtime.Unknown. */
const MAGIC = Buffer.from([0x6b, 0x38, 0x73, 0x00]);
/** A review is a few hundred bytes; this bounds what one may hold. */
const REVIEW_BODY_LIMIT = 64 * 1024;

type Fields = Record<string, unknown>;
/** A message's fields by number: strings, or a message read by its own table. */
type Table = Readonly<Record<number, readonly [name: string, read: 'string' | Table]>>;

const RESOURCE_ATTRIBUTES: Table = {
  1: ['namespace', 'string'],
  2: ['verb', 'string'],
  3: ['group', 'string'],
  4: ['version', 'string'],
  5: ['resource', 'string'],
  6: ['subresource', 'string'],
  7: ['name', 'string'],
};
const NON_RESOURCE_ATTRIBUTES: Table = { 1: ['path', 'string'], 2: ['verb', 'string'] };
/** The spec of each review, by the route's resource; metadata (1) and status are not read. */
const SPECS = {
  selfsubjectaccessreviews: { 2: ['spec', { 1: ['resourceAttributes', RESOURCE_ATTRIBUTES], 2: ['nonResourceAttributes', NON_RESOURCE_ATTRIBUTES] }] },
  selfsubjectrulesreviews: { 2: ['spec', { 1: ['namespace', 'string'] }] },
  selfsubjectreviews: {},
} satisfies Readonly<Record<string, Table>>;

/** The reviews read from protobuf, by their resource. */
export type ReviewResource = keyof typeof SPECS;

const isReviewResource = (resource: string): resource is ReviewResource => Object.hasOwn(SPECS, resource);

/** A message's known fields; others are skipped, as a newer client's would be by an older server. */
function read(bytes: Uint8Array, table: Table): Fields {
  const reader = new BinaryReader(bytes);
  const out: Fields = {};
  while (reader.pos < reader.len) {
    const [number, wireType] = reader.tag();
    const known = table[number];
    if (!known || wireType !== WireType.LengthDelimited) {
      reader.skip(wireType);
      continue;
    }
    const [name, kind] = known;
    out[name] = kind === 'string' ? reader.string() : read(reader.bytes(), kind);
  }
  return out;
}

/** The review in a protobuf envelope (magic, runtime.Unknown{typeMeta = 1, raw = 2}), as its JSON would say it. */
export function reviewFromProtobuf(body: Buffer, resource: ReviewResource): Fields {
  const table: Table = SPECS[resource];
  if (body.length < MAGIC.length || !body.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error('not a Kubernetes protobuf object (no k8s\\0 prefix)');
  const envelope = read(body.subarray(MAGIC.length), { 1: ['typeMeta', { 1: ['apiVersion', 'string'], 2: ['kind', 'string'] }] });
  const reader = new BinaryReader(body.subarray(MAGIC.length));
  let raw: Uint8Array = new Uint8Array();
  while (reader.pos < reader.len) {
    const [number, wireType] = reader.tag();
    if (number === 2 && wireType === WireType.LengthDelimited) raw = reader.bytes();
    else reader.skip(wireType);
  }
  return { ...(envelope.typeMeta as Fields | undefined), ...read(raw, table) };
}

/** The review a route creates, by the last segment of its URL pattern; undefined for every other route. */
function reviewOf(request: FastifyRequest): ReviewResource | undefined {
  const resource = request.routeOptions.url?.split('/').pop() ?? '';
  return isReviewResource(resource) ? resource : undefined;
}

/**
 * Registers the protobuf parser: the reviews' bodies as JSON objects (a body that does not read is
 * 400), 415 on any other route, as fastify answers a type it has no parser for.
 */
export function readReviewsInProtobuf(fastify: FastifyInstance): void {
  fastify.addContentTypeParser(PROTOBUF, { parseAs: 'buffer', bodyLimit: REVIEW_BODY_LIMIT }, (request, body, done) => {
    const resource = reviewOf(request);
    if (!resource) {
      done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(), undefined);
      return;
    }
    let review: Fields;
    try {
      review = reviewFromProtobuf(body as Buffer, resource);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      done(new FailureException(failure.badRequest(`the protobuf body does not read: ${why}`)), undefined);
      return;
    }
    done(null, review);
  });
}
