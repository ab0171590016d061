import type { Command } from './command.js';
import { createWorkerToken, findWorkerToken, listWorkerTokens, markWorkerTokenRevoked } from '../services/workers/worker-tokens.js';
import { WORKER_CAPABILITIES } from '@shared/api/workers.js';

const USAGE = [
  'Usage: npm run admin -- worker-token create <name> [--gpu] [--max <jobs at once>]',
  '       npm run admin -- worker-token list',
  '       npm run admin -- worker-token revoke <name or id>',
].join('\n');

/** Parses `--gpu` and `--max N` after the name; null when something else is there. */
function createOptions(rest: string[]): { capabilities: string[]; maxConcurrency: number } | null {
  const capabilities: string[] = [];
  let maxConcurrency = 1;
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i].replace(/^--/, '');
    if ((WORKER_CAPABILITIES as readonly string[]).includes(flag)) capabilities.push(flag);
    else if (flag === 'max' && /^\d+$/.test(rest[i + 1] ?? '') && Number(rest[i + 1]) >= 1 && Number(rest[i + 1]) <= 64) maxConcurrency = Number(rest[++i]);
    else return null;
  }
  return { capabilities, maxConcurrency };
}

/**
 * Worker tokens from the terminal, as the admin panel's Remote workers section makes them. A token revoked here is
 * refused on its worker's next call; the job it held goes back to the queue once its heartbeat lapses.
 */
export const workerTokenCommand: Command = {
  usage: 'worker-token create|list|revoke',
  description: 'tokens for remote workers (a GPU box that joins over HTTPS)',
  async run({ database, args, out }) {
    const [action, name, ...rest] = args;
    const deps = { db: database.db, clock: () => new Date() };
    if (action === 'create' && name && !name.startsWith('--')) {
      const opts = createOptions(rest);
      if (!opts) {
        out(USAGE);
        return 2;
      }
      const { token, row } = await createWorkerToken(deps, { name, ...opts });
      out(`Worker token for ${row.name} (shown once, keep it secret):\n\n  ${token}\n`);
      out(`On the worker machine: npm run start:worker -- --server https://<this server> --token ${token}`);
      return 0;
    }
    if (action === 'list' && !name) {
      const workers = await listWorkerTokens(deps);
      if (!workers.length) out('No worker tokens.');
      for (const w of workers)
        out(
          `${w.name}  ${w.prefix}…  ${w.revokedAt ? 'revoked' : (w.lastSeenAt ?? 'never connected')}  ${w.jobsDone} jobs  ${w.running.length} running  ${w.megapixelsPerSecond ?? '-'} MP/s  ${w.capabilities.join(',')}`,
        );
      return 0;
    }
    if (action === 'revoke' && name && rest.length === 0) {
      const row = await findWorkerToken(database.db, name);
      if (!row || !(await markWorkerTokenRevoked(deps, row.id))) {
        out(`No active worker token named ${name}.`);
        return 1;
      }
      out(`${row.name} is revoked: its next call is refused.`);
      return 0;
    }
    out(USAGE);
    return 2;
  },
};
