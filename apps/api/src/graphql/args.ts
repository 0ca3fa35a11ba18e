/**
 * GraphQL hands an omitted nullable argument as undefined but an explicit `null` as null; the
 * services read request bodies where an absent field is absent. Dropping nulls makes both mean
 * "not given", as they do for a REST client that leaves the field out.
 */
export function given<T extends Record<string, unknown>>(args: T): Partial<{ [K in keyof T]: Exclude<T[K], null> }> {
  return Object.fromEntries(Object.entries(args).filter(([, v]) => v !== null && v !== undefined)) as Partial<{ [K in keyof T]: Exclude<T[K], null> }>;
}
