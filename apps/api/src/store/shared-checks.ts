/**
 * Questions to Postgres shared by every caller that asks the same one (same key) before it is
 * sent, so that concurrent reads of a cluster pay for one revision check rather than one each.
 *
 * The rule that keeps reads fresh: a caller only ever joins a check that has NOT been sent yet. A
 * check already on its way may have been answered from before a write that was acknowledged
 * after the check was sent but before this caller asked; its answer need not show that write. So
 * a caller that finds a check in flight waits for the next one, sent as soon as the one in flight
 * has answered, and shared by every caller arriving meanwhile. At most one check per key is in
 * flight: under load a read waits at most two round trips, and the checks sent per second are
 * bounded by the round trip, not by the number of readers.
 */
export class SharedChecks<T> {
  private readonly keys = new Map<string, KeyState<T>>();

  constructor(private readonly ask: (key: string) => Promise<T>) {}

  /** An answer that Postgres read after this call began. */
  check(key: string): Promise<T> {
    const state = this.keys.get(key) ?? this.stateOf(key);
    // Not sent yet: its answer is read after now, so it is ours too.
    if (state.waiting) return state.waiting;
    // Nothing on its way: send at once.
    if (!state.inFlight) return this.send(key, state);
    // On its way, perhaps already read by Postgres: wait for it, then send the next.
    const waiting = state.inFlight.then(() => {
      state.waiting = undefined;
      return this.send(key, state);
    });
    state.waiting = waiting;
    return waiting;
  }

  /** How many keys have a check on its way or waiting (for tests: nothing is kept for a key at rest). */
  get busy(): number {
    return this.keys.size;
  }

  private stateOf(key: string): KeyState<T> {
    const state: KeyState<T> = {};
    this.keys.set(key, state);
    return state;
  }

  private send(key: string, state: KeyState<T>): Promise<T> {
    const answer = this.ask(key);
    const flight: Promise<void> = answer.then(settled, settled).then(() => {
      if (state.inFlight !== flight) return;
      state.inFlight = undefined;
      // At rest: forgotten, so that names asked once (a 404's) do not pile up.
      if (!state.waiting) this.keys.delete(key);
    });
    state.inFlight = flight;
    return answer;
  }
}

interface KeyState<T> {
  /** Settles once the check on its way has answered (never rejects). */
  inFlight?: Promise<void>;
  /** The check not yet sent, which every caller until it goes shares. */
  waiting?: Promise<T>;
}

const settled = (): void => undefined;
