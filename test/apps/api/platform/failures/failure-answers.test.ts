import { HttpException, NotFoundException, PayloadTooLargeException, UnsupportedMediaTypeException } from '@nestjs/common';
import { type Failure, type FailureReason, FieldPath, failure, fieldError } from '@taintgate/domain';
import { describe, expect, it } from 'vitest';
import {
  failureOfThrown,
  graphqlAnswerOf,
  graphqlCodeOf,
  httpAnswerOf,
  restAnswerOf,
  statusOf,
} from '../../../../../apps/api/src/platform/failures/failure-answers';
import { FailureException } from '../../../../../apps/api/src/platform/failures/failure.exception';

const spec = FieldPath.root('spec');

describe('statusOf and graphqlCodeOf: one status per reason, the same for both faces', () => {
  it.each<[FailureReason, number, string]>([
    ['BadRequest', 400, 'BAD_REQUEST'],
    // The contract answers every bad request with 400, where kube-apiserver says 422.
    ['Invalid', 400, 'BAD_REQUEST'],
    ['NotFound', 404, 'NOT_FOUND'],
    ['MethodNotAllowed', 405, 'METHOD_NOT_ALLOWED'],
    ['Conflict', 409, 'CONFLICT'],
    ['AlreadyExists', 409, 'CONFLICT'],
    // A watch's resourceVersion too old (Expired) or not yet written (Timeout), as kube-apiserver answers them.
    ['Expired', 410, 'GONE'],
    ['RequestEntityTooLarge', 413, 'PAYLOAD_TOO_LARGE'],
    ['UnsupportedMediaType', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    // An eviction a PodDisruptionBudget does not allow yet.
    ['TooManyRequests', 429, 'TOO_MANY_REQUESTS'],
    ['InternalError', 500, 'INTERNAL_SERVER_ERROR'],
    // A Status kube-apiserver gives no reason (an eviction of a pod two budgets select).
    ['Unknown', 500, 'INTERNAL_SERVER_ERROR'],
    ['ServiceUnavailable', 503, 'SERVICE_UNAVAILABLE'],
    ['Timeout', 504, 'GATEWAY_TIMEOUT'],
  ])('%s: %i, %s', (reason, status, code) => {
    const f: Failure = { reason, message: 'm' };
    expect(statusOf(reason)).toBe(status);
    expect(graphqlCodeOf(reason)).toBe(code);
    expect(restAnswerOf(f).statusCode).toBe(status);
    expect(graphqlAnswerOf(f).extensions).toMatchObject({ code, statusCode: status });
  });
});

describe('restAnswerOf and graphqlAnswerOf', () => {
  const invalid = failure.invalid('Node', 'n1', [
    fieldError.required(spec.child('taints').index(0).child('effect')),
    fieldError.notSupported(spec.child('taints').index(1).child('effect'), 'Sometimes', ['NoExecute', 'NoSchedule']),
  ]);
  const message =
    'Node "n1" is invalid: [spec.taints[0].effect: Required value, ' +
    'spec.taints[1].effect: Unsupported value: "Sometimes": supported values: "NoExecute", "NoSchedule"]';
  const details = [
    { field: 'spec.taints[0].effect', reason: 'Required value' },
    { field: 'spec.taints[1].effect', reason: 'Unsupported value: "Sometimes": supported values: "NoExecute", "NoSchedule"' },
  ];

  it("renders Invalid with kube-apiserver's message and one detail per bad field, path rendered", () => {
    expect(restAnswerOf(invalid)).toEqual({ statusCode: 400, error: 'Bad Request', message, details });
    expect(graphqlAnswerOf(invalid)).toEqual({ message, extensions: { code: 'BAD_REQUEST', statusCode: 400, details } });
  });

  it('reports a repeated field error once, and only its field and reason', () => {
    const repeated = fieldError.invalid(spec.child('tolerations').index(2).child('operator'), '', 'operator must be Exists');
    const answer = restAnswerOf(failure.invalid('Pod', 'web-1', [repeated, repeated]));
    expect(answer.message).toBe('Pod "web-1" is invalid: spec.tolerations[2].operator: Invalid value: "": operator must be Exists');
    expect(answer.details).toEqual([{ field: 'spec.tolerations[2].operator', reason: 'Invalid value: "": operator must be Exists' }]);
  });

  it('names the body itself <body>', () => {
    expect(restAnswerOf(failure.badFields([fieldError.required(FieldPath.root())])).details).toEqual([{ field: '<body>', reason: 'Required value' }]);
  });

  it("leaves details out of REST's body when the failure names no field, and sends an empty list over GraphQL", () => {
    const notFound = failure.notFound('Node', 'n1');
    expect(restAnswerOf(notFound)).toEqual({ statusCode: 404, error: 'Not Found', message: 'nodes "n1" not found' });
    expect(graphqlAnswerOf(notFound).extensions.details).toEqual([]);
  });
});

describe("the Kubernetes API face's Status of an eviction a budget refuses (eviction.go's errors)", () => {
  const cause = { type: 'DisruptionBudget', message: 'The disruption budget db needs 1 healthy pods and has 1 currently' };
  const VIOLATES = "Cannot evict pod as it would violate the pod's disruption budget.";

  it('429 TooManyRequests with its DisruptionBudget cause; retryAfterSeconds and Retry-After only when said', () => {
    expect(httpAnswerOf(failure.tooManyRequests(VIOLATES, 0, [cause]), 'kubernetes')).toEqual({
      statusCode: 429,
      headers: {},
      body: {
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message: VIOLATES,
        reason: 'TooManyRequests',
        details: { causes: [{ reason: 'DisruptionBudget', message: cause.message }] },
        code: 429,
      },
    });
    const later = httpAnswerOf(failure.tooManyRequests(VIOLATES, 10, [cause]), 'kubernetes');
    expect(later.headers).toEqual({ 'retry-after': '10' });
    expect(later.body).toMatchObject({ details: { causes: [{ reason: 'DisruptionBudget' }], retryAfterSeconds: 10 } });
  });

  it('a Status of no reason (StatusReasonUnknown): code 500 and the message only', () => {
    const message = 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.';
    expect(httpAnswerOf(failure.unknown(message), 'kubernetes')).toEqual({
      statusCode: 500,
      headers: {},
      body: { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, code: 500 },
    });
  });

  it("Forbidden naming a group's resource as apierrors.NewForbidden does", () => {
    const forbidden = failure.forbiddenResource('poddisruptionbudget', 'policy', 'db', 'pdb disruptions allowed is negative');
    expect(httpAnswerOf(forbidden, 'kubernetes').body).toMatchObject({
      message: 'poddisruptionbudget.policy "db" is forbidden: pdb disruptions allowed is negative',
      reason: 'Forbidden',
      details: { name: 'db', group: 'policy', kind: 'poddisruptionbudget' },
      code: 403,
    });
  });
});

describe('failure.notFound: the resource as apimachinery guesses it from the kind', () => {
  it.each([
    ['Node', 'nodes "n1" not found'],
    ['Pod', 'pods "n1" not found'],
    ['Ingress', 'ingresses "n1" not found'],
    ['NetworkPolicy', 'networkpolicies "n1" not found'],
  ])('%s', (kind, message) => {
    expect(failure.notFound(kind, 'n1').message).toBe(message);
  });
});

describe("failure.alreadyExists and a group's NotFound, as apierrors words them", () => {
  it('names the resource', () => {
    expect(failure.alreadyExists('Node', 'n1')).toEqual({
      reason: 'AlreadyExists',
      message: 'nodes "n1" already exists',
      subject: { kind: 'nodes', name: 'n1' },
    });
  });

  it('qualifies the resource with its group, and says the group in the subject', () => {
    expect(failure.notFound('Lease', 'n1', 'coordination.k8s.io')).toEqual({
      reason: 'NotFound',
      message: 'leases.coordination.k8s.io "n1" not found',
      subject: { kind: 'leases', name: 'n1', group: 'coordination.k8s.io' },
    });
  });
});

describe('failureOfThrown', () => {
  it('unwraps a FailureException, which is also an HttpException with the REST body', () => {
    const f = failure.conflict('node n1 already has k taint(s) with same effect(s) and --overwrite is false');
    const thrown = new FailureException(f);
    expect(thrown).toBeInstanceOf(HttpException);
    expect(thrown.getStatus()).toBe(409);
    expect(thrown.getResponse()).toEqual(restAnswerOf(f));
    expect(failureOfThrown(thrown)).toBe(f);
  });

  it("turns Nest's and fastify's HTTP exceptions into failures of the same status", () => {
    expect(failureOfThrown(new NotFoundException('Cannot GET /x'))).toEqual({ reason: 'NotFound', message: 'Cannot GET /x' });
    // fastify's body limit is kube-apiserver's, and said in its words (apierrors.NewRequestEntityTooLargeError).
    expect(failureOfThrown(new PayloadTooLargeException('Request body is too large'))).toEqual({
      reason: 'RequestEntityTooLarge',
      message: 'Request entity too large: limit is 3145728',
    });
    // A 409 of theirs is a Conflict: AlreadyExists, of the same status, is only a create's.
    expect(failureOfThrown(new HttpException('taken', 409))).toEqual({ reason: 'Conflict', message: 'taken' });
  });

  it('says which content type was sent, or that none was, and what to send', () => {
    expect(failureOfThrown(new UnsupportedMediaTypeException(), 'text/plain')).toEqual({
      reason: 'UnsupportedMediaType',
      message: 'content type "text/plain" is not supported: send JSON with content-type application/json',
    });
    expect(failureOfThrown(new UnsupportedMediaTypeException())?.message).toBe(
      'the request body has no content type: send JSON with content-type application/json',
    );
  });

  it("answers pg's own errors from statements sent past Prisma as Prisma's: a NUL or lone surrogate 400, a unique key 409", () => {
    const pgError = (code: string, more: Record<string, string> = {}) => Object.assign(new Error('from pg'), { code, ...more });
    expect(failureOfThrown(pgError('22021'))).toMatchObject({ reason: 'BadRequest', message: expect.stringContaining('NUL') });
    expect(failureOfThrown(pgError('22P05'))?.reason).toBe('BadRequest');
    expect(failureOfThrown(pgError('23505', { table: 'pods', constraint: 'pods_cluster_id_uid_key' }))).toEqual({
      reason: 'Conflict',
      message: 'a row of pods already exists (unique constraint pods_cluster_id_uid_key)',
    });
    // Any other SQLSTATE is ours to log.
    expect(failureOfThrown(pgError('42P01'))).toBeUndefined();
  });

  it("answers a library's error carrying a client's status (http-errors, fastify's plugins) in the status's words, its own text dropped", () => {
    const refused = Object.assign(new Error('Forbidden path /usr/lib/node_modules/swagger-ui-dist/../x'), { statusCode: 403 });
    expect(failureOfThrown(refused)).toEqual({ reason: 'Forbidden', message: 'Forbidden' });
    expect(failureOfThrown(Object.assign(new Error('no such file'), { status: 404 }))).toEqual({ reason: 'NotFound', message: 'Not Found' });
    // A server-side status stays a bug of ours.
    expect(failureOfThrown(Object.assign(new Error('broken'), { statusCode: 500 }))).toBeUndefined();
  });

  it('leaves a bug undefined, for the caller to log and answer as InternalError', () => {
    expect(failureOfThrown(new Error('boom'))).toBeUndefined();
    expect(failureOfThrown('not even an error')).toBeUndefined();
  });
});
