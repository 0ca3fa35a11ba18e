import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The folder of taintgate's package.json, found by walking up from `from` (this file's folder):
 * the file sits at a different depth in the sources (apps/api/src/...) than in the build
 * (dist/apps/api/src/...), in the image (/app/dist/...) and in the tests' compiled copy
 * (node_modules/.cache/...), and the walk finds the one package.json in all four.
 */
export function packageRoot(from: string = __dirname): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'package.json');
    if (existsSync(candidate)) {
      const manifest = JSON.parse(readFileSync(candidate, 'utf8')) as { name?: unknown };
      if (manifest.name === 'taintgate') return dir;
    }
    if (path.dirname(dir) === dir) throw new Error(`no package.json of taintgate above ${from}`);
  }
}

/** taintgate's version, from its package.json (packageRoot). */
export function packageVersion(from: string = __dirname): string {
  const manifest = JSON.parse(readFileSync(path.join(packageRoot(from), 'package.json'), 'utf8')) as { version?: unknown };
  if (typeof manifest.version !== 'string') throw new Error(`taintgate's package.json above ${from} has no version`);
  return manifest.version;
}
