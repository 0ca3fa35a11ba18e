import { drainPlan, drainPlanUsage } from './commands/drain-plan';
import { evictions, evictionsUsage } from './commands/evictions';
import { headroom, headroomUsage } from './commands/headroom';
import { impact, impactUsage } from './commands/impact';
import { importCommand, importUsage } from './commands/import';
import { keys, keysUsage } from './commands/keys';
import { where, whereUsage } from './commands/where';
import { EXIT_ERROR, EXIT_OK, failureText, UsageError } from './failures';
import type { PluginIo } from './plugin-io';

/**
 * `kubectl taintgate COMMAND ...`: kubectl finds `kubectl-taintgate` on PATH and runs it with the
 * arguments after `taintgate`. Each command is a client of taintgate's REST API.
 */

type Command = (args: readonly string[], io: PluginIo) => Promise<number>;

const COMMANDS: Record<string, { run: Command; usage: string }> = {
  where: { run: where, usage: whereUsage },
  impact: { run: impact, usage: impactUsage },
  'drain-plan': { run: drainPlan, usage: drainPlanUsage },
  headroom: { run: headroom, usage: headroomUsage },
  evictions: { run: evictions, usage: evictionsUsage },
  import: { run: importCommand, usage: importUsage },
  keys: { run: keys, usage: keysUsage },
};

const firstLine = (text: string) => text.split('\n', 1)[0] ?? '';

const pluginUsage = `taintgate answers where a pod can go, what a taint would do, and carries out NoExecute evictions.

Commands:
${Object.entries(COMMANDS)
  .map(([name, { usage }]) => `  ${name.padEnd(11)}${firstLine(usage)}`)
  .join('\n')}

The server and the API key come from the kubeconfig's current context, as kubectl's own do, or from
the flags every command takes: --kubeconfig, --context, --cluster, --user, -s/--server, --token,
--certificate-authority, --insecure-skip-tls-verify, and --cluster-name (taintgate's cluster, when
the server's URL does not end in /clusters/NAME).

Usage:
  kubectl taintgate COMMAND [options]

Use "kubectl taintgate COMMAND --help" for more about a command.
`;

/** Runs one command line to its exit status: 0 and 1 as each command says, 2 on any error (printed on stderr). */
export async function runPlugin(args: readonly string[], io: PluginIo): Promise<number> {
  const [name, ...rest] = args;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(pluginUsage);
    return name === undefined ? EXIT_ERROR : EXIT_OK;
  }
  const command = COMMANDS[name];
  try {
    if (!command) throw new UsageError(`unknown command "${name}" for "kubectl taintgate"`, '');
    return await command.run(rest, io);
  } catch (error) {
    io.stderr(failureText(error));
    return EXIT_ERROR;
  }
}
