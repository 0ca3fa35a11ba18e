import { expect } from 'vitest';
import type { Kubectl } from '../../../../support/kubectl';

/** `kubectl <args> -o name`, which must succeed quietly: the names it prints, one per line. */
export async function kubectlNames(kubectl: Kubectl, args: readonly string[]): Promise<string[]> {
  const run = await kubectl.run([...args, '-o', 'name']);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return run.stdout.trim().split('\n').filter(Boolean);
}
