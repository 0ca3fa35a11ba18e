/**
 * Whether a JSON value is what an OpenAPI 3.0 schema of the document says, strictly: a property
 * the schema does not declare is a violation too (where it declares properties and allows no
 * others), since a generated client would not see it. Only the keywords the document uses.
 */

type Schema = Record<string, unknown>;

const typeOf = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value);

function fits(type: string, value: unknown): boolean {
  const actual = typeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

/** Every way `value` (at `at`) departs from `schema`; empty when it conforms. */
export function violations(schemas: Record<string, Schema>, schema: Schema, value: unknown, at = '$'): string[] {
  const ref = schema['$ref'];
  if (typeof ref === 'string') {
    const target = schemas[ref.replace('#/components/schemas/', '')];
    return target ? violations(schemas, target, value, at) : [`${at}: ${ref} does not resolve`];
  }
  if (value === null) return schema['nullable'] === true || schema['type'] === undefined ? [] : [`${at}: null, not nullable`];
  const allOf = schema['allOf'] as Schema[] | undefined;
  if (allOf) return allOf.flatMap((part) => violations(schemas, part, value, at));
  const choices = (schema['oneOf'] ?? schema['anyOf']) as Schema[] | undefined;
  if (choices) {
    const found = choices.map((choice) => violations(schemas, choice, value, at));
    return found.some((v) => v.length === 0) ? [] : [`${at}: matches none of its choices (${found.map((v) => v[0]).join('; ')})`];
  }
  const type = schema['type'] as string | undefined;
  if (type !== undefined && !fits(type, value)) return [`${at}: ${typeOf(value)}, not ${type}`];
  const values = schema['enum'] as unknown[] | undefined;
  if (values && !values.includes(value)) return [`${at}: ${JSON.stringify(value)} is none of ${JSON.stringify(values)}`];
  if (type === 'array') return (value as unknown[]).flatMap((item, i) => violations(schemas, (schema['items'] ?? {}) as Schema, item, `${at}[${i}]`));
  if (type !== 'object') return [];
  const record = value as Record<string, unknown>;
  const properties = schema['properties'] as Record<string, Schema> | undefined;
  const additional = schema['additionalProperties'] as Schema | undefined;
  const found = ((schema['required'] ?? []) as string[]).filter((name) => !(name in record)).map((name) => `${at}.${name}: required, absent`);
  for (const [name, field] of Object.entries(record)) {
    const declared = properties?.[name] ?? additional;
    if (declared) found.push(...violations(schemas, declared, field, `${at}.${name}`));
    else if (properties) found.push(`${at}.${name}: not declared`);
  }
  return found;
}
