import type { LoggerService } from '@nestjs/common';
import type { ServiceLog } from './service-log';

/** Nest's own start-up chatter (a line per module and per route mapped): kept at debug, out of the default log. */
const CHATTY_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'GraphQLModule']);

/** A Nest stack trace as it comes, in the first place after the message. */
const STACK = /\n\s+at /;

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * Nest's Logger written through the service's log, so that the service's own lines (start,
 * outages, evictions, imports) and the request lines are one stream in one format. A message that
 * is an object (`logger.log({ msg: 'eviction executed', cluster, pod })`) becomes the line's fields;
 * Nest's context (the class that logs) is the `context` field.
 */
export class NestLogLines implements LoggerService {
  constructor(private readonly out: ServiceLog) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  /** Nest passes (message, context) or, for errors, (message, stack, context), either optional. */
  private write(level: Level, message: unknown, params: unknown[]): void {
    const strings = params.filter((p): p is string => typeof p === 'string');
    const stack = strings.find((s) => STACK.test(s));
    const context = strings.filter((s) => s !== stack).at(-1);
    const fields: Record<string, unknown> = { context, stack };
    const effective = level === 'info' && context !== undefined && CHATTY_CONTEXTS.has(context) ? 'debug' : level;
    if (message instanceof Error) this.out[effective]({ ...fields, err: message }, message.message);
    else if (typeof message === 'object' && message !== null) {
      const { msg, ...rest } = message as Record<string, unknown>;
      this.out[effective]({ ...fields, ...rest }, typeof msg === 'string' ? msg : '');
    } else this.out[effective](fields, String(message));
  }
}
