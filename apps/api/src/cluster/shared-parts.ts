/**
 * Hash-consing of the objects a snapshot loads: an object or array equal to one seen before (the
 * same keys in the same order, the same values) is replaced by that one, bottom-up, so that the
 * pods of one owner share their labels, tolerations, containers, probes and volumes rather than
 * hold 300,000 copies of them. A snapshot's objects are read-only, so sharing is invisible to
 * those that read them; the objects shared are frozen all the same, so that a write into one
 * throws rather than changes every pod holding it.
 *
 * Kept for one whole load of a cluster and dropped with it: the table holds every distinct
 * object seen, and a single write's objects are too few to be worth it.
 */
export class SharedParts {
  /** Each distinct string's number, which the hashes are made of (V8 keeps a string's own hash). */
  private readonly stringIds = new Map<string, number>();
  private readonly strings: string[] = [];
  /** Objects seen, by hash; a bucket rarely holds more than one. */
  private readonly buckets = new Map<number, object[]>();
  /** The hash of the value `share` last answered: returned beside it without a tuple per value. */
  private hash = 0;

  /**
   * The object with its members shared; the object itself is kept as it is (a pod: never equal to
   * another's, so not worth a place in the table), and so are its strings and numbers (a pod's
   * name, uid, time of creation: as unique). Members named in `own` are treated the same way, a
   * level down (a pod's metadata); members named in `kept` are left as they are (a pod's status:
   * its IPs, container ids and times are its own, and looking costs more than it saves).
   */
  shareMembers<T extends object>(object: T, own: readonly string[] = [], kept: readonly string[] = []): T {
    const members = object as Record<string, unknown>;
    for (const key in members) {
      const member = members[key];
      if (typeof member !== 'object' || member === null || kept.includes(key)) continue;
      if (own.includes(key)) this.shareMembers(member);
      else members[key] = this.object(member as Record<string, unknown>);
    }
    return object;
  }

  /** The value, or the equal one seen before. */
  share(value: unknown): unknown {
    switch (typeof value) {
      case 'string':
        return this.string(value);
      case 'number':
        this.hash = Number.isInteger(value) ? value | 0 : 0x2545f491;
        return value;
      case 'boolean':
        this.hash = value ? 3 : 5;
        return value;
      case 'object':
        if (value === null) {
          this.hash = 9;
          return value;
        }
        return this.object(value as Record<string, unknown>);
      default:
        this.hash = 11;
        return value;
    }
  }

  private string(value: string): string {
    let id = this.stringIds.get(value);
    if (id === undefined) {
      id = this.strings.length;
      this.stringIds.set(value, id);
      this.strings.push(value);
    }
    this.hash = Math.imul(id, 0x9e3779b1) | 1;
    return this.strings[id] as string;
  }

  private object(object: Record<string, unknown>): object {
    let hash: number;
    if (Array.isArray(object)) {
      hash = 0x811c9dc5;
      for (let i = 0; i < object.length; i++) {
        object[i] = this.share(object[i]);
        hash = Math.imul(hash ^ this.hash, 0x01000193);
      }
    } else {
      hash = 0x27d4eb2f;
      for (const key in object) {
        object[key] = this.share(object[key]);
        const member = this.hash;
        this.string(key);
        hash = Math.imul(Math.imul(hash ^ this.hash, 0x01000193) ^ member, 0x01000193);
      }
    }
    hash |= 0;
    this.hash = hash;
    const bucket = this.buckets.get(hash);
    if (!bucket) {
      this.buckets.set(hash, [object]);
      return object;
    }
    for (const seen of bucket) {
      if (equalMembers(seen as Record<string, unknown>, object)) {
        // Frozen once it is shared: a frozen object is the one thing V8 checks a write against.
        if (!Object.isFrozen(seen)) Object.freeze(seen);
        return seen;
      }
    }
    bucket.push(object);
    return object;
  }
}

/** Equal when the members, already shared, are the same values in the same order. */
function equalMembers(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
    return true;
  }
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  for (let i = 0; i < keysA.length; i++) {
    const key = keysA[i] as string;
    if (key !== keysB[i] || !Object.is(a[key], b[key])) return false;
  }
  return true;
}
