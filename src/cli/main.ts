/**
 * renderlift — the command-line client of the public API (docs/cli.md).
 */
import { CLI_EXIT, cliMessages } from '@shared/cli.js';
import { fill } from '@shared/messages.js';
import { enhance, jobs, login, logout, remove, watch, type Io } from './commands.js';
import { CliError } from './exit-error.js';
import { HELP } from './help.js';
import { parseOptions, type Options } from './options.js';

const COMMANDS: Record<string, (o: Options, io: Io) => Promise<number>> = { login, logout, enhance, remove, jobs, watch };

export async function main(argv: string[]): Promise<number> {
  const io: Io = { out: (text) => process.stdout.write(`${text}\n`) };
  let json = argv.includes('--json');
  try {
    const o = parseOptions(argv);
    json = o.json;
    if (o.help || !o.command) {
      io.out(HELP);
      return o.command || o.help ? CLI_EXIT.ok : CLI_EXIT.usage;
    }
    const run = COMMANDS[o.command];
    if (!run) throw new CliError(fill(cliMessages.unknownCommand, { command: o.command }), CLI_EXIT.usage, 'USAGE');
    return await run(o, io);
  } catch (err) {
    if (!(err instanceof CliError)) throw err;
    if (json) io.out(JSON.stringify({ error: { code: err.code ?? null, detail: err.message, status: err.status ?? null }, exit_code: err.exitCode }));
    else process.stderr.write(`renderlift: ${err.message}\n`);
    return err.exitCode;
  }
}

process.exitCode = await main(process.argv.slice(2));
if (!['watch'].includes(process.argv[2] ?? '')) process.exit();
