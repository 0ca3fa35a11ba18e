import fc from 'fast-check';

// 100 runs per law by default; FAST_CHECK_RUNS=5000 npm test searches harder before a release.
fc.configureGlobal({ numRuns: Number(process.env.FAST_CHECK_RUNS ?? 100) });
