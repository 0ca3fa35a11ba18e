import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, type HttpServer, Logger } from '@nestjs/common';
import { failure } from '@taintgate/domain';
import { type FaceOfUrl, INTERNAL_ERROR_MESSAGE, failureOfThrown, httpAnswerOf } from './failure-answers';
import { reportIfOutage } from './outages';

/** The part of a request this filter reads; a fastify request and Node's both have it. */
interface RequestLine {
  url?: string;
  headers?: Record<string, string | string[] | undefined>;
}

/**
 * Answers every failure of an HTTP request, whoever threw it, through failure-answers.ts: REST
 * with the contract's JSON `{statusCode, error, message, details?}`, and a request to /graphql
 * that fails before GraphQL runs (a body of another type, too large, not JSON) with GraphQL's
 * `{errors: [{message, extensions}]}` and the same status. A 503 says when to retry
 * (`Retry-After`); an outage is told to the log once per interval (OutageLog). A bug is logged
 * with its stack and answered 500 without its details.
 */
@Catch()
export class FailureFilter implements ExceptionFilter {
  private readonly logger = new Logger(FailureFilter.name);

  constructor(
    private readonly httpAdapter: HttpServer,
    private readonly faceOf: FaceOfUrl,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): unknown {
    // Resolvers reach global filters too; their errors belong to GraphQL's formatError.
    if (host.getType() !== 'http') return exception;

    const http = host.switchToHttp();
    const response: unknown = http.getResponse();
    const request = http.getRequest<RequestLine>();
    const answer = this.answerFor(exception, request);
    if (this.httpAdapter.isHeadersSent(response)) {
      // Part of a body is out already (a stream that failed); all that is left is to stop.
      this.httpAdapter.end(response);
      return undefined;
    }
    for (const [name, value] of Object.entries(answer.headers)) this.httpAdapter.setHeader(response, name, value);
    this.httpAdapter.reply(response, answer.body, answer.statusCode);
    return undefined;
  }

  private answerFor(exception: unknown, request: RequestLine): { statusCode: number; body: unknown; headers: Record<string, string> } {
    // A body someone shaped on purpose (GET /healthz's 503 report) goes out unchanged.
    if (exception instanceof HttpException && !('failure' in exception)) {
      const response = exception.getResponse();
      if (typeof response === 'object' && !('message' in response)) return { statusCode: exception.getStatus(), body: response, headers: {} };
    }
    const contentType = request.headers?.['content-type'];
    let found = failureOfThrown(exception, typeof contentType === 'string' ? contentType : undefined);
    if (found?.reason === 'ServiceUnavailable') reportIfOutage(exception);
    if (!found) {
      const error = exception instanceof Error ? exception : new Error(`non-error thrown: ${String(exception)}`);
      this.logger.error(`unexpected error: ${error.message}`, error.stack);
      found = failure.internal(INTERNAL_ERROR_MESSAGE);
    }
    return httpAnswerOf(found, this.faceOf(request.url));
  }
}
