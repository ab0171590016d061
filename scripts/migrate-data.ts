/**
 * Moves a stopped single-machine install into PostgreSQL and a shared store:
 *
 *   npm run migrate-data -- --to postgres://… [--storage s3://bucket[/prefix] | --storage file:///path] [--force] [--batch-size 500]
 *
 * Reads DATA_DIR (its embedded database and local files) and the S3_* variables from the environment, as the server
 * does. The logic lives in src/server/operator/migrate-data/; docs/deploy.md, "Moving an install", says how to use it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '@server/config.js';
import { DataDirLockedError } from '@server/data-dir-lock.js';
import { OWNER_ONLY_UMASK } from '@server/data-dir-access.js';
import { createStorage } from '@server/adapters/storage/create-storage.js';
import { MigrateDataError, migrateData, type MigrateDataReport } from '@server/operator/migrate-data/migrate-data.js';
import { createProgress, formatBytes, type ProgressOutput } from '@server/operator/migrate-data/progress.js';

const USAGE = 'Usage: npm run migrate-data -- --to postgres://user@host:5432/db [--storage s3://bucket[/prefix] | file:///path] [--force] [--batch-size N]';

interface Args {
  to: string;
  storage?: string;
  force: boolean;
  batchSize: number;
}

/** The arguments, or the line that says what is wrong with them. */
export function parseArgs(argv: string[]): Args | string {
  const args: Partial<Args> = { force: false, batchSize: 500 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new Error(`${a} needs a value`);
      return v;
    };
    try {
      if (a === '--to') args.to = value();
      else if (a === '--storage') args.storage = value();
      else if (a === '--force') args.force = true;
      else if (a === '--batch-size') {
        const n = Number(value());
        if (!Number.isInteger(n) || n < 1 || n > 100_000) return '--batch-size must be a whole number from 1 to 100000';
        args.batchSize = n;
      } else return `Unknown argument ${a}`;
    } catch (err) {
      return (err as Error).message;
    }
  }
  if (!args.to) return '--to is required';
  if (!/^postgres(ql)?:\/\//.test(args.to)) return `--to must be a postgres:// URL (got "${args.to}")`;
  if (args.storage && !/^(s3|file):\/\//.test(args.storage)) return `--storage must be s3://bucket[/prefix] or file:///path (got "${args.storage}")`;
  return args as Args;
}

function printReport(report: MigrateDataReport, out: (line: string) => void) {
  const width = Math.max(...report.tables.map((t) => t.name.length));
  out('');
  out(`${'table'.padEnd(width)}  ${'source'.padStart(8)}  ${'target'.padStart(8)}`);
  for (const t of report.tables)
    out(`${t.name.padEnd(width)}  ${String(t.source).padStart(8)}  ${String(t.target).padStart(8)}${t.source === t.target ? '' : '  differs'}`);
  if (report.files) {
    const f = report.files;
    out(`files: ${f.files} (${formatBytes(f.bytes)}), ${f.copied} copied, ${f.alreadyThere} already there, every checksum verified`);
  }
  if (report.jobsToQueue) out(`${report.jobsToQueue} unfinished jobs are queued again by the target within a minute of its start.`);
}

export async function main(argv: string[], env: Record<string, string | undefined> = process.env, stdout: ProgressOutput = process.stdout): Promise<number> {
  const out = (line: string) => stdout.write(`${line}\n`);
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    out(args);
    out(USAGE);
    return 2;
  }
  const config = loadConfig({ ...env, DATABASE_URL: undefined, STORAGE_URL: args.storage });
  const sourceStorage = config.paths.storage;
  let storage: Parameters<typeof migrateData>[0]['storage'] = null;
  if (args.storage && !(args.storage.startsWith('file:') && path.resolve(new URL(args.storage).pathname) === sourceStorage)) {
    // the signing secret only signs URLs, which copying never does
    storage = { store: createStorage(config, { secret: 'migrate-data' }), description: args.storage };
  }
  const report = await migrateData({
    dataDir: config.paths.data,
    to: args.to,
    storage,
    force: args.force,
    batchSize: args.batchSize,
    progress: createProgress(stdout),
  });
  printReport(report, out);
  const mismatched = report.tables.filter((t) => t.source !== t.target);
  out('');
  out(
    `Start every process on the target with DATABASE_URL set to the --to address and ${storage ? `STORAGE_URL=${args.storage}` : `STORAGE_URL=file://${sourceStorage} (the files stayed there)`}.`,
  );
  if (!env.AUTH_SECRET && fs.existsSync(path.join(config.paths.data, 'auth-secret'))) {
    out(`Set AUTH_SECRET to the contents of ${path.join(config.paths.data, 'auth-secret')}: sessions and two-factor secrets were made with it.`);
  }
  if (mismatched.length && !args.force) {
    out(`Row counts differ for ${mismatched.map((t) => t.name).join(', ')}.`);
    return 1;
  }
  return 0;
}

const invokedDirectly = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (invokedDirectly) {
  // a file:// target folder is created as the server creates its own: for its account alone
  process.umask(OWNER_ONLY_UMASK);
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      if (err instanceof MigrateDataError || err instanceof ConfigError || err instanceof DataDirLockedError) console.error(err.message);
      else console.error(err);
      process.exit(1);
    },
  );
}
