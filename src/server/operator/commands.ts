/**
 * Operator commands (`npm run admin -- <command>`): one registry, run either by the CLI on the database directly
 * (PostgreSQL, or a stopped single-machine server) or by a running single-machine server through its operator
 * socket, since the embedded database cannot be opened by a second process.
 */
import type { Command } from './command.js';
import { makeAdmin } from '../services/accounts/make-admin.js';
import { grantPlanCommand } from './grant-plan-command.js';
import { grantBetaCommand } from './grant-beta-command.js';
import { workerTokenCommand } from './worker-token-command.js';

export const commands: Record<string, Command> = {
  'make-admin': {
    usage: 'make-admin <email>',
    description: 'give an existing account the admin role',
    async run({ database, args, out }) {
      const email = args[0];
      if (!email || !email.includes('@')) {
        out('Usage: npm run admin -- make-admin <email>');
        return 2;
      }
      const result = await makeAdmin(database.db, email);
      if (!result.found) {
        out(`No account with the email ${email}. Sign up first, then run this again.`);
        return 1;
      }
      out(result.alreadyAdmin ? `${email} is already an admin.` : `${email} is now an admin.`);
      return 0;
    },
  },
  'grant-plan': grantPlanCommand,
  'grant-beta': grantBetaCommand,
  'worker-token': workerTokenCommand,
};

function printUsage(out: (line: string) => void) {
  out('Usage: npm run admin -- <command> [arguments]\n\nCommands:');
  for (const c of Object.values(commands)) out(`  ${c.usage.padEnd(32)} ${c.description}`);
}

/** Looks the command up; unknown names print the usage (exit 2), `help` prints it (exit 0). */
export function findCommand(name: string | undefined, out: (line: string) => void): Command | number {
  const command = name ? commands[name] : undefined;
  if (command) return command;
  const asked = !name || name === 'help' || name === '--help';
  if (!asked) out(`Unknown command: ${name}\n`);
  printUsage(out);
  return asked ? 0 : 2;
}
