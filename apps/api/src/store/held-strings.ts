/**
 * Equal strings held once: pg and JSON.parse make a string of every value they read, and a load
 * keeps many that repeat (a namespace, a node's name, a condition's message). `of` answers the
 * string held for the value, the value itself the first time. Kept for one load, not longer.
 */
export class HeldStrings {
  private readonly held = new Map<string, string>();

  of(value: string): string {
    const held = this.held.get(value);
    if (held !== undefined) return held;
    this.held.set(value, value);
    return value;
  }
}
