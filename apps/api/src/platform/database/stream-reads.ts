import { Injectable } from '@nestjs/common';

/**
 * How many of the pool's connections (10) the streams may take at once: a kube watch's or a
 * subscription's reads when it opens, catches up or closes. Every other connection is kept for
 * requests: a thousand watches opened together once took the whole pool, and the requests
 * behind them answered 503. Once open, a stream reads nothing of its own (it follows its
 * cluster's snapshot, which is read once for all of them).
 */
const STREAM_CONNECTIONS = 3;

/** The streams' reads, at most STREAM_CONNECTIONS at a time; the others wait their turn, in order. */
@Injectable()
export class StreamReads {
  private readonly max = STREAM_CONNECTIONS;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  async run<T>(read: () => Promise<T>): Promise<T> {
    if (this.running >= this.max) await new Promise<void>((turn) => this.waiting.push(turn));
    else this.running += 1;
    try {
      return await read();
    } finally {
      const next = this.waiting.shift();
      // The turn passes straight to the next waiting read: `running` stays as it is.
      if (next) next();
      else this.running -= 1;
    }
  }
}
