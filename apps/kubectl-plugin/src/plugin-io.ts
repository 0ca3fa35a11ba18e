import type { Readable } from 'node:stream';

/**
 * What a command reads and writes: the process's streams and environment when run as
 * `kubectl taintgate`, strings gathered in memory when a test runs a command in-process.
 */
export interface PluginIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  stdin: () => Readable;
  env: NodeJS.ProcessEnv;
  /**
   * Aborted on SIGINT or SIGTERM: `evictions --watch` ends then, with exit code 0. Only a command
   * that asks for it catches the signals; any other is ended by them at once.
   */
  stopSignal: () => AbortSignal;
}

/** The process's own streams, environment and signals. */
export function processIo(): PluginIo {
  let stopping: AbortController | undefined;
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    stdin: () => process.stdin,
    env: process.env,
    stopSignal() {
      if (!stopping) {
        const controller = new AbortController();
        for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => controller.abort());
        stopping = controller;
      }
      return stopping.signal;
    },
  };
}
