/**
 * Deterministic randomness: every value comes from the seed and the object's own number, never
 * from Math.random, so a pod is the same whichever order (or however few) the objects are built in.
 */

/** MurmurHash3's 32-bit finalizer: a bijection on 32-bit integers, so distinct inputs stay distinct. */
export function mix32(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const hexByte = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** Uniform 32-bit integers (mulberry32) for one stream: one object, one seed. */
export type Random = () => number;

export function randomStream(seed: number, stream: number): Random {
  let state = mix32(mix32(seed ^ 0x2545f491) ^ mix32(stream + 0x9e3779b9));
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** An integer in [min, max]. */
export function between(random: Random, min: number, max: number): number {
  return min + (random() % (max - min + 1));
}

/** `length` random hex digits (a container ID has 64 of them, and there are 400,000 containers). */
export function hex(random: Random, length: number): string {
  let out = '';
  for (let left = length; left > 0; left -= 8) {
    const r = random();
    const word = hexByte[r >>> 24]! + hexByte[(r >>> 16) & 255]! + hexByte[(r >>> 8) & 255]! + hexByte[r & 255]!;
    out += left >= 8 ? word : word.slice(0, left);
  }
  return out;
}

/**
 * Object numbers by kind: a uid is derived from (kind, index) through a bijection, so no two
 * objects of one cluster can share one, whatever the sizes. 2^28 objects of each kind at most.
 */
export const IdKind = {
  pod: 1,
  node: 2,
  owner: 3,
  nodeClaim: 4,
  boot: 5,
  system: 6,
} as const;

/** A version-4 UUID, unique per (seed, kind, index): its first 32 bits are a bijection of (kind, index). */
export function uuid(seed: number, kind: number, index: number): string {
  const a = mix32((((kind << 28) | index) ^ mix32(seed)) >>> 0);
  const b = mix32(a + 0x6a09e667);
  const c = mix32(b + 0xbb67ae85);
  const d = mix32(c + 0x3c6ef372);
  const h16 = (n: number) => hexByte[(n >>> 8) & 255]! + hexByte[n & 255]!;
  const h32 = (n: number) => h16(n >>> 16) + h16(n);
  return `${h32(a)}-${h16(b >>> 16)}-4${h16(b & 0xfff).slice(1)}-${h16(0x8000 | ((c >>> 16) & 0x3fff))}-${h16(c)}${h32(d)}`;
}

/** kube's utilrand alphabet for generateName suffixes: no vowels, no 0, 1 or 3. */
const generateNameAlphabet = 'bcdfghjklmnpqrstvwxz2456789';

/**
 * The n-th distinct string of `length` characters of `alphabet`, scrambled by an affine bijection
 * (multiplier coprime to the size) so that neighbours do not look alike: unique for n < size.
 */
function scrambled(n: number, alphabet: string, length: number, multiplier: number, offset: number): string {
  const size = alphabet.length ** length;
  if (n >= size) throw new RangeError(`only ${size} distinct suffixes of ${length} characters`);
  let x = (n * multiplier + offset) % size;
  let out = '';
  for (let i = 0; i < length; i++) {
    out += alphabet.charAt(x % alphabet.length);
    x = Math.floor(x / alphabet.length);
  }
  return out;
}

/** A generateName suffix (`-x7k2p`), distinct for distinct n below 27^5 (14 million). */
export function nameSuffix(n: number, salt: number): string {
  // 27^5 = 14348907; the multiplier is not a multiple of 3, so it is coprime to it.
  return scrambled(n, generateNameAlphabet, 5, 9_876_431, salt % 14_348_907);
}

/** GKE's instance-group suffix (`-x2k9`): four of [a-z0-9], distinct for n below 36^4. */
export function instanceSuffix(n: number, salt: number): string {
  // 36^4 = 1679616 = 2^8 * 3^8; an odd multiplier not divisible by 3 is coprime to it.
  return scrambled(n, 'abcdefghijklmnopqrstuvwxyz0123456789', 4, 1_046_527, salt % 1_679_616);
}

/** A pod-template-hash or controller-revision-hash: ten characters of the generateName alphabet. */
export function templateHash(random: Random): string {
  let out = '';
  for (let i = 0; i < 10; i++) out += generateNameAlphabet.charAt(random() % generateNameAlphabet.length);
  return out;
}
