import { parseArgs } from 'node:util';
import { ENHANCEMENT_MODES, UPSCALE_FACTORS } from '@shared/enhancement.js';
import { MAX_TARGET_SIDE, PAPER_SIZES, PRINT_DPIS, SCREEN_PRESETS, type TargetSize } from '@shared/target-size.js';
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
  targetSize?: TargetSize;
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
        'target-size': { type: 'string' },
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
  if (v.scale !== undefined && v['target-size'] !== undefined) throw bad('--target-size', '--scale or --target-size, not both');
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
    targetSize: v['target-size'] === undefined ? undefined : parseTargetSize(v['target-size']),
    limit: int('--limit', v.limit, (n) => n >= 1 && n <= 100, '1 to 100'),
    concurrency: int('--concurrency', v.concurrency, (n) => n >= 1 && n <= 64, '1 to 64'),
  };
}

const TARGET_SIZE_FORMS = `width:PX, height:PX, screen:${Object.keys(SCREEN_PRESETS).join('|')} or print:${Object.keys(PAPER_SIZES).join('|')}[:${PRINT_DPIS.join('|')}]`;

/** `width:5000`, `height:3000`, `screen:4k`, `print:a3:300` (300 dpi unless told) as the API's targetSize. */
export function parseTargetSize(text: string): TargetSize {
  const [kind, a, b] = text.toLowerCase().split(':');
  const side = (n: string | undefined) => int('--target-size', n ?? '', (x) => x >= 1 && x <= MAX_TARGET_SIDE, TARGET_SIZE_FORMS)!;
  if (kind === 'width' && !b) return { kind, width: side(a) };
  if (kind === 'height' && !b) return { kind, height: side(a) };
  if (kind === 'screen' && a && a in SCREEN_PRESETS && !b) return { kind, preset: a as keyof typeof SCREEN_PRESETS };
  const dpi = Number(b ?? 300) as (typeof PRINT_DPIS)[number];
  if (kind === 'print' && a && a in PAPER_SIZES && PRINT_DPIS.includes(dpi)) return { kind, paper: a as keyof typeof PAPER_SIZES, dpi };
  throw bad('--target-size', TARGET_SIZE_FORMS);
}
