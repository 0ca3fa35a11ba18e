import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * taintgate's version from its package.json, found by walking up from this file: the file sits
 * at a different depth in the sources (apps/api/src/...) than in the build (dist/apps/api/src/...)
 * and in the image (/app/dist/...), and the walk finds the one package.json in all three.
 */
export function packageVersion(from: string = __dirname): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'package.json');
    if (existsSync(candidate)) {
      const manifest = JSON.parse(readFileSync(candidate, 'utf8')) as { name?: unknown; version?: unknown };
      if (manifest.name === 'taintgate' && typeof manifest.version === 'string') return manifest.version;
    }
    if (path.dirname(dir) === dir) throw new Error(`no package.json of taintgate above ${from}`);
  }
}
