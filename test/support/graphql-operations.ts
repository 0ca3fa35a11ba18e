import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isScalarType,
} from 'graphql';

/** GraphQL operations made from the schema, for tests that walk every field: each called with made-up values, in every form a field is reached by. */

/** A literal of the input type that passes validation (the values are made up: the resolvers may refuse them, after the role check). */
export function literalOf(type: GraphQLInputType): string {
  if (isNonNullType(type)) return literalOf(type.ofType);
  if (isListType(type)) return '[]';
  if (isEnumType(type)) return (type.getValues()[0] as { name: string }).name;
  if (isInputObjectType(type)) {
    const required = Object.values(type.getFields()).filter((f) => isNonNullType(f.type) && f.defaultValue === undefined);
    return `{ ${required.map((f) => `${f.name}: ${literalOf(f.type)}`).join(', ')} }`;
  }
  if (isScalarType(type)) {
    if (type.name === 'Int' || type.name === 'Float') return '1';
    if (type.name === 'Boolean') return 'false';
    if (type.name === 'JSON') return '{}';
    return '"x"';
  }
  throw new Error(`no literal for ${String(type)}`);
}

/** The field called with its required arguments (and those `given`, as literals), and `__typename` selected below it when it is not a leaf. */
export function callOf(field: GraphQLField<unknown, unknown>, given: Readonly<Record<string, string>> = {}): string {
  const required = field.args.filter((a: GraphQLArgument) => isNonNullType(a.type) && a.defaultValue === undefined && given[a.name] === undefined);
  const literals = [...required.map((a) => `${a.name}: ${literalOf(a.type)}`), ...Object.entries(given).map(([name, literal]) => `${name}: ${literal}`)];
  const args = literals.length > 0 ? `(${literals.join(', ')})` : '';
  return `${field.name}${args}${isLeafType(getNamedType(field.type)) ? '' : ' { __typename }'}`;
}

/** The forms a root field is reached by, for an operation of this kind on the root type named. */
export function formsOf(kind: 'query' | 'mutation' | 'subscription', root: string, call: string): Record<string, string> {
  return {
    plain: `${kind} { ${call} }`,
    aliased: `${kind} { alias: ${call} }`,
    'inline fragment': `${kind} { ... on ${root} { ${call} } }`,
    'inline fragment without a type, under @include': `${kind} { ... @include(if: true) { ${call} } }`,
    'named fragment': `${kind} { ...F } fragment F on ${root} { ${call} }`,
    'fragment in a fragment': `${kind} { ...A } fragment A on ${root} { ...B } fragment B on ${root} { ${call} }`,
  };
}
