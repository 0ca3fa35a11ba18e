import { spawn } from 'node:child_process';
import { exited } from './private-services';

/** One step of a tour in Markdown: the bash block under a `<!-- tour: NAME -->` line. */
export interface TourStep {
  name: string;
  script: string;
}

/** What a step printed on stdout. */
export interface TourRun {
  /** Each step that ran to its end, by name: its stdout. */
  outputs: Map<string, string>;
  /** Exit status of the whole run (0: every step ran to its end). */
  status: number | null;
  /** Everything written to stderr, and stdout past the last finished step: for a failure's message. */
  transcript: string;
}

/**
 * The tour's steps in document order: every ```bash block whose opening fence directly follows
 * a `<!-- tour: NAME -->` comment (a comment GitHub does not show, so the reader sees plain blocks).
 */
export function tourSteps(markdown: string): TourStep[] {
  const pattern = /^<!-- tour: ([\w-]+) -->\n```bash\n([\s\S]*?)^```$/gm;
  return [...markdown.matchAll(pattern)].map((match) => ({ name: match[1]!, script: match[2]! }));
}

const DONE = '@@tour-step-done';

/**
 * Runs the steps in order in one bash process, as a reader pastes them into one terminal (so a
 * variable or function one step defines is there for the next), strictly: `set -euo pipefail`
 * stops at the first command that fails or the first unset variable. A marker after each step
 * splits stdout into the steps' outputs.
 *
 * bash runs in a process group of its own, killed at the end (or after `timeoutMs`), so nothing
 * a step left running in the background (a receiver it forgot to stop) outlives the run.
 */
export async function runTour(steps: TourStep[], options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number }): Promise<TourRun> {
  const script = ['set -euo pipefail', ...steps.map((step) => `${step.script}\nprintf '\\n${DONE} %s\\n' '${step.name}'`)].join('\n');
  const child = spawn('bash', ['-c', script], { cwd: options.cwd, env: options.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));

  const timer = setTimeout(() => killGroup(child.pid), options.timeoutMs);
  await exited(child);
  clearTimeout(timer);
  killGroup(child.pid);
  await closed;

  const outputs = new Map<string, string>();
  let rest = stdout;
  for (;;) {
    const match = new RegExp(`\\n${DONE} ([\\w-]+)\\n`).exec(rest);
    if (!match) break;
    outputs.set(match[1]!, rest.slice(0, match.index));
    rest = rest.slice(match.index + match[0].length);
  }
  return { outputs, status: child.exitCode, transcript: `${stderr}\n--- stdout after the last finished step ---\n${rest}` };
}

/** Ends the process group the run started (bash and whatever its steps left behind), if any is left. */
function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group has already gone.
  }
}
