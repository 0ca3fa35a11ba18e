import { type ParseArgsConfig, parseArgs } from 'node:util';
import { connectionOptions } from './connection';
import { UsageError } from './failures';

/**
 * A command's flags and arguments, read by util.parseArgs with kubectl's global flags beside the
 * command's own, `-h`/`--help` and `-o`.
 */

type Options = NonNullable<ParseArgsConfig['options']>;

const sharedOptions = {
  ...connectionOptions,
  namespace: { type: 'string', short: 'n' },
  output: { type: 'string', short: 'o' },
  help: { type: 'boolean', short: 'h' },
} as const;

/**
 * kubectl writes booleans as `--watch=true` too, which parseArgs refuses for a boolean: such a
 * flag is made `--watch`, and `--watch=false` is dropped.
 */
function withPlainBooleans(args: readonly string[], options: Options): string[] {
  const booleans = new Set(Object.entries(options).flatMap(([name, option]) => (option.type === 'boolean' ? [name] : [])));
  return args.flatMap((arg) => {
    const match = /^--([^=]+)=(true|false)$/.exec(arg);
    if (!match || !booleans.has(match[1] ?? '')) return [arg];
    return match[2] === 'true' ? [`--${match[1] ?? ''}`] : [];
  });
}

export function readCommandLine<T extends Options>(command: string, args: readonly string[], options: T) {
  const all = { ...sharedOptions, ...options };
  try {
    return parseArgs({ args: withPlainBooleans(args, all), options: all, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/\. To specify a positional argument.*$/s, ''), command);
  }
}
