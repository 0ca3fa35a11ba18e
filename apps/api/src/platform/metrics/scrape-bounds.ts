import { Logger } from '@nestjs/common';
import { reportIfOutage } from '../failures/outages';
import { withTimeout } from '../time-limits/with-timeout';

/**
 * The longest a gauge read at scrape time may take. Prometheus' default scrape timeout is 10 s;
 * a gauge that cannot be read in this long is left out of that scrape, and the process's and the
 * counters' series still answer.
 */
const SCRAPE_READ_TIMEOUT_MS = 1_000;

const logger = new Logger('Metrics');

/**
 * A read made for a scrape, bounded in time; undefined (the gauge left empty) when it fails or
 * is late. A dependency away is told by the outage log, once per interval, never by each scrape.
 */
export async function boundedScrape<T>(what: string, read: Promise<T>): Promise<T | undefined> {
  try {
    return await withTimeout(read, SCRAPE_READ_TIMEOUT_MS);
  } catch (error) {
    if (!reportIfOutage(error)) logger.warn(`${what}: left out of this scrape (${error instanceof Error ? error.message : String(error)})`);
    return undefined;
  }
}
