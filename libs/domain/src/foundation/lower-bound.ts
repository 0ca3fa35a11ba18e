/**
 * The index of the first element of `sorted` at or after `value` (sorted.length when none is): a
 * binary search, for sorted names, keys and positions alike. `<` orders strings by UTF-16 code
 * units, as the lists are sorted.
 */
export function lowerBound<T extends string | number>(sorted: ArrayLike<T>, value: T): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as T) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
