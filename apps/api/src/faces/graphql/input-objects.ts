/**
 * A GraphQL input object as the JSON a REST client would send: an omitted nullable field comes
 * as undefined but an explicit `null` as null, and a taint's `value: null` means no value.
 */
export function withoutNulls<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined)) as Partial<T>;
}
