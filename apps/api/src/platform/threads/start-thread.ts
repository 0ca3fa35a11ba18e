import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread running the module `name` of `directory` (the caller's `__dirname`), with a
 * heap of its own (`memoryMb`, its old generation): past it the thread stops, the process does
 * not. Built, the module is `name.js` there; run from source (the tests), `name.ts` through tsx's
 * loader.
 */
export function startThread(directory: string, name: string, workerData: unknown, memoryMb: number): Worker {
  const options: WorkerOptions = { workerData, resourceLimits: { maxOldGenerationSizeMb: memoryMb } };
  const compiled = path.join(directory, `${name}.js`);
  if (existsSync(compiled)) return new Worker(compiled, options);
  const source = path.join(directory, `${name}.ts`);
  return new Worker(`require('tsx/cjs/api').register(); require(${JSON.stringify(source)});`, { ...options, eval: true });
}
