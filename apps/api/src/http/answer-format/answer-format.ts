import { type ExecutionContext, createParamDecorator } from '@nestjs/common';
import { FieldPath, failure, fieldError } from '@taintgate/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fail } from '../../platform/failures/failure.exception';

/**
 * How an answer that has a chat form is written: JSON (the default), Markdown for chat bots, or
 * the same text as text/plain. Asked by `?format=` (what a chat integration can set in a URL) or,
 * without it, by the Accept header, its first type this service writes.
 */
export type AnswerFormatName = 'json' | 'markdown' | 'text';

const formats = ['json', 'markdown', 'text'] as const;

const CONTENT_TYPES: Record<AnswerFormatName, string> = {
  json: 'application/json; charset=utf-8',
  markdown: 'text/markdown; charset=utf-8',
  text: 'text/plain; charset=utf-8',
};

const MEDIA_TYPES: Record<string, AnswerFormatName> = {
  'application/json': 'json',
  'application/*': 'json',
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
  'text/plain': 'text',
  'text/*': 'markdown',
  '*/*': 'json',
};

/** The format asked: `?format=` first, else the Accept header's most preferred type written here, else JSON. */
export function answerFormatOf(query: unknown, accept: string | undefined): AnswerFormatName {
  const asked = (query as Record<string, unknown> | undefined)?.format;
  if (asked !== undefined) {
    if (typeof asked === 'string' && (formats as readonly string[]).includes(asked)) return asked as AnswerFormatName;
    fail(failure.badFields([fieldError.notSupported(FieldPath.root().child('format'), asked, formats)]));
  }
  return accept === undefined ? 'json' : formatAccepted(accept);
}

/** The Accept header's most preferred type this service writes (the first of equal weight); JSON when none is. */
function formatAccepted(accept: string): AnswerFormatName {
  let best: { format: AnswerFormatName; q: number } | undefined;
  for (const range of accept.split(',')) {
    const [type = '', ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    const format = MEDIA_TYPES[type];
    if (!format) continue;
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!(q > 0)) continue;
    if (!best || q > best.q) best = { format, q };
  }
  return best?.format ?? 'json';
}

/** The handler's answer writer: the format asked, and the reply's content type set to match. */
export class AnswerWriter {
  constructor(
    readonly format: AnswerFormatName,
    private readonly reply: FastifyReply,
  ) {}

  /** Whether a chat form (Markdown or plain text) is asked. */
  get chat(): boolean {
    return this.format !== 'json';
  }

  /** The JSON answer, with its content type. */
  json<T>(body: T): T {
    this.reply.header('content-type', CONTENT_TYPES.json).header('vary', 'Accept');
    return body;
  }

  /** The chat answer, as Markdown or plain text. */
  text(markdown: string): string {
    this.reply.header('content-type', CONTENT_TYPES[this.format === 'json' ? 'markdown' : this.format]).header('vary', 'Accept');
    return markdown;
  }
}

/** A handler parameter: the answer's writer, in the format the request asks (400 naming `format` for one not written). */
export const Answer = createParamDecorator((_: unknown, context: ExecutionContext): AnswerWriter => {
  const http = context.switchToHttp();
  const request = http.getRequest<FastifyRequest>();
  return new AnswerWriter(answerFormatOf(request.query, request.headers.accept), http.getResponse<FastifyReply>());
});

/** A chat answer asked together with a view it does not write (every node, every pod): refused by name, rather than answered in another view. */
export function chatOnlyInSummary(answer: AnswerWriter, view: string): void {
  if (!answer.chat || view === 'summary') return;
  fail(
    failure.badFields([fieldError.forbidden(FieldPath.root().child('format'), `the ${answer.format} answer is the summary view; ask view=${view} as JSON`)]),
  );
}
