import { parseArgs } from 'node:util';
import { ENHANCEMENT_MODES, UPSCALE_FACTORS } from '@shared/enhancement.js';
import { cliMessages } from '@shared/cli.js';
import { fill } from '@shared/messages.js';
import { usageError } from './exit-error.js';

export interface Options {
  command: string;
  positionals: string[];
  json: boolean;
  help: boolean;
  server?: string;
  key?: string;
  out?: string;
  scale?: number;
  targetWidth?: number;
  mode?: string;
  mask?: string;
  status?: string;
  limit?: number;
  concurrency?: number;
}

const bad = (option: string, reason: string) => usageError(fill(cliMessages.badOption, { option, reason }));

const int = (option: string, v: string | undefined, ok: (n: number) => boolean, reason: string) => {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || !ok(n)) throw bad(option, reason);
  return n;
};

/** The command line as options; anything unknown or malformed is a usage error (exit 2). */
export function parseOptions(argv: string[]): Options {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
        server: { type: 'string' },
        key: { type: 'string' },
        out: { type: 'string', short: 'o' },
        scale: { type: 'string', short: 's' },
        'target-width': { type: 'string' },
        mode: { type: 'string', short: 'm' },
        mask: { type: 'string' },
        status: { type: 'string' },
        limit: { type: 'string' },
        concurrency: { type: 'string', short: 'c' },
      },
    });
  } catch (err) {
    throw usageError((err as Error).message);
  }
  const v = parsed.values;
  const [command = '', ...positionals] = parsed.positionals;
  if (v.mode !== undefined && !(ENHANCEMENT_MODES as readonly string[]).includes(v.mode)) throw bad('--mode', ENHANCEMENT_MODES.join(', '));
  if (v.scale !== undefined && v['target-width'] !== undefined) throw bad('--target-width', '--scale or --target-width, not both');
  return {
    command,
    positionals,
    json: v.json,
    help: v.help,
    server: v.server,
    key: v.key,
    out: v.out,
    mode: v.mode,
    mask: v.mask,
    status: v.status,
    scale: int('--scale', v.scale, (n) => (UPSCALE_FACTORS as readonly number[]).includes(n), UPSCALE_FACTORS.join(', ')),
    targetWidth: int('--target-width', v['target-width'], (n) => n > 0, 'a width in pixels'),
    limit: int('--limit', v.limit, (n) => n >= 1 && n <= 100, '1 to 100'),
    concurrency: int('--concurrency', v.concurrency, (n) => n >= 1 && n <= 64, '1 to 64'),
  };
}
