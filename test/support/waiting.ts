/** Waiting in tests that run on real time (deadlines, periodic passes): short polls, bounded. */

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` every 50 ms until it holds; fails after `timeoutMs`. */
export async function waitUntil(probe: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(50);
  }
}
