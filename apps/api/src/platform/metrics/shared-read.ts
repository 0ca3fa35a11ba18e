/**
 * One read shared by the gauges a scrape collects together: prom-client collects every metric at
 * once (Promise.all), so the gauges fed by one query ask it once and each takes its part.
 */
export function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= read().finally(() => {
      pending = undefined;
    }));
}
