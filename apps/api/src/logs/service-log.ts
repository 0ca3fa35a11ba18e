import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { LogSettings } from '../config/app-config';

/** The service's one log: fastify's (its request lines) and Nest's (nest-log-lines.ts) write through it. */
export type ServiceLog = Logger;

/**
 * JSON lines (pino's) when stdout is a file or a pipe, what a log collector reads: one object a
 * line, `level` as its name, `time` in RFC 3339. On a terminal, the same lines made readable by
 * pino-pretty (coloured unless NO_COLOR). Lines are written asynchronously (sonic-boom, `sync:
 * false`): a request's line is a copy into a buffer, not a write(2) on the request's path; pino
 * flushes what is buffered when the process exits, a fatal exit included.
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
  return pino(
    { ...options, formatters: { level: (label) => ({ level: label }) } },
    pino.destination({ dest: (stdout as { fd?: number }).fd ?? 1, sync: false }),
  );
}
