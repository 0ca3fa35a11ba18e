/**
 * A thread's messages, taken one at a time in the order they came: a reader awaits the next, and
 * a failure (the thread's error, its exit) is thrown only once every message before it is taken.
 */
export class MessageQueue<T> {
  private readonly waiting: T[] = [];
  private failure: Error | undefined;
  private wake: (() => void) | undefined;

  put(message: T): void {
    this.waiting.push(message);
    this.woken();
  }

  /** The first failure counts; later ones (an exit after an error) say less. */
  fail(failure: Error): void {
    this.failure ??= failure;
    this.woken();
  }

  async take(): Promise<T> {
    for (;;) {
      if (this.waiting.length > 0) return this.waiting.shift() as T;
      if (this.failure) throw this.failure;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private woken(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
