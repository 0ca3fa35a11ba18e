import { STATUS_CODES } from 'node:http';
import { HttpException } from '@nestjs/common';
import { type Failure, type FailureReason, type FieldError, MAX_REQUEST_BODY_BYTES, bodyTooLarge, failure } from '@taintgate/domain';
import type { ApiErrorBody } from './error-body';
import { isPostgresUnreachable } from './outages';

/**
 * The one place that says how a Failure is answered: its HTTP status, REST's error body and
 * GraphQL's error. Both faces render through here, so the same failure has the same status over
 * REST and GraphQL (`extensions.statusCode`). Kubernetes would answer Invalid with 422; the
 * contract (docs/api.md) answers every bad request with 400.
 */
const STATUS: Record<FailureReason, number> = {
  BadRequest: 400,
  Invalid: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  MethodNotAllowed: 405,
  Conflict: 409,
  AlreadyExists: 409,
  Expired: 410,
  RequestEntityTooLarge: 413,
  UnsupportedMediaType: 415,
  TooManyRequests: 429,
  InternalError: 500,
  Unknown: 500,
  ServiceUnavailable: 503,
  Timeout: 504,
};

export const statusOf = (reason: FailureReason): number => STATUS[reason];

/**
 * Seconds a client should wait before trying again, sent as `Retry-After` with every 503 (a
 * dependency is down; the pg pool reconnects on its own once it is back).
 */
export const RETRY_AFTER_SECONDS = 5;

/** What a client is told while Postgres cannot be reached: no host, no driver text (those go to the log). */
const DATABASE_UNAVAILABLE_MESSAGE = `the database is unavailable; retry in ${RETRY_AFTER_SECONDS} seconds`;

/** The reason phrase of an HTTP status ("Bad Request", "Not Found", ...), as Node knows it. */
const reasonPhrase = (statusCode: number): string => STATUS_CODES[statusCode] ?? 'Error';

/** GraphQL's `extensions.code`: the reason phrase REST would answer, as a constant (`NOT_FOUND`). */
export const graphqlCodeOf = (reason: FailureReason): string =>
  reasonPhrase(statusOf(reason))
    .toUpperCase()
    .replace(/[^A-Z]+/g, '_');

/** `{field, reason}` for each bad field: the path rendered, nothing else (no type, no bad value). */
const detailsOf = (causes: readonly FieldError[]) => causes.map((e) => ({ field: e.path.render(), reason: e.reason }));

/** REST's error body: `{statusCode, error, message, details?}`. */
export function restAnswerOf(f: Failure): ApiErrorBody {
  const statusCode = statusOf(f.reason);
  const body: ApiErrorBody = { statusCode, error: reasonPhrase(statusCode), message: f.message };
  if (f.causes !== undefined) body.details = detailsOf(f.causes);
  return body;
}

/** GraphQL's error: the same message, and `extensions {code, statusCode, details}`. */
export function graphqlAnswerOf(f: Failure) {
  const statusCode = statusOf(f.reason);
  return { message: f.message, extensions: { code: graphqlCodeOf(f.reason), statusCode, details: detailsOf(f.causes ?? []) } };
}

/**
 * The Kubernetes API face answers as kube-apiserver does (apierrors): its own codes (Invalid is
 * 422 there, 400 in taintgate's REST contract), and a metav1.Status body whose reason, details
 * and causes kubectl prints (`Error from server (NotFound): nodes "x" not found`).
 */
const KUBE_STATUS: Partial<Record<FailureReason, number>> = { Invalid: 422 };

const kubeStatusCodeOf = (reason: FailureReason): number => KUBE_STATUS[reason] ?? statusOf(reason);

/** metav1.Status for a failure. */
export function kubeStatusOf(f: Failure) {
  const code = kubeStatusCodeOf(f.reason);
  const causes = [
    ...(f.causes ?? []).map((e) => ({ reason: e.type, message: e.reason, field: e.path.render() })),
    ...(f.otherCauses ?? []).map((c) => ({ reason: c.type, message: c.message })),
  ];
  // StatusDetails' fields are omitempty: a resource asked for without a name has none.
  const subject = f.subject && Object.fromEntries(Object.entries(f.subject).filter(([, value]) => value !== ''));
  const retry = f.retryAfterSeconds ? { retryAfterSeconds: f.retryAfterSeconds } : {};
  const details = subject || causes.length || f.retryAfterSeconds ? { ...(subject ?? {}), ...(causes.length ? { causes } : {}), ...retry } : undefined;
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: f.message,
    // StatusReasonUnknown is "", which omitempty leaves out.
    ...(f.reason === 'Unknown' ? {} : { reason: f.reason }),
    ...(details ? { details } : {}),
    code,
  };
}

/**
 * Which face a failure is answered in the words of: REST's body, GraphQL's `{errors: [...]}`, or
 * the Kubernetes API's metav1.Status.
 */
export type AnswerFace = 'rest' | 'graphql' | 'kubernetes';

/**
 * The face a request's URL is served by. The faces know their own paths; the application wires
 * them together (faces/answer-faces.ts), and the places that answer failures before a handler runs
 * (the failure filter, the access hook) are handed the result.
 */
export type FaceOfUrl = (url: string | undefined) => AnswerFace;

/**
 * A failure as an HTTP answer in `face`'s words, with its status and the headers it calls for
 * (401 says which scheme to use, 503 when to retry, and any failure that says when to retry, as
 * kube-apiserver's ErrorNegotiated sends its retryAfterSeconds).
 */
export function httpAnswerOf(f: Failure, face: AnswerFace): { statusCode: number; body: unknown; headers: Record<string, string> } {
  const headers: Record<string, string> =
    f.reason === 'Unauthorized'
      ? { 'www-authenticate': 'Bearer realm="taintgate"' }
      : f.reason === 'ServiceUnavailable'
        ? { 'retry-after': String(RETRY_AFTER_SECONDS) }
        : f.retryAfterSeconds
          ? { 'retry-after': String(f.retryAfterSeconds) }
          : {};
  if (face === 'kubernetes') return { statusCode: kubeStatusCodeOf(f.reason), body: kubeStatusOf(f), headers };
  return { statusCode: statusOf(f.reason), body: face === 'graphql' ? { errors: [graphqlAnswerOf(f)] } : restAnswerOf(f), headers };
}

/** What a client is told about a failure of ours; the stack and the cause go to the log only. */
export const INTERNAL_ERROR_MESSAGE = 'internal error: the request could not be completed; the cause has been logged';

/**
 * The reason of an HTTP exception's status: a 409 of Nest's or fastify's is a Conflict
 * (AlreadyExists only names a create's), a 500 an InternalError.
 */
const REASON_OF_STATUS = new Map(
  Object.entries(STATUS)
    .filter(([reason]) => reason !== 'AlreadyExists' && reason !== 'Unknown')
    .map(([reason, status]) => [status, reason as FailureReason]),
);

/**
 * A failure from anything thrown while answering: ours (FailureException), Nest's and fastify's
 * HTTP exceptions (an unknown route, JSON that does not parse, a body too large or of another
 * type: Nest hands fastify's errors over as HttpExceptions), Postgres unreachable
 * (ServiceUnavailable: the caller reports it to the outage log), Prisma's known errors (the
 * safety net behind the services' own checks), or undefined for a bug (answered as
 * InternalError by the caller, which logs it).
 */
export function failureOfThrown(exception: unknown, contentType?: string): Failure | undefined {
  if (isPostgresUnreachable(exception)) return { reason: 'ServiceUnavailable', message: DATABASE_UNAVAILABLE_MESSAGE };
  if (exception instanceof HttpException) {
    const cause = (exception as { failure?: Failure }).failure;
    if (cause) return cause;
    const reason = REASON_OF_STATUS.get(exception.getStatus());
    if (!reason) return undefined;
    const message = httpExceptionMessage(exception);
    const saysNothing = !message || message === reasonPhrase(exception.getStatus());
    if (reason === 'UnsupportedMediaType' && saysNothing) return failure.unsupportedMediaType(unsupportedMediaTypeMessage(contentType));
    // fastify's "Request body is too large": every route but the imports (whose own 413 is a
    // FailureException) reads at most kube-apiserver's limit, so say it as kube-apiserver does.
    if (reason === 'RequestEntityTooLarge') return bodyTooLarge(MAX_REQUEST_BODY_BYTES);
    return { reason, message: saysNothing ? reasonPhrase(exception.getStatus()) : message };
  }
  return prismaFailure(exception) ?? postgresFailure(exception) ?? clientErrorOfLibrary(exception);
}

/**
 * An error a library answering part of a request threw with a client's HTTP status on it
 * (`statusCode` or `status`, as http-errors and fastify's plugins set it: @fastify/static refusing
 * `/docs/../x`), said in the status's own words: the library's text may name files of the server.
 */
function clientErrorOfLibrary(exception: unknown): Failure | undefined {
  if (!(exception instanceof Error)) return undefined;
  const { statusCode, status } = exception as { statusCode?: unknown; status?: unknown };
  const code = typeof statusCode === 'number' ? statusCode : status;
  if (typeof code !== 'number' || code < 400 || code > 499) return undefined;
  const reason = REASON_OF_STATUS.get(code);
  return reason && { reason, message: reasonPhrase(code) };
}

/**
 * The same net for statements sent past Prisma (WriteContext.sql, the grouped writes): pg's own
 * errors carry the SQLSTATE as `code` (five characters), the constraint and table by name.
 */
function postgresFailure(exception: unknown): Failure | undefined {
  const { code, constraint, table } = (exception ?? {}) as { code?: unknown; constraint?: unknown; table?: unknown };
  if (!(exception instanceof Error) || typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return undefined;
  if (UNSTORABLE_TEXT.has(code)) return failure.badRequest(UNSTORABLE_TEXT_MESSAGE);
  if (code === '23505') {
    const what = typeof table === 'string' ? `a row of ${table}` : 'a row';
    return failure.conflict(`${what} already exists${typeof constraint === 'string' ? ` (unique constraint ${constraint})` : ''}`);
  }
  return undefined;
}

/**
 * Nest's own exceptions carry their message as a string or as `{statusCode, message, error}`;
 * a validation pipe's message is a list of strings.
 */
function httpExceptionMessage(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return message.map(String).join('; ');
  return typeof message === 'string' ? message : '';
}

/** The types a body may have: every operation that takes a body reads JSON. */
export const ACCEPTED_BODY_TYPES = ['application/json'] as const;

/**
 * fastify says only "Unsupported Media Type", which repeats `error` and helps nobody: say which
 * type was sent, or that none was, and what to send instead.
 */
function unsupportedMediaTypeMessage(sent: string | undefined): string {
  const advice = `send JSON with content-type ${ACCEPTED_BODY_TYPES.join(' or ')}`;
  return sent ? `content type ${JSON.stringify(sent)} is not supported: ${advice}` : `the request body has no content type: ${advice}`;
}

/**
 * Prisma's known request errors that mean something to a client, by their code (P2002, P2025),
 * so that this file needs no Prisma import. Any other code is a failure of ours.
 */
function prismaFailure(exception: unknown): Failure | undefined {
  const code = (exception as { code?: unknown } | null)?.code;
  if (!(exception instanceof Error) || typeof code !== 'string' || !/^P\d{4}$/.test(code)) return undefined;
  const meta = (exception as { meta?: Record<string, unknown> }).meta;
  if (UNSTORABLE_TEXT.has(postgresCodeOf(meta) ?? '')) return failure.badRequest(UNSTORABLE_TEXT_MESSAGE);
  switch (code) {
    case 'P2002':
      return failure.conflict(uniqueViolationMessage(meta));
    case 'P2025': {
      const cause = meta?.['cause'];
      return failure.missing(typeof cause === 'string' && cause ? cause : 'the record was not found');
    }
    default:
      return undefined;
  }
}

/**
 * Postgres refusing a string it cannot hold (22021: a NUL byte; 22P05: a lone surrogate). The edge
 * refuses such values in bodies, naming the field; this is the net under every other input that
 * reaches a query (a NUL in a path name looked up), so that it answers 400 and not 500.
 */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);
const UNSTORABLE_TEXT_MESSAGE = 'a value of the request holds a character no stored object can hold (NUL, U+0000, or a lone surrogate)';

/** The SQLSTATE of a driver adapter's error, where Prisma 7 keeps it. */
function postgresCodeOf(meta: Record<string, unknown> | undefined): string | undefined {
  const cause = (meta?.['driverAdapterError'] as { cause?: { code?: unknown; originalCode?: unknown } } | undefined)?.cause;
  const code = cause?.code ?? cause?.originalCode;
  return typeof code === 'string' ? code : undefined;
}

/**
 * `a Taint with the same nodeName, key, effect already exists`. Prisma 7 no longer fills
 * `meta.target`; the constraint is at `meta.driverAdapterError.cause.constraint`, either
 * `{fields: [...]}` or `{index: "name"}`. Older shapes (`meta.target`) are read too.
 */
function uniqueViolationMessage(meta: Record<string, unknown> | undefined): string {
  const model = typeof meta?.['modelName'] === 'string' ? meta['modelName'] : 'record';
  const adapterError = meta?.['driverAdapterError'] as { cause?: { constraint?: unknown } } | undefined;
  const constraint = adapterError?.cause?.constraint as { fields?: unknown; index?: unknown } | undefined;
  const fields = constraint?.fields ?? meta?.['target'];
  if (Array.isArray(fields) && fields.length > 0) return `a ${model} with the same ${fields.join(', ')} already exists`;
  if (typeof constraint?.index === 'string') return `a ${model} already exists (unique constraint ${constraint.index})`;
  return `a ${model} with the same unique key already exists`;
}
