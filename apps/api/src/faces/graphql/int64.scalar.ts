import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

const canonicalInt64 = /^(0|-?[1-9][0-9]*)$/;
const int64Min = -(2n ** 63n);
const int64Max = 2n ** 63n - 1n;

/** The decimal digits of an int64 held as a number (safe integer) or bigint. */
function int64Text(value: unknown): string {
  if ((typeof value === 'number' && Number.isSafeInteger(value)) || (typeof value === 'bigint' && value >= int64Min && value <= int64Max)) {
    return String(value);
  }
  throw new GraphQLError(`Int64 cannot represent ${typeof value === 'bigint' ? `${value}` : JSON.stringify(value)}`);
}

/** A decimal string or integer sent as an Int64: a number when safe, a bigint beyond (the domain's Int64). */
function int64Input(value: unknown): number | bigint {
  const text = typeof value === 'string' ? value : typeof value === 'bigint' || typeof value === 'number' ? String(value) : '';
  if (!canonicalInt64.test(text) || BigInt(text) < int64Min || BigInt(text) > int64Max) {
    throw new GraphQLError(
      `Int64 cannot represent ${JSON.stringify(typeof value === 'bigint' ? text : value)}: a decimal integer in [-2^63, 2^63-1] is expected`,
    );
  }
  const n = BigInt(text);
  return Number.isSafeInteger(Number(n)) ? Number(n) : n;
}

/**
 * Kubernetes' int64 (`tolerationSeconds`), answered as a decimal string. GraphQL's Int holds 32
 * bits (2147483648 s, 68 years, already overflows it) and a JSON number is read as a double by
 * most clients, which rounds past 2^53; a string keeps every digit. Input takes the same string
 * or an integer.
 */
export const GraphQLInt64 = new GraphQLScalarType({
  name: 'Int64',
  description: 'A 64-bit signed integer (Kubernetes int64), as a decimal string: "9223372036854775807".',
  serialize: int64Text,
  parseValue: int64Input,
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.INT && ast.kind !== Kind.STRING) throw new GraphQLError('Int64 is a decimal string or an integer');
    return int64Input(ast.value);
  },
});
