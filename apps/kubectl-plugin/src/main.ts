import { runPlugin } from './plugin';
import { processIo } from './plugin-io';

// `kubectl taintgate ...` runs this (the kubectl-taintgate bin beside it, compiled to dist/):
// the exit status is the command's.
void runPlugin(process.argv.slice(2), processIo()).then((code) => {
  process.exitCode = code;
});
