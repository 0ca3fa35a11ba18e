import { HeldStrings } from './held-strings';
import { tolerationsOfStored } from './pod-record';

/** JSON texts parsed once each: equal texts are one object. And strings and conditions held once each. */
export class JsonTexts {
  private readonly parsed = new Map<string, unknown>();
  private readonly tolerationLists = new Map<string, unknown>();
  /** Strings that repeat (namespaces, node names, phases), held once each. */
  readonly strings = new HeldStrings();
  private readonly conditions = new Map<string, unknown>();

  /**
   * Each column's last text and what it was made into: a ReplicaSet's pods are read one after the
   * other (over nine in ten of a realistic cluster's rows have the row before's spec and labels),
   * and comparing a text with the last costs less than hashing it for the map (bench/RESULTS.md).
   */
  private readonly last = new Map<string, { text: string; value: unknown }>();

  of(text: string, column: string): never {
    return this.made(text, column, this.parsed, JSON.parse);
  }

  /** Tolerations as stored (pod-record.ts: a tolerationSeconds past 2^53 is a string), as a Pod holds them. */
  tolerations(text: string): never {
    return this.made(text, 'tolerations', this.tolerationLists, (t) => tolerationsOfStored(JSON.parse(t)));
  }

  /** `text`, or the equal string the row before had in the column. */
  asLast(column: string, text: string): string {
    // Only the row before's is held: a map of every revision read would outlive what it saves.
    return this.made(text, column, undefined, (t) => t);
  }

  /**
   * The revision `text` as a bigint: the row before's when it has the same. An import writes its
   * pods at one revision, and a load held 300,000 equal bigints from its read to its apply.
   */
  revision(text: string): bigint {
    return this.made(text, 'revision as a number', undefined, (t) => BigInt(t));
  }

  /** What the column's text of the row before was made into: the row has the same text (DECISION_POD_COLUMNS). */
  asBefore(column: string): never {
    const last = this.last.get(column);
    if (last === undefined) throw new Error(`the row before has no ${column}`);
    return last.value as never;
  }

  /** What `text` of `column` is made into: the row before's, else the one `held` (when given), else made (and held). */
  private made(text: string, column: string, held: Map<string, unknown> | undefined, make: (text: string) => unknown): never {
    const last = this.last.get(column);
    if (last?.text === text) return last.value as never;
    let value = held?.get(text);
    if (value === undefined) {
      value = make(text);
      held?.set(text, value);
    }
    if (last) {
      last.text = text;
      last.value = value;
    } else this.last.set(column, { text, value });
    return value as never;
  }

  /**
   * A pod's own status fields (decision_status: its start time and IP are its own), its conditions
   * (Ready, DisruptionTarget: a few kinds in a whole cluster) held once each.
   */
  status(text: string): Record<string, unknown> {
    const status = JSON.parse(text) as Record<string, unknown>;
    if (status.conditions !== undefined) {
      const key = JSON.stringify(status.conditions);
      const held = this.conditions.get(key);
      if (held === undefined) this.conditions.set(key, status.conditions);
      else status.conditions = held;
    }
    return status;
  }
}
