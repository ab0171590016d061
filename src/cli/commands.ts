import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline/promises';
import { API_JOBS_PAGE_MAX } from '@shared/api/api-keys.js';
import { CLI_DEFAULT_CONCURRENCY, CLI_ENV, CLI_EXIT, cliMessages } from '@shared/cli.js';
import { fill } from '@shared/messages.js';
import { apiClient, call } from './client.js';
import { configFile, readConfig, removeConfig, writeConfig } from './config.js';
import { download, enhanceFile, exitCodeOfRun, followJob, uploadOnce, type FileResult, type RunContext } from './enhance.js';
import { CliError, usageError } from './exit-error.js';
import { collectImages, sha256File, type EnhanceSettings } from './files.js';
import { bar, Progress } from './output.js';
import { Slots } from './slots.js';
import { StateFile } from './state.js';
import { watchFolder } from './watch.js';
import type { Options } from './options.js';

export interface Io {
  out: (text: string) => void;
}

/** The server and key: flags first, then the environment, then the config file `login` wrote. */
function credentials(o: Options) {
  const saved = readConfig();
  const server = o.server || process.env[CLI_ENV.server] || saved.server;
  const key = o.key || process.env[CLI_ENV.key] || saved.key;
  if (!server) throw new CliError(cliMessages.noServer, CLI_EXIT.usage, 'USAGE');
  if (!key) throw new CliError(cliMessages.noKey, CLI_EXIT.auth, 'NO_KEY');
  return { server: server.replace(/\/+$/, ''), key };
}

export async function login(o: Options, io: Io): Promise<number> {
  const saved = readConfig();
  const server = (o.server || process.env[CLI_ENV.server] || saved.server)?.replace(/\/+$/, '');
  if (!server) throw new CliError(cliMessages.noServer, CLI_EXIT.usage, 'USAGE');
  let key = o.key || process.env[CLI_ENV.key];
  if (!key && process.stdin.isTTY) {
    const rl = readline.createInterface({ input: process.stdin, output: process.stderr });
    key = (await rl.question(cliMessages.keyPrompt)).trim();
    rl.close();
  }
  if (!key) throw new CliError(cliMessages.noKey, CLI_EXIT.auth, 'NO_KEY');
  // the key is checked before it is kept: a call every key with jobs:read may make
  await call(server, () => apiClient(server, key).GET('/api/v1/jobs', { params: { query: { limit: 1 } } }));
  const file = configFile();
  writeConfig({ server, key }, file);
  io.out(o.json ? JSON.stringify({ server, config: file }) : fill(cliMessages.loggedIn, { server, file }));
  return CLI_EXIT.ok;
}

export async function logout(o: Options, io: Io): Promise<number> {
  const file = configFile();
  const removed = removeConfig(file);
  io.out(o.json ? JSON.stringify({ logged_out: removed, config: file }) : removed ? fill(cliMessages.loggedOut, { file }) : cliMessages.notLoggedIn);
  return CLI_EXIT.ok;
}

function runContext(o: Options): RunContext {
  if (!o.out) throw usageError(fill(cliMessages.missingArgument, { command: o.command, what: '--out <dir>' }));
  const { server, key } = credentials(o);
  fs.mkdirSync(o.out, { recursive: true });
  return {
    api: apiClient(server, key),
    server,
    outDir: path.resolve(o.out),
    state: new StateFile(o.out),
    slots: new Slots(o.concurrency ?? CLI_DEFAULT_CONCURRENCY),
    progress: new Progress(o.json),
  };
}

const settingsOf = (o: Options): EnhanceSettings => ({
  scale: o.targetSize ? undefined : (o.scale ?? 2),
  targetSize: o.targetSize,
  mode: o.mode ?? 'precision',
});

function report(o: Options, io: Io, ctx: RunContext, results: FileResult[]): number {
  const count = (s: FileResult['status']) => results.filter((r) => r.status === s).length;
  const code = exitCodeOfRun(results);
  ctx.progress.done();
  if (o.json) io.out(JSON.stringify({ results: results.map(({ exitCode: _e, ...r }) => r), exit_code: code }, null, 2));
  else {
    for (const r of results)
      if (r.status === 'failed') process.stderr.write(`${fill(cliMessages.failed, { file: path.basename(r.file), reason: r.error!.detail })}\n`);
    io.out(fill(cliMessages.summary, { done: count('done'), skipped: count('skipped'), failed: count('failed') }));
  }
  return code;
}

export async function enhance(o: Options, io: Io): Promise<number> {
  if (!o.positionals.length) throw usageError(fill(cliMessages.missingArgument, { command: 'enhance', what: '<files or folders…>' }));
  const files = collectImages(o.positionals);
  if (!files.length) throw usageError(fill(cliMessages.noImages, { paths: o.positionals.join(', ') }));
  const ctx = runContext(o);
  const settings = settingsOf(o);
  let finished = 0;
  const overall = (n: number) => `overall ${bar((n / files.length) * 100)}  ${n} / ${files.length}`;
  ctx.progress.total(overall(0));
  const results = await Promise.all(
    files.map(async (file) => {
      const r = await enhanceFile(ctx, file, settings);
      ctx.progress.total(overall(++finished));
      return r;
    }),
  );
  return report(o, io, ctx, results);
}

export async function remove(o: Options, io: Io): Promise<number> {
  const [image] = o.positionals;
  if (!image) throw usageError(fill(cliMessages.missingArgument, { command: 'remove', what: '<image>' }));
  if (!o.mask) throw usageError(cliMessages.maskMissing);
  for (const p of [image, o.mask]) if (!fs.existsSync(p)) throw usageError(fill(cliMessages.notFound, { path: p }));
  const ctx = runContext(o);
  const sha256 = await sha256File(image);
  const maskSha = await sha256File(o.mask);
  const key = `renderlift-cli-remove-${sha256.slice(0, 32)}-${maskSha.slice(0, 32)}`;
  const output = path.join(ctx.outDir, `${path.basename(image, path.extname(image))}_removed.png`);
  let result: FileResult;
  if (fs.existsSync(output)) result = { file: image, status: 'skipped', output };
  else
    try {
      const imageId = await uploadOnce(ctx, image, key, sha256);
      let jobId = ctx.state.get(key)?.jobId;
      if (!jobId) {
        const form = new FormData();
        form.append('targetImageId', imageId);
        form.append('maskImage', new Blob([new Uint8Array(fs.readFileSync(o.mask))], { type: 'image/png' }), path.basename(o.mask));
        const created = await call(ctx.server, () =>
          ctx.api.POST('/api/v1/removals', {
            body: form as never,
            bodySerializer: (b: unknown) => b as FormData,
            params: { header: { 'Idempotency-Key': key } },
          }),
        );
        jobId = created.job.id;
        ctx.state.update(key, { source: image, sha256, jobId, output });
      }
      const job = await followJob(ctx, key, image, jobId);
      await download(ctx, jobId, output);
      ctx.state.update(key, { source: image, sha256, done: true });
      result = { file: image, status: 'done', output, job_id: jobId, credits_used: job.credits_used };
    } catch (err) {
      const e = err as CliError;
      result = { file: image, status: 'failed', error: { code: e.code, detail: e.message, status: e.status }, exitCode: e.exitCode ?? CLI_EXIT.someFailed };
    }
  return report(o, io, ctx, [result]);
}

export async function jobs(o: Options, io: Io): Promise<number> {
  const { server, key } = credentials(o);
  const api = apiClient(server, key);
  const page = await call(server, () =>
    api.GET('/api/v1/jobs', { params: { query: { limit: o.limit ?? API_JOBS_PAGE_MAX, ...(o.status ? { status: o.status } : {}) } } }),
  );
  if (o.json) io.out(JSON.stringify(page, null, 2));
  else
    for (const j of page.jobs) io.out([j.id, j.status.padEnd(10), `${j.workflow_type}`.padEnd(8), `${j.credits_used} cr`.padEnd(7), j.created_at].join('  '));
  return CLI_EXIT.ok;
}

export async function watch(o: Options, io: Io): Promise<number> {
  const [dir] = o.positionals;
  if (!dir) throw usageError(fill(cliMessages.missingArgument, { command: 'watch', what: '<folder>' }));
  if (!fs.existsSync(dir)) throw usageError(fill(cliMessages.notFound, { path: dir }));
  const ctx = runContext(o);
  if (!o.json) io.out(fill(cliMessages.watching, { dir, out: ctx.outDir }));
  await watchFolder(ctx, dir, settingsOf(o), (r) => {
    if (o.json) io.out(JSON.stringify(r));
  });
  return CLI_EXIT.ok;
}
