import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { type FastifyRequest, errorCodes } from 'fastify';
import { failure, fieldError } from '@taintgate/domain';
import { ACCEPTED_BODY_TYPES } from '../../platform/failures/failure-answers';
import { PatchContentTypes } from '@taintgate/domain';
import { FailureException } from '../../platform/failures/failure.exception';
import { stringifyExactly, withExactIntegers } from './exact-json';
import { MAX_JSON_DEPTH, tooDeepAt } from './json-depth';
import { NUL_REASON, mayHoldUnstorableStrings, storableStrings } from './json-strings';

/** kubectl's patches: JSON patch, merge patch and strategic merge patch. */
const PATCH_BODY_TYPES = Object.values(PatchContentTypes);

/** Methods whose operations need no body (a DELETE may send DeleteOptions, parsed as any body). */
type ParsedBody = (error: Error | null, body?: unknown) => void;

/** How a route that is not an import parses its JSON body: the whole body, as fastify's `parseAs: 'buffer'` parsers get it. */
export type WholeJsonBodyParser = (request: FastifyRequest, body: Buffer, done: ParsedBody) => void;

const METHODS_WITHOUT_BODY = new Set(['DELETE', 'GET', 'HEAD', 'OPTIONS']);

/**
 * Request bodies are JSON and nothing else. Nest would also parse form-encoded bodies (and
 * fastify plain text): a body curl's `-d` sends as a form became `{}` and was stored, and a
 * cross-site HTML form could change the cluster. Every other type, and a body with no type at
 * all, is refused with 415 naming the accepted types (failure-answers.ts words it).
 *
 * An empty body with a JSON content type is no body where the method takes none: many HTTP
 * clients send the header on a DELETE, and fastify alone would refuse that with 400. Where a
 * body is expected (POST, PUT), an empty one is still refused as JSON that does not parse.
 *
 * Integers beyond 2^53 are kept exactly, as bigints (exact-json.ts): Kubernetes' int64 fields
 * take up to 9223372036854775807. fastify's own parser runs first and unchanged, so what is not
 * JSON, and `__proto__` or `constructor.prototype` keys (proto poisoning, its 'error' mode), are
 * refused as before, by the same errors; so is a body nested more than MAX_JSON_DEPTH deep
 * (json-depth.ts), and one holding the NUL character, which Postgres cannot store; lone
 * surrogates become U+FFFD, as Go decodes them (json-strings.ts). /graphql bodies come through here too
 * (@as-integrations/fastify hands Apollo `request.body`), so GraphQL variables are exact as well.
 */
export function acceptJsonBodiesOnly(app: NestFastifyApplication): WholeJsonBodyParser {
  const fastify = app.getHttpAdapter().getInstance();
  fastify.removeAllContentTypeParsers();
  const { bodyLimit } = fastify.initialConfig;
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  const parseWholeBody: WholeJsonBodyParser = (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '' && METHODS_WITHOUT_BODY.has(request.method)) {
      done(null, undefined);
      return;
    }
    void parseJson(request, text, (error, parsed) => {
      if (error) {
        done(error, undefined);
        return;
      }
      const tooDeep = tooDeepAt(text);
      if (tooDeep >= 0) {
        const at = Buffer.byteLength(text.slice(0, tooDeep));
        done(new FailureException(failure.badRequest(`the body nests objects or arrays more than ${MAX_JSON_DEPTH} deep (at byte ${at})`)), undefined);
        return;
      }
      let exact: unknown;
      try {
        exact = withExactIntegers(text, parsed);
      } catch {
        // Not expected (JSON.parse accepted the text); answered as fastify answers bad JSON.
        done(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(), undefined);
        return;
      }
      if (mayHoldUnstorableStrings(text)) {
        const storable = storableStrings(exact);
        if (storable.nulAt) {
          done(new FailureException(failure.badFields([fieldError.invalid(storable.nulAt, storable.nul, NUL_REASON)])), undefined);
          return;
        }
      }
      done(null, exact);
    });
  };
  // Registered through Nest so that its own (JSON and form) parsers are never added at init.
  app.useBodyParser(ACCEPTED_BODY_TYPES[0], { bodyLimit }, parseWholeBody);
  // The Kubernetes API's PATCH bodies are JSON under their own types (the patch's format); the
  // handler reads which from the Content-Type.
  for (const type of PATCH_BODY_TYPES) app.useBodyParser(type, { bodyLimit }, parseWholeBody);
  return parseWholeBody;
}

/**
 * Answers are written by stringifyExactly: an object a client sent with an integer beyond 2^53
 * (a bigint) comes back with the same digits, where JSON.stringify, fastify's default, throws.
 */
export function answerJsonExactly(app: NestFastifyApplication): void {
  app
    .getHttpAdapter()
    .getInstance()
    .setReplySerializer((payload) => stringifyExactly(payload));
}
