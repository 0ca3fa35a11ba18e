import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  HttpStatus,
  type HttpServer,
  Logger,
} from '@nestjs/common';
import { ApiError, reasonPhrase } from './api-error';
import type { ApiErrorBody } from './api-error-body';

/** What a client is told about a failure of ours; the stack and the cause go to the log only. */
const INTERNAL_ERROR_MESSAGE =
  'internal error: the request could not be completed; the cause has been logged';

/**
 * Answers every error of an HTTP request with the contract's JSON, `{statusCode, error, message,
 * details?}` (DESIGN.md), whoever threw it: a service (ApiError), Nest or fastify (unknown route,
 * a body that is not JSON, a wrong content type, a body too large: Nest hands fastify's errors
 * over as HttpExceptions), Prisma (by error code), or a bug (500, logged with its stack).
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger(ApiExceptionFilter.name);

  constructor(private readonly httpAdapter: HttpServer) {}

  catch(exception: unknown, host: ArgumentsHost): unknown {
    // GraphQL resolvers reach global filters too; their errors belong to the GraphQL layer,
    // which expects the error back rather than an HTTP answer written behind its back.
    if (host.getType() !== 'http') return exception;

    const http = host.switchToHttp();
    const response: unknown = http.getResponse();
    const answer = this.answerFor(exception, http.getRequest<RequestHeaders>());
    if (this.httpAdapter.isHeadersSent(response)) {
      // Part of a body is out already (a stream that failed); all that is left is to stop.
      this.httpAdapter.end(response);
      return undefined;
    }
    this.httpAdapter.reply(response, answer.body, answer.statusCode);
    return undefined;
  }

  private answerFor(exception: unknown, request: RequestHeaders): { statusCode: number; body: unknown } {
    if (exception instanceof ApiError) return { statusCode: exception.statusCode, body: exception.body };
    if (exception instanceof HttpException) return answerForHttpException(exception, request);

    const prisma = prismaAnswer(exception);
    if (prisma) return { statusCode: prisma.statusCode, body: prisma };

    const error =
      exception instanceof Error ? exception : new Error(`non-error thrown: ${String(exception)}`);
    this.logger.error(`unexpected error: ${error.message}`, error.stack);
    const statusCode = HttpStatus.INTERNAL_SERVER_ERROR;
    return { statusCode, body: errorBody(statusCode, INTERNAL_ERROR_MESSAGE) };
  }
}

function errorBody(statusCode: number, message: string): ApiErrorBody {
  return { statusCode, error: reasonPhrase(statusCode), message };
}

/**
 * Nest's own exceptions (NotFoundException for an unknown route, `Cannot GET /x`) and fastify's
 * errors that Nest wraps (`Body is not valid JSON ...`, `Unsupported Media Type`, `Request body
 * is too large`) carry their message as a string or as Nest's
 * `{statusCode, message, error}`; a validation pipe's message is a list of strings.
 *
 * An object response without a `message` is a body someone shaped on purpose (the 503 report of
 * GET /healthz) and goes out unchanged.
 */
function answerForHttpException(
  exception: HttpException,
  request: RequestHeaders,
): { statusCode: number; body: unknown } {
  const statusCode = exception.getStatus();
  const response = exception.getResponse();
  if (typeof response === 'object' && response !== null && !('message' in response)) {
    return { statusCode, body: response };
  }
  const message =
    typeof response === 'string' ? response : messageOf((response as { message: unknown }).message);
  const saysNothing = !message || message === reasonPhrase(statusCode);
  if (statusCode === HttpStatus.UNSUPPORTED_MEDIA_TYPE && saysNothing) {
    return { statusCode, body: errorBody(statusCode, unsupportedMediaTypeMessage(request)) };
  }
  return { statusCode, body: errorBody(statusCode, message || reasonPhrase(statusCode)) };
}

/** The part of the request this filter reads; a fastify request and Node's both have it. */
interface RequestHeaders {
  headers?: Record<string, string | string[] | undefined>;
}

/**
 * fastify says only "Unsupported Media Type", which repeats `error` and helps nobody: say which
 * type was sent, or that none was, and what to send instead.
 */
function unsupportedMediaTypeMessage(request: RequestHeaders): string {
  const sent = request.headers?.['content-type'];
  const advice = 'send JSON with content-type application/json';
  return sent
    ? `content type ${JSON.stringify(String(sent))} is not supported: ${advice}`
    : `the request body has no content type: ${advice}`;
}

function messageOf(message: unknown): string {
  if (Array.isArray(message)) return message.map(String).join('; ');
  return typeof message === 'string' ? message : '';
}

/** The part of Prisma's PrismaClientKnownRequestError this filter reads. */
interface PrismaKnownError {
  code: string;
  meta?: Record<string, unknown>;
}

/**
 * Prisma's known request errors that mean something to a client, found by their code (P2002,
 * P2025) so that this file needs no Prisma import. Services should turn them into an ApiError
 * with Kubernetes' wording first; this is the safety net when one slips through. Any other code
 * is a failure of ours, answered as 500.
 */
function prismaAnswer(exception: unknown): ApiErrorBody | undefined {
  if (!isPrismaKnownError(exception)) return undefined;
  switch (exception.code) {
    case 'P2002':
      return errorBody(HttpStatus.CONFLICT, uniqueViolationMessage(exception.meta));
    case 'P2025': {
      const cause = exception.meta?.['cause'];
      const message = typeof cause === 'string' && cause ? cause : 'the record was not found';
      return errorBody(HttpStatus.NOT_FOUND, message);
    }
    default:
      return undefined;
  }
}

function isPrismaKnownError(exception: unknown): exception is PrismaKnownError {
  const code = (exception as { code?: unknown } | null)?.code;
  return exception instanceof Error && typeof code === 'string' && /^P\d{4}$/.test(code);
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
  if (Array.isArray(fields) && fields.length > 0) {
    return `a ${model} with the same ${fields.join(', ')} already exists`;
  }
  if (typeof constraint?.index === 'string') {
    return `a ${model} already exists (unique constraint ${constraint.index})`;
  }
  return `a ${model} with the same unique key already exists`;
}
