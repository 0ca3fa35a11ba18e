import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { LogSettings } from '../config/app-config';

/**
 * Lines are written to stdout in batches of this many bytes (about 16 request lines) rather than
 * one write each: a write per line, handed to libuv's thread pool, cost more CPU than the request
 * it told of (bench figures in the commit that set this).
 */
const BATCH_BYTES = 4096;
/** The longest a line waits in a batch that is not full: the log stays current under light traffic. */
const FLUSH_EVERY_MS = 200;

/** The service's one log: fastify's (its request lines) and Nest's (nest-log-lines.ts) write through it. */
export type ServiceLog = Logger;

/**
 * JSON lines (pino's) when stdout is a file or a pipe, what a log collector reads: one object a
 * line, `level` as its name, `time` in RFC 3339. On a terminal, the same lines made readable by
 * pino-pretty (coloured unless NO_COLOR). Lines are written asynchronously and in batches
 * (sonic-boom, `sync: false`): a request's line is a copy into a buffer, not a write(2) on the
 * request's path; pino flushes what is buffered when the process exits, a fatal exit included.
 */
export function createServiceLog(settings: LogSettings, stdout: NodeJS.WriteStream = process.stdout): ServiceLog {
  const options = { level: settings.level, timestamp: pino.stdTimeFunctions.isoTime };
  if (stdout.isTTY) {
    // One line an entry, as the JSON is: Nest's context before the message, the other fields after it.
    const readable = pretty({
      sync: true,
      singleLine: true,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname,context',
      messageFormat: '{if context}{context}: {end}{msg}',
    });
    return pino(options, readable);
  }
  const destination = pino.destination({ dest: (stdout as { fd?: number }).fd ?? 1, sync: false, minLength: BATCH_BYTES, periodicFlush: FLUSH_EVERY_MS });
  return pino({ ...options, formatters: { level: (label) => ({ level: label }) } }, destination);
}
