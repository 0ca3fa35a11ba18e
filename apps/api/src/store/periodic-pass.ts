import { Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { reportIfOutage } from '../platform/failures/outages';
import { asController } from '../platform/access/request-context';

/**
 * A controller that makes a pass over the stored cluster on this replica every so many seconds
 * (from the application's start until its shutdown) and on demand. One run at a time: a call
 * while one runs shares it and has it pass once more, as the run may have looked before the write
 * that called. A failed run is logged and the next one tries again: the passes are
 * idempotent, as Postgres holds what they work from. A run that failed for an outage (Postgres
 * or Redis unreachable) is told by the outage log, once per interval for every pass together.
 */
export abstract class PeriodicPass implements OnApplicationBootstrap, OnModuleDestroy {
  protected readonly logger = new Logger(this.constructor.name);
  private timer?: NodeJS.Timeout;
  private running: Promise<number> | null = null;
  private again = false;

  /**
   * `seconds` between runs; `atStart`: the first runs at start rather than one period later;
   * `controller`: the name its writes are audited by (`system:<controller>`), by default its class's
   * in kebab case (TerminatingPodReaper: terminating-pod-reaper).
   */
  constructor(private readonly every: { seconds: number; atStart?: boolean; controller?: string }) {}

  /** The controller this pass's writes are audited as. */
  get controllerName(): string {
    return this.every.controller ?? kebabCase(this.constructor.name);
  }

  /** One pass; answers how much it did. */
  protected abstract pass(): Promise<number>;

  onApplicationBootstrap(): void {
    const { seconds, atStart = false } = this.every;
    const run = () => {
      this.run().catch((error: unknown) => {
        if (!reportIfOutage(error)) this.logger.warn(`pass failed: ${error instanceof Error ? error.message : String(error)}`);
      });
    };
    if (atStart) run();
    this.timer = setInterval(run, seconds * 1000);
    // The timer keeps no process alive.
    this.timer.unref();
  }

  /** A pass may wait here for the run under way (see NodeUpdateQueue). */
  onModuleDestroy(): void | Promise<void> {
    clearInterval(this.timer);
  }

  /** One run now, or the one under way (which then passes once more). */
  run(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    // As its controller, whoever called: a request that asks for a run does not make the run its own.
    this.running = asController(this.controllerName, async () => {
      let done = 0;
      do done += await this.passOnce();
      while (this.calledMeanwhile());
      return done;
    }).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private passOnce(): Promise<number> {
    this.again = false;
    return this.pass();
  }

  /** Whether run() was called while the last pass ran (set from outside this run's flow). */
  private calledMeanwhile(): boolean {
    return this.again;
  }
}

/** NodeUpdateQueue -> node-update-queue. */
const kebabCase = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
