import type pg from 'pg';

/**
 * A statement sent on every write or read of its kind (a pod's insert, a node's update, the
 * cluster's revision check), prepared by name on each connection the first time it is sent there
 * (pg's named statements): Postgres parses it once per connection and reuses its plan, rather than
 * parse and plan it each time (under the cluster's lock, for a write).
 * Its text never holds a value (only parameters): one name, one text.
 */
export interface NamedStatement {
  readonly name: string;
  readonly text: string;
}

/** A statement by name, for `WriteContext.rows` and `sql`, and `PrismaService.rows`. */
export function namedStatement(name: string, text: string): NamedStatement {
  return { name, text };
}

/**
 * What pg is sent for the statement (its values go beside it): a text as it is, a named one as a
 * config. pg copies every config object it is given, property by property, where it wraps a text
 * in a new one: a text stays a text.
 */
export function queryOf(statement: string | NamedStatement): string | pg.QueryConfig {
  return typeof statement === 'string' ? statement : { name: statement.name, text: statement.text };
}
