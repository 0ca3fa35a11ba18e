/**
 * What stops a command, and the exit code scripts see. Every failure is exit code 2, kept apart
 * from 1, which `where` answers when a pod fits no node and `import` when objects were rejected:
 * "the service answered, and the answer is no" is not "something went wrong".
 */
export const EXIT_OK = 0;
export const EXIT_NO = 1;
export const EXIT_ERROR = 2;

/** The command line is wrong: said as kubectl says it, with where to find the usage. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly command: string,
  ) {
    super(message);
  }
}

/** The service refused the request: its `{statusCode, error, message}`, printed as kubectl prints a Status. */
export class ServerError extends Error {
  constructor(
    readonly statusCode: number,
    /** The reason phrase (`Not Found`), printed as kubectl's reason (`NotFound`). */
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

/** Anything else that stops a command: no kubeconfig, a file that does not parse, a server that does not answer. */
export class PluginError extends Error {}

/** The line (or lines) a failure prints on stderr. */
export function failureText(error: unknown): string {
  if (error instanceof UsageError) return `error: ${error.message}\nSee 'kubectl taintgate ${error.command ? `${error.command} ` : ''}--help' for usage.\n`;
  if (error instanceof ServerError) return `Error from server (${error.reason.replace(/\s+/g, '')}): ${error.message}\n`;
  if (error instanceof PluginError) return `error: ${error.message}\n`;
  return `error: ${error instanceof Error ? error.message : String(error)}\n`;
}
