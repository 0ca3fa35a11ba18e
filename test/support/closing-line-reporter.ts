import type { RunnerTask, RunnerTestFile } from 'vitest';
import type { Reporter } from 'vitest/reporters';

/**
 * Ends a run with one plain line, `Tests: N passed, N failed, N skipped`, that any CI log reader
 * can take for the run's result without knowing vitest's own summary format.
 */
export default class ClosingLineReporter implements Reporter {
  onFinished(files: RunnerTestFile[] = []): void {
    const counts = { pass: 0, fail: 0, skip: 0 };
    const visit = (task: RunnerTask): void => {
      if (task.type === 'suite') {
        task.tasks.forEach(visit);
        return;
      }
      const state = task.result?.state;
      if (state === 'pass') counts.pass++;
      else if (state === 'fail') counts.fail++;
      else counts.skip++;
    };
    for (const file of files) {
      file.tasks.forEach(visit);
      if (file.result?.state === 'fail' && file.tasks.length === 0) counts.fail++; // a file that failed to load
    }
    process.stdout.write(`\nTests: ${counts.pass} passed, ${counts.fail} failed, ${counts.skip} skipped\n`);
  }
}
